/**
 * CSL-JSON: the items with an ISBN whose book was found get the variables they
 * lack (or, in refresh mode, also those that differ). Each item is edited on
 * its own text, exactly its `{…}` as jsonc-parser's tree gives it, through
 * `modify` at the variable's path, and the new text laid out like the item:
 * over lines in the file's indentation, on one line, or minified. Key order,
 * comments, the other items and every other byte stay as they are.
 */
import { applyEdits, findNodeAtLocation, type FormattingOptions, getNodeValue, modify } from 'jsonc-parser';
import { type AnnotationReport, emptyReport } from '../../model/fillReport';
import { lineBreakOf, minimalEdit, type TextEdit } from '../../edit/textEdit';
import type { LookupResult } from '../../model/lookup';
import { type CslValue, cslFields, cslSameMeaning, sameCslValue } from '../csl/fields';
import { lineCounter } from '../shared/entry';
import { addEntryEdits, foundBook, isbnsOfEntries } from '../shared/entryLookup';
import { type FillMode, type PlannedValue, planFill } from '../shared/fillPlan';
import { indentationOf } from '../shared/indentation';
import { jsonLayoutOf, layOut } from './jsonLayout';
import { jsonTooDeep } from '../shared/nesting';
import { cslJsonEntry, cslJsonItemNodes, readCslJson } from './read';

export function cslJsonIsbns(text: string): string[] {
  return isbnsOfEntries(readCslJson(text));
}

export function fillCslJson(text: string, results: ReadonlyMap<string, LookupResult>, mode: FillMode = 'fill'): { edits: TextEdit[]; report: AnnotationReport } {
  const report = emptyReport();
  if (jsonTooDeep(text)) return { edits: [], report: { ...report, refused: 'tooDeep' } };
  const edits: TextEdit[] = [];
  const formatting: FormattingOptions = { ...indentationOf(text), eol: lineBreakOf(text) };
  const line = lineCounter(text);
  for (const node of cslJsonItemNodes(text)) {
    const entry = cslJsonEntry(text, node, line);
    if (!entry || entry.isbns.length === 0) continue;
    const book = foundBook(entry.isbns, results, report);
    if (!book) continue;
    const existing = (name: string): unknown => {
      const found = findNodeAtLocation(node, [name]);
      return found ? getNodeValue(found) : undefined;
    };
    const plan = planFill(cslFields(book, entry.type), (name) => existing(name) !== undefined && existing(name) !== '', cslSameMeaning, (name, value) => sameCslValue(name, existing(name), value), mode);
    const item = withValues(text.slice(node.offset, node.offset + node.length), [...plan.replace, ...plan.add], formatting);
    const edit = minimalEdit(text, node.offset, node.offset + node.length, item);
    addEntryEdits(edits, edit ? [edit] : [], plan, report);
  }
  return { edits, report };
}

/** An item's text with each value set at its path (replaced in place, or added after the last variable), laid out like the item. */
export function withValues(itemText: string, values: readonly PlannedValue<CslValue>[], formatting: FormattingOptions): string {
  const layout = jsonLayoutOf(itemText);
  let item = itemText;
  for (const { name, value } of values) {
    const [written] = modify(item, [name], value, {}); // without formattingOptions: they reformat every line the edit touches
    // modify writes `"name": value`; a minified item gets `"name":value`.
    const edit = layout === 'minified' ? { ...written, content: written.content.replace(`${JSON.stringify(name)}: `, `${JSON.stringify(name)}:`) } : written;
    item = layOut(applyEdits(item, [edit]), edit.offset - 1, edit.content.length + 1, layout, formatting);
  }
  return item;
}
