/**
 * One Book type, whatever shape the service sends: wrapped in {"book": …} or not,
 * fields missing, numbers as strings, `dewey_decimal` as string or list,
 * `synopsis` spelled `synopsys`. Anything unreadable yields `undefined`, never a throw.
 */
import { isbn13CheckDigit, toIsbn13 as rangedIsbn13 } from '../isbn/parse';
import { cleanServiceText } from '../text/serviceText';

/** Authors kept in a Book; the rest are only counted, so a details dialog or a .bib field stays bounded. */
export const MAX_AUTHORS = 50;

/**
 * VS Code cuts a hover's Markdown at 100,000 characters: past that the image is lost and its
 * base64 shows as text. A larger inlined cover is left out; the rest of the hover stays.
 */
export const MAX_HOVER_COVER_CHARS = 80_000;

export interface Book {
  isbn13: string;
  isbn10?: string;
  title: string;
  titleLong?: string;
  /** At most MAX_AUTHORS names. */
  authors: string[];
  /** How many more authors the service named than `authors` keeps. */
  authorsOmitted?: number;
  publisher?: string;
  /** As published: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  datePublished?: string;
  year?: number;
  edition?: string;
  pages?: number;
  binding?: string;
  language?: string;
  /** Cover image URL (http or https only). */
  image?: string;
  msrp?: string;
  synopsis?: string;
  subjects: string[];
  deweyDecimal: string[];
  otherIsbns: { isbn: string; binding?: string }[];
}

type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Service text as one clean line (see cleanServiceText): every text field enters here. */
function text(value: unknown, maxLength = 10_000): string | undefined {
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

function textList(value: unknown, max = Infinity): { items: string[]; omitted: number } {
  const items: string[] = [];
  let omitted = 0;
  for (const item of Array.isArray(value) ? value : [value]) {
    const clean = text(item, 1000);
    if (clean === undefined) continue;
    if (items.length < max) items.push(clean);
    else omitted++;
  }
  return { items, omitted };
}

function positiveInteger(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
  return Number.isInteger(n) && n > 0 && n < 1_000_000 ? n : undefined;
}

/** Digits (and a final X) of an ISBN as sent, or undefined when it cannot be one. */
export function isbnDigits(value: unknown): string | undefined {
  const raw = text(value, 40)?.replace(/[\s-]/g, '').toUpperCase();
  if (!raw) return undefined;
  if (/^\d{13}$/.test(raw) || /^\d{9}[\dX]$/.test(raw)) return raw;
  return undefined;
}

/** The ISBN-13 for a 10- or 13-digit ISBN as the service sent it, even where isbn3's ranges do not know its group. */
export function toIsbn13(isbn: string): string {
  if (isbn.length === 13) return isbn;
  const body = '978' + isbn.slice(0, 9);
  return rangedIsbn13(isbn) ?? body + isbn13CheckDigit(body);
}

function year(date: string | undefined): number | undefined {
  const match = date?.match(/^(\d{4})/);
  return match ? Number(match[1]) : undefined;
}

/** An http(s) URL as sent; one with a lone surrogate or a control character is no cover at all. */
function imageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000 || text(value, 2000) !== value.trim()) return undefined;
  const url = value.trim();
  return /^https?:\/\//i.test(url) && URL.canParse(url) ? url : undefined;
}

/** Unwraps `{"book": {...}}` and normalizes; `undefined` when there is no usable record. */
export function normalizeBook(raw: unknown): Book | undefined {
  const record = isObject(raw) && isObject(raw.book) ? raw.book : raw;
  if (!isObject(record)) return undefined;

  const isbn10 = [record.isbn10, record.isbn].map(isbnDigits).find((d) => d?.length === 10);
  const isbn13 = [record.isbn13, record.isbn].map(isbnDigits).find((d) => d?.length === 13) ?? (isbn10 && toIsbn13(isbn10));
  const title = text(record.title, 1000) ?? text(record.title_long, 1000);
  if (!isbn13 || !title) return undefined;

  const datePublished = text(record.date_published, 40);
  const titleLong = text(record.title_long, 2000);
  const authors = textList(record.authors, MAX_AUTHORS);
  return {
    isbn13,
    isbn10,
    title,
    titleLong: titleLong !== title ? titleLong : undefined,
    authors: authors.items,
    ...(authors.omitted > 0 ? { authorsOmitted: authors.omitted } : {}),
    publisher: text(record.publisher, 500),
    datePublished,
    year: year(datePublished),
    edition: text(record.edition, 200),
    pages: positiveInteger(record.pages),
    binding: text(record.binding, 200),
    language: text(record.language, 50),
    image: imageUrl(record.image),
    msrp: text(record.msrp, 50),
    synopsis: text(record.synopsis) ?? text(record.synopsys) ?? text(record.overview),
    subjects: textList(record.subjects).items,
    deweyDecimal: textList(record.dewey_decimal).items,
    otherIsbns: Array.isArray(record.other_isbns)
      ? record.other_isbns.flatMap((other) => {
          const isbn = isObject(other) ? isbnDigits(other.isbn) : undefined;
          return isbn ? [{ isbn, binding: isObject(other) ? text(other.binding, 200) : undefined }] : [];
        })
      : [],
  };
}
