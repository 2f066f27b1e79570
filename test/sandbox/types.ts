// Public types of the sandbox's in-process API (re-exported by server.ts).

import type { Catalogue } from './catalogue';
import type { KeylessOptions, KeylessSandbox } from './keyless/types';
import type { CataloguesOptions, CataloguesSandbox } from './catalogues/types';

export type PlanName = 'default' | 'premium' | 'pro';
export const PLANS: readonly PlanName[] = ['default', 'premium', 'pro'];

export type LimitMode = '429' | '404' | 'alternate';

/**
 * 'spec': only what the spec shows (the default, for the demo and the spec tests).
 * 'real': adds what the real service (ISBNdb API v2) does beyond it: GET /key, a daily quota
 * per key spent per ISBN, per-plan batch maximums, a 500 for answers over a size, and error
 * bodies with `error_message`. Rate limiting is the same in both.
 */
export type ServiceMode = 'spec' | 'real';
export const SERVICE_MODES: readonly ServiceMode[] = ['spec', 'real'];

/** A key's daily quota as GET /key reports it. */
export interface PlanLimit {
  total: number;
  spent: number;
  left: number;
}

export interface SandboxOptions {
  host?: string; // default '127.0.0.1'
  ports?: Partial<Record<PlanName, number>>; // default 0 (ephemeral) for each; one listening server per plan
  adminPort?: number; // default 0; admin HTTP API
  rates?: Partial<Record<PlanName, number>>; // requests per second per key across all endpoints; default 1/3/5
  limitResponse?: LimitMode; // what an over-rate request gets; default '429'
  maxBatch?: number; // max ISBNs per POST /books in spec mode; default 1000
  mode?: ServiceMode; // default 'spec'
  planMaxBatch?: Partial<Record<PlanName, number>>; // real mode: max ISBNs per POST /books; default 100/1000/1000
  dailyQuota?: Partial<Record<PlanName, number>>; // real mode: each key's quota by its plan; default 1000/5000/15000
  quotas?: Record<string, number>; // real mode: daily quota of particular keys (wins over dailyQuota)
  maxResponseBytes?: number; // real mode: answers larger than this are a 500; default 6 MB
  extraKeys?: Record<string, PlanName>; // more keys
  catalogueSize?: number; // default 600
  seed?: number;
  // Cross-origin permission for browsers (VS Code for the Web): 'none' (default; whether the real
  // service sends any is not documented) or 'allow' (Access-Control-Allow-Origin: * and preflights).
  cors?: CorsMode;
  /** The keyless services' options (ports, rates, quotas); host, seed and catalogue size follow the above. */
  keyless?: Omit<KeylessOptions, 'host'>;
  /** The library catalogues' options (ports, rate). */
  catalogues?: Omit<CataloguesOptions, 'host'>;
}

export type CorsMode = 'none' | 'allow';

export interface LoggedRequest {
  plan: PlanName;
  method: string;
  path: string; // without query, as received (still percent-encoded)
  query: string; // without the leading '?'
  headers: Record<string, string>; // lower-cased names, as received
  body: string;
  time: number; // arrival, ms since epoch with sub-ms precision
  status: number; // 0 while unanswered, and for 'drop' faults
  limited: boolean; // answered with a limit response
  isbnCount?: number; // for POST /books with a well-formed body
  cost?: number; // real mode: what the request took from the key's daily quota
}

export type FaultKind =
  | 'malformed-json'
  | 'truncated-json'
  | 'drop'
  | 'reset-mid-body'
  | 'html-error'
  | 'huge-body'
  | 'wrong-shape'
  | 'redirect'
  // Content faults: the request is served normally (auth, rate, quota), then its answer altered.
  | 'stray-record' // a batch gains a record matching none of the ISBNs asked; a single book is another book
  | 'other-edition'; // an asked ISBN is answered by another edition that lists it in other_isbns

export interface Fault {
  match?: { plan?: PlanName; method?: string; pathPrefix?: string }; // default: all requests
  times?: number; // default 1; Infinity allowed
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  kind?: FaultKind;
  redirectTo?: string; // for 'redirect'
  retryAfter?: number | string; // sets the Retry-After header (seconds or an HTTP date), e.g. on a 503 or 429
  isbn?: string; // for 'other-edition' on POST /books: which asked ISBN (default: the first found)
}

export interface Sandbox {
  urls: Record<PlanName, string>;
  adminUrl: string;
  keys: Record<PlanName, string>;
  catalogue: Catalogue;
  log: LoggedRequest[];
  clearLog(): void;
  injectFault(fault: Fault): void;
  clearFaults(): void;
  setLimitResponse(mode: LimitMode): void;
  exhaustKey(key: string, forMs: number, style?: 'rate' | 'daily'): void;
  setRate(plan: PlanName, perSecond: number): void;
  setMaxBatch(n: number): void;
  setMode(mode: ServiceMode): void;
  setPlanMaxBatch(plan: PlanName, n: number): void;
  setMaxResponseBytes(n: number): void;
  /** Sets a key's daily quota; `spent` (default: unchanged) is what today has already taken. */
  setQuota(key: string, total: number, spent?: number): void;
  /** The next day: spent back to 0, for one key or every key. */
  resetQuotas(key?: string): void;
  quotaOf(key: string): PlanLimit | undefined;
  /** Whether the plan servers give browsers cross-origin permission (see `SandboxOptions.cors`). */
  setCors(mode: CorsMode): void;
  /** Open Library and Google Books emulations, each with its own log and faults. */
  keyless: KeylessSandbox;
  /** K10plus, DNB, BnF, Library of Congress and lobid emulations, with their own log and faults. */
  catalogues: CataloguesSandbox;
  close(): Promise<void>;
}
