/**
 * A record can answer an ISBN with another edition of the book: its own ISBN-13 differs
 * from the one asked, which it lists among its `other_isbns`. It is still the answer, but
 * the user is told which edition it describes.
 */
import { hyphenateIsbn } from '../isbn/parse';
import { type Book, isbnDigits, toIsbn13 } from './book';

/** Whether the record describes the asked ISBN itself (by its ISBN-13 or ISBN-10). */
export function describesIsbn(book: Book, asked: string): boolean {
  const digits = isbnDigits(asked);
  if (!digits) return false;
  return book.isbn13 === toIsbn13(digits) || book.isbn10 === digits;
}

/** Whether the record is another edition that names the asked ISBN among its other ISBNs. */
export function isOtherEditionOf(book: Book, asked: string): boolean {
  const digits = isbnDigits(asked);
  if (!digits || describesIsbn(book, digits)) return false;
  const asked13 = toIsbn13(digits);
  return book.otherIsbns.some((other) => other.isbn === digits || toIsbn13(other.isbn) === asked13);
}

/**
 * The edition a record describes, when it is not the asked ISBN's own (the editor says it:
 * "This record describes another edition: …"); otherwise undefined.
 */
export function otherEdition(book: Book, asked: string): { isbn13: string; binding?: string; edition?: string } | undefined {
  if (!isbnDigits(asked) || describesIsbn(book, asked)) return undefined;
  return { isbn13: hyphenateIsbn(book.isbn13) ?? book.isbn13, ...(book.binding && { binding: book.binding }), ...(book.edition && { edition: book.edition }) };
}
