/**
 * Everything that can go wrong talking to the service, as values with a kind.
 * The editor layer maps each kind once to the words a user sees.
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
  | 'cancelled'; // the caller cancelled

/**
 * The package carries two bundles (dist/extension.js and dist/lazy.js), each with its own copy
 * of this class: `instanceof` asks for this mark, which both copies set, not for one copy.
 */
const SERVICE_ERROR = Symbol.for('isbnLens.ServiceError');

export class ServiceError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[SERVICE_ERROR] === true;
  }

  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly details: {
      status?: number;
      /** When the service asked us to come back (from Retry-After), ms since epoch. */
      retryAt?: number;
      /** The limit answer looks like a daily quota rather than the per-second rate. */
      daily?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
    Object.defineProperty(this, SERVICE_ERROR, { value: true });
  }
}

export function isServiceError(e: unknown, kind?: ServiceErrorKind): e is ServiceError {
  return e instanceof ServiceError && (kind === undefined || e.kind === kind);
}
