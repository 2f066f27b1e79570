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

/** "2nd edition"; an edition statement that already says it is one ("2. Auflage", "First edition", "3e éd.") as it is. */
export function editionText(edition: string): string {
  return /(?<!\p{L})(edition|ed|auflage|aufl|édition|éd|edición|edizione|uitgave|druk|upplaga|wydanie)(?!\p{L})|版/iu.test(edition) ? edition : `${edition} edition`;
}

/** The line naming the edition a record describes, when it is not the asked ISBN's own; otherwise undefined. */
export function otherEditionNote(book: Book, asked: string): string | undefined {
  if (!isbnDigits(asked) || describesIsbn(book, asked)) return undefined;
  const edition = [book.binding, book.edition ? editionText(book.edition) : undefined].filter(Boolean).join(', ');
  return `This record describes another edition: ISBN ${hyphenateIsbn(book.isbn13) ?? book.isbn13}${edition ? ` (${edition})` : ''}.`;
}
