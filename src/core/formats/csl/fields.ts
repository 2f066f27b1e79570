/**
 * A book as CSL data (the variables of CSL-JSON and CSL-YAML items), in the
 * order Zotero and pandoc write them, and which of them an item of each CSL
 * type takes: a whole book takes all; a part (`chapter`, `paper-conference`,
 * an encyclopedia entry) has its own title, authors and page range, so the
 * book's title goes to `container-title` and its page count nowhere; other
 * types are not books and get nothing.
 */
import { splitName } from '../bibtex/names';
import { hyphenateIsbn } from '../../isbn/parse';
import type { Book } from '../../model/book';
import { isoDate } from '../bibtex/bookFields';
import { languageTag } from '../../model/languages';
import type { PlannedValue } from '../shared/fillPlan';

export type CslValue = string | number | Record<string, unknown> | Array<Record<string, unknown>>;

const WHOLE = new Set(['book', 'report', 'manuscript', 'classic', 'standard', 'pamphlet', 'document', 'thesis']);
const PART = new Set(['chapter', 'entry', 'entry-dictionary', 'entry-encyclopedia', 'paper-conference']);

const SAME_MEANING = new Map<string, readonly string[]>([['author', ['author', 'editor']]]);

/** A part of a book (a chapter…): it carries the whole book's ISBN. */
export function isCslPart(type: string): boolean {
  return PART.has(type.toLowerCase());
}

export function cslSameMeaning(name: string): readonly string[] {
  return SAME_MEANING.get(name) ?? [name];
}

/** The CSL variables of a book for an item of `type` (a new item is a `book`), without `id`, `type` and `ISBN`. */
export function cslFields(book: Book, type = 'book'): PlannedValue<CslValue>[] {
  const whole = WHOLE.has(type);
  if (!whole && !PART.has(type)) return [];
  const out: PlannedValue<CslValue>[] = [];
  const put = (name: string, value: CslValue | undefined) => {
    if (value !== undefined && value !== '') out.push({ name, value });
  };
  put(whole ? 'title' : 'container-title', book.title);
  if (whole && book.authors.length > 0) put('author', book.authors.map(cslName));
  put('publisher', book.publisher);
  put('issued', cslDate(book));
  if (whole) put('number-of-pages', book.pages ? String(book.pages) : undefined);
  put('language', languageTag(book.language));
  return out;
}

/** A complete new item: id, type, the fields, ISBN. */
export function cslItem(book: Book, id: string): Record<string, CslValue> {
  const item: Record<string, CslValue> = { id, type: 'book' };
  for (const { name, value } of cslFields(book)) item[name] = value;
  item.ISBN = hyphenateIsbn(book.isbn13) ?? book.isbn13;
  return item;
}

function cslName(name: string): Record<string, unknown> {
  const split = splitName(name);
  if ('literal' in split) return { literal: split.literal };
  const person: Record<string, unknown> = { family: split.family };
  if (split.given) person.given = split.given;
  if (split.suffix) person.suffix = split.suffix;
  return person;
}

function cslDate(book: Book): Record<string, unknown> | undefined {
  if (isoDate(book.datePublished)) return { 'date-parts': [book.datePublished.split('-').map(Number)] };
  return book.year ? { 'date-parts': [[book.year]] } : undefined;
}

/**
 * Whether an item's value says what ours says: names by their written form,
 * dates by year (a fuller date the user wrote is kept), numbers as text.
 */
export function sameCslValue(name: string, existing: unknown, value: CslValue): boolean {
  if (name === 'issued') return cslYearOf(existing) === cslYearOf(value);
  return comparable(existing) === comparable(value);
}

function cslYearOf(value: unknown): string | undefined {
  const text = JSON.stringify(value ?? null);
  return /(?<![0-9])[0-9]{4}(?![0-9])/.exec(text)?.[0];
}

function comparable(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).replace(/\s+/g, ' ').trim().toLowerCase();
  if (Array.isArray(value)) return value.map(comparable).join(';');
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.literal === 'string') return comparable(v.literal);
    return comparable([v.given, v.family].filter((p) => typeof p === 'string').join(' '));
  }
  return '';
}
