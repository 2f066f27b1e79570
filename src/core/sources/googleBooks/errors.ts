/**
 * Google Books' refusals as error kinds. Its error body carries `error.code`, `error.status`,
 * `error.message`, and reasons in `errors` (older answers) or `details` (newer): either is read.
 * A spent daily quota (429 RESOURCE_EXHAUSTED, or 403 dailyLimitExceeded in older answers) stops
 * Google until the next Pacific midnight, when Google resets it; without a key the words say a
 * free key has a quota of its own (the reason's `keyed`).
 */
import { isObject } from '../../model/book';
import { ServiceError } from '../../model/errors';
import { nextPacificMidnight } from '../keyless/pacificTime';
import { retryAfterOf, type RawReply } from '../keyless/request';

interface GoogleErrorBody {
  status?: string;
  message: string;
  reasons: string[];
}

function readError(text: string): GoogleErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { message: '', reasons: [] };
  }
  const error = isObject(json) && isObject(json.error) ? json.error : {};
  const reasons = [...(Array.isArray(error.errors) ? error.errors : []), ...(Array.isArray(error.details) ? error.details : [])].flatMap((e) =>
    isObject(e) && typeof e.reason === 'string' ? [e.reason] : [],
  );
  return { status: typeof error.status === 'string' ? error.status : undefined, message: typeof error.message === 'string' ? error.message : '', reasons };
}

const DAILY = /per day|daily/i;
const QUOTA_REASONS = /^(dailyLimitExceeded|quotaExceeded|rateLimitExceeded|userRateLimitExceeded|RATE_LIMIT_EXCEEDED|RESOURCE_EXHAUSTED)$/;

/** How long to wait after a per-minute limit when nothing says. */
export const RATE_BACKOFF_MS = 60 * 1000;

export function googleBooksError(reply: RawReply, now: number, keyed: boolean): ServiceError {
  const status = reply.status;
  const error = readError(reply.text);
  const quotaLike = status === 429 || error.status === 'RESOURCE_EXHAUSTED' || (status === 403 && error.reasons.some((r) => QUOTA_REASONS.test(r)));
  if (quotaLike) {
    if (DAILY.test(error.message) || error.reasons.includes('dailyLimitExceeded')) {
      return new ServiceError('quota', { why: 'googleDailyQuota', keyed }, {
        status,
        daily: true,
        retryAt: nextPacificMidnight(now),
      });
    }
    return new ServiceError('quota', { why: 'slowDown', source: 'googleBooks' }, { status, retryAt: retryAfterOf(reply, now) ?? now + RATE_BACKOFF_MS });
  }
  if (error.reasons.includes('API_KEY_INVALID') || /API key not valid/i.test(error.message) || (status === 400 && keyed && error.reasons.includes('keyInvalid'))) {
    return new ServiceError('auth', { why: 'keyRefused', source: 'googleBooks' }, { status });
  }
  if (status === 403 && error.reasons.includes('unknownLocation')) {
    return new ServiceError('server', { why: 'unknownLocation', source: 'googleBooks' }, { status });
  }
  if (status >= 300 && status < 400) return new ServiceError('badResponse', { why: 'redirect', source: 'googleBooks', status }, { status });
  if (status >= 500) return new ServiceError('server', { why: 'serverError', source: 'googleBooks', status }, { status, retryAt: retryAfterOf(reply, now) });
  return new ServiceError('badResponse', { why: 'httpStatus', source: 'googleBooks', status, ...(error.message && { said: error.message.slice(0, 200) }) }, { status });
}
