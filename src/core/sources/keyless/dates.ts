/**
 * Publication dates as keyless services write them, made into the Book record's `YYYY`,
 * `YYYY-MM` or `YYYY-MM-DD`. Open Library keeps them as catalogued: "1994", "1999-09",
 * "March 2009", "July 28, 2008", "28 July 2008", "c1994", "[1994?]".
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function month(word: string): string | undefined {
  const i = MONTHS.indexOf(word.slice(0, 3).toLowerCase());
  return i < 0 ? undefined : String(i + 1).padStart(2, '0');
}

function day(value: string): string | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 31 ? String(n).padStart(2, '0') : undefined;
}

/** The date as `YYYY[-MM[-DD]]`, as precise as the text is; undefined when it holds no year. */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim().slice(0, 100);
  const iso = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T|$)/.exec(text);
  if (iso) {
    const [, y, m, d] = iso;
    if (m && Number(m) >= 1 && Number(m) <= 12) return d && day(d) ? `${y}-${m}-${d}` : `${y}-${m}`;
    return y;
  }
  // "July 28, 2008", "Jul. 28 2008"
  let m = /^([A-Za-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  if (m && month(m[1]!) && day(m[2]!)) return `${m[3]}-${month(m[1]!)}-${day(m[2]!)}`;
  // "28 July 2008"
  m = /^(\d{1,2})\s+([A-Za-z]{3,})\.?,?\s+(\d{4})$/.exec(text);
  if (m && month(m[2]!) && day(m[1]!)) return `${m[3]}-${month(m[2]!)}-${day(m[1]!)}`;
  // "March 2009"
  m = /^([A-Za-z]{3,})\.?,?\s+(\d{4})$/.exec(text);
  if (m && month(m[1]!)) return `${m[2]}-${month(m[1]!)}`;
  // Anything else with one plausible year in it: "c1994", "[1994?]", "1994 printing".
  const years = text.match(/(?<!\d)(1[4-9]\d\d|20\d\d)(?!\d)/g);
  return years && new Set(years).size === 1 ? years[0] : undefined;
}
