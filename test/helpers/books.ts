/** Books and look-up results for unit tests. */
import type { LookupResult } from '../../src/core/model/lookup';
import type { Book } from '../../src/core/model/book';
import { ServiceError } from '../../src/core/model/errors';

/** A book record with the fields every book has; the rest from `extra`. */
export function book(isbn13: string, title = `Book ${isbn13}`, authors: string[] = [], extra: Partial<Book> = {}): Book {
  return { isbn13, title, authors, subjects: [], deweyDecimal: [], otherIsbns: [], ...extra };
}

export const BOOKS = {
  kr: book('9780131103627', 'The C Programming Language', ['Brian W. Kernighan', 'Dennis M. Ritchie'], { publisher: 'Prentice Hall', year: 1988, pages: 272, language: 'en' }),
  bevington: book('9780306406157', 'Data Reduction & Error_Analysis: {100%} *true* [sic] (2nd) $5 #1 ~x^2 a\\b | c', ['Philip R. Bevington', 'AC/DC Historians'], { publisher: 'McGraw-Hill', year: 1992 }),
  camus: book('9782070360024', "L'Étranger", ['Albert Camus'], { publisher: 'Gallimard', year: 1971, pages: 186, language: 'fr' }),
  kierkegaard: book('9783161484100', 'Either/Or', ['Søren Kierkegaard'], { publisher: 'Penguin "Classics"', year: 1992 }),
  knuth: book('9780201134476', 'The TeXbook', ['Donald E. Knuth'], { publisher: 'Addison-Wesley', year: 1984, pages: 483 }),
};

/** The results a batch look-up would give: found for the books given, notFound for the rest. */
export function results(books: Book[], others: Record<string, LookupResult> = {}): Map<string, LookupResult> {
  const map = new Map<string, LookupResult>(Object.entries(others));
  for (const b of books) map.set(b.isbn13, { status: 'found', book: b });
  return map;
}

export const NOT_FOUND: LookupResult = { status: 'notFound' };
export const QUOTA: LookupResult = { status: 'failed', error: new ServiceError('quota', { why: 'dailyQuota' }, { daily: true }) };
export const NETWORK: LookupResult = { status: 'failed', error: new ServiceError('network', { why: 'unreachable', source: 'isbndb', cause: 'failed' }) };
