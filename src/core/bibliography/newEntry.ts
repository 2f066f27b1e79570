/**
 * "Insert Bibliography Entry for ISBN": a new entry for a book, written in
 * the format of the file it goes into, with a cite key unique in that file,
 * placed at the cursor or, where that would break an entry, right after it.
 */
import { applyEdits as applyJsonEdits, modify, parseTree } from 'jsonc-parser';
import { isMap, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { bookEntry, entryInsertionOffset, entryPadding } from '../bibtex/bookEntry';
import { uniqueCiteKey } from '../bibtex/citeKey';
import { chooseDialect, type DialectSetting } from '../bibtex/dialect';
import { lineBreakOf, minimalEdit, type TextEdit } from '../edit/textEdit';
import type { Book } from '../model/book';
import { cslItem } from './cslFields';
import type { BibliographyFormat } from './format';
import { indentationOf } from './indentation';
import { jsonLayoutOf, layOut } from './jsonLayout';
import { jsonTooDeep, TOO_DEEP_TO_INSERT, yamlTooDeep } from './nesting';
import { readBibliography } from './readBibliography';
import { cslYamlItems, withoutBom } from './readCslYaml';
import { risLineBreak, risRecords } from './ris';
import { risRecord } from './risFields';
import { yamlFlowText, yamlText } from './yamlText';

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
      return risEntry(text, offset, book);
  }
}

function cslJsonEntry(text: string, offset: number, book: Book, key: string, lineBreak: string): NewEntryResult {
  const item = cslItem(book, key);
  const indentation = indentationOf(text);
  if (text.trim() === '') {
    const indent = indentation.insertSpaces ? indentation.tabSize : '\t';
    return { key, edit: { start: 0, end: text.length, newText: JSON.stringify([item], null, indent).replace(/\n/g, lineBreak) + lineBreak } };
  }
  if (jsonTooDeep(text)) return { error: TOO_DEEP_TO_INSERT };
  const root = parseTree(text, [], { allowTrailingComma: true });
  if (root?.type !== 'array') return { error: 'This JSON file is not a CSL-JSON list of items, so no entry was added.' };
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
  return change ? { key, edit: change } : { error: 'No entry was added.' };
}

const NO_YAML_LIST = 'This YAML file holds no CSL-YAML list of references to add to, so no entry was added.';

function cslYamlEntry(text: string, offset: number, book: Book, key: string, lineBreak: string): NewEntryResult {
  const { body, base } = withoutBom(text);
  const result = cslYamlBodyEntry(body, offset - base, book, key, lineBreak);
  return 'edit' in result ? { key, edit: { ...result.edit, start: result.edit.start + base, end: result.edit.end + base } } : result;
}

function cslYamlBodyEntry(text: string, offset: number, book: Book, key: string, lineBreak: string): NewEntryResult {
  const unit = indentationOf(text).tabSize;
  const item = cslItem(book, key);
  const doc = parseDocument(text);
  if (yamlTooDeep(doc)) return { error: TOO_DEEP_TO_INSERT };
  const items = cslYamlItems(doc);
  if (items?.flow && items.range) return flowListEntry(text, offset, items, item, key, lineBreak);
  const after = items && itemAtOrBefore(items, offset);
  if (!after) {
    if (text.trim() !== '') return { error: NO_YAML_LIST };
    const block = yamlText({ references: [item] }, unit).split('\n').join(lineBreak);
    const gap = text === '' || text.endsWith('\n') ? '' : lineBreak;
    return { key, edit: { start: text.length, end: text.length, newText: gap + block + lineBreak } };
  }
  const start = after.range![0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const dash = text.lastIndexOf('-', start - 1);
  const dashColumn = dash >= lineStart ? dash - lineStart : start - lineStart;
  // A list of flow items (`- {id: a, …}`) gets one more; a block list a block item.
  const lines = after.flow ? [`- ${yamlFlowText(item, text[start + 1] === ' ')}`] : yamlText([item], unit).split('\n');
  const block = lines.map((line) => ' '.repeat(dashColumn) + line).join(lineBreak);
  let end = after.range![1];
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  const eol = text.indexOf('\n', end);
  const at = eol < 0 ? text.length : text.charCodeAt(eol - 1) === 13 ? eol - 1 : eol;
  // A blank line between items where the file has them.
  const blank = /\n[ \t]*\r?\n[ \t]*-/.test(text) ? lineBreak : '';
  return { key, edit: { start: at, end: at, newText: lineBreak + blank + block } };
}

/** The item the cursor is in or after; the last one when it is before them all. */
function itemAtOrBefore(items: YAMLSeq, offset: number): YAMLMap | undefined {
  const nodes = items.items.filter((n): n is YAMLMap => isMap(n) && n.range !== undefined);
  return [...nodes].reverse().find((n) => n.range![0] <= offset) ?? nodes[nodes.length - 1];
}

/** A flow list (`[{…}, {…}]`): the item in flow style after the one at the cursor, on a line of its own where the items have theirs. */
function flowListEntry(text: string, offset: number, items: YAMLSeq, item: Record<string, unknown>, key: string, lineBreak: string): NewEntryResult {
  if (items.items.length === 0) {
    const at = items.range![0] + 1;
    return { key, edit: { start: at, end: at, newText: yamlFlowText(item, text[at] === ' ') } };
  }
  const after = itemAtOrBefore(items, offset);
  if (!after) return { error: NO_YAML_LIST };
  const [start, end] = after.range!;
  const lead = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  const gap = /^[ \t]*$/.test(lead) ? `,${lineBreak}${lead}` : ', ';
  return { key, edit: { start: end, end, newText: gap + yamlFlowText(item, text[start + 1] === ' ') } };
}

function risEntry(text: string, offset: number, book: Book): NewEntryResult {
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
