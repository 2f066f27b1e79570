/** A new BibTeX entry for a book: an `@book` with a key unique in the file, after the entry the cursor is in, never inside it. */
import type { Book } from '../../model/book';
import { lineBreakOf } from '../../edit/textEdit';
import type { NewEntryResult, WriteOptions } from '../part';
import type { DocumentReading } from '../shared/documentReading';
import { bookEntry, entryInsertionOffset, entryPadding } from './bookEntry';
import { chooseDialect } from './dialect';
import { bibtexReadingOf } from './reading';

export function bibtexEntry(read: DocumentReading, offset: number, book: Book, options: WriteOptions): NewEntryResult {
  const reading = bibtexReadingOf(read);
  const text = reading.text;
  const lineBreak = lineBreakOf(text);
  const dialect = chooseDialect(options.dialect, text, { texLoadsBiblatex: options.texLoadsBiblatex });
  const { key, text: entry } = bookEntry(book, reading, lineBreak, { dialect, keyPattern: options.keyPattern });
  const at = entryInsertionOffset(reading, offset);
  const { before, after } = entryPadding(text, at, lineBreak);
  return { key, edit: { start: at, end: at, newText: before + entry + after } };
}
