// Real mode: what the real service (ISBNdb API v2) does beyond the spec, as published or
// reported (see /work/shared/notes/service-facts.md). The server calls these only in real mode.

import type { Answer } from './limits';
import type { PlanLimit, PlanName } from './types';

/** Published maximum ISBNs per POST /books: basic 100, premium and pro 1,000. */
export const DEFAULT_PLAN_MAX_BATCH: Readonly<Record<PlanName, number>> = { default: 100, premium: 1000, pro: 1000 };

/** A paying client reported a 500 for answers over about 6 MB (an AWS Lambda payload limit). */
export const DEFAULT_MAX_RESPONSE_BYTES = 6 * 1024 * 1024;

export const MISSING_KEY: Answer = { status: 401, body: { error_message: 'Unauthorized: missing API key' } };
export const UNKNOWN_KEY: Answer = { status: 401, body: { error_message: 'Unauthorized: unknown or inactive API key' } };
export const WRONG_PLAN: Answer = { status: 403, body: { error_message: 'Forbidden: this key belongs to another plan' } };
export const DAILY_HITS_REACHED: Answer = { status: 403, body: { error_message: 'Daily hits reached. Please upgrade or try again tomorrow.' } };
export const TOO_LARGE: Answer = { status: 500, body: { error_message: 'Internal Server Error' } };

/** GET /key: answered for a known key on any plan's host, without spending its quota. */
export function isKeyRequest(method: string, path: string): boolean {
  return method === 'GET' && path === '/key';
}

export function keyAnswer(apiHost: string, planLimit: PlanLimit): Answer {
  return { status: 200, body: { api_host: apiHost, plan_limit: planLimit } };
}

/** An endpoint's error answer with its text under `error_message`, as the current version sends it. */
export function inCurrentErrorShape(answer: Answer): Answer {
  if (answer.status < 400) return answer;
  const old = answer.body as { message?: string; errorMessage?: string };
  return { ...answer, body: { error_message: old.message ?? old.errorMessage ?? 'Error' } };
}

export function isTooLarge(answer: Answer, maxBytes: number): boolean {
  return Buffer.byteLength(JSON.stringify(answer.body), 'utf8') > maxBytes;
}

/**
 * Calls a served request takes from the quota: each ISBN of a batch counts ("a single request
 * containing 100 ISBNs will deduct 100 calls"), failed ones too (403, 500). A batch refused
 * for its body or size (400) was never looked up: it costs one call, like any other request.
 */
export function costOf(isbnCount: number | undefined, status: number): number {
  return isbnCount !== undefined && status !== 400 ? isbnCount : 1;
}
