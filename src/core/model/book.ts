/**
 * One Book type, whichever source it came from (each maps its records to it: the book
 * service's in sources/isbndb/bookRecord.ts), and the ISBN forms every source reads.
 */
import { isbn13CheckDigit, toIsbn13 as rangedIsbn13 } from '../isbn/parse';
import { serviceTextField } from '../text/serviceText';

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
  /** Editors and translators, where a source names their role (a library catalogue's relator codes). */
  contributors?: Array<{ name: string; role: 'editor' | 'translator' }>;
  /** The series and the book's number in it ("Edition Suhrkamp ; 2456"), where a source says. */
  series?: string;
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

/** Digits (and a final X) of an ISBN as sent, or undefined when it cannot be one. */
export function isbnDigits(value: unknown): string | undefined {
  const raw = serviceTextField(value, 40)?.replace(/[\s-]/g, '').toUpperCase();
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
