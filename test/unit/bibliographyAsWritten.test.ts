/** Bibliographies as tools write them (issue 24): RIS and CSL layouts the fills and Insert Entry must keep valid. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse as parseYaml, parseDocument } from 'yaml';
import { annotationRefusal } from '../helpers/formats';
import { fillCslJson } from '../../src/core/formats/cslJson/fill';
import { fillCslYaml } from '../../src/core/formats/cslYaml/fill';
import { fillRis } from '../../src/core/formats/ris/fill';
import { newEntryEdit } from '../helpers/formats';
import { readBibliography } from '../helpers/formats';
import { applyEdits, type TextEdit } from '../../src/core/edit/textEdit';
import { BOOKS, book, results } from '../helpers/books';

const nordic = book('9780306406157', 'Nordic Essays', ['Karen Hansen'], { publisher: 'Sonnenuhr', year: 2004 });

test('RIS: an ISSN and an ISBN in one SN line give the ISBN, and the record is filled', () => {
  const text = 'TY  - BOOK\nSN  - 0028-0836 9780306406157\nER  - \n';
  const [record] = readBibliography(text, 'ris');
  assert.deepEqual(record.isbns.map((i) => text.slice(i.start, i.end)), ['9780306406157']);
  const out = applyEdits(text, fillRis(text, results([nordic])).edits);
  assert.equal(out, 'TY  - BOOK\nSN  - 0028-0836 9780306406157\nAU  - Hansen, Karen\nTI  - Nordic Essays\nPY  - 2004\nPB  - Sonnenuhr\nER  - \n');
  const listed = 'TY  - BOOK\nSN  - 9780306406157; 1234-567X\nER  - \n';
  assert.deepEqual(readBibliography(listed, 'ris')[0].isbns.map((i) => i.raw), ['9780306406157']);
});

test('RIS: CR-only line ends give every record with its lines; fills and new records write CR', () => {
  const text = 'TY  - BOOK\rTI  - Nordic Essays\rSN  - 9780306406157\rER  - \r\rTY  - BOOK\rSN  - 9780131103627\rER  - \r';
  const records = readBibliography(text, 'ris');
  assert.deepEqual(records.map((r) => [r.title, r.line, r.isbns.map((i) => i.raw)]), [
    ['Nordic Essays', 0, ['9780306406157']],
    [undefined, 5, ['9780131103627']],
  ]);
  const out = applyEdits(text, fillRis(text, results([nordic, BOOKS.kr])).edits);
  assert.ok(!out.includes('\n'), 'no LF in a CR file');
  assert.deepEqual(readBibliography(out, 'ris').map((r) => r.title), ['Nordic Essays', 'The C Programming Language']);
  const result = newEntryEdit(text, text.indexOf('Nordic'), BOOKS.camus, 'ris');
  assert.ok('edit' in result);
  const inserted = applyEdits(text, [result.edit]);
  assert.ok(!inserted.includes('\n'));
  assert.deepEqual(readBibliography(inserted, 'ris').map((r) => r.title), ['Nordic Essays', "L'Étranger", undefined]);
});

/** The edits only insert, or replace inside the span of the item named: every byte elsewhere is kept. */
function onlyInside(edits: readonly TextEdit[], start: number, end: number): void {
  for (const e of edits) assert.ok(e.start >= start && e.end <= end, `an edit at ${e.start}-${e.end} outside ${start}-${end}`);
}

function inserted(text: string, offset: number, format: 'csl-json' | 'csl-yaml'): string {
  const result = newEntryEdit(text, offset, BOOKS.knuth, format);
  assert.ok('edit' in result, 'refused' in result ? result.refused : '');
  return applyEdits(text, [result.edit]);
}

test('CSL-JSON, two items on one line: the item with the ISBN gets the fields, its neighbour nothing (case 1)', () => {
  for (const text of [
    '[\n  {"id": "a", "type": "book", "ISBN": "9780131103627"}, {"id": "b", "type": "book"}\n]\n',
    '[\n  {"id": "b", "type": "book"}, {"id": "a", "type": "book", "ISBN": "9780131103627"}\n]\n',
  ]) {
    const { edits, report } = fillCslJson(text, results([BOOKS.kr]));
    const [a, b] = ['"a"', '"b"'].map((id) => (JSON.parse(applyEdits(text, edits)) as Array<Record<string, unknown>>).find((i) => JSON.stringify(i.id) === id)!);
    assert.equal(a.title, 'The C Programming Language');
    assert.equal(a.publisher, 'Prentice Hall');
    assert.deepEqual(b, { id: 'b', type: 'book' });
    const start = text.indexOf('{"id": "a"');
    onlyInside(edits, start, text.indexOf('}', start) + 1);
    assert.equal(report.changed, 1);
    assert.doesNotMatch(applyEdits(text, edits), /\n {4}"/, 'a one-line item stays on one line');
  }
});

test('CSL-JSON minified, or a first item on the [ line: filled in place; Insert Entry reformats no item (case 2)', () => {
  const minified = '[{"id":"a","type":"book","ISBN":"9780131103627"},{"id":"b","type":"book"}]';
  const filled = applyEdits(minified, fillCslJson(minified, results([BOOKS.kr])).edits);
  assert.ok(filled.startsWith('[{"id":"a","type":"book","ISBN":"9780131103627","title":"The C Programming Language","author":[{"family":"Kernighan",'), filled);
  assert.ok(filled.endsWith('"language":"en"},{"id":"b","type":"book"}]'), filled);
  assert.doesNotMatch(filled.replace(/"[^"]*"/g, '""'), /\s/, 'still minified');
  assert.equal((JSON.parse(filled) as Array<{ language?: string }>)[0].language, 'en');
  const onBracketLine = '[{\n  "id": "a",\n  "type": "book",\n  "ISBN": "9780131103627"\n}]\n';
  const out = applyEdits(onBracketLine, fillCslJson(onBracketLine, results([BOOKS.kr])).edits);
  assert.ok(out.startsWith('[{\n  "id": "a",\n  "type": "book",\n  "ISBN": "9780131103627",\n  "title": "The C Programming Language",\n  "author": [\n    {\n'));
  const withKnuth = inserted(minified, minified.length, 'csl-json');
  assert.ok(withKnuth.startsWith(minified.slice(0, -1) + ',{"id":"knuth1984texbook","type":"book",'), withKnuth);
  assert.ok(!withKnuth.includes('\n'));
  assert.equal((JSON.parse(withKnuth) as unknown[]).length, 3);
  const before = inserted(minified, 0, 'csl-json');
  assert.ok(before.endsWith('},' + minified.slice(1)));
});

test('CSL-JSON nested 10,000 deep: a clear message from Annotate and Insert Entry, no stack overflow (case 4)', () => {
  const deep = '[{"id": "a", "type": "book", "ISBN": "9780131103627", "note": ' + '['.repeat(10_000) + ']'.repeat(10_000) + '}]';
  const { edits, report } = fillCslJson(deep, results([BOOKS.kr]));
  assert.deepEqual(edits, []);
  assert.equal(report.refused, 'tooDeep');
  const result = newEntryEdit(deep, deep.length, BOOKS.knuth, 'csl-json');
  assert.deepEqual(result, { refused: 'tooDeep' });
  assert.deepEqual(readBibliography(deep, 'csl-json'), [], 'read as no entries, not a stack overflow');
  assert.equal(annotationRefusal(deep, 'csl-json'), 'tooDeep');
});

/** YAML that `yaml` reads without an error or a warning. */
function validYaml(text: string): Array<Record<string, unknown>> {
  const doc = parseDocument(text);
  assert.deepEqual([...doc.errors, ...doc.warnings].map((e) => e.message), [], text);
  const value = doc.toJS() as unknown;
  return (Array.isArray(value) ? value : (value as { references: unknown[] }).references) as Array<Record<string, unknown>>;
}

test('CSL-YAML in flow style: new pairs inside the item\'s braces, the neighbour untouched (case 3)', () => {
  for (const text of ['- {id: a, type: book, ISBN: 9780131103627}\n- {id: b, type: book}\n', '[{id: a, type: book, ISBN: 9780131103627}, {id: b}]\n', 'references: [ { id: a, type: book, ISBN: "9780131103627" } ]\n']) {
    const { edits } = fillCslYaml(text, results([BOOKS.kr]));
    const items = validYaml(applyEdits(text, edits));
    assert.equal(items[0].title, 'The C Programming Language', text);
    assert.deepEqual(items[0].issued, { 'date-parts': [[1988]] });
    assert.deepEqual((items[0].author as unknown[]).length, 2);
    if (items[1]) assert.equal(items[1].title, undefined);
    const start = text.indexOf('{');
    onlyInside(edits, start, text.indexOf('}') + 1);
  }
  const tricky = book('9780131103627', 'Data, Code: {All} #1 [x]', ['A B'], { publisher: 'P & Q, Ltd' });
  const text = '- {id: a, type: book, ISBN: 9780131103627}\n';
  assert.equal(validYaml(applyEdits(text, fillCslYaml(text, results([tricky])).edits))[0].title, 'Data, Code: {All} #1 [x]');
});

test('CSL-YAML refresh of a | or >- block scalar keeps a valid block scalar; the pairs added after it follow (case 3)', () => {
  for (const text of [
    '- id: a\n  type: book\n  title: |\n    Old\n    title\n  ISBN: 9780131103627\n',
    '- id: a\n  type: book\n  ISBN: 9780131103627\n  title: >-\n    Old\n    title\n',
    'references:\n  - id: a\n    type: book\n    title: >-\n      Old title\n    ISBN: 9780131103627\n  - id: b\n',
  ]) {
    const out = applyEdits(text, fillCslYaml(text, results([BOOKS.kr]), 'refresh').edits);
    const items = validYaml(out);
    assert.equal(items[0].title, 'The C Programming Language', out);
    assert.equal(items[0].publisher, 'Prentice Hall');
    assert.match(out, /title: [|>]-?\n/, 'still a block scalar');
    assert.equal(items[0].ISBN, 9780131103627);
  }
});

test('CSL-YAML: a pair written empty (`title:`, `title: ""`, `title: ~`) is given its value once, never a second key', () => {
  for (const empty of ['title:', 'title: ""', 'title: ~ # later']) {
    const text = `- id: a\n  type: book\n  ${empty}\n  ISBN: 9780131103627\n`;
    const out = applyEdits(text, fillCslYaml(text, results([BOOKS.kr])).edits);
    assert.equal(validYaml(out)[0].title, 'The C Programming Language', out);
    assert.equal(out.match(/title:/g)?.length, 1);
  }
  const flow = '- {id: a, type: book, title: , ISBN: 9780131103627}\n';
  assert.equal(validYaml(applyEdits(flow, fillCslYaml(flow, results([BOOKS.kr])).edits))[0].title, 'The C Programming Language');
});

test('CSL-YAML Insert Entry: a flow list gets a flow item, a list of flow items one more (case 3)', () => {
  const flowList = 'references: [{id: a, type: book}, {id: b, type: book}]\n';
  const out = inserted(flowList, flowList.indexOf('id: a'), 'csl-yaml');
  assert.deepEqual(validYaml(out).map((i) => i.id), ['a', 'knuth1984texbook', 'b']);
  assert.ok(out.endsWith('{id: b, type: book}]\n'));
  const perLine = '[\n  {id: a},\n  {id: b}\n]\n';
  assert.match(inserted(perLine, perLine.length, 'csl-yaml'), /\n {2}\{id: b\},\n {2}\{id: knuth1984texbook, type: book, title: The TeXbook, /);
  assert.deepEqual(validYaml(inserted('references: []\n', 0, 'csl-yaml')).map((i) => i.id), ['knuth1984texbook']);
  const flowItems = '- {id: a, type: book}\n- {id: b, type: book}\n';
  const more = inserted(flowItems, flowItems.length, 'csl-yaml');
  assert.deepEqual(validYaml(more).map((i) => i.id), ['a', 'b', 'knuth1984texbook']);
  assert.match(more, /\n- \{id: knuth1984texbook, type: book, title: The TeXbook, author: \[\{family: Knuth, given: Donald E\.\}\], /);
  for (const notCsl of ['- a\n- b\n', '[a, b]\n']) assert.ok('refused' in newEntryEdit(notCsl, 0, BOOKS.knuth, 'csl-yaml'), `a list of no items: ${notCsl}`);
});

test('CSL-YAML after a byte-order mark: the first item is read, filled and inserted after (case 5)', () => {
  const text = '\ufeff- id: a\n  type: book\n  ISBN: 9780131103627\n- id: b\n  type: book\n';
  const entries = readBibliography(text, 'csl-yaml');
  assert.deepEqual(entries.map((e) => e.key), ['a', 'b']);
  assert.equal(text.slice(entries[0].keyStart, entries[0].keyEnd), 'a');
  const out = applyEdits(text, fillCslYaml(text, results([BOOKS.kr])).edits);
  assert.ok(out.startsWith('\ufeff- id: a\n  type: book\n  ISBN: 9780131103627\n  title: The C Programming Language\n'));
  assert.deepEqual(validYaml(out.slice(1)).map((i) => i.id), ['a', 'b']);
  const withNew = inserted(text, text.indexOf('id: a'), 'csl-yaml');
  assert.deepEqual((parseYaml(withNew.slice(1)) as Array<{ id: string }>).map((i) => i.id), ['a', 'knuth1984texbook', 'b']);
});

test('CSL-YAML nested too deep: a clear message from Annotate and Insert Entry', () => {
  const deep = '- id: a\n  type: book\n  ISBN: 9780131103627\n  note: ' + '['.repeat(10_000) + ']'.repeat(10_000) + '\n';
  assert.equal(fillCslYaml(deep, results([BOOKS.kr])).report.refused, 'tooDeep');
  assert.deepEqual(newEntryEdit(deep, 0, BOOKS.knuth, 'csl-yaml'), { refused: 'tooDeep' });
  assert.equal(annotationRefusal(deep, 'csl-yaml'), 'tooDeep');
  assert.equal(annotationRefusal('- id: a\n  type: book\n', 'csl-yaml'), undefined);
});
