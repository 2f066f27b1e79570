/**
 * One GET to a keyless service through the transport the call brings: the headers a keyless
 * request may carry and no other (never a key of another service, never `Authorization`),
 * cancellable and timed, the answer read up to a cap, and what went wrong on the way as a
 * `ServiceError` whose reason names the source.
 */
import type { RequestRecord } from '../../model/answers';
import { ServiceError, cancelledError } from '../../model/errors';
import { droppedConnection, HttpTimeoutError, networkCause, utf8 } from '../../host/http';
import type { SourceCall } from '../bookSource';
import { parseRetryAfter } from '../retryAfter';

export interface KeylessEndpoint {
  /** The service's address from the settings, e.g. `https://openlibrary.org` (a path is kept as a prefix). */
  baseUrl: URL;
  /** The source's name (`BookSource.name`, `openLibrary`), which its failures' reasons carry. */
  source: string;
  /** The User-Agent (see `keylessUserAgent`); undefined where the host cannot set one (a browser). */
  userAgent: string | undefined;
  timeoutMs: number;
  maxBodyBytes: number;
  onRequest?: (record: RequestRecord) => void;
  /**
   * `blocked`: the service is not known to answer browsers (the four SRU catalogues), so a fetch
   * a browser refuses before any answer is the error kind `blocked` (skipped for the session),
   * not an outage. By default such a refusal is one (the service allows browsers).
   */
  browserRefusal?: 'blocked';
}

/**
 * The longest a keyless request waits for its whole answer, whatever the book service's timeout
 * setting: a public service that takes longer is out of reach for now (see SourceHealth), and
 * the ISBNs go on to the next source.
 */
export const KEYLESS_TIMEOUT_MS = 10_000;

/** What a keyless source's options say of its endpoint (the rest has defaults). */
export interface EndpointOptions {
  baseUrl?: URL;
  /** Undefined where the host cannot set one (a browser): the requests then go unidentified. */
  userAgent: string | undefined;
  timeoutMs?: number;
  maxBodyBytes?: number;
  onRequest?: (record: RequestRecord) => void;
}

/** The endpoint from a source's options and its defaults. */
export function endpointOf(options: EndpointOptions, defaults: { url: string; source: string; maxBodyBytes: number; browserRefusal?: 'blocked' }): KeylessEndpoint {
  return {
    baseUrl: options.baseUrl ?? new URL(defaults.url),
    source: defaults.source,
    userAgent: options.userAgent,
    timeoutMs: Math.min(options.timeoutMs ?? KEYLESS_TIMEOUT_MS, KEYLESS_TIMEOUT_MS),
    maxBodyBytes: options.maxBodyBytes ?? defaults.maxBodyBytes,
    onRequest: options.onRequest,
    ...(defaults.browserRefusal ? { browserRefusal: defaults.browserRefusal } : {}),
  };
}

export interface RawReply {
  status: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  text: string;
}

/** Headers a keyless request may carry; anything else is dropped before sending. */
const ALLOWED_HEADERS = new Set(['accept', 'user-agent', 'x-goog-api-key']);

/** The headers of a keyless request: accept and the agent (where there is one), plus what `extra` may add of the allowed ones. */
export function keylessHeaders(userAgent: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = userAgent === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'user-agent': userAgent };
  for (const [name, value] of Object.entries(extra)) if (ALLOWED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  return headers;
}

/** `GET <base path><pathAndQuery>`; the path and query as written (see `HttpRequest.path`). */
export async function keylessGet(endpoint: KeylessEndpoint, call: SourceCall, pathAndQuery: string, extraHeaders: Record<string, string> = {}, isbnCount?: number): Promise<RawReply> {
  const prefix = endpoint.baseUrl.pathname.replace(/\/+$/, '');
  // The log shows the path as sent: a catalogue's base path (`/sru/dnb`) is part of it.
  const record: RequestRecord = { method: 'GET', path: pathAndQuery.startsWith('?') ? prefix + pathAndQuery : pathAndQuery, ms: 0, isbnCount };
  let started = performance.now();
  try {
    const response = await call.http.request({
      method: 'GET',
      origin: endpoint.baseUrl.origin,
      path: prefix + pathAndQuery,
      headers: keylessHeaders(endpoint.userAgent, extraHeaders),
      signal: call.signal,
      // Counted by the transport from when the request is sent, not while it waits for its turn.
      timeoutMs: endpoint.timeoutMs,
      maxBodyBytes: endpoint.maxBodyBytes,
    });
    started = response.sentAt ?? started;
    record.status = response.status;
    const bytes = await response.read();
    if (!bytes) throw new ServiceError('badResponse', { why: 'tooBig', source: endpoint.source, megabytes: Math.round(endpoint.maxBodyBytes / 1048576) }, { status: response.status });
    return { status: response.status, headers: response.headers, text: utf8(bytes) };
  } catch (e) {
    const error = asServiceError(e, endpoint, call.signal);
    record.error = error;
    throw error;
  } finally {
    record.ms = Math.round(performance.now() - started);
    endpoint.onRequest?.(record);
  }
}

function asServiceError(e: unknown, endpoint: KeylessEndpoint, signal: AbortSignal | undefined): ServiceError {
  if (e instanceof ServiceError) return e;
  const source = endpoint.source;
  if (signal?.aborted) return cancelledError();
  if (e instanceof HttpTimeoutError) return new ServiceError('network', { why: 'timeout', source, seconds: Math.round(endpoint.timeoutMs / 1000) });
  const code = (e as { code?: string } | undefined)?.code ?? '';
  // In a browser (VS Code for the Web): these services allow browsers, but send their limit
  // answers (429, 403) without the permission, which the browser hides as a failed fetch. A
  // host that never answered this tab is out of reach (an outage, see SourceHealth), not a limit.
  if (code === 'FETCH_FAILED') {
    if ((e as { answeredBefore?: boolean }).answeredBefore) return new ServiceError('quota', { why: 'browserLimit', source });
    if (endpoint.browserRefusal === 'blocked') return new ServiceError('blocked', { why: 'browserRefused', source });
    return new ServiceError('network', { why: 'unreachable', source, cause: 'browser' });
  }
  return new ServiceError('network', { why: 'unreachable', source, cause: networkCause(e) }, { dropped: droppedConnection(e) });
}

/**
 * The JSON of a 2xx answer. A body cut short ("Unexpected end of JSON input") and one that is
 * not JSON at all are both a `badResponse` whose reason says which.
 */
export function parseJsonAnswer(reply: RawReply, source: string): unknown {
  try {
    return JSON.parse(reply.text);
  } catch (e) {
    // Cut short: the parser failed at the very end of the text (engines word it differently).
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    const cut = reply.text.trim() !== '' && (/end of (JSON )?input|Unterminated/i.test(message) || (at !== null && Number(at[1]) >= reply.text.trimEnd().length));
    throw new ServiceError('badResponse', { why: 'notJson', source, truncated: cut }, { status: reply.status });
  }
}

/** Retry-After of a keyless source's reply (see parseRetryAfter). */
export function retryAfterOf(reply: RawReply, now: number): number | undefined {
  return parseRetryAfter(reply.headers['retry-after'], now);
}
