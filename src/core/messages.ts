/**
 * A time for the user, in their locale. The words around it (what each failure says) are the
 * editor's: src/editor/words/.
 */

/**
 * A time for the user, in their locale: hh:mm:ss when it is today, with the date in front when it
 * is not (a wait past midnight, or a service that named a day far off), so "until 10:00" never hides a day.
 * `timeZone` is for tests; the user's own zone otherwise.
 */
export function formatTime(time: number, now = Date.now(), locale?: string, timeZone?: string): string {
  const clock = new Date(time).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone });
  const day = (t: number) => new Date(t).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone });
  return day(time) === day(now) ? clock : `${day(time)} ${clock}`;
}
