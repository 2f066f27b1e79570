/**
 * Another edition's ISBN in the form the old one was written: hyphenated or bare digits (with the
 * same separator), ISBN-10 or ISBN-13. A 10 stays a 10 only where the new edition has one (a 979
 * ISBN has none); an ISBN without a known range is written as digits.
 */
import { normalizeIsbn, parseIsbn } from '../isbn/parse';

export function isbnInFormOf(written: string, isbn13: string): string {
  const info = parseIsbn(isbn13);
  if (!info) return isbn13;
  const ten = normalizeIsbn(written).length === 10 && info.isbn10 !== undefined;
  const separator = /[\u2010-\u2013-]/.exec(written.trim())?.[0] ?? (/\d\s+\d/.test(written.trim()) ? ' ' : undefined);
  if (separator === undefined || info.rangeless) return ten ? info.isbn10! : info.isbn13;
  const hyphenated = ten ? info.hyphenated10! : info.hyphenated13;
  const form = separator === '-' ? hyphenated : hyphenated.replace(/-/g, separator);
  // A lower-case x where the old one had it.
  return /x$/.test(written.trim()) ? form.replace(/X$/, 'x') : form;
}
