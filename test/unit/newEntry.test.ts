import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import '../helpers/fakeVscode';
import { citeKeyPatternProblem as patternProblem, DEFAULT_CITE_KEY_PATTERN, formatCiteKey } from '../../src/core/formats/bibtex/citeKeyPattern';
import { citeKeyPatternProblem as problemWords } from '../../src/editor/words/commands';

/** What the settings message says of a pattern: the core's problem, in the editor's words. */
function citeKeyPatternProblem(pattern: string): string | undefined {
  const problem = patternProblem(pattern);
  return problem && problemWords(problem);
}
import { uniqueCiteKey } from '../../src/core/formats/bibtex/citeKey';
import { newEntryEdit, type NewEntryResult } from '../helpers/formats';
import { readBibliography } from '../helpers/formats';
import { applyEdits } from '../../src/core/edit/textEdit';
import { BOOKS, book } from '../helpers/books';

const read = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'bibliography', name), 'utf8');

function inserted(text: string, result: NewEntryResult): string {
  assert.ok('edit' in result, 'refused' in result ? result.refused : '');
  return applyEdits(text, [result.edit]);
}

test('cite-key pattern: the default gives today\'s keys; fields and modifiers as documented', () => {
  assert.equal(formatCiteKey(BOOKS.kr), 'kernighan1988programming');
  assert.equal(formatCiteKey(BOOKS.kr, DEFAULT_CITE_KEY_PATTERN), 'kernighan1988programming');
  assert.equal(formatCiteKey(BOOKS.kr, '[auth][year]'), 'Kernighan1988');
  assert.equal(formatCiteKey(BOOKS.kr, '[auth2:lower]_[year]'), 'kernighanritchie_1988');
  assert.equal(formatCiteKey(BOOKS.kr, '[authors][shorttitle3:capitalize]'), 'KernighanRitchieCProgrammingLanguage'.replace('C', ''));
  assert.equal(formatCiteKey(BOOKS.kr, '[auth:upper]:[year]'), 'KERNIGHAN:1988');
  assert.equal(formatCiteKey(BOOKS.kr, '[title:lower]'), 'programminglanguage');
  assert.equal(formatCiteKey(BOOKS.kr, 'isbn-[isbn]'), 'isbn-9780131103627');
  assert.equal(formatCiteKey(BOOKS.camus, '[auth:lower][year][shorttitle:lower]'), 'camus1971etranger');
  assert.equal(formatCiteKey(book('9784062035163', 'ノルウェイの森', ['村上春樹']), '[auth][shorttitle]'), 'isbn9784062035163');
  const many = book('9780306406157', 'Title', ['A Aa', 'B Bb', 'C Cc', 'D Dd']);
  assert.equal(formatCiteKey(many, '[authors]'), 'AaEtAl');
});

test('cite-key pattern: problems are named; an unusable pattern falls back to the default', () => {
  assert.equal(citeKeyPatternProblem(DEFAULT_CITE_KEY_PATTERN), undefined);
  assert.match(citeKeyPatternProblem('[author]')!, /unknown field \[author\]/);
  assert.match(citeKeyPatternProblem('[auth:small]')!, /unknown modifier :small/);
  assert.match(citeKeyPatternProblem('[auth')!, /not closed/);
  assert.match(citeKeyPatternProblem('fixed')!, /no field/);
  assert.equal(formatCiteKey(BOOKS.kr, '[nonsense]'), 'kernighan1988programming');
  assert.equal(formatCiteKey(BOOKS.kr, '[constructor]'), 'kernighan1988programming');
});

test('cite-key pattern: 50,000 `[[` then `x]` is checked in one pass and named briefly (a workspace can set it)', () => {
  const hostile = '[['.repeat(50_000) + 'x]';
  const problem = citeKeyPatternProblem(hostile)!;
  assert.match(problem, /^unknown field \[\[{40}…\]/);
  assert.ok(problem.length < 200, `a message of ${problem.length} characters`);
  assert.match(citeKeyPatternProblem('[auth]]')!, /not closed/);
  assert.match(citeKeyPatternProblem('[auth][year')!, /not closed/);
  assert.equal(formatCiteKey(BOOKS.kr, hostile), 'kernighan1988programming');
});

test('keys stay unique within the file, whatever the pattern', () => {
  assert.equal(uniqueCiteKey(BOOKS.kr, new Set(['kernighan1988'])), 'kernighan1988programming');
  assert.equal(uniqueCiteKey(BOOKS.kr, new Set(['kernighan1988']), '[auth][year]'), 'Kernighan1988a');
});

test('BibTeX/BibLaTeX: the dialect follows the file; never inside an entry', () => {
  const bib = read('library.bib');
  const inside = bib.indexOf('Prentice Hall');
  const result = newEntryEdit(bib, inside, BOOKS.kr, 'bibtex');
  const out = inserted(bib, result);
  assert.equal('key' in result && result.key, 'kernighan1988programminga');
  assert.match(out, /@book\{kernighan1988programminga,\n {2}author {4}= \{Kernighan, Brian W\. and Ritchie, Dennis M\.\},[\s\S]*pagetotal = \{272\},\n {2}langid {4}= \{english\},/);
  assert.equal(readBibliography(out, 'bibtex').length, 5);
  const plain = inserted('', newEntryEdit('', 0, BOOKS.kr, 'bibtex'));
  assert.match(plain, /year {6}= \{1988\}/);
  assert.doesNotMatch(plain, /pages/);
  assert.match(inserted('', newEntryEdit('', 0, BOOKS.kr, 'bibtex', { texLoadsBiblatex: true })), /date {6}= \{1988\}/);
});

test('CSL-JSON: an item after those before the cursor, in the file\'s indentation; an empty file gets a list', () => {
  const json = read('items.json');
  const at = json.indexOf('"nordic2004"');
  const out = inserted(json, newEntryEdit(json, at, BOOKS.kr, 'csl-json'));
  const items = JSON.parse(out) as Array<Record<string, unknown>>;
  assert.deepEqual(items.map((i) => i.id), ['kernighan1988programming', 'nordic2004', 'kernighan1988programminga', 'olsen2004harbour']);
  assert.deepEqual(items[2], {
    id: 'kernighan1988programminga',
    type: 'book',
    title: 'The C Programming Language',
    author: [{ family: 'Kernighan', given: 'Brian W.' }, { family: 'Ritchie', given: 'Dennis M.' }],
    publisher: 'Prentice Hall',
    issued: { 'date-parts': [[1988]] },
    'number-of-pages': '272',
    language: 'en',
    ISBN: '978-0-13-110362-7',
  });
  assert.ok(out.startsWith(json.slice(0, at)), 'what comes before is untouched');
  assert.match(out, /\n {4}"id": "kernighan1988programminga",\n/);
  const fresh = inserted('', newEntryEdit('', 0, BOOKS.camus, 'csl-json'));
  assert.equal((JSON.parse(fresh) as Array<{ id: string }>)[0].id, 'camus1971etranger');
  const refused = newEntryEdit('{"name": "package"}', 0, BOOKS.kr, 'csl-json');
  assert.deepEqual(refused, { refused: 'notCslJsonList' });
});

test('CSL-YAML: an item after the one at the cursor, at the list\'s indentation; comments kept', () => {
  const yaml = read('items.yaml');
  const out = inserted(yaml, newEntryEdit(yaml, yaml.indexOf('camus1971'), BOOKS.knuth, 'csl-yaml'));
  assert.ok(out.startsWith('# Reading group, spring term\n'));
  const refs = (parseYaml(out) as { references: Array<Record<string, unknown>> }).references;
  assert.deepEqual(refs.map((r) => r.id), ['kernighan1988programming', 'camus1971etranger', 'knuth1984texbook', 'notes2020']);
  assert.deepEqual(refs[2].issued, { 'date-parts': [[1984]] });
  assert.match(out, /\n\n {2}- id: knuth1984texbook\n {4}type: book\n/);
  const fresh = inserted('', newEntryEdit('', 0, BOOKS.kr, 'csl-yaml'));
  assert.equal((parseYaml(fresh) as { references: Array<{ id: string }> }).references[0].id, 'kernighan1988programming');
  assert.deepEqual(newEntryEdit('on: push\njobs: {}\n', 0, BOOKS.kr, 'csl-yaml'), { refused: 'notCslYamlList' });
});

test('RIS: a whole record after the record at the cursor, in the file\'s line breaks', () => {
  const ris = read('records.ris');
  const out = inserted(ris, newEntryEdit(ris, ris.indexOf('Ritchie'), BOOKS.camus, 'ris'));
  const records = readBibliography(out, 'ris');
  assert.deepEqual(records.map((r) => r.title), ['The C Programming Language', "L'Étranger", 'The Harbour at Dusk', 'Salt Cartographer']);
  assert.ok(out.includes('ER  - \r\n\r\nTY  - BOOK\r\nAU  - Camus, Albert\r\nTI  - L\'Étranger\r\nPY  - 1971\r\nPB  - Gallimard\r\nSP  - 186\r\nLA  - fr\r\nSN  - 978-2-07-036002-4\r\nER  - \r\n\r\nTY  - CHAP'));
});
