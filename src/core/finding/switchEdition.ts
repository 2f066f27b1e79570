/**
 * "Use this edition": the ISBN replaced in place (in its written form, see `isbnInFormOf`), and in
 * a bibliography entry the fields the old edition's record had filled (the year, publisher,
 * edition or binding the entry writes as that record has them) refreshed from the new one's, as
 * the check's quick fix writes them (`fixEdits`). One edit over the entry: one undo.
 */
import { fixEdits } from '../check/fixes';
import { editionNumber, samePublisher } from '../check/compare';
import { writtenOf } from '../check/written';
import { applyEdits, type TextEdit } from '../edit/textEdit';
import type { FormatPart, WriteOptions } from '../formats/part';
import type { DocumentReading } from '../formats/shared/documentReading';
import type { BibliographyEntry } from '../formats/shared/entry';
import type { Book } from '../model/book';

export type RefreshField = 'year' | 'publisher' | 'edition' | 'binding';

function yearOf(book: Book): number | undefined {
  return book.year ?? (book.datePublished ? Number(book.datePublished.slice(0, 4)) : undefined);
}

/** The entry's fields that agree with the old edition's record and that the new one would change. */
export function fieldsFilledBy(entry: BibliographyEntry, old: Book, replacement: Book): RefreshField[] {
  const written = writtenOf(entry);
  const out: RefreshField[] = [];
  const oldYear = yearOf(old);
  const newYear = yearOf(replacement);
  if (written.year && oldYear !== undefined && Number(written.year) === oldYear && newYear !== undefined && newYear !== oldYear) out.push('year');
  if (written.publisher && old.publisher && replacement.publisher && samePublisher(written.publisher, old.publisher) && !samePublisher(written.publisher, replacement.publisher)) out.push('publisher');
  if (written.edition && old.edition && replacement.edition && editionNumber(written.edition) === editionNumber(old.edition) && editionNumber(old.edition) !== editionNumber(replacement.edition)) out.push('edition');
  if (written.binding && old.binding && replacement.binding && written.binding.trim().toLowerCase() === old.binding.trim().toLowerCase() && old.binding !== replacement.binding) out.push('binding');
  return out;
}

/**
 * The edit that puts `isbnText` in place of the ISBN at `at`, and refreshes `fields` of the entry
 * from `replacement`; without an entry or fields, the ISBN alone.
 */
export function switchEditionEdit(
  part: FormatPart | undefined,
  reading: DocumentReading,
  entry: BibliographyEntry | undefined,
  at: { start: number; end: number },
  isbnText: string,
  replacement: Book,
  fields: readonly RefreshField[],
  options: WriteOptions = {},
): TextEdit {
  const isbnEdit: TextEdit = { start: at.start, end: at.end, newText: isbnText };
  if (!part || !entry || fields.length === 0 || part.entryKind === 'isbn') return isbnEdit;
  const text = applyEdits(reading.text, [isbnEdit]);
  const after = part.reading(text);
  const moved = after.entries().find((e) => e.start === entry.start);
  if (!moved) return isbnEdit;
  const cut: Book = {
    isbn13: replacement.isbn13,
    title: '',
    authors: [],
    subjects: [],
    deweyDecimal: [],
    otherIsbns: [],
    ...(fields.includes('publisher') && replacement.publisher ? { publisher: replacement.publisher } : {}),
    ...(fields.includes('year') ? { ...(replacement.datePublished ? { datePublished: replacement.datePublished } : {}), ...(yearOf(replacement) ? { year: yearOf(replacement) } : {}) } : {}),
    ...(fields.includes('edition') && replacement.edition ? { edition: replacement.edition } : {}),
    ...(fields.includes('binding') && replacement.binding ? { binding: replacement.binding } : {}),
  };
  const edits = fixEdits(part, after, moved, replacement.isbn13, cut, 'other-edition', options);
  const final = applyEdits(text, edits);
  const delta = final.length - reading.text.length;
  return { start: entry.start, end: entry.end, newText: final.slice(entry.start, entry.end + delta) };
}
