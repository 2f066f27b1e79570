/**
 * A book as RIS tags, and which tags a record of each type takes: a whole book
 * (`BOOK`, `EBOOK`, `EDBOOK`…) takes all, with its page count in `SP` as the
 * RIS specification and Zotero write it for books; a part (`CHAP`, `CONF`…)
 * has its own title, authors and pages, so the book's title goes to `T2` and
 * its page count nowhere; other types are not books and get nothing.
 */
import { invertedName } from '../bibtex/names';
import { hyphenateIsbn } from '../../isbn/parse';
import type { Book } from '../../model/book';
import type { PlannedValue } from '../shared/fillPlan';
import { languageTag } from '../../model/languages';

/** One value per tag; AU holds one line per author. */
export type RisValue = string[];

const WHOLE = new Set(['BOOK', 'EBOOK', 'EDBOOK', 'GEN', 'RPRT', 'THES', 'MANSCPT', 'STAND', 'CTLG']);
const PART = new Set(['CHAP', 'ECHAP', 'CONF', 'CPAPER', 'ENCYC', 'DICT']);

const SAME_MEANING = new Map<string, readonly string[]>([
  ['AU', ['AU', 'A1', 'ED']],
  ['TI', ['TI', 'T1']],
  ['T2', ['T2', 'BT']],
  ['PY', ['PY', 'Y1', 'DA']],
]);

/** A part of a book (a chapter…): it carries the whole book's ISBN. */
export function isRisPart(type: string): boolean {
  return PART.has(type.toUpperCase());
}

export function risSameMeaning(tag: string): readonly string[] {
  return SAME_MEANING.get(tag) ?? [tag];
}

/** The tags of a book for a record of type `ty`, without TY, SN and ER. EDBOOK names editors: no AU. */
export function risFields(book: Book, ty = 'BOOK'): PlannedValue<RisValue>[] {
  const type = ty.toUpperCase();
  const whole = WHOLE.has(type);
  if (!whole && !PART.has(type)) return [];
  const out: PlannedValue<RisValue>[] = [];
  const put = (name: string, value: string | undefined) => {
    const flat = value?.replace(/\s+/g, ' ').trim();
    if (flat) out.push({ name, value: [flat] });
  };
  if (whole && type !== 'EDBOOK' && book.authors.length > 0) out.push({ name: 'AU', value: book.authors.map((a) => invertedName(a).replace(/\s+/g, ' ')) });
  put(whole ? 'TI' : 'T2', book.title);
  put('PY', book.year ? String(book.year) : undefined);
  put('PB', book.publisher);
  if (whole) put('SP', book.pages ? String(book.pages) : undefined);
  put('LA', languageTag(book.language));
  return out;
}

/** A complete record for a new book, in the given line break. */
export function risRecord(book: Book, lineBreak = '\n', id?: string): string {
  const lines = ['TY  - BOOK'];
  if (id) lines.push(`ID  - ${id}`);
  for (const { name, value } of risFields(book)) for (const v of value) lines.push(`${name}  - ${v}`);
  lines.push(`SN  - ${hyphenateIsbn(book.isbn13) ?? book.isbn13}`, 'ER  - ');
  return lines.join(lineBreak);
}
