/**
 * What a look-up gives back, and the state of the queue that answers it: the words every
 * feature (hover, commands, annotate, summaries) shares, whichever source answered.
 */
import type { Book } from './book';
import type { ServiceError } from './errors';
import type { Provenance } from './provenance';

export type LookupResult =
  | {
      status: 'found';
      book: Book;
      /** The source that answered (its `BookSource.name`); absent when from an old cache. */
      source?: string;
      /** Where each field came from, when sources were merged. */
      provenance?: Provenance;
    }
  | {
      status: 'notFound';
      /** The sources that said they know no such ISBN, in the order asked (absent: the book service alone). */
      asked?: string[];
      /** Sources that could not answer (a spent quota, out of reach), with why. */
      unanswered?: Array<{ source: string; error: ServiceError }>;
    }
  | {
      status: 'failed';
      error: ServiceError;
      /** The source that failed, when several were asked. */
      source?: string;
      /** Every source that could not answer, with why, when several were asked. */
      unanswered?: Array<{ source: string; error: ServiceError }>;
    };

export type BatcherState =
  | { kind: 'noKey' }
  | { kind: 'idle' }
  | { kind: 'working'; waiting: number; inFlight: number }
  /** Backing off after a limit answer; the queue resumes by itself at `until`. */
  | { kind: 'limited'; until: number; waiting: number }
  /** Nothing is sent until `until` (a daily quota), the key or plan changes, or `resume()`. */
  | { kind: 'stopped'; error: ServiceError; until?: number };

export interface LookupOptions {
  signal?: AbortSignal;
  /**
   * `hover`: one book a person reads about; the next source is also asked for what the hover
   * shows and the first lacks. `bulk` (the default): only for ISBNs no source had yet.
   */
  purpose?: 'bulk' | 'hover';
  /** Goes ahead of the queue (the ISBN under the mouse, the visible ones). */
  urgent?: boolean;
  /** The one ISBN a person waits for now (the hover's): ahead of the other urgent ones, the visible ISBNs prefetched with it. */
  foremost?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Each ISBN's answer as it settles (a cached one at once), before the whole look-up does. */
  onResult?: (isbn: string, result: LookupResult) => void;
}

/** The longest a hover waits for the sources before it answers "looking up…". */
export const HOVER_WAIT_MS = 1500;
