/** A new CSL-JSON item for a book: after the items before the cursor, laid out like its neighbours, the rest byte for byte. */
import { applyEdits as applyJsonEdits, modify, parseTree } from 'jsonc-parser';
import { cslItem } from '../csl/fields';
import { indentationOf } from '../shared/indentation';
import { jsonTooDeep } from '../shared/nesting';
import { minimalEdit } from '../../edit/textEdit';
import type { Book } from '../../model/book';
import type { NewEntryResult } from '../part';
import { jsonLayoutOf, layOut } from './jsonLayout';

export function cslJsonEntry(text: string, offset: number, book: Book, key: string, lineBreak: string): NewEntryResult {
  const item = cslItem(book, key);
  const indentation = indentationOf(text);
  if (text.trim() === '') {
    const indent = indentation.insertSpaces ? indentation.tabSize : '\t';
    return { key, edit: { start: 0, end: text.length, newText: JSON.stringify([item], null, indent).replace(/\n/g, lineBreak) + lineBreak } };
  }
  if (jsonTooDeep(text)) return { refused: 'tooDeep' };
  const root = parseTree(text, [], { allowTrailingComma: true });
  if (root?.type !== 'array') return { refused: 'notCslJsonList' };
  // After the items that start before the cursor.
  const items = root.children ?? [];
  const index = items.filter((child) => child.offset < offset).length;
  // Without formattingOptions: they reformat every line the edit touches (a minified file entire).
  const [edit] = modify(text, [index], item, { isArrayInsertion: true });
  const formatting = { ...indentation, eol: lineBreak };
  const inserted = applyJsonEdits(text, [edit]);
  // Into an empty list: the list laid out over lines.
  if (items.length === 0) return whole(text, layOut(inserted, root.offset, root.length + edit.content.length, 'lines', formatting), key);
  // The new item like its neighbour, then the gap before it like the list (a line each, or one line).
  const open = edit.offset + edit.content.indexOf('{');
  const close = edit.offset + edit.content.lastIndexOf('}') + 1;
  const neighbour = items[index - 1] ?? items[index];
  let out = layOut(inserted, open, close - open, jsonLayoutOf(text.slice(neighbour.offset, neighbour.offset + neighbour.length)), formatting);
  out = layOut(out, edit.offset - 1, open + 2 - edit.offset, jsonLayoutOf(text.slice(root.offset, root.offset + root.length)), formatting);
  return whole(text, out, key);
}

/** The change from `text` to `out` as one edit, as small as it can be. */
function whole(text: string, out: string, key: string): NewEntryResult {
  const change = minimalEdit(text, 0, text.length, out);
  return change ? { key, edit: change } : { refused: 'noPlace' };
}
