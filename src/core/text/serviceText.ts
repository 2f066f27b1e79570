/**
 * Text from the book service is untrusted: it may carry newlines that break the Markdown of a
 * hover (a blank line ends the cover's image syntax and can forge a line of its own), control
 * characters (NUL, ESC sequences) that corrupt a document they are written into, bidi overrides
 * that make text read other than it is stored, and lone surrogates that make `encodeURI` throw.
 * Every field passes through here once, where service text enters (a source's mapping to `Book`).
 */

// C0 and C1 controls, DEL, and the bidi embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069). Tabs and line breaks are handled with the other whitespace below.
const CONTROL_OR_BIDI = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\u202A-\u202E\u2066-\u2069]/g;
// Every run of whitespace, line and paragraph separators included, becomes one space.
const WHITESPACE_RUN = /[\s\u0085\u2028\u2029]+/g;

/** One line of plain text: controls and bidi overrides gone, whitespace collapsed, surrogates paired. */
export function cleanServiceText(value: string): string {
  return toWellFormed(value).replace(CONTROL_OR_BIDI, '').replace(WHITESPACE_RUN, ' ').trim();
}

/** Replaces each lone surrogate with U+FFFD, so the text can be encoded (`encodeURI`, UTF-8). */
export function toWellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A field of service text as one clean line (see cleanServiceText), cut to `maxLength`; undefined when empty or not text. */
export function serviceTextField(value: unknown, maxLength = 10_000): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  // Cut before cleaning too, so a hostile megabyte is not scanned whole.
  const clean = cleanServiceText(value.slice(0, maxLength * 4)).slice(0, maxLength);
  return clean === '' ? undefined : toWellFormedEnd(clean);
}

/** A cut may split a surrogate pair; drop its lone half. */
function toWellFormedEnd(value: string): string {
  return /[\uD800-\uDBFF]$/.test(value) ? value.slice(0, -1) : value;
}

/** A field that holds one text or a list of them, each cleaned; past `max`, only counted. */
export function serviceTextList(value: unknown, max = Infinity): { items: string[]; omitted: number } {
  const items: string[] = [];
  let omitted = 0;
  for (const item of Array.isArray(value) ? value : [value]) {
    const clean = serviceTextField(item, 1000);
    if (clean === undefined) continue;
    if (items.length < max) items.push(clean);
    else omitted++;
  }
  return { items, omitted };
}
