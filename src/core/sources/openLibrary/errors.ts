/**
 * Open Library's refusals as error kinds. A 403 is not "not found": Open Library refuses
 * agents it cannot identify and callers it wants slowed down (free-sources-facts.md), so it is
 * a limit to back off from, with a reason that says so. A redirect is never followed.
 */
import { ServiceError } from '../../model/errors';
import { retryAfterOf, type RawReply } from '../keyless/request';

/** How long to stay away after a 403 when nothing says how long. */
export const FORBIDDEN_BACKOFF_MS = 5 * 60 * 1000;

export function openLibraryError(reply: RawReply, now: number, isbnCount = 0): ServiceError {
  const status = reply.status;
  const retryAt = retryAfterOf(reply, now);
  if (status === 403) {
    return new ServiceError('quota', { why: 'callerRefused', source: 'openLibrary' }, { status, retryAt: retryAt ?? now + FORBIDDEN_BACKOFF_MS });
  }
  if (status === 429) return new ServiceError('quota', { why: 'slowDown', source: 'openLibrary', status }, { status, retryAt });
  if ((status === 414 || status === 413) && isbnCount > 1) return new ServiceError('tooLarge', { why: 'batchRefused', source: 'openLibrary' }, { status });
  if (status >= 300 && status < 400) {
    return new ServiceError('badResponse', { why: 'redirect', source: 'openLibrary', status }, { status });
  }
  if (status >= 500) return new ServiceError('server', { why: 'serverError', source: 'openLibrary', status }, { status, retryAt });
  return new ServiceError('badResponse', { why: 'httpStatus', source: 'openLibrary', status }, { status });
}
