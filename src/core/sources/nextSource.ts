/**
 * Whether an ISBN is worth asking the next source, given what the sources asked so far gave.
 * Look Up All and Annotate ask the next source only for ISBNs without a record of their own
 * (none, or only another edition's: a record of the asked ISBN is preferred wherever a source
 * has one), so Google's scarce daily quota is not spent on fields. A hover, one book a person
 * is reading about, also asks it for what the hover shows and the record lacks (Open Library's
 * Books API has no description).
 */
import type { Book } from '../model/book';
import { describesIsbn } from '../model/edition';
import { lacks, type FillableField } from './merge';

export type AskPurpose = 'bulk' | 'hover';

/** What a hover shows that a later source can fill. */
export const HOVER_FIELDS: readonly FillableField[] = ['authors', 'publisher', 'datePublished', 'pages', 'image', 'synopsis'];

/** `book`: the merged answer so far for `asked`, or undefined when no source had one. */
export function needsNextSource(asked: string, book: Book | undefined, purpose: AskPurpose): boolean {
  if (!book || !describesIsbn(book, asked)) return true;
  return purpose === 'hover' && missingHoverFields(book).length > 0;
}

/** The hover fields the book lacks, for the log and for a source that can be asked for some only. */
export function missingHoverFields(book: Book): FillableField[] {
  return HOVER_FIELDS.filter((field) => lacks(book, field));
}
