/**
 * CSL-YAML: the items with an ISBN whose book was found get the variables they
 * lack (or, in refresh mode, also those that differ). The `yaml` Document API
 * gives every item's and value's offsets; new pairs are written by `yaml`
 * itself and placed after the item's last line at its keys' column, and a
 * refreshed scalar keeps its quoting. Comments, blank lines and everything
 * else stay byte for byte.
 */
import { Document, isMap, isScalar, isSeq, type Pair, parseDocument, Scalar, type YAMLMap } from 'yaml';
import { type AnnotationReport, emptyReport } from '../model/fillReport';
import { lineBreakOf, minimalEdit, type TextEdit } from '../edit/textEdit';
import type { LookupResult } from '../model/lookup';
import { type CslValue, cslFields, cslSameMeaning, sameCslValue } from './cslFields';
import { addEntryEdits, foundBook, isbnsOfEntries } from './entryLookup';
import { isbnsInValue } from './entry';
import { type FillMode, planFill } from './fillPlan';
import { indentationOf } from './indentation';
import { cslYamlItems, readCslYaml } from './readCslYaml';
import { yamlText } from './yamlText';

export function cslYamlIsbns(text: string): string[] {
  return isbnsOfEntries(readCslYaml(text));
}

export function fillCslYaml(text: string, results: ReadonlyMap<string, LookupResult>, mode: FillMode = 'fill'): { edits: TextEdit[]; report: AnnotationReport } {
  const report = emptyReport();
  const edits: TextEdit[] = [];
  const items = cslYamlItems(parseDocument(text));
  const unit = indentationOf(text).tabSize;
  const lineBreak = lineBreakOf(text);
  for (const node of items?.items ?? []) {
    if (!isMap(node) || !node.range) continue;
    const isbnNode = node.get('ISBN', true);
    if (!isScalar(isbnNode) || !isbnNode.range) continue;
    const book = foundBook(isbnsInValue(text.slice(isbnNode.range[0], isbnNode.range[1]), isbnNode.range[0]), results, report);
    if (!book) continue;
    const type = String(node.get('type') ?? '').toLowerCase();
    const pairOf = (name: string) => node.items.find((p) => isScalar(p.key) && p.key.value === name);
    const valueOf = (name: string): unknown => {
      const value = pairOf(name)?.value;
      return value && typeof value === 'object' && 'toJSON' in value ? (value as { toJSON(): unknown }).toJSON() : value;
    };
    const plan = planFill(cslFields(book, type), (name) => valueOf(name) !== undefined && valueOf(name) !== null && valueOf(name) !== '', cslSameMeaning, (name, value) => sameCslValue(name, valueOf(name), value), mode);
    const column = keyColumn(text, node);
    const itemEdits: TextEdit[] = [];
    for (const { name, value } of plan.replace) {
      const edit = replacement(text, pairOf(name)!, name, value, column, unit, lineBreak);
      if (edit) itemEdits.push(edit);
    }
    if (plan.add.length > 0) {
      const at = contentEnd(text, node);
      const added = plan.add.map(({ name, value }) => lineBreak + ' '.repeat(column) + pairText(name, value, column, unit, lineBreak)).join('');
      itemEdits.push({ start: at, end: at, newText: added });
    }
    addEntryEdits(edits, itemEdits, plan, report);
  }
  return { edits, report };
}

/** `name: value` as `yaml` writes it, continuation lines indented to `column`; short number lists in flow style. */
function pairText(name: string, value: CslValue, column: number, unit: number, lineBreak: string): string {
  const lines = yamlText({ [name]: value }, unit).split('\n');
  return lines.map((line, k) => (k === 0 ? line : ' '.repeat(column) + line)).join(lineBreak);
}

/** A refreshed value: a scalar in place with its own quoting; a list or map as a rewritten pair. */
function replacement(text: string, pair: Pair, name: string, value: CslValue, column: number, unit: number, lineBreak: string): TextEdit | undefined {
  const old = pair.value;
  if (isScalar(old) && old.range && (typeof value === 'string' || typeof value === 'number')) {
    const scalar = new Scalar(value);
    scalar.type = old.type === Scalar.PLAIN ? undefined : old.type;
    const written = new Document(scalar).toString({ lineWidth: 0 }).replace(/\n$/, '');
    return minimalEdit(text, old.range[0], old.range[1], written);
  }
  const key = pair.key as Scalar;
  if (!key.range || !(isSeq(old) || isMap(old) || isScalar(old)) || !old.range) return undefined;
  return minimalEdit(text, key.range[0], trimmedEnd(text, old.range[1]), pairText(name, value, column, unit, lineBreak));
}

/** Column of an item's keys (`- id:` puts it after the dash). */
function keyColumn(text: string, node: YAMLMap): number {
  const start = node.range![0];
  return start - (text.lastIndexOf('\n', start - 1) + 1);
}

/** End of an item's last line with content (after a trailing comment, before the line break). */
function contentEnd(text: string, node: YAMLMap): number {
  const end = trimmedEnd(text, node.range![1]);
  const eol = text.indexOf('\n', end);
  const lineEnd = eol < 0 ? text.length : eol;
  return text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
}

function trimmedEnd(text: string, end: number): number {
  let k = end;
  while (k > 0 && /\s/.test(text[k - 1])) k--;
  return k;
}
