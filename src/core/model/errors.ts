/**
 * Everything that can go wrong talking to the service, as values with a kind and a reason.
 * The editor layer maps each kind and reason once to the words a user sees (`editor/words/`);
 * the message an `Error` must have is the reason as JSON for developers, never shown to a user.
 * One class in the package: dist/lazy.js takes it from dist/extension.js (see
 * src/lazyModules.ts), so `instanceof` holds.
 */
import type { StoredKeyFault } from '../keyFormat';

export type ServiceErrorKind =
  | 'quota' // a spent limit: 429, or the spec's 404 {"errorMessage":"Not Found"} where no book can be meant
  | 'auth' // missing or refused key
  | 'wrongPlan' // key denied on this plan's host
  | 'notFound' // no such book or author
  | 'network' // could not reach the service, timed out, connection dropped
  | 'badResponse' // an answer we cannot read: malformed JSON, wrong shape, HTML error page, too large
  | 'server' // the service failed (5xx)
  | 'tooLarge' // the batch was refused for its size (400/413)
  | 'unreachable' // not asked: the source is resting after it could not be reached (its reason says why; retryAt: its next try)
  | 'blocked' // VS Code for the Web: the browser refused the request (the service sends no cross-origin permission)
  | 'cancelled'; // the caller cancelled

/** Why a request got no answer, from the transport's error (see `networkCause`); `browser`: a browser that does not say why. */
export type NetworkCause = 'refused' | 'dns' | 'dropped' | 'offline' | 'connectTimeout' | 'timedOut' | 'tls' | 'failed' | 'browser';

/** Which answer of a source could not be read. */
export type AnswerPart = 'any' | 'batch' | 'booksApi' | 'search' | 'authorSearch' | 'authorRecord' | 'editions';

/**
 * Why a request failed, as a value the editor words (`editor/words/failures.ts`). `source` is a
 * source's name (`BookSource.name`: `isbndb`, `openLibrary`, `dnb`…); `said`: the service's own
 * words, quoted as it sent them.
 */
export type FailureReason =
  // No answer, or one that cannot be read.
  | { why: 'unreachable'; source: string; cause: NetworkCause }
  | { why: 'timeout'; source: string; seconds: number }
  | { why: 'serverError'; source: string; status: number }
  | { why: 'httpStatus'; source: string; status: number; said?: string }
  | { why: 'redirect'; source: string; status: number }
  | { why: 'tooBig'; source: string; megabytes: number }
  | { why: 'notJson'; source: string; truncated: boolean }
  | { why: 'notXml'; source: string; parser?: string }
  | { why: 'notSru'; source: string; root: string }
  | { why: 'sruDiagnostic'; source: string; number: string; said?: string }
  | { why: 'unreadable'; source: string; answer: AnswerPart }
  | { why: 'unexpected'; detail: string }
  // Limits and refusals.
  | { why: 'slowDown'; source: string; status?: number }
  | { why: 'callerRefused'; source: string }
  | { why: 'planLimit' }
  | { why: 'dailyQuota' }
  | { why: 'googleDailyQuota'; keyed: boolean }
  | { why: 'quotaShortfall' }
  | { why: 'browserLimit'; source: string }
  | { why: 'browserRefused'; source: string }
  | { why: 'unknownLocation'; source: string }
  | { why: 'keyRefused'; source: string }
  | { why: 'wrongPlan' }
  | { why: 'batchRefused'; source: string; isbns?: number; cause?: FailureReason }
  | { why: 'batchLimit'; source: string; max: number }
  // Nothing to find.
  | { why: 'noRecord' }
  | { why: 'noAuthor'; source: string; name: string }
  | { why: 'noWork'; source: string; work: string }
  | { why: 'noEditions'; work: string }
  // Not asked.
  | { why: 'noKey' }
  | { why: 'malformedKey'; fault: StoredKeyFault }
  | { why: 'notChosen'; source: string }
  | { why: 'notNow'; source: string }
  | { why: 'notAnswering'; source: string }
  | { why: 'notAnIsbn'; value: string }
  | { why: 'cancelled' };

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    readonly reason: FailureReason,
    readonly details: {
      status?: number;
      /** When the service asked us to come back (from Retry-After), ms since epoch. */
      retryAt?: number;
      /** The limit answer looks like a daily quota rather than the per-second rate. */
      daily?: boolean;
      /** An `auth` error before any request: the stored key has characters no header can carry. */
      malformedKey?: boolean;
      /** A `network` error where the connection broke after the host took it: one more try before the source rests. */
      dropped?: boolean;
      /** A `server` error a library catalogue sent as an SRU diagnostic (its URI, `info:srw/diagnostic/1/N`) in an HTTP 200. */
      diagnostic?: string;
    } = {},
  ) {
    // For developers only (a stack trace, a test's failure): the user reads the editor's words.
    super(JSON.stringify(reason));
    this.name = 'ServiceError';
  }
}

export function isServiceError(e: unknown, kind?: ServiceErrorKind): e is ServiceError {
  return e instanceof ServiceError && (kind === undefined || e.kind === kind);
}

/** The error of a cancelled request. */
export function cancelledError(): ServiceError {
  return new ServiceError('cancelled', { why: 'cancelled' });
}
