/** A new BibTeX entry for a book: an `@book` with a key unique in the file, after the entry the cursor is in, never inside it. */
import type { Book } from '../../model/book';
import { lineBreakOf } from '../../edit/textEdit';
import type { NewEntryResult, WriteOptions } from '../part';
import { bookEntry, entryInsertionOffset, entryPadding } from './bookEntry';
import { chooseDialect } from './dialect';

export function bibtexEntry(text: string, offset: number, book: Book, options: WriteOptions): NewEntryResult {
  const lineBreak = lineBreakOf(text);
  const dialect = chooseDialect(options.dialect, text, { texLoadsBiblatex: options.texLoadsBiblatex });
  const { key, text: entry } = bookEntry(book, text, lineBreak, { dialect, keyPattern: options.keyPattern });
  const at = entryInsertionOffset(text, offset);
  const { before, after } = entryPadding(text, at, lineBreak);
  return { key, edit: { start: at, end: at, newText: before + entry + after } };
}
