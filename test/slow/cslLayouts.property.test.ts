/**
 * Property: CSL-JSON and CSL-YAML files in random layouts, as tools and people
 * write them (pretty, minified, one-line items, several items on a line, a
 * first item on the `[` line, flow items, block scalars, quoting, comments,
 * blank lines), annotated (fill and refresh) and given a new entry. The result
 * parses; the items with no book found are exactly as they were; every edit
 * lies inside the item it fills, a fill only inserts, Insert Entry only inserts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type ParseError, parse as parseJsonc } from 'jsonc-parser';
import { isMap, parseDocument } from 'yaml';
import { fillCslJson } from '../../src/core/formats/cslJson/fill';
import { fillCslYaml } from '../../src/core/formats/cslYaml/fill';
import type { FillMode } from '../../src/core/formats/shared/fillPlan';
import { newEntryEdit } from '../helpers/formats';
import { cslYamlItems } from '../../src/core/formats/cslYaml/read';
import { applyEdits, type TextEdit } from '../../src/core/edit/textEdit';
import { BOOKS, book, results } from '../helpers/books';

const hostile = book('9780306406157', 'Data, Code: {All} #1 [x] "quoted" | > - \'s & *a', ['O\'Brien, "Jr"', 'A: B'], { publisher: '#1 Press, {Ltd}', year: 2001, pages: 12, language: 'en' });
const LOOKUPS = results([BOOKS.kr, BOOKS.camus, hostile]);
type Item = Record<string, unknown>;

const title = fc.oneof(fc.constantFrom('Old title', 'The C Programming Language', 'Saga', 'L\'Étranger', 'A: b, c # d', '{x}'), fc.string({ maxLength: 12 }));
const itemArb = fc.record(
  {
    type: fc.constantFrom('book', 'book', 'chapter', 'article-journal', 'Book'),
    ISBN: fc.constantFrom('9780131103627', '978-2-07-036002-4', '0306406152', '9783161484100', '12345'),
    title,
    publisher: fc.constantFrom('Old Press', 'Prentice Hall'),
    note: fc.string({ maxLength: 8 }),
    issued: fc.constantFrom({ 'date-parts': [[1988]] }, { 'date-parts': [[2020, 5]] }, { raw: '1999' }),
    author: fc.constantFrom([{ family: 'Doe', given: 'J.' }], [{ literal: 'Org' }]),
  },
  { requiredKeys: ['type'] },
);
const itemsArb = fc.array(itemArb, { minLength: 1, maxLength: 5 }).map((items) => items.map((item, k): Item => ({ id: `id${k}`, ...item })));
const modeArb = fc.constantFrom<FillMode>('fill', 'refresh');

const ISBN13: Record<string, string> = { '9780131103627': '9780131103627', '978-2-07-036002-4': '9782070360024', '0306406152': '9780306406157' };

/** The book a look-up found for the item's ISBN. */
function bookOf(item: Item): { title: string } | undefined {
  const result = LOOKUPS.get(ISBN13[String(item.ISBN)] ?? '');
  return result?.status === 'found' ? result.book : undefined;
}

/** Whether a fill writes into the item: a book was found and its type takes a book's fields. */
function filled(item: Item): boolean {
  return bookOf(item) !== undefined && ['book', 'chapter'].includes(String(item.type).toLowerCase());
}

/** What an item must show after a fill or refresh: an item not filled as it was; a filled one keeps its values (fill) or shows the book's title (refresh). */
function checkItem(before: Item, after: Item, source: Item, mode: FillMode): void {
  if (!filled(source)) return assert.deepEqual(after, before, `item ${String(source.id)} changed`);
  // An empty value counts as missing: a fill replaces it.
  if (mode === 'fill') for (const [name, value] of Object.entries(before)) if (value !== '') assert.deepEqual(after[name], value);
  const titleName = String(source.type).toLowerCase() === 'chapter' ? 'container-title' : 'title';
  // Refresh compares values as text without surrounding space (a `|` title ends in a line break).
  if (mode === 'refresh' || before[titleName] === undefined) assert.equal(String(after[titleName]).trim(), bookOf(source)!.title);
}

/** Whether a fill only inserts: it replaces nothing but an empty value. */
function insertsOnly(items: Item[], mode: FillMode): boolean {
  return mode === 'fill' && items.every((item) => !Object.values(item).includes(''));
}

/** Every edit inside one of the spans; in fill mode, insertions only. */
function editsInside(edits: readonly TextEdit[], spans: Array<[number, number]>, insertOnly: boolean): void {
  for (const e of edits) {
    assert.ok(spans.some(([s, end]) => e.start >= s && e.end <= end), `edit ${JSON.stringify(e)} outside the items filled ${JSON.stringify(spans)}`);
    if (insertOnly) assert.equal(e.start, e.end, `a fill that replaces: ${JSON.stringify(e)}`);
  }
}

/** The same text with CRLF line breaks, its spans moved with it. */
function withCrlf({ text, spans }: { text: string; spans: Array<[number, number]> }): { text: string; spans: Array<[number, number]> } {
  const at = (offset: number) => offset + (text.slice(0, offset).match(/\n/g)?.length ?? 0);
  return { text: text.replace(/\n/g, '\r\n'), spans: spans.map(([s, e]) => [at(s), at(e)]) };
}

// ---- CSL-JSON ----

const jsonItemStyle = fc.constantFrom('pretty2', 'pretty4', 'tabs', 'compact', 'spaced');
const jsonGap = fc.constantFrom(',\n  ', ', ', ',', ',\n  // note\n  ', ' ,\n\n  ', ', /* c */ ');
const jsonLayout = fc.record({ crlf: fc.boolean(), open: fc.constantFrom('[\n  ', '[', '[ ', '[ // list\n  '), close: fc.constantFrom('\n]\n', ']', ' ]\n', '\n]'), styles: fc.array(jsonItemStyle, { minLength: 5, maxLength: 5 }), gaps: fc.array(jsonGap, { minLength: 5, maxLength: 5 }) });

function jsonItemText(item: Item, style: string): string {
  switch (style) {
    case 'pretty2':
      return JSON.stringify(item, null, 2).replace(/\n/g, '\n  ');
    case 'pretty4':
      return JSON.stringify(item, null, 4);
    case 'tabs':
      return JSON.stringify(item, null, '\t').replace(/\n/g, '\n\t');
    case 'compact':
      return JSON.stringify(item);
    default:
      return JSON.stringify(item, null, 1).replace(/\n\s*/g, ' ');
  }
}

function jsonText(items: Item[], layout: { crlf: boolean; open: string; close: string; styles: string[]; gaps: string[] }): { text: string; spans: Array<[number, number]> } {
  if (layout.crlf) return withCrlf(jsonText(items, { ...layout, crlf: false }));
  let text = layout.open;
  const spans: Array<[number, number]> = [];
  items.forEach((item, k) => {
    if (k > 0) text += layout.gaps[k];
    const written = jsonItemText(item, layout.styles[k]);
    spans.push([text.length, text.length + written.length]);
    text += written;
  });
  return { text: text + layout.close, spans };
}

/** A CRLF file stays CRLF. */
function sameLineBreaks(before: string, after: string): void {
  if (before.includes('\r\n')) assert.doesNotMatch(after, /[^\r]\n/, 'a lone LF in a CRLF file');
}

function parsedJson(text: string): Item[] {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true }) as Item[];
  assert.deepEqual(errors, [], `not valid JSON:\n${text}`);
  return value;
}

test('property: CSL-JSON in any layout is annotated inside the right items only, and stays valid', () => {
  fc.assert(
    fc.property(itemsArb, jsonLayout, modeArb, (items, layout, mode) => {
      const { text, spans } = jsonText(items, layout);
      const { edits } = fillCslJson(text, LOOKUPS, mode);
      const out = parsedJson(applyEdits(text, edits));
      sameLineBreaks(text, applyEdits(text, edits));
      assert.equal(out.length, items.length);
      items.forEach((item, k) => checkItem(item, out[k], item, mode));
      editsInside(edits, spans.filter((_, k) => filled(items[k])), insertsOnly(items, mode));
      const again = applyEdits(applyEdits(text, edits), fillCslJson(applyEdits(text, edits), LOOKUPS, mode).edits);
      assert.equal(again, applyEdits(text, edits), 'a second run changes nothing');
    }),
    { numRuns: 300 },
  );
});

test('property: Insert Entry into CSL-JSON in any layout adds one item and keeps every byte', () => {
  fc.assert(
    fc.property(itemsArb, jsonLayout, fc.nat(), (items, layout, at) => {
      const { text } = jsonText(items, layout);
      const result = newEntryEdit(text, at % (text.length + 1), BOOKS.knuth, 'csl-json');
      assert.ok('edit' in result, 'refused' in result ? result.refused : '');
      assert.equal(result.edit.start, result.edit.end, 'an insertion');
      const out = parsedJson(applyEdits(text, [result.edit]));
      sameLineBreaks(text, applyEdits(text, [result.edit]));
      assert.deepEqual(out.filter((i) => i.id !== result.key), items);
      assert.equal(out.length, items.length + 1);
    }),
    { numRuns: 300 },
  );
});

// ---- CSL-YAML ----

const yamlItemStyle = fc.constantFrom('block', 'block', 'flow', 'flowPadded');
const titleStyle = fc.constantFrom('double', 'single', 'plain', 'literal', 'folded', 'keep');
const yamlLayout = fc.record({
  root: fc.constantFrom('list', 'references', 'flowList', 'flowReferences'),
  styles: fc.array(yamlItemStyle, { minLength: 5, maxLength: 5 }),
  titles: fc.array(titleStyle, { minLength: 5, maxLength: 5 }),
  comments: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  blank: fc.boolean(),
  crlf: fc.boolean(),
});

type YamlLayout = { root: string; styles: string[]; titles: string[]; comments: boolean[]; blank: boolean; crlf: boolean };

function yamlScalar(value: unknown, style: string, indent: string): string {
  const s = String(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (style === 'single') return `'${s.replace(/'/g, "''")}'`;
  if (style === 'plain' && /^[A-Za-z][A-Za-z0-9 .]*$/.test(s) && !/ $/.test(s)) return s;
  if ((style === 'literal' || style === 'folded' || style === 'keep') && /^[A-Za-z][A-Za-z0-9 ]*$/.test(s) && !/ $/.test(s)) return `${style === 'literal' ? '|' : style === 'folded' ? '>-' : '|-'}\n${indent}  ${s}`;
  return JSON.stringify(s);
}

function yamlText(items: Item[], layout: YamlLayout): { text: string; spans: Array<[number, number]> } {
  if (layout.crlf) return withCrlf(yamlText(items, { ...layout, crlf: false }));
  const flowRoot = layout.root.startsWith('flow');
  const indent = layout.root === 'references' ? '  ' : '';
  let text = layout.root === 'references' ? '# refs\nreferences:\n' : layout.root === 'flowReferences' ? 'references: [\n  ' : flowRoot ? '[' : '';
  const spans: Array<[number, number]> = [];
  items.forEach((item, k) => {
    const flow = flowRoot || layout.styles[k] !== 'block';
    if (flowRoot && k > 0) text += k % 2 ? ', ' : ',\n  ';
    else if (!flowRoot) text += (k > 0 && layout.blank ? '\n' : '') + indent + '- ';
    const start = text.length;
    if (flow) {
      const pad = layout.styles[k] === 'flowPadded' ? ' ' : '';
      text += `{${pad}${Object.entries(item).map(([name, value]) => `${name}: ${typeof value === 'object' ? JSON.stringify(value) : JSON.stringify(value)}`).join(', ')}${pad}}`;
    } else {
      text += Object.entries(item)
        .map(([name, value], n) => {
          const lead = n === 0 ? '' : indent + '  ';
          const written = name === 'title' ? yamlScalar(value, layout.titles[k], indent + '  ') : typeof value === 'object' ? JSON.stringify(value) : yamlScalar(value, 'plain', '');
          return `${lead}${name}: ${written}${layout.comments[k] && n === 1 ? ' # mine' : ''}`;
        })
        .join('\n');
    }
    spans.push([start, text.length]);
    if (!flowRoot) text += layout.comments[k] ? '  # end\n' : '\n';
  });
  text += flowRoot ? (layout.root === 'flowReferences' ? '\n]\n' : ']\n') : '';
  return { text, spans };
}

function parsedYaml(text: string): Item[] {
  const doc = parseDocument(text);
  assert.deepEqual([...doc.errors, ...doc.warnings].map((e) => e.message), [], `not valid YAML:\n${text}`);
  const items = cslYamlItems(doc);
  assert.ok(items, text);
  return items.items.map((n) => (isMap(n) ? (n.toJSON() as Item) : {}));
}

test('property: CSL-YAML in any layout is annotated inside the right items only, and stays valid', () => {
  fc.assert(
    fc.property(itemsArb, yamlLayout, modeArb, (items, layout, mode) => {
      const { text, spans } = yamlText(items, layout);
      const before = parsedYaml(text);
      const { edits } = fillCslYaml(text, LOOKUPS, mode);
      const annotated = applyEdits(text, edits);
      const out = parsedYaml(annotated);
      sameLineBreaks(text, annotated);
      assert.equal(out.length, items.length);
      before.forEach((item, k) => checkItem(item, out[k], items[k], mode));
      // A block item's span runs to the end of its last line (a comment there included).
      const lineEnds = spans.map(([s, e]): [number, number] => [s, text.indexOf('\n', e) < 0 ? text.length : text.indexOf('\n', e)]);
      editsInside(edits, lineEnds.filter((_, k) => filled(items[k])), insertsOnly(items, mode));
      assert.equal(applyEdits(annotated, fillCslYaml(annotated, LOOKUPS, mode).edits), annotated, 'a second run changes nothing');
    }),
    { numRuns: 300 },
  );
});

test('property: Insert Entry into CSL-YAML in any layout adds one item and keeps every byte', () => {
  fc.assert(
    fc.property(itemsArb, yamlLayout, fc.nat(), (items, layout, at) => {
      const { text } = yamlText(items, layout);
      const before = parsedYaml(text);
      const result = newEntryEdit(text, at % (text.length + 1), BOOKS.knuth, 'csl-yaml');
      assert.ok('edit' in result, 'refused' in result ? result.refused : '');
      assert.equal(result.edit.start, result.edit.end, 'an insertion');
      const out = parsedYaml(applyEdits(text, [result.edit]));
      sameLineBreaks(text, applyEdits(text, [result.edit]));
      assert.deepEqual(out.filter((i) => i.id !== result.key), before);
      assert.equal(out.find((i) => i.id === result.key)?.title, 'The TeXbook');
    }),
    { numRuns: 300 },
  );
});
