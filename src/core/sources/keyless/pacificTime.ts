/**
 * Google resets its daily quotas at midnight Pacific time (America/Los_Angeles). Computed from
 * the US daylight-saving rule in force since 2007 (from the second Sunday of March, 02:00, to
 * the first Sunday of November, 02:00) rather than from the time zone data of whatever host
 * runs the core: a browser or a Node without full ICU answers the same.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The n-th Sunday (1-based) of a month of a year, as a UTC day start. */
function nthSunday(year: number, month: number, n: number): number {
  const first = Date.UTC(year, month, 1);
  const firstSunday = first + ((7 - new Date(first).getUTCDay()) % 7) * DAY;
  return firstSunday + (n - 1) * 7 * DAY;
}

/** Pacific time's offset from UTC at an instant: -7 h in daylight time, -8 h otherwise. */
export function pacificOffset(at: number): number {
  const year = new Date(at).getUTCFullYear();
  const dstStart = nthSunday(year, 2, 2) + 10 * HOUR; // 02:00 PST = 10:00 UTC
  const dstEnd = nthSunday(year, 10, 1) + 9 * HOUR; // 02:00 PDT = 09:00 UTC
  return at >= dstStart && at < dstEnd ? -7 * HOUR : -8 * HOUR;
}

/** The first Pacific midnight after `now` (ms since epoch). */
export function nextPacificMidnight(now: number): number {
  const local = now + pacificOffset(now);
  const localMidnight = Math.floor(local / DAY) * DAY + DAY;
  // Clocks change at 02:00, never at midnight: the offset just before midnight holds at midnight.
  const standard = localMidnight + 8 * HOUR;
  return pacificOffset(standard) === -8 * HOUR ? standard : localMidnight + 7 * HOUR;
}
