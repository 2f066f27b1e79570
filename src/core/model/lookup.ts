/**
 * What a look-up gives back, and the state of the queue that answers it: the words every
 * feature (hover, commands, annotate, summaries) shares, whichever source answered.
 */
import type { Book } from './book';
import type { ServiceError } from './errors';

export type LookupResult =
  | { status: 'found'; book: Book; /** The source that answered (its `BookSource.name`); absent when from an old cache. */ source?: string }
  | { status: 'notFound' }
  | { status: 'failed'; error: ServiceError };

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
  /** Goes ahead of the queue (the ISBN under the mouse, the visible ones). */
  urgent?: boolean;
  onProgress?: (done: number, total: number) => void;
}
