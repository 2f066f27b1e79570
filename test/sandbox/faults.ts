// Injected faults: a queue matched in injection order, and the misbehaving answers.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { isContentFault } from './contentFaults';
import type { Fault, LoggedRequest, PlanName } from './types';

/** What a queue needs of a fault: where it applies and how often (the book service's, or a keyless host's). */
interface QueuedFault {
  match?: { method?: string; pathPrefix?: string };
  times?: number;
  retryAfter?: number | string;
  headers?: Record<string, string>;
}

/** `serverOf`: the server a fault is limited to (a plan, a keyless host), if any. */
export class FaultQueue<F extends QueuedFault = Fault> {
  private items: Array<{ fault: F; remaining: number }> = [];

  constructor(private readonly serverOf: (fault: F) => string | undefined = (fault) => (fault as Fault).match?.plan) {}

  add(fault: F): void {
    const times = fault.times ?? 1;
    if (times <= 0) return;
    const retryAfter: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': String(fault.retryAfter) };
    this.items.push({ fault: { ...fault, headers: { ...retryAfter, ...fault.headers } }, remaining: times });
  }

  clear(): void {
    this.items = [];
  }

  get pending(): number {
    return this.items.length;
  }

  /** The first fault (in injection order) matching this request, consuming one of its uses. */
  take(server: PlanName | string, method: string, path: string): F | undefined {
    const item = this.items.find(({ fault }) => {
      const { match } = fault;
      const only = this.serverOf(fault);
      return (!only || only === server) &&
      (!match?.method || match.method.toUpperCase() === method) &&
      (!match?.pathPrefix || path.startsWith(match.pathPrefix));
    });
    if (!item) return undefined;
    if (--item.remaining <= 0) this.items.splice(this.items.indexOf(item), 1);
    return item.fault;
  }
}

/**
 * A fault with neither kind nor status only delays, and a content fault alters the normal
 * answer: with either, the request then proceeds normally.
 */
export function faultAnswers(fault: Pick<Fault, 'kind' | 'status'>): boolean {
  return !isContentFault(fault) && (fault.kind !== undefined || fault.status !== undefined);
}

export const HUGE_BODY_BYTES = 10 * 1024 * 1024;

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

const HTML_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n' +
  '<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** The fields of a fault that shape its answer. */
export type AnsweringFault = Pick<Fault, 'kind' | 'status' | 'body' | 'headers' | 'redirectTo'>;

export interface FaultContext {
  req: IncomingMessage;
  res: ServerResponse;
  entry: Pick<LoggedRequest, 'status' | 'path'>;
  /** JSON the request would normally get (a 200 body), used by truncation and padding. */
  normalBody: unknown;
  /** Where a 'redirect' without redirectTo points. */
  defaultRedirect: string;
}

/** Answer the request as the fault says. Sets entry.status before anything is written. */
export async function answerWithFault(fault: AnsweringFault, ctx: FaultContext): Promise<void> {
  const { req, res, entry } = ctx;
  const send = (status: number, body: string, headers: Record<string, string>) => {
    entry.status = status;
    const buf = Buffer.from(body, 'utf8');
    res.writeHead(status, { ...headers, ...fault.headers, 'Content-Length': String(buf.length) });
    res.end(buf);
  };

  switch (fault.kind) {
    case undefined:
      send(fault.status ?? 200, fault.body ?? '', fault.body ? JSON_TYPE : {});
      return;

    case 'malformed-json':
      send(fault.status ?? 200, fault.body ?? '{"book": {"title": "x",', JSON_TYPE);
      return;

    case 'wrong-shape':
      send(fault.status ?? 200, fault.body ?? wrongShape(entry.path), JSON_TYPE);
      return;

    case 'html-error':
      send(fault.status ?? 502, fault.body ?? HTML_502, { 'Content-Type': 'text/html' });
      return;

    case 'redirect':
      entry.status = fault.status ?? 302;
      res.writeHead(entry.status, { Location: fault.redirectTo ?? ctx.defaultRedirect, 'Content-Length': '0', ...fault.headers });
      res.end();
      return;

    case 'drop':
      // No answer at all: the client sees the connection close (ECONNRESET / "other side closed").
      entry.status = 0;
      req.socket.destroy();
      return;

    case 'truncated-json': {
      // A complete HTTP response (chunked, no Content-Length) whose JSON stops halfway.
      const full = JSON.stringify(ctx.normalBody);
      entry.status = fault.status ?? 200;
      res.writeHead(entry.status, { ...JSON_TYPE, ...fault.headers });
      res.end(full.slice(0, Math.floor(full.length / 2)));
      return;
    }

    case 'reset-mid-body': {
      // Headers promise the full length, half arrives, then the connection is destroyed.
      const full = Buffer.from(JSON.stringify(ctx.normalBody), 'utf8');
      entry.status = fault.status ?? 200;
      res.writeHead(entry.status, { ...JSON_TYPE, ...fault.headers, 'Content-Length': String(full.length) });
      res.write(full.subarray(0, Math.floor(full.length / 2)), () => {
        // Give the half body a moment to reach the client before the reset.
        setTimeout(() => res.destroy(), 20);
      });
      return;
    }

    case 'huge-body':
      entry.status = fault.status ?? 200;
      await streamHugeBody(res, entry.status, ctx.normalBody, { ...JSON_TYPE, ...fault.headers });
      return;
  }
}

function wrongShape(path: string): string {
  if (path.startsWith('/books')) return '{"data": "nope"}';
  if (path.startsWith('/author/')) return '{"author": 42, "books": {"nope": true}}';
  return '[1,2,3]';
}

/**
 * ~10 MB of valid JSON: the normal body plus a huge "padding" field. Sent chunked
 * (no Content-Length) so a client must count bytes as they arrive to cap them.
 */
async function streamHugeBody(res: ServerResponse, status: number, normalBody: unknown, headers: Record<string, string>): Promise<void> {
  const base = JSON.stringify(normalBody);
  const open = base.endsWith('}') && base.length > 2 ? `${base.slice(0, -1)},"padding":"` : '{"padding":"';
  const chunk = 'lorem ipsum dolor sit amet '.repeat(2400); // ~64 KB
  let closed = false;
  let wake: (() => void) | undefined;
  res.on('close', () => {
    closed = true;
    wake?.();
  });
  res.writeHead(status, headers);
  res.write(open);
  for (let sent = open.length; sent < HUGE_BODY_BYTES && !closed; sent += chunk.length) {
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        res.once('drain', resolve);
      });
    }
  }
  if (!closed) res.end('"}');
}
