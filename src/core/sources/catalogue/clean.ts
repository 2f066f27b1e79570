/**
 * Catalogue text made fit to show and to compare with other sources' (library-catalogues-facts.md):
 * decomposed Unicode (the DNB sends NFD) composed (NFC); the non-sorting markers U+0098/U+009C
 * (around "Die" in "\u0098Die\u009c Blechtrommel") and MARC's older "<<Die>>" removed, the words
 * kept; the ISBD punctuation that ends a subfield (" /", " :", " ;", ",", a final ".", " =")
 * trimmed at both ends, as Zotero's `MARC.js` `clean()` and isbnlib-loc do. A final "." of an
 * abbreviation ("Aufl.", "Jr.") goes too: what the peers accept.
 */

const SORTING_MARKERS = /[\u0098\u009c]/g;
const ANGLE_MARKERS = /<<([^<>]*)>>/g;
const ISBD_ENDS = /^[\s.,/:;=]+|[\s,/:;=]+$|(?<![.\s][A-Za-zÀ-ÿ])\.+$/g;

/** One catalogue text cleaned; undefined when nothing is left. */
export function cleanCatalogueText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let text = value.normalize('NFC').replace(SORTING_MARKERS, '').replace(ANGLE_MARKERS, '$1').replace(/\s+/g, ' ');
  // Trimming can uncover more ("Title. /"): repeat until it holds.
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(ISBD_ENDS, '').trim();
  }
  return text === '' ? undefined : text;
}

/** The first clean text of several candidates. */
export function firstClean(...values: Array<string | undefined>): string | undefined {
  for (const value of values) {
    const clean = cleanCatalogueText(value);
    if (clean !== undefined) return clean;
  }
  return undefined;
}

/** ISBN digits in a catalogued ISBN ("978-3-16-148410-0", "0394xxxxxx (pbk.)", "2-07-036822-X br."): the digits and what follows them. */
export function splitIsbn(value: string): { digits: string; rest?: string } | undefined {
  const m = /^\s*([\d][\d\s-]{8,16}[\dXx])\b\s*(.*)$/.exec(value.normalize('NFC'));
  if (!m) return undefined;
  const digits = m[1]!.replace(/[\s-]/g, '').toUpperCase();
  if (!/^(\d{9}[\dX]|\d{13})$/.test(digits)) return undefined;
  const rest = cleanCatalogueText(m[2]!.replace(/^\((.*)\)$/, '$1'));
  return { digits, rest };
}

/** The page count in an extent: the largest number before "S.", "Seiten", "p.", "pages", "pp.", "pagine", "páginas". */
export function pagesOfExtent(extent: string | undefined): number | undefined {
  if (!extent) return undefined;
  const counts = [...extent.matchAll(/(\d{1,5})\s*(?:S\b|Seiten|p\b|pp\b|pages?\b|pagine|páginas|pág|Bl\b|f\b)/gi)].map((m) => Number(m[1]));
  const best = Math.max(0, ...counts);
  return best > 0 ? best : undefined;
}
