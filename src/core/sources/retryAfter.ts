// A service's Retry-After header, read the same way for every source: the book
// service and the keyless ones all back off by it.

/** The longest wait a Retry-After can ask for: a header of years would stop look-ups for good. */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/** Retry-After in seconds or as an HTTP date, as an absolute time at most MAX_RETRY_AFTER_MS away. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header) return undefined;
  const seconds = Number(header);
  const at = Number.isFinite(seconds) && seconds >= 0 ? now + seconds * 1000 : Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(at, now), now + MAX_RETRY_AFTER_MS);
}
