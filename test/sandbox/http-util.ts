// Small helpers around node:http shared by the plan servers and the admin server.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/** Wall-clock ms with sub-ms precision, comparable across processes on one machine. */
export function now(): number {
  return performance.timeOrigin + performance.now();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Read the whole request body as UTF-8 (capped, so a runaway client cannot eat memory). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function splitUrl(url: string | undefined): { path: string; query: string } {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  return q < 0 ? { path: raw, query: '' } : { path: raw.slice(0, q), query: raw.slice(q + 1) };
}

export function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function sendRaw(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>): void {
  if (res.destroyed || res.headersSent) return;
  const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { ...headers, 'Content-Length': String(buf.length) });
  res.end(buf);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendRaw(res, status, JSON.stringify(body), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}
