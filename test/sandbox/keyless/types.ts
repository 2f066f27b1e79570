// Public types of the keyless emulations: Open Library (Books API, search, covers and the
// archive host its newer covers redirect to) and Google Books (volumes, and its image host).
// See /work/shared/notes/free-sources-facts.md for what each emulates.

import type { FaultKind } from '../types';

export type KeylessHost = 'openLibrary' | 'openLibraryCovers' | 'archive' | 'googleBooks' | 'googleImages';
export const KEYLESS_HOSTS: readonly KeylessHost[] = ['openLibrary', 'openLibraryCovers', 'archive', 'googleBooks', 'googleImages'];

export interface KeylessOptions {
  host?: string; // default '127.0.0.1'
  ports?: Partial<Record<KeylessHost, number>>; // default 0 (ephemeral) for each
  /** Open Library requests per second from this machine: with a contact in the User-Agent, and without. Default 3 and 1. */
  openLibraryRates?: { identified?: number; unidentified?: number };
  /** Covers asked by ISBN (or another key than the cover id or OLID) per 5 minutes. Default 100. */
  coverIsbnLimit?: number;
  /** Google Books queries a day charged to the shared anonymous project (no key). Default 1000; 0 = the pool is empty. */
  googleKeylessQuota?: number;
  /** Queries a day of each Google key (the demo key included). Default 1000. */
  googleKeyQuota?: number;
  /** Google Books queries per second, with or without a key. Default: unlimited. */
  googleRate?: number;
  /** Seed of the generated part of the catalogues (default: the book service's). */
  seed?: number;
  /** Size of the book service's catalogue the keyless catalogues overlap (default: the book service's default). */
  serviceCatalogueSize?: number;
}

export interface KeylessLoggedRequest {
  host: KeylessHost;
  method: string;
  path: string; // without query, as received
  /** The query as received, with the value of a `key` parameter replaced by "[redacted]". */
  query: string;
  /** Lower-cased names; values of authorization, x-goog-api-key and cookie replaced by "[redacted]". */
  headers: Record<string, string>;
  time: number; // arrival, ms since epoch
  status: number; // 0 while unanswered, and for 'drop' faults
  /** Why the sandbox refused it, when it did: 'user-agent', 'rate', 'cover-isbn-limit', 'quota', 'key', 'uri-too-long'. */
  refused?: string;
  /** Open Library Books API: how many bibkeys the request named. */
  bibkeyCount?: number;
}

export interface KeylessFault {
  match?: { host?: KeylessHost; method?: string; pathPrefix?: string }; // default: every keyless request
  times?: number; // default 1; Infinity allowed
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Holds the answer back this long (a timeout for a client with a shorter one). */
  delayMs?: number;
  kind?: Extract<FaultKind, 'malformed-json' | 'truncated-json' | 'drop' | 'reset-mid-body' | 'html-error' | 'redirect'>;
  redirectTo?: string;
  retryAfter?: number | string;
}

/** A Google key's (or the anonymous pool's) queries today. */
export interface GoogleQuota {
  total: number;
  spent: number;
}

export interface KeylessInfo {
  urls: Record<KeylessHost, string>;
  openLibraryRates: { identified: number; unidentified: number };
  coverIsbnLimit: number;
  googleKey: string;
  googleQuotas: { keyless: GoogleQuota; key: GoogleQuota };
  googleRate: number;
  demo: Record<string, string>;
  openLibraryEditions: number;
  googleVolumes: number;
}

export interface KeylessSandbox {
  urls: Record<KeylessHost, string>;
  /** The one Google Books API key the emulation accepts (in X-Goog-Api-Key or, as Google does, `key=`). */
  googleKey: string;
  log: KeylessLoggedRequest[];
  clearLog(): void;
  injectFault(fault: KeylessFault): void;
  clearFaults(): void;
  setOpenLibraryRates(rates: { identified?: number; unidentified?: number }): void;
  setCoverIsbnLimit(n: number): void;
  /** Sets Google's daily quota without a key (`key` undefined) or of the key; `spent` default unchanged. */
  setGoogleQuota(which: 'keyless' | 'key', total: number, spent?: number): void;
  /** Google's Pacific midnight: every quota back to 0 spent. */
  resetGoogleQuotas(): void;
  setGoogleRate(perSecond: number): void;
  /** Forget which late-imported ISBNs were already asked (they are missed once again). */
  resetImports(): void;
  info(): KeylessInfo;
  close(): Promise<void>;
}
