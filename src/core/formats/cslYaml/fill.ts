/**
 * CSL-YAML: the items with an ISBN whose book was found get the variables they
 * lack (or, in refresh mode, also those that differ). The `yaml` Document API
 * gives every item, pair and value with its offsets, and `yaml` writes every
 * new value, in the item's own style:
 * - a block item gets new pairs after its last line at its keys' column;
 * - a flow item (`- {id: a, ISBN: …}`, `[{…}]`) gets them inside its braces,
 *   in flow style, quoted where a flow collection needs it;
 * - a refreshed scalar keeps its quoting, a block scalar (`|`, `>-`) its style
 *   at the right indentation, a flow list its flow style.
 * Comments, blank lines, the other items and everything else stay byte for byte.
 */
import { isMap, isScalar, isSeq, type Node, type Pair, parseDocument, Scalar, type YAMLMap } from 'yaml';
import { type AnnotationReport, emptyReport } from '../../model/fillReport';
import { lineBreakOf, minimalEdit, type TextEdit } from '../../edit/textEdit';
import type { LookupResult } from '../../model/lookup';
import { type CslValue, cslFields, cslSameMeaning, sameCslValue } from '../csl/fields';
import { addEntryEdits, foundBook, isbnsOfEntries } from '../shared/entryLookup';
import { isbnsInValue } from '../shared/entry';
import { type FillMode, type PlannedValue, planFill } from '../shared/fillPlan';
import { indentationOf } from '../shared/indentation';
import { yamlTooDeep } from '../shared/nesting';
import { cslYamlItems, readCslYaml, withoutBom } from './read';
import { yamlFlowPair, yamlFlowText, yamlText } from './yamlText';

export function cslYamlIsbns(text: string): string[] {
  return isbnsOfEntries(readCslYaml(text));
}

export function fillCslYaml(text: string, results: ReadonlyMap<string, LookupResult>, mode: FillMode = 'fill'): { edits: TextEdit[]; report: AnnotationReport } {
  const { body, base } = withoutBom(text);
  const { edits, report } = fillBody(body, results, mode);
  return { edits: edits.map((e) => ({ ...e, start: e.start + base, end: e.end + base })), report };
}

function fillBody(text: string, results: ReadonlyMap<string, LookupResult>, mode: FillMode): { edits: TextEdit[]; report: AnnotationReport } {
  const report = emptyReport();
  const doc = parseDocument(text);
  if (yamlTooDeep(doc)) return { edits: [], report: { ...report, refused: 'tooDeep' } };
  const edits: TextEdit[] = [];
  const style: BlockStyle = { unit: indentationOf(text).tabSize, lineBreak: lineBreakOf(text) };
  for (const node of cslYamlItems(doc)?.items ?? []) {
    if (!isMap(node) || !node.range) continue;
    const isbnNode = node.get('ISBN', true);
    if (!isScalar(isbnNode) || !isbnNode.range) continue;
    const book = foundBook(isbnsInValue(text.slice(isbnNode.range[0], isbnNode.range[1]), isbnNode.range[0]), results, report);
    if (!book) continue;
    const type = String(node.get('type') ?? '').toLowerCase();
    const valueOf = (name: string): unknown => {
      const value = pairOf(node, name)?.value;
      return value && typeof value === 'object' && 'toJSON' in value ? (value as { toJSON(): unknown }).toJSON() : value;
    };
    const plan = planFill(cslFields(book, type), (name) => valueOf(name) !== undefined && valueOf(name) !== null && valueOf(name) !== '', cslSameMeaning, (name, value) => sameCslValue(name, valueOf(name), value), mode);
    // A pair that is there but empty (`title: ""`) is rewritten, never written twice.
    const present = (name: string) => pairOf(node, name) !== undefined;
    const writes: Writes = { rewrite: [...plan.replace, ...plan.add.filter((v) => present(v.name))], add: plan.add.filter((v) => !present(v.name)) };
    const itemEdits = node.flow ? flowItemEdits(text, node, writes) : blockItemEdits(text, node, writes, style);
    addEntryEdits(edits, joinTouching(itemEdits.filter((e): e is TextEdit => e !== undefined)), plan, report);
  }
  return { edits, report };
}

/** The pairs an item's edits rewrite, and those they add. */
interface Writes {
  rewrite: PlannedValue<CslValue>[];
  add: PlannedValue<CslValue>[];
}

interface BlockStyle {
  unit: number;
  lineBreak: string;
}

function pairOf(node: YAMLMap, name: string): Pair | undefined {
  return node.items.find((p) => isScalar(p.key) && p.key.value === name);
}

/** A flow map item: refreshed pairs rewritten in place, new pairs after its last one, inside the braces. */
function flowItemEdits(text: string, node: YAMLMap, plan: Writes): Array<TextEdit | undefined> {
  const edits = plan.rewrite.map(({ name, value }) => {
    const pair = pairOf(node, name)!;
    const [start, end] = [(pair.key as Node).range?.[0], (pair.value as Node | null)?.range?.[1]];
    return start === undefined || end === undefined ? undefined : minimalEdit(text, start, end, yamlFlowPair(name, keptScalar(pair.value, value)));
  });
  const last = node.items[node.items.length - 1];
  const at = (last?.value as Node | null)?.range?.[1] ?? (last?.key as Node | null)?.range?.[1];
  if (plan.add.length > 0 && at !== undefined) {
    edits.push({ start: at, end: at, newText: plan.add.map(({ name, value }) => `, ${yamlFlowPair(name, value)}`).join('') });
  }
  return edits;
}

/** A block map item: refreshed values in place, new pairs after its last line at its keys' column. */
function blockItemEdits(text: string, node: YAMLMap, plan: Writes, style: BlockStyle): Array<TextEdit | undefined> {
  const column = keyColumn(text, node);
  const edits = plan.rewrite.map(({ name, value }) => blockReplacement(text, pairOf(node, name)!, name, value, column, style));
  if (plan.add.length > 0) {
    const at = contentEnd(text, node);
    edits.push({ start: at, end: at, newText: plan.add.map(({ name, value }) => style.lineBreak + ' '.repeat(column) + pairText(name, value, column, style)).join('') });
  }
  return edits;
}

/** `name: value` as `yaml` writes it, continuation lines indented to `column`; short number lists in flow style. */
function pairText(name: string, value: CslValue | Scalar, column: number, style: BlockStyle): string {
  const lines = yamlText({ [name]: value }, style.unit).split('\n');
  return lines.map((line, k) => (k === 0 ? line : ' '.repeat(column) + line)).join(style.lineBreak);
}

/**
 * A refreshed value in a block item: a one-line scalar in place with its own
 * quoting; a flow list or map in place in flow style; a block scalar (`|`,
 * `>-`), a block list or map as a rewritten pair, a block scalar keeping its style.
 */
function blockReplacement(text: string, pair: Pair, name: string, value: CslValue, column: number, style: BlockStyle): TextEdit | undefined {
  const old = pair.value;
  if (!(isSeq(old) || isMap(old) || isScalar(old)) || !old.range) return undefined;
  const blockScalar = isScalar(old) && (old.type === Scalar.BLOCK_LITERAL || old.type === Scalar.BLOCK_FOLDED);
  // In place unless the value is written as nothing (`title:`), which has no room for one.
  if (isScalar(old) && !blockScalar && old.range[1] > old.range[0] && (typeof value === 'string' || typeof value === 'number')) {
    return minimalEdit(text, old.range[0], old.range[1], yamlText(keptScalar(old, value), style.unit));
  }
  if ((isSeq(old) || isMap(old)) && old.flow) return minimalEdit(text, old.range[0], old.range[1], yamlFlowText(value, text[old.range[0] + 1] === ' '));
  const key = pair.key as Scalar;
  if (!key.range) return undefined;
  return minimalEdit(text, key.range[0], trimmedEnd(text, old.range[1]), pairText(name, keptScalar(old, value), column, style));
}

/** A new string or number written as the old scalar was (quoted, plain, `|`, `>`); other values as they are. */
function keptScalar(old: unknown, value: CslValue): CslValue | Scalar {
  if (!isScalar(old) || (typeof value !== 'string' && typeof value !== 'number')) return value;
  const scalar = new Scalar(value);
  scalar.type = old.type === Scalar.PLAIN ? undefined : old.type;
  return scalar;
}

/** One item's edits with those that touch (a rewritten last pair and the pairs added after it) joined. */
function joinTouching(edits: TextEdit[]): TextEdit[] {
  const out: TextEdit[] = [];
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const prev = out[out.length - 1];
    if (prev && edit.start <= prev.end) out[out.length - 1] = { start: prev.start, end: Math.max(prev.end, edit.end), newText: prev.newText + edit.newText };
    else out.push(edit);
  }
  return out;
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
