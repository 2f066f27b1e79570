/**
 * CSL-JSON: the items with an ISBN whose book was found get the variables they
 * lack (or, in refresh mode, also those that differ), through jsonc-parser's
 * `modify`, which appends a property after the item's last one in the file's
 * own indentation and line breaks. Key order, comments and every other byte
 * stay as they are.
 */
import { applyEdits as applyJsonEdits, findNodeAtLocation, getNodeValue, modify, parseTree } from 'jsonc-parser';
import { type AnnotationReport, emptyReport } from '../model/fillReport';
import { lineBreakOf, minimalEdit, type TextEdit } from '../edit/textEdit';
import type { LookupResult } from '../model/lookup';
import { cslFields, cslSameMeaning, sameCslValue } from './cslFields';
import { addEntryEdits, foundBook, isbnsOfEntries } from './entryLookup';
import { type FillMode, planFill } from './fillPlan';
import { indentationOf } from './indentation';
import { readCslJson } from './readCslJson';

export function cslJsonIsbns(text: string): string[] {
  return isbnsOfEntries(readCslJson(text));
}

export function fillCslJson(text: string, results: ReadonlyMap<string, LookupResult>, mode: FillMode = 'fill'): { edits: TextEdit[]; report: AnnotationReport } {
  const report = emptyReport();
  const edits: TextEdit[] = [];
  const formattingOptions = { ...indentationOf(text), eol: lineBreakOf(text) };
  for (const entry of readCslJson(text)) {
    if (entry.isbns.length === 0) continue;
    const book = foundBook(entry.isbns, results, report);
    if (!book) continue;
    // The item alone, from its line start so that modify sees its indentation.
    const from = text.lastIndexOf('\n', entry.start - 1) + 1;
    let item = text.slice(from, entry.end);
    const itemNode = parseTree(item);
    if (!itemNode) continue;
    const existing = (name: string): unknown => {
      const node = findNodeAtLocation(itemNode, [name]);
      return node ? getNodeValue(node) : undefined;
    };
    const plan = planFill(cslFields(book, entry.type), (name) => existing(name) !== undefined && existing(name) !== '', cslSameMeaning, (name, value) => sameCslValue(name, existing(name), value), mode);
    for (const { name, value } of [...plan.replace, ...plan.add]) item = applyJsonEdits(item, modify(item, [name], value, { formattingOptions }));
    const edit = minimalEdit(text, from, entry.end, item);
    addEntryEdits(edits, edit ? [edit] : [], plan, report);
  }
  return { edits, report };
}
