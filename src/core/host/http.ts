/**
 * Host seam 1 of 2, "fetch a URL": the only way the core reaches the network. The Node host
 * answers with undici (`host/node/undiciTransport.ts`); a browser host will answer with
 * `fetch`. The transport only carries bytes: it never follows a redirect (a key sent in a
 * header must not reach another host), never reads more than `maxBodyBytes`, and knows
 * nothing of rates, keys or services. When a request may go is decided before it is called.
 */

import type { NetworkCause } from '../model/errors';

export type HttpMethod = 'GET' | 'POST';

export interface HttpRequest {
  method: HttpMethod;
  /** `https://host:port`, no path. */
  origin: string;
  /**
   * The path and query exactly as written, never re-parsed: WHATWG URL parsing would resolve
   * an encoded segment such as `%2E%2E` to the folder above.
   */
  path: string;
  headers: Readonly<Record<string, string>>;
  body?: string;
  /** Aborts the request (a cancelled look-up). */
  signal?: AbortSignal;
  /**
   * The whole request, from when it is sent (not from when it was asked for: it may wait for
   * its turn first) to the last byte of its body; past it the transport rejects with an
   * `HttpTimeoutError`, from `request` or from `read`.
   */
  timeoutMs: number;
  /** Answers larger than this are refused (see `HttpResponse.read`). */
  maxBodyBytes: number;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** When the request went out (`performance.now()`): a caller that waited before sending times the request from here. */
  sentAt?: number;
  /** The whole body, or undefined when it is larger than the request's `maxBodyBytes` (the rest is not read). */
  read(): Promise<Uint8Array | undefined>;
}

/**
 * Rejects when no answer came: aborted, timed out, refused or dropped. The error may carry a
 * `code` (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`, …) that callers turn into a kind (`networkCause`).
 */
export interface HttpTransport {
  request(request: HttpRequest): Promise<HttpResponse>;
}

/** The request's `timeoutMs` ran out. */
export class HttpTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms.`);
    this.name = 'HttpTimeoutError';
  }
}

/**
 * Why a request got no answer, as a kind, from the transport error's `code` (Node's and undici's):
 * `dns` for a host name that could not be resolved. `OFFLINE` is the browser host's, when it knows
 * it is offline. The editor's words say each (`editor/words/failures.ts`).
 */
export function networkCause(e: unknown): NetworkCause {
  const code = (e as { code?: string } | undefined)?.code ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'dropped';
  if (code === 'ENETUNREACH' || code === 'EHOSTUNREACH' || code === 'ENETDOWN' || code === 'OFFLINE') return 'offline';
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return 'connectTimeout';
  if (code.startsWith('UND_ERR_') && code.includes('TIMEOUT')) return 'timedOut';
  if (/CERT|TLS|SSL|EPROTO/.test(code)) return 'tls';
  return 'failed';
}

/**
 * Whether the connection broke after the host took it (reset, dropped mid-answer): on a working
 * network this happens now and then, so it is worth one more try before the host counts as out
 * of reach; a refused connection or a name that does not resolve is not.
 */
export function droppedConnection(e: unknown): boolean {
  const code = (e as { code?: string } | undefined)?.code ?? '';
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

export function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}
