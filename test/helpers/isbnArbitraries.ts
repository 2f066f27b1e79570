/**
 * Generators shared by the finder's property tests: books (an ISBN-13 and its
 * ISBN-10) in ranges isbn3 knows, and 10-digit numbers that pass the ISBN-10
 * check by chance (the ids, timestamps and phone numbers of data files).
 */
import fc from 'fast-check';
import { isbn10CheckDigit, isbn13CheckDigit, parseIsbn } from '../../src/core/isbn/parse';
import { REGISTRANTS } from './plantedDocuments';

// ISBN-10s exist for 978 registrants only.
const REGISTRANTS_978: Array<[string, number]> = [...REGISTRANTS.filter(([prefix]) => prefix.startsWith('978')), ['978-84-7223', 3]];

export interface Book {
  isbn10: string;
  isbn13: string;
}

export const book: fc.Arbitrary<Book> = fc
  .constantFrom(...REGISTRANTS_978)
  .chain(([prefix, length]) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => `${prefix}${d.join('')}`.replace(/-/g, '')))
  .map((first12) => ({ isbn13: first12 + isbn13CheckDigit(first12), isbn10: first12.slice(3) + isbn10CheckDigit(first12.slice(3)) }));

/** A 10-digit number (timestamp, phone, id) that passes the ISBN-10 check and has an isbn3 range by chance. */
export const chanceTen: fc.Arbitrary<string> = fc
  .integer({ min: 1_000_000_000, max: 9_999_999_999 })
  .map(String)
  .filter((s) => parseIsbn(s)?.rangeless === undefined && parseIsbn(s) !== undefined);
