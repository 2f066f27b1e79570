/**
 * Open Library's records as the model's Book. Tolerant: every field may be missing (empty
 * values are left out, never sent as "" or []), `number_of_pages` may be a string or absent
 * beside a free-text `pagination`, dates are free text, the asked ISBN may be any of several
 * listed. Built through `keylessBook`, so every text passes the same cleaning as the book
 * service's. There is no description in `jscmd=data` (`notes` are catalogue notes, not one).
 */
import { type Book, isObject, isbnDigits, toIsbn13 } from '../../model/book';
import { isoDate } from '../keyless/dates';
import { editionVerdict, type EditionVerdict } from '../keyless/editionRule';
import { keylessBook } from '../keyless/keylessBook';

/** Subjects kept of a record: Open Library lists dozens for some works. */
const MAX_SUBJECTS = 20;
/** A cover address by cover id (`/b/id/<id>-M.jpg`): covers by ISBN are limited to 100 per 5 minutes. */
const COVER_BY_ID = /\/b\/id\/\d+-[SML]\.jpg$/;

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.flatMap((item) => (isObject(item) && typeof item.name === 'string' ? [item.name] : [])) : [];
}

function strings(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** The page count in a free-text pagination: "xii, 83 p." → 83, "242" → 242, "p. cm." → none. */
export function pagesFromPagination(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const bare = /^\s*(\d{1,5})\s*$/.exec(value);
  const counts = bare ? [Number(bare[1])] : [...value.matchAll(/(\d{1,5})\s*(?:pp?\b|pages?\b)/gi)].map((m) => Number(m[1]));
  const best = Math.max(0, ...counts);
  return best > 0 ? best : undefined;
}

function coverUrl(cover: unknown): string | undefined {
  if (!isObject(cover)) return undefined;
  const url = [cover.medium, cover.large, cover.small].find((u) => typeof u === 'string' && COVER_BY_ID.test(u));
  return typeof url === 'string' ? url : undefined;
}

/** The ISBNs an edition lists, 13s first. */
function listedIsbns(record: Record<string, unknown>): unknown[] {
  const ids = isObject(record.identifiers) ? record.identifiers : {};
  return [...strings(ids.isbn_13), ...strings(ids.isbn_10)];
}

export interface MappedRecord {
  book: Book;
  verdict: Exclude<EditionVerdict, { kind: 'none' }>;
}

/** A `jscmd=data` record as the Book of `asked`, or of the other edition it is; undefined when it is unreadable or lists no ISBN. */
export function bookFromBooksApi(record: unknown, asked: string): MappedRecord | undefined {
  if (!isObject(record)) return undefined;
  const verdict = editionVerdict(listedIsbns(record), asked);
  if (verdict.kind === 'none') return undefined;
  const classes = isObject(record.classifications) ? record.classifications : {};
  const book = keylessBook({
    isbn13: verdict.isbn13,
    isbn10: verdict.isbn10,
    title: record.title,
    subtitle: record.subtitle,
    authors: names(record.authors),
    publisher: names(record.publishers)[0],
    datePublished: isoDate(record.publish_date),
    pages: record.number_of_pages ?? pagesFromPagination(record.pagination),
    image: coverUrl(record.cover),
    subjects: names(record.subjects),
    maxSubjects: MAX_SUBJECTS,
    deweyDecimal: strings(classes.dewey_decimal_class),
  });
  return book && { book, verdict };
}

/**
 * A work of the author search as a Book: known by one of its editions' ISBNs (a 13 first), its
 * cover by cover id on `coversBase`. Undefined without a title or an ISBN.
 */
export function bookFromSearchDoc(doc: unknown, coversBase: string): Book | undefined {
  if (!isObject(doc)) return undefined;
  const isbns = strings(doc.isbn).filter((i): i is string => typeof i === 'string');
  const isbn = isbns.find((i) => /^\d{13}$/.test(i)) ?? isbns.find((i) => /^\d{9}[\dX]$/i.test(i));
  if (!isbn) return undefined;
  const coverId = typeof doc.cover_i === 'number' && Number.isInteger(doc.cover_i) && doc.cover_i > 0 ? doc.cover_i : undefined;
  const digits = isbnDigits(isbn)!;
  return keylessBook({
    isbn13: toIsbn13(digits),
    isbn10: digits.length === 10 ? digits : undefined,
    title: doc.title,
    subtitle: doc.subtitle,
    authors: strings(doc.author_name),
    publisher: strings(doc.publisher)[0],
    datePublished: isoDate(doc.first_publish_year),
    pages: doc.number_of_pages_median,
    image: coverId === undefined ? undefined : `${coversBase.replace(/\/+$/, '')}/b/id/${coverId}-M.jpg`,
  });
}
