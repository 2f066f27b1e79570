/**
 * "Insert Bibliography Entry for ISBN": a new entry for a book, written in
 * the format of the file it goes into, with a cite key unique in that file,
 * placed at the cursor or, where that would break an entry, right after it.
 */
import { applyEdits as applyJsonEdits, modify, parseTree } from 'jsonc-parser';
import { isMap, parseDocument, type YAMLMap } from 'yaml';
import { bookEntry, entryInsertionOffset, entryPadding } from '../bibtex/bookEntry';
import { uniqueCiteKey } from '../bibtex/citeKey';
import { chooseDialect, type DialectSetting } from '../bibtex/dialect';
import { lineBreakOf, minimalEdit, type TextEdit } from '../edit/textEdit';
import type { Book } from '../model/book';
import { cslItem } from './cslFields';
import type { BibliographyFormat } from './format';
import { indentationOf } from './indentation';
import { readBibliography } from './readBibliography';
import { cslYamlItems } from './readCslYaml';
import { risRecords } from './ris';
import { risRecord } from './risFields';
import { yamlText } from './yamlText';

export interface NewEntryOptions {
  /** `isbnLens.bibtex.dialect`, for .bib files. */
  dialect?: DialectSetting;
  /** A .tex of the workspace loads biblatex (for `auto`). */
  texLoadsBiblatex?: boolean;
  /** `isbnLens.citeKey.pattern`. */
  keyPattern?: string;
}

export type NewEntryResult = { key: string; edit: TextEdit } | { error: string };

export function newEntryEdit(text: string, offset: number, book: Book, format: BibliographyFormat, options: NewEntryOptions = {}): NewEntryResult {
  const lineBreak = lineBreakOf(text);
  const taken = new Set(readBibliography(text, format).map((e) => e.key.toLowerCase()));
  switch (format) {
    case 'bibtex': {
      const dialect = chooseDialect(options.dialect, text, { texLoadsBiblatex: options.texLoadsBiblatex });
      const { key, text: entry } = bookEntry(book, text, lineBreak, { dialect, keyPattern: options.keyPattern });
      const at = entryInsertionOffset(text, offset);
      const { before, after } = entryPadding(text, at, lineBreak);
      return { key, edit: { start: at, end: at, newText: before + entry + after } };
    }
    case 'csl-json':
      return cslJsonEntry(text, offset, book, uniqueCiteKey(book, taken, options.keyPattern), lineBreak);
    case 'csl-yaml':
      return cslYamlEntry(text, offset, book, uniqueCiteKey(book, taken, options.keyPattern), lineBreak);
    case 'ris':
      return risEntry(text, offset, book, lineBreak);
  }
}

function cslJsonEntry(text: string, offset: number, book: Book, key: string, lineBreak: string): NewEntryResult {
  const item = cslItem(book, key);
  const indentation = indentationOf(text);
  if (text.trim() === '') {
    const indent = indentation.insertSpaces ? indentation.tabSize : '\t';
    return { key, edit: { start: 0, end: text.length, newText: JSON.stringify([item], null, indent).replace(/\n/g, lineBreak) + lineBreak } };
  }
  const root = parseTree(text, [], { allowTrailingComma: true });
  if (root?.type !== 'array') return { error: 'This JSON file is not a CSL-JSON list of items, so no entry was added.' };
  // After the items that start before the cursor.
  const index = (root.children ?? []).filter((child) => child.offset < offset).length;
  const out = applyJsonEdits(text, modify(text, [index], item, { isArrayInsertion: true, formattingOptions: { ...indentation, eol: lineBreak } }));
  const edit = minimalEdit(text, 0, text.length, out);
  return edit ? { key, edit } : { error: 'No entry was added.' };
}

function cslYamlEntry(text: string, offset: number, book: Book, key: string, lineBreak: string): NewEntryResult {
  const unit = indentationOf(text).tabSize;
  const item = cslItem(book, key);
  const doc = parseDocument(text);
  const items = cslYamlItems(doc);
  if (!items || items.items.length === 0) {
    if (text.trim() !== '') return { error: 'This YAML file holds no CSL-YAML list of references to add to, so no entry was added.' };
    const block = yamlText({ references: [item] }, unit).split('\n').join(lineBreak);
    const gap = text === '' || text.endsWith('\n') ? '' : lineBreak;
    return { key, edit: { start: text.length, end: text.length, newText: gap + block + lineBreak } };
  }
  // After the item the cursor is in or after; the last one when it is before them all.
  const nodes = items.items.filter((n): n is YAMLMap => isMap(n) && n.range !== undefined);
  const after = [...nodes].reverse().find((n) => n.range![0] <= offset) ?? nodes[nodes.length - 1];
  const start = after.range![0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const dash = text.lastIndexOf('-', start - 1);
  const dashColumn = dash >= lineStart ? dash - lineStart : start - lineStart;
  const block = yamlText([item], unit)
    .split('\n')
    .map((line) => ' '.repeat(dashColumn) + line)
    .join(lineBreak);
  let end = after.range![1];
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  const eol = text.indexOf('\n', end);
  const at = eol < 0 ? text.length : text.charCodeAt(eol - 1) === 13 ? eol - 1 : eol;
  // A blank line between items where the file has them.
  const blank = /\n[ \t]*\r?\n[ \t]*-/.test(text) ? lineBreak : '';
  return { key, edit: { start: at, end: at, newText: lineBreak + blank + block } };
}

function risEntry(text: string, offset: number, book: Book, lineBreak: string): NewEntryResult {
  const record = risRecord(book, lineBreak);
  // Never inside a record: after the one the cursor is in.
  const inside = risRecords(text).find((r) => r.start < offset && offset <= r.end);
  let at = offset;
  if (inside) {
    const eol = text.indexOf('\n', inside.end);
    at = eol < 0 ? text.length : eol + 1;
  }
  const before = at === 0 ? '' : text.slice(0, at).endsWith('\n\n') || text.slice(0, at).endsWith('\r\n\r\n') ? '' : text.slice(0, at).endsWith('\n') ? lineBreak : lineBreak + lineBreak;
  const after = at >= text.length ? lineBreak : text.startsWith('\n', at) || text.startsWith('\r\n', at) ? lineBreak : lineBreak + lineBreak;
  return { key: '', edit: { start: at, end: at, newText: before + record + after } };
}

