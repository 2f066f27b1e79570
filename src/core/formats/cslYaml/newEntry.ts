/** A new CSL-YAML item for a book: after the item at the cursor, in the list's own style (block or flow), the rest byte for byte. */
import { isMap, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { cslItem } from '../csl/fields';
import { indentationOf } from '../shared/indentation';
import { yamlTooDeep } from '../shared/nesting';
import type { Book } from '../../model/book';
import type { NewEntryResult } from '../part';
import { cslYamlItems, withoutBom } from './read';
import { yamlFlowText, yamlText } from './yamlText';


export function cslYamlEntry(text: string, offset: number, book: Book, key: string, lineBreak: string): NewEntryResult {
  const { body, base } = withoutBom(text);
  const result = cslYamlBodyEntry(body, offset - base, book, key, lineBreak);
  return 'edit' in result ? { key, edit: { ...result.edit, start: result.edit.start + base, end: result.edit.end + base } } : result;
}

function cslYamlBodyEntry(text: string, offset: number, book: Book, key: string, lineBreak: string): NewEntryResult {
  const unit = indentationOf(text).tabSize;
  const item = cslItem(book, key);
  const doc = parseDocument(text);
  if (yamlTooDeep(doc)) return { refused: 'tooDeep' };
  const items = cslYamlItems(doc);
  if (items?.flow && items.range) return flowListEntry(text, offset, items, item, key, lineBreak);
  const after = items && itemAtOrBefore(items, offset);
  if (!after) {
    if (text.trim() !== '') return { refused: 'notCslYamlList' };
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
  if (!after) return { refused: 'notCslYamlList' };
  const [start, end] = after.range!;
  const lead = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  const gap = /^[ \t]*$/.test(lead) ? `,${lineBreak}${lead}` : ', ';
  return { key, edit: { start: end, end, newText: gap + yamlFlowText(item, text[start + 1] === ' ') } };
}
