/**
 * One Book type, whatever shape the service sends: wrapped in {"book": …} or not,
 * fields missing, numbers as strings, `dewey_decimal` as string or list,
 * `synopsis` spelled `synopsys`. Anything unreadable yields `undefined`, never a throw.
 */
import { isbn13CheckDigit, toIsbn13 as rangedIsbn13 } from '../isbn/parse';

export interface Book {
  isbn13: string;
  isbn10?: string;
  title: string;
  titleLong?: string;
  authors: string[];
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

function text(value: unknown, maxLength = 10_000): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, maxLength);
}

function textList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => text(item, 1000)).filter((item): item is string => item !== undefined);
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

function imageUrl(value: unknown): string | undefined {
  const url = text(value, 2000);
  return url && /^https?:\/\//i.test(url) ? url : undefined;
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
  return {
    isbn13,
    isbn10,
    title,
    titleLong: titleLong !== title ? titleLong : undefined,
    authors: textList(record.authors),
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
    subjects: textList(record.subjects),
    deweyDecimal: textList(record.dewey_decimal),
    otherIsbns: Array.isArray(record.other_isbns)
      ? record.other_isbns.flatMap((other) => {
          const isbn = isObject(other) ? isbnDigits(other.isbn) : undefined;
          return isbn ? [{ isbn, binding: isObject(other) ? text(other.binding, 200) : undefined }] : [];
        })
      : [],
  };
}
