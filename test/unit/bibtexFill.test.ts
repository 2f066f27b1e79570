import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { annotationSummary } from '../../src/editor/words/commands';
import { bibtexIsbns, fillEntries } from '../../src/core/formats/bibtex/fillEntries';
import { applyEdits } from '../../src/core/edit/textEdit';
import { BOOKS, book, NOT_FOUND, QUOTA, results } from '../helpers/books';

const FIXTURES = join(__dirname, '..', 'fixtures', 'annotate');
const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const before = read('references.before.bib');
const lookups = results(Object.values(BOOKS), { '9781402894626': NOT_FOUND, '9791090636071': NOT_FOUND, '9780262033848': QUOTA });

/** Everything outside the edited spans is byte for byte what it was. */
function assertOnlyEditsChange(text: string, edits: ReturnType<typeof fillEntries>['edits']): void {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let at = 0;
  const out = applyEdits(text, edits);
  let outAt = 0;
  for (const e of sorted) {
    assert.equal(out.slice(outAt, outAt + (e.start - at)), text.slice(at, e.start));
    outAt += e.start - at + e.newText.length;
    at = e.end;
  }
  assert.equal(out.slice(outAt), text.slice(at));
}

test('fixture, fill mode: missing fields added in each entry\'s own style', () => {
  const { edits, report } = fillEntries(before, lookups, 'fill');
  assert.equal(applyEdits(before, edits), read('references.fill.bib'));
  assertOnlyEditsChange(before, edits);
  assert.deepEqual(
    { changed: report.changed, fields: report.fields, notFound: report.notFound, invalid: report.invalid, skippedForQuota: report.skippedForQuota, leftAlone: report.leftAlone },
    { changed: 6, fields: 25, notFound: 1, invalid: 1, skippedForQuota: 1, leftAlone: 1 },
  );
  assert.equal(
    annotationSummary(report, 'bibtex'),
    'Filled 25 fields in 6 entries, 1 not found, 1 invalid, 1 skipped for quota, 1 entry skipped: not valid BibTeX.',
  );
});

test('fixture, refresh mode: also replaces values that differ, never macros', () => {
  const { edits } = fillEntries(before, lookups, 'refresh');
  assert.equal(applyEdits(before, edits), read('references.refresh.bib'));
  assertOnlyEditsChange(before, edits);
});

test('a rerun on the filled file changes nothing, in either mode', () => {
  for (const [mode, file] of [['fill', 'references.fill.bib'], ['refresh', 'references.refresh.bib']] as const) {
    const { edits, report } = fillEntries(read(file), lookups, mode);
    assert.deepEqual(edits, [], mode);
    assert.equal(report.changed, 0);
    assert.equal(report.unchanged, 6);
  }
});

test('@string, @preamble, @comment and comments are untouched, even with an isbn inside', () => {
  const { edits } = fillEntries(before, lookups, 'refresh');
  const firstEntry = before.indexOf('@book{kernighan1988');
  assert.ok(edits.every((e) => e.start > firstEntry));
});

test('CRLF files: new fields use CRLF; nothing else changes', () => {
  const crlf = before.replace(/\n/g, '\r\n');
  const { edits } = fillEntries(crlf, lookups, 'refresh');
  assert.equal(applyEdits(crlf, edits), read('references.refresh.bib').replace(/\n/g, '\r\n'));
  assertOnlyEditsChange(crlf, edits);
});

test('quoted entries get quoted values, braced ones braces; `=` alignment is followed', () => {
  const text = '@book{a,\n  title     = "Old",\n  isbn      = "0-306-40615-2",\n}\n';
  const out = applyEdits(text, fillEntries(text, results([book('9780306406157', 'Say "hi" & 50% off', ['Ann Smith'], { year: 2001 })])).edits);
  assert.equal(out, '@book{a,\n  title     = "Old",\n  isbn      = "0-306-40615-2",\n  author    = "Smith, Ann",\n  year      = "2001",\n}\n');
  const refreshed = applyEdits(text, fillEntries(text, results([book('9780306406157', 'Say "hi" & 50% off', [])]), 'refresh').edits);
  assert.equal(refreshed, '@book{a,\n  title     = "Say {"}hi{"} \\& 50\\% off",\n  isbn      = "0-306-40615-2",\n}\n');
});

test('an entry without a trailing comma gets none; one-line entries stay on one line', () => {
  const kr = results([BOOKS.kr]);
  assert.equal(
    applyEdits('@book{a,\n isbn={9780131103627}\n}', fillEntries('@book{a,\n isbn={9780131103627}\n}', kr).edits),
    '@book{a,\n isbn={9780131103627},\n author={Kernighan, Brian W. and Ritchie, Dennis M.},\n title={The C Programming Language},\n publisher={Prentice Hall},\n year={1988},\n language={english}\n}',
  );
  const one = '@book{a, isbn = {9780131103627},}';
  assert.equal(
    applyEdits(one, fillEntries(one, results([book('9780131103627', 'T', [])])).edits),
    '@book{a, isbn = {9780131103627}, title = {T},}',
  );
});

test('special characters are escaped for BibTeX; non-ASCII stays UTF-8', () => {
  const text = '@book{a,\n  isbn = {9780306406157},\n}\n';
  const out = applyEdits(text, fillEntries(text, results([BOOKS.bevington])).edits);
  assert.match(out, /author = \{Bevington, Philip R\. and \{AC\/DC Historians\}\},/);
  assert.match(out, /title = \{Data Reduction \\& Error\\_Analysis: \\textbraceleft\{\}100\\%\\textbraceright\{\} \*true\* \[sic\] \(2nd\) \\\$5 \\#1 \\textasciitilde\{\}x\\textasciicircum\{\}2 a\\textbackslash\{\}b \| c\},/);
  const camus = applyEdits(text.replace('9780306406157', '9782070360024'), fillEntries(text.replace('9780306406157', '9782070360024'), results([BOOKS.camus])).edits);
  assert.match(camus, /title = \{L'Étranger\}/);
});

test('BibLaTeX fields: date stands in for year, pagetotal holds the page count, langid the language; empty fields count as missing', () => {
  const text = '@book{a,\n  date = {1988-04},\n  pagetotal = {272},\n  title = { },\n  isbn = {9780131103627},\n}\n';
  const out = applyEdits(text, fillEntries(text, results([BOOKS.kr])).edits);
  assert.equal(
    out,
    '@book{a,\n  date = {1988-04},\n  pagetotal = {272},\n  title = {The C Programming Language},\n  isbn = {9780131103627},\n  author = {Kernighan, Brian W. and Ritchie, Dennis M.},\n  publisher = {Prentice Hall},\n  langid = {english},\n}\n',
  );
});

test('refresh leaves values that differ only in protective braces, escapes or spacing', () => {
  const text = '@book{a,\n  title = {The {C}   Programming Language},\n  publisher = "Prentice {Hall}",\n  isbn = {9780131103627},\n}\n';
  const { edits } = fillEntries(text, results([book('9780131103627', 'The C Programming Language', [], { publisher: 'Prentice Hall' })]), 'refresh');
  assert.deepEqual(edits, []);
});

test('concurrent edits: recomputing on the changed text keeps what was typed', () => {
  const typed = before.replace('  title     = {The {C} Programming Language},\n', '  title     = {The {C} Programming Language},\n  note      = {typed during the look-up},\n');
  const { edits } = fillEntries(typed, lookups, 'fill');
  const out = applyEdits(typed, edits);
  assert.match(out, /note {6}= \{typed during the look-up\},\n {2}isbn {6}= \{978-0-13-110362-7\},\n {2}publisher = \{Prentice Hall\},/);
  assertOnlyEditsChange(typed, edits);
});

test('only ISBNs of isbn fields in real entries are looked up', () => {
  assert.deepEqual(bibtexIsbns(before).sort(), ['9780131103627', '9780201134476', '9780262033848', '9780306406157', '9781402894626', '9782070360024', '9783161484100', '9791090636071']);
  assert.deepEqual(bibtexIsbns('@comment{isbn = {9780131103627}}\nisbn = {9780306406157}\n'), []);
});
