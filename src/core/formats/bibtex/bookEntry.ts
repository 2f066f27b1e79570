/** A complete `@book{…}` entry for a book, and where to put it in a .bib text. */
import { hyphenateIsbn } from '../../isbn/parse';
import type { Book } from '../../model/book';
import { bookFields } from './bookFields';
import { uniqueCiteKey } from './citeKey';
import type { BibtexDialect } from './dialect';
import type { DocumentReading } from '../shared/documentReading';
import { bibtexReadingOf } from './reading';

export interface BookEntryOptions {
  /** BibTeX (the default) or BibLaTeX fields; resolve `auto` with chooseDialect first. */
  dialect?: BibtexDialect;
  /** `isbnLens.citeKey.pattern`. */
  keyPattern?: string;
}

/** The entry, with a key unique in the file it goes into (its text or its reading), `=` aligned, in the text's line breaks. */
export function bookEntry(book: Book, existing: string | DocumentReading = '', lineBreak = '\n', options: BookEntryOptions = {}): { key: string; text: string } {
  const key = uniqueCiteKey(book, bibtexReadingOf(existing).citeKeys(), options.keyPattern);
  const fields = [...bookFields(book, options.dialect).map((f) => [f.name, f.value] as const), ['isbn', hyphenateIsbn(book.isbn13) ?? book.isbn13] as const];
  const width = Math.max(...fields.map(([name]) => name.length));
  const lines = fields.map(([name, value]) => `  ${name.padEnd(width)} = {${value}},`);
  return { key, text: [`@book{${key},`, ...lines, '}'].join(lineBreak) };
}

/**
 * Where an entry goes for a cursor at `offset`: there, unless that is inside
 * an entry, where it would break both; then right after that entry.
 */
export function entryInsertionOffset(text: string | DocumentReading, offset: number): number {
  for (const entry of bibtexReadingOf(text).parse().entries) {
    if (entry.start < offset && offset < entry.end) return entry.end;
  }
  return offset;
}

/** Line breaks around an entry inserted at `offset`, so that a blank line separates it from its neighbours. */
export function entryPadding(text: string, offset: number, lineBreak: string): { before: string; after: string } {
  const head = text.slice(Math.max(0, offset - 4), offset);
  const before = offset === 0 || /\n[ \t]*\r?\n$/.test(head) ? '' : /\n$/.test(head) ? lineBreak : lineBreak + lineBreak;
  const rest = text.slice(offset, offset + 2);
  const after = offset >= text.length || /^\r?\n/.test(rest) ? lineBreak : lineBreak + lineBreak;
  return { before, after };
}
