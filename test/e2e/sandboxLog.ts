/** What the sandbox book service received: the ground truth the end-to-end tests assert on. */
import assert from 'node:assert/strict';
import type { LoggedRequest, Sandbox } from '../sandbox/server';
import { maxInWindow } from '../helpers/windows';
import { waitFor } from './harness';

/** A position in the sandbox's log; requests after it are `since(mark)`. */
export type LogMark = number;

export function mark(sandbox: Sandbox): LogMark {
  return sandbox.log.length;
}

export function since(sandbox: Sandbox, from: LogMark): LoggedRequest[] {
  return sandbox.log.slice(from);
}

/** Cover images: public, fetched by the hover without the key, outside the plan's rate. */
export function isCover(request: LoggedRequest): boolean {
  return request.path.startsWith('/covers/');
}

/** `GET /key`: the key's plan and quota, read at start-up and by "Set API Key" (a 404 where the service lacks it). */
export function isKeyQuery(request: LoggedRequest): boolean {
  return request.method === 'GET' && request.path === '/key';
}

/** The requests of the book API (everything but covers and `GET /key`). */
export function apiRequests(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((r) => !isCover(r) && !isKeyQuery(r));
}

export function batchCalls(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((r) => r.method === 'POST' && r.path === '/books');
}

/** Waits until the requests after `from` satisfy `done` (and are answered); returns them. */
export async function waitForRequests(
  sandbox: Sandbox,
  from: LogMark,
  done: (requests: LoggedRequest[]) => boolean,
  what: string,
  timeout = 20_000,
): Promise<LoggedRequest[]> {
  return waitFor(
    () => {
      const requests = since(sandbox, from);
      return done(requests) && requests.every((r) => r.status !== 0) ? requests : undefined;
    },
    { timeout, message: () => `the sandbox did not receive ${what}; it received:\n${describeRequests(since(sandbox, from))}` },
  );
}

/** One line per request, for failure messages (never the key: headers are left out). */
export function describeRequests(requests: readonly LoggedRequest[]): string {
  if (requests.length === 0) return '  (nothing)';
  const t0 = requests[0]!.time;
  return requests
    .map((r) => {
      const body = r.body.length > 60 ? `${r.body.slice(0, 60)}… (${r.isbnCount ?? '?'} ISBNs)` : r.body;
      return `  +${Math.round(r.time - t0)} ms ${r.plan} ${r.method} ${r.path}${r.query ? `?${r.query}` : ''} ${body} -> ${r.status}${r.limited ? ' (limited)' : ''}`;
    })
    .join('\n');
}

/** The plan's rate as the service counts it: at most `perSecond` arrivals in any window under one second. */
export function assertWithinRate(requests: readonly LoggedRequest[], perSecond: number): void {
  const times = apiRequests(requests).map((r) => r.time);
  const most = maxInWindow(times, 999);
  assert.ok(most <= perSecond, `${most} requests arrived within one second (plan rate ${perSecond}/s):\n${describeRequests(requests)}`);
}
