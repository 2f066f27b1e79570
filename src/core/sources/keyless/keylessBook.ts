/**
 * A keyless source's record as a `Book`, from the values its mapping picked: every text passes
 * the same cleaning as the book service's (`serviceTextField`), lists are bounded, a page count
 * must be a positive integer (a string of digits counts), a cover an http(s) address without
 * control characters. Undefined without a title.
 */
import { type Book, MAX_AUTHORS } from '../../model/book';
import { serviceTextField as text, serviceTextList as textList } from '../../text/serviceText';

export interface KeylessFields {
  isbn13: string;
  isbn10?: string;
  title: unknown;
  subtitle?: unknown;
  authors?: unknown;
  publisher?: unknown;
  /** Already made `YYYY[-MM[-DD]]` (see `isoDate`). */
  datePublished?: string;
  pages?: unknown;
  language?: unknown;
  image?: string;
  synopsis?: unknown;
  subjects?: unknown;
  maxSubjects?: number;
  deweyDecimal?: unknown;
}

function positiveInteger(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n < 1_000_000 ? n : undefined;
}

/** An http(s) address as sent; one with a control character or a lone surrogate is no cover. */
function coverUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.length > 2000 || text(value, 2000) !== value.trim()) return undefined;
  return /^https?:\/\//i.test(value.trim()) && URL.canParse(value.trim()) ? value.trim() : undefined;
}

export function keylessBook(fields: KeylessFields): Book | undefined {
  const title = text(fields.title, 1000);
  if (!title) return undefined;
  const subtitle = text(fields.subtitle, 1000);
  const authors = textList(fields.authors ?? [], MAX_AUTHORS);
  const year = fields.datePublished ? Number(fields.datePublished.slice(0, 4)) : undefined;
  return {
    isbn13: fields.isbn13,
    isbn10: fields.isbn10,
    title,
    titleLong: subtitle ? text(`${title}: ${subtitle}`, 2000) : undefined,
    authors: authors.items,
    ...(authors.omitted > 0 ? { authorsOmitted: authors.omitted } : {}),
    publisher: text(fields.publisher, 500),
    datePublished: fields.datePublished,
    year,
    pages: positiveInteger(fields.pages),
    language: text(fields.language, 50),
    image: coverUrl(fields.image),
    synopsis: text(fields.synopsis),
    subjects: textList(fields.subjects ?? []).items.slice(0, fields.maxSubjects ?? Infinity),
    deweyDecimal: textList(fields.deweyDecimal ?? []).items,
    otherIsbns: [],
  };
}
