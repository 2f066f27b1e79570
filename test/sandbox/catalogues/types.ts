// Public types of the library catalogues' emulations: K10plus, the DNB, the BnF and the Library
// of Congress over SRU, lobid's JSON search. See /work/shared/notes/library-catalogues-facts.md.

import type { CatalogueHost } from './books';

export type { CatalogueHost } from './books';

export interface CataloguesOptions {
  host?: string;
  ports?: Partial<Record<CatalogueHost, number>>;
  /** Requests a service takes per second before it answers 429 with Retry-After (default 1, counted over 900 ms: a client at 1/s passes). Infinity: no limit. */
  perSecond?: number;
}

export interface CatalogueLoggedRequest {
  host: CatalogueHost;
  method: string;
  path: string;
  /** The query parameters as received (decoded). */
  params: Record<string, string>;
  /** Lower-cased names. */
  headers: Record<string, string>;
  time: number;
  status: number;
  /** The ISBN forms the query named. */
  isbns: string[];
  /** How many records matched (before maximumRecords). */
  matched?: number;
  refused?: string;
  /** Another request to the same service was unanswered when this one arrived. */
  overlapping?: boolean;
  fault?: string;
}

export interface CatalogueFault {
  match?: { host?: CatalogueHost; method?: string; pathPrefix?: string };
  times?: number;
  /** `diagnostic`: an SRU diagnostic in an HTTP 200 (lobid: a 400 page); `zero`: 0 records; `malformed`: XML (or JSON) cut short; `drop`: the connection closed. */
  kind?: 'diagnostic' | 'zero' | 'malformed' | 'drop';
  /** An HTTP status to answer with (429, 502, 503…), with `body` and `retryAfter`. */
  status?: number;
  body?: string;
  retryAfter?: number | string;
  /** Holds the answer back this long (a timeout for a client with a shorter one). */
  delayMs?: number;
}

export interface CataloguesInfo {
  urls: Record<CatalogueHost, string>;
  perSecond: number;
  demo: Record<string, string>;
  records: number;
}

export interface CataloguesSandbox {
  /** Each service's base address as `isbnLens.sourceUrls` takes it (with its path). */
  urls: Record<CatalogueHost, string>;
  log: CatalogueLoggedRequest[];
  clearLog(): void;
  injectFault(fault: CatalogueFault): void;
  clearFaults(): void;
  setRate(perSecond: number): void;
  info(): CataloguesInfo;
  close(): Promise<void>;
}
