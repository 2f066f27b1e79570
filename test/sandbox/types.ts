// Public types of the sandbox's in-process API (re-exported by server.ts).

import type { Catalogue } from './catalogue';

export type PlanName = 'default' | 'premium' | 'pro';
export const PLANS: readonly PlanName[] = ['default', 'premium', 'pro'];

export type LimitMode = '429' | '404' | 'alternate';

export interface SandboxOptions {
  host?: string; // default '127.0.0.1'
  ports?: Partial<Record<PlanName, number>>; // default 0 (ephemeral) for each; one listening server per plan
  adminPort?: number; // default 0; admin HTTP API
  rates?: Partial<Record<PlanName, number>>; // requests per second per key across all endpoints; default 1/3/5
  limitResponse?: LimitMode; // what an over-rate request gets; default '429'
  maxBatch?: number; // max ISBNs per POST /books; default 1000
  extraKeys?: Record<string, PlanName>; // more keys
  catalogueSize?: number; // default 600
  seed?: number;
}

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
}

export type FaultKind =
  | 'malformed-json'
  | 'truncated-json'
  | 'drop'
  | 'reset-mid-body'
  | 'html-error'
  | 'huge-body'
  | 'wrong-shape'
  | 'redirect';

export interface Fault {
  match?: { plan?: PlanName; method?: string; pathPrefix?: string }; // default: all requests
  times?: number; // default 1; Infinity allowed
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  kind?: FaultKind;
  redirectTo?: string; // for 'redirect'
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
  close(): Promise<void>;
}
