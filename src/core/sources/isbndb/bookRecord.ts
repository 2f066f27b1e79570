/**
 * The book service's record as a `Book`, whatever shape it is sent in: wrapped in {"book": …}
 * or not, fields missing, numbers as strings, `dewey_decimal` as string or list, `synopsis`
 * spelled `synopsys`. Anything unreadable yields `undefined`, never a throw.
 */
import { type Book, MAX_AUTHORS, isObject, isbnDigits, toIsbn13 } from '../../model/book';
import { serviceTextField as text, serviceTextList as textList } from '../../text/serviceText';

function positiveInteger(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
  return Number.isInteger(n) && n > 0 && n < 1_000_000 ? n : undefined;
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

  const sent10 = [record.isbn10, record.isbn].map(isbnDigits).find((d) => d?.length === 10);
  const isbn13 = [record.isbn13, record.isbn].map(isbnDigits).find((d) => d?.length === 13) ?? (sent10 && toIsbn13(sent10));
  // An ISBN-10 that is not the ISBN-13's is another book's: the record is not that ISBN-10's answer.
  const isbn10 = sent10 && toIsbn13(sent10) === isbn13 ? sent10 : undefined;
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
