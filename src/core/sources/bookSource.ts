/**
 * A source of books: one service the look-ups can ask, as one part with one shape. The book
 * service (`sources/isbndb/`) is the first; keyless public services come next, asked after it.
 *
 * A source speaks HTTP and maps answers to the model (`model/`), nothing else: it holds no
 * queue, no cache and no rate slot. The look-up owner (`lookups/`) decides when each request
 * goes, by the source's `rate`, and hands the source, per call, the transport to send it on.
 * Every failure reaches the owner as a `ServiceError` of a kind (`model/errors.ts`), which
 * is how it knows to back off (`quota`), stop (`auth`, `wrongPlan`), halve a batch
 * (`tooLarge`) or retry (`network`, `server`).
 *
 * How to add a source:
 * 1. A folder `sources/<name>/` with a class that implements `BookSource`; `name` is what a
 *    result's `source` and the log say. Map the service's records to `Book` there (pure
 *    functions, unit-tested on recorded answers), and its errors to `ServiceError` kinds.
 * 2. Say its `rate`: requests per second, and who shares them: `key` when the service counts
 *    per key (every window using that key counts together), `machine` when it counts per
 *    address (every window of the machine counts together).
 * 3. Make it where the sources are made for the current settings (the look-up owner's
 *    `connect`), and give the sandbox (`test/sandbox/`) an emulation of it for service tests.
 */
import type { AuthorPage, BatchAnswer } from '../model/answers';
import type { KeyInfo } from '../model/quota';
import type { HttpTransport } from '../host/http';

/** How many requests a source takes, and across whom that count is kept. */
export interface SourceRate {
  /** Requests per second, all of the source's endpoints together. */
  perSecond: number;
  /** The window they are counted over, where it must be longer than the second (and its 10 ms margin) the throttle counts by default. */
  windowMs?: number;
  /**
   * `key`: the service counts a key's requests wherever they come from, so every window of
   * the machine that uses the key shares one count (the book service: per key and plan).
   * `machine`: the service counts per address, so every window of the machine shares one
   * count whatever the key (a keyless public service).
   */
  sharedBy: 'key' | 'machine';
  /** Names the shared count (the rate file in the Node host): the plan and the key's fingerprint, or nothing beyond the source's name. */
  shareName: string;
}

/** What the owner gives a source for one call: the transport to send on, and the caller's cancellation. */
export interface SourceCall {
  /**
   * Sends a request when the source's rate allows. The first request of a call may go on a
   * slot the owner already holds; any further one (a probe that tells a limit from an unknown
   * author) waits for its own. The source never sees a slot.
   */
  readonly http: HttpTransport;
  readonly signal?: AbortSignal;
}

export interface BookSource {
  /** Short and stable: `isbndb`, `openlibrary`. Kept with each answer it gives. */
  readonly name: string;
  readonly rate: SourceRate;
  /** The most ISBNs one `books` call may take (the batcher halves it while the service refuses a size). */
  readonly maxBatch: number;
  /**
   * Books for up to `maxBatch` ISBNs, matched by ISBN (13 or 10), never by position; ISBNs
   * absent from the answer are not found. Throws a `ServiceError`.
   */
  books(isbns: readonly string[], call: SourceCall): Promise<BatchAnswer>;
  /** One page of an author's books, where the source has authors. */
  authorPage?(name: string, page: number, pageSize: number, call: SourceCall): Promise<AuthorPage>;
  /** What the source says of the key (plan host, today's quota), where it has that; undefined otherwise. */
  keyDetails?(call: SourceCall): Promise<KeyInfo | undefined>;
  /** One cheap request that throws the typed error when the key does not work here. */
  checkKey?(call: SourceCall): Promise<void>;
}
