/**
 * Everything that can go wrong talking to the service, as values with a kind.
 * The editor layer maps each kind once to the words a user sees. One class in the package:
 * dist/lazy.js takes it from dist/extension.js (see src/lazyModules.ts), so `instanceof` holds.
 */

export type ServiceErrorKind =
  | 'quota' // a spent limit: 429, or the spec's 404 {"errorMessage":"Not Found"} where no book can be meant
  | 'auth' // missing or refused key
  | 'wrongPlan' // key denied on this plan's host
  | 'notFound' // no such book or author
  | 'network' // could not reach the service, timed out, connection dropped
  | 'badResponse' // an answer we cannot read: malformed JSON, wrong shape, HTML error page, too large
  | 'server' // the service failed (5xx)
  | 'tooLarge' // the batch was refused for its size (400/413)
  | 'unreachable' // not asked: the source is resting after it could not be reached (its message says why; retryAt: its next try)
  | 'blocked' // VS Code for the Web: the browser refused the request (the service sends no cross-origin permission)
  | 'cancelled'; // the caller cancelled

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
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
    super(message);
    this.name = 'ServiceError';
  }
}

export function isServiceError(e: unknown, kind?: ServiceErrorKind): e is ServiceError {
  return e instanceof ServiceError && (kind === undefined || e.kind === kind);
}
