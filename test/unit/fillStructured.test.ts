import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cslJsonIsbns, fillCslJson } from '../../src/core/formats/cslJson/fill';
import { cslYamlIsbns, fillCslYaml } from '../../src/core/formats/cslYaml/fill';
import { fillRis, risIsbns } from '../../src/core/formats/ris/fill';
import { applyEdits, type TextEdit } from '../../src/core/edit/textEdit';
import { BOOKS, book, NOT_FOUND, QUOTA, results } from '../helpers/books';

const read = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'bibliography', name), 'utf8');
const nordic = book('9780306406157', 'Nordic Essays', ['Karen Hansen'], { publisher: 'Sonnenuhr', year: 2004, pages: 312, language: 'da' });
const lookups = results([BOOKS.kr, BOOKS.camus, nordic]);

/** Every edit only inserts or replaces inside the text: no byte outside an edit moves. */
function outsideUnchanged(text: string, edits: readonly TextEdit[]): void {
  const out = applyEdits(text, edits);
  let at = 0;
  let outAt = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    assert.equal(out.slice(outAt, outAt + e.start - at), text.slice(at, e.start));
    outAt += e.start - at + e.newText.length;
    at = e.end;
  }
  assert.equal(out.slice(outAt), text.slice(at));
}

const FORMATS = [
  { name: 'CSL-JSON', file: 'items.json', filled: 'items.fill.json', fill: fillCslJson, isbns: cslJsonIsbns },
  { name: 'CSL-YAML', file: 'items.yaml', filled: 'items.fill.yaml', fill: fillCslYaml, isbns: cslYamlIsbns },
  { name: 'RIS', file: 'records.ris', filled: 'records.fill.ris', fill: fillRis, isbns: risIsbns },
];

for (const format of FORMATS) {
  test(`${format.name}: missing fields filled in the file's own layout; a rerun changes nothing`, () => {
    const text = read(format.file);
    const { edits, report } = format.fill(text, lookups, 'fill');
    const out = applyEdits(text, edits);
    assert.equal(out, read(format.filled));
    outsideUnchanged(text, edits);
    assert.ok(report.changed > 0);
    assert.deepEqual(format.fill(out, lookups, 'fill').edits, [], 'a rerun fills nothing');
    const refreshed = applyEdits(out, format.fill(out, lookups, 'refresh').edits);
    assert.deepEqual(format.fill(refreshed, lookups, 'refresh').edits, [], 'a second refresh changes nothing');
  });

  test(`${format.name}: look-ups are the valid ISBN-13s; unusable results are counted`, () => {
    const text = read(format.file);
    const isbns = format.isbns(text);
    assert.ok(isbns.every((i) => /^97[89][0-9]{10}$/.test(i)));
    assert.ok(isbns.includes('9780131103627'));
    const { edits, report } = format.fill(text, results([], { '9780131103627': NOT_FOUND, '9780306406157': QUOTA, '9782070360024': NOT_FOUND }));
    assert.deepEqual(edits, []);
    assert.equal(report.changed, 0);
    assert.ok(report.notFound >= 1);
  });
}

test('CSL-JSON: an edited book gets no author, a chapter no title, author or page count', () => {
  const out = JSON.parse(read('items.fill.json')) as Array<Record<string, unknown>>;
  const edited = out.find((i) => i.id === 'nordic2004')!;
  assert.equal(edited.author, undefined);
  assert.equal(edited['number-of-pages'], '312');
  const chapter = out.find((i) => i.id === 'olsen2004harbour')!;
  assert.equal(chapter.title, 'The Harbour at Dusk');
  assert.equal(chapter['number-of-pages'], undefined);
  assert.equal(chapter.page, '45-67');
  assert.deepEqual(chapter.author, [{ family: 'Olsen', given: 'Jens' }]);
});

test('CSL-JSON refresh replaces a differing value in place, keeps a fuller date and key order', () => {
  const text = '[\n\t{\n\t\t"id": "k",\n\t\t"type": "book",\n\t\t"title": "Old title",\n\t\t"issued": {"date-parts": [[1988, 4, 1]]},\n\t\t"ISBN": "9780131103627"\n\t}\n]\n';
  const out = applyEdits(text, fillCslJson(text, results([BOOKS.kr]), 'refresh').edits);
  assert.match(out, /\t\t"title": "The C Programming Language",\n\t\t"issued": \{"date-parts": \[\[1988, 4, 1\]\]\},\n\t\t"ISBN"/);
  assert.match(out, /\n\t\t"author": \[\n\t\t\t\{/, 'tabs stay tabs');
  assert.deepEqual(fillCslJson('{"not": "a list"}', results([BOOKS.kr])).edits, []);
});

test('CSL-YAML refresh keeps a scalar\'s quoting and the comment beside it', () => {
  const text = 'references:\n- id: k   # mine\n  type: book\n  title: "Old"  # typed by hand\n  ISBN: 0-13-110362-8\n';
  const out = applyEdits(text, fillCslYaml(text, results([BOOKS.kr]), 'refresh').edits);
  assert.match(out, /^ {2}title: "The C Programming Language" {2}# typed by hand$/m);
  assert.match(out, /^- id: k {3}# mine$/m);
  assert.match(out, /^ {2}publisher: Prentice Hall$/m);
});

test('RIS: CRLF kept, new tags before ER, a cut-off record left alone, nothing for non-book types', () => {
  const filled = read('records.fill.ris');
  assert.ok(!/[^\r]\n/.test(filled), 'every line break stays CRLF');
  const cut = 'TY  - BOOK\nSN  - 9780131103627\n';
  const result = fillRis(cut, results([BOOKS.kr]));
  assert.deepEqual(result.edits, []);
  assert.equal(result.report.leftAlone, 1);
  const journal = 'TY  - JOUR\nTI  - X\nSN  - 9780131103627\nER  - \n';
  assert.deepEqual(fillRis(journal, results([BOOKS.kr])).edits, []);
  const refreshed = applyEdits(read('records.ris'), fillRis(read('records.ris'), lookups, 'refresh').edits);
  assert.match(refreshed, /ID {2}- nakamura1982salt\r\nTI {2}- The C Programming Language\r\n/);
});
