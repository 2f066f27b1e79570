/** A new RIS record for a book: never inside a record, after the one the cursor is in, separated by blank lines as RIS files are. */
import type { Book } from '../../model/book';
import type { NewEntryResult } from '../part';
import { risRecord } from './fields';
import { risLineBreak, risRecords } from './records';

export function risEntry(text: string, offset: number, book: Book): NewEntryResult {
  const lineBreak = risLineBreak(text);
  const record = risRecord(book, lineBreak);
  // Never inside a record: after the one the cursor is in, past its line break.
  const inside = risRecords(text).find((r) => r.start < offset && offset <= r.end);
  let at = offset;
  if (inside) {
    const eol = /\r\n?|\n/g;
    eol.lastIndex = inside.end;
    const found = eol.exec(text);
    at = found ? found.index + found[0].length : text.length;
  }
  const head = text.slice(0, at);
  const before = at === 0 || head.endsWith(lineBreak + lineBreak) ? '' : head.endsWith(lineBreak) ? lineBreak : lineBreak + lineBreak;
  const after = at >= text.length ? lineBreak : text.startsWith(lineBreak, at) ? lineBreak : lineBreak + lineBreak;
  return { key: '', edit: { start: at, end: at, newText: before + record + after } };
}
