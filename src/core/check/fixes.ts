/**
 * The quick fixes' edits, as the formats write them: on `other-book`, the ISBN's book (title,
 * authors, year, publisher) into the entry; on `other-edition`, the edition's details (year,
 * publisher; the edition and binding where the format has fields for them). Each is the format's
 * own fill in refresh mode with a record cut down to those fields, kept inside the entry; a reading
 * list's line gets the book's title in place of the one written. Pure: the editor applies them as
 * one edit (one undo).
 */
import type { TextEdit } from '../edit/textEdit';
import type { FormatPart, WriteOptions } from '../formats/part';
import type { DocumentReading } from '../formats/shared/documentReading';
import type { BibliographyEntry } from '../formats/shared/entry';
import type { Book } from '../model/book';

export type FixKind = 'other-book' | 'other-edition';

export function fixEdits(part: FormatPart, reading: DocumentReading, entry: BibliographyEntry, isbn13: string, book: Book, kind: FixKind, options: WriteOptions): TextEdit[] {
  if (part.entryKind === 'isbn') {
    // A reading list: only a title to give way, and no fields for an edition.
    if (kind !== 'other-book' || !entry.titleAt) return [];
    return [{ start: entry.titleAt.start, end: entry.titleAt.end, newText: book.title.replace(/([\\`*_[\]|<>])/g, '\\$1') }];
  }
  const none = { subjects: [], deweyDecimal: [], otherIsbns: [] };
  const written: Book =
    kind === 'other-book'
      ? { isbn13, title: book.title, authors: book.authors, authorsOmitted: book.authorsOmitted, publisher: book.publisher, datePublished: book.datePublished, year: book.year, ...none }
      : { isbn13, title: '', authors: [], publisher: book.publisher, datePublished: book.datePublished, year: book.year, edition: book.edition, binding: book.binding, ...none };
  const { edits } = part.fill(reading, new Map([[isbn13, { status: 'found', book: written }]]), 'refresh', options);
  return edits.filter((e) => e.start >= entry.start && e.end <= entry.end);
}
