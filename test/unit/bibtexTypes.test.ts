import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bookEntry } from '../../src/core/formats/bibtex/bookEntry';
import { bookFields } from '../../src/core/formats/bibtex/bookFields';
import { chooseDialect, loadsBiblatex } from '../../src/core/formats/bibtex/dialect';
import { fillEntries } from '../../src/core/formats/bibtex/fillEntries';
import { parseBibtex } from '../../src/core/formats/bibtex/reading';
import { applyEdits } from '../../src/core/edit/textEdit';
import { book, results } from '../helpers/books';

const library = readFileSync(join(__dirname, '..', 'fixtures', 'bibliography', 'library.bib'), 'utf8');
// The ISBN of the edited volume and its chapter; the service lists the editors as authors, as it often does.
const nordic = book('9780306406157', 'Nordic Essays', ['Karen Hansen', 'Jens Olsen'], { publisher: 'Sonnenuhr', year: 2004, datePublished: '2004-03', pages: 312, language: 'en' });
const kr = book('9780131103627', 'The C Programming Language', ['Brian W. Kernighan', 'Dennis M. Ritchie'], { publisher: 'Prentice Hall', year: 1988, pages: 272, language: 'en' });

function entryText(text: string, key: string): string {
  const entry = parseBibtex(text).entries.find((e) => e.key === key)!;
  return text.slice(entry.start, entry.end + 1);
}

test('a language of constructor or __proto__ writes no language and breaks nothing (issue 12, item 3)', () => {
  for (const language of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const hostile = book('9780131103627', 'T', ['A B'], { language });
    for (const dialect of ['bibtex', 'biblatex'] as const) {
      const names = bookFields(hostile, dialect).map((f) => f.name);
      assert.ok(!names.includes('language') && !names.includes('langid'), `${language} in ${dialect}`);
    }
    assert.match(bookEntry(hostile).text, /^@book\{/);
    const filled = fillEntries('@book{x,\n  isbn = {9780131103627},\n}\n', results([hostile]));
    assert.equal(filled.report.changed, 1);
  }
});

test('an edited volume gets no author, a langid entry no language, a chapter no page count', () => {
  const { edits } = fillEntries(library, results([nordic, kr]), 'fill');
  const out = applyEdits(library, edits);
  const collection = entryText(out, 'hansen2004nordic');
  assert.doesNotMatch(collection, /author/);
  assert.doesNotMatch(collection, /\blanguage\b/);
  assert.match(collection, /pagetotal = \{312\}/, 'the volume has a page count');
  const chapter = entryText(out, 'olsen2004harbour');
  assert.equal(chapter, entryText(library, 'olsen2004harbour').replace(/\}\n$/, '\tlangid = {english},\n}\n'), 'the chapter lacked only its language');
  assert.doesNotMatch(out, /pages = \{312\}/);
  assert.equal(entryText(out, 'kernighan1988programming'), entryText(library, 'kernighan1988programming').replace(/\}\n$/, '\tpagetotal = {272},\n}\n'), 'a BibLaTeX file gets pagetotal');
});

test('a chapter gets the book title as booktitle, never as its title, and no author', () => {
  const text = '@incollection{c,\n  title = {A Chapter},\n  pages = {1--9},\n  isbn = {9780306406157},\n}\n';
  const out = applyEdits(text, fillEntries(text, results([nordic]), 'refresh', { dialect: 'biblatex' }).edits);
  assert.equal(out, '@incollection{c,\n  title = {A Chapter},\n  pages = {1--9},\n  isbn = {9780306406157},\n  booktitle = {Nordic Essays},\n  publisher = {Sonnenuhr},\n  date = {2004-03},\n  langid = {english},\n}\n');
});

test('types that are not books get nothing; unknown to the table means unknown to the fill', () => {
  const text = '@article{a,\n  title = {X},\n  isbn = {9780131103627},\n}\n';
  const { edits, report } = fillEntries(text, results([kr]));
  assert.deepEqual(edits, []);
  assert.equal(report.unchanged, 1);
});

test('BibTeX dialect: the page count is left out; BibLaTeX: pagetotal, date, langid', () => {
  const text = '@book{k,\n  isbn = {9780131103627},\n}\n';
  const bibtex = applyEdits(text, fillEntries(text, results([kr]), 'fill', { dialect: 'bibtex' }).edits);
  assert.doesNotMatch(bibtex, /pages|pagetotal/);
  assert.match(bibtex, /year = \{1988\},\n  language = \{english\}/);
  const biblatex = applyEdits(text, fillEntries(text, results([kr]), 'fill', { dialect: 'biblatex' }).edits);
  assert.match(biblatex, /date = \{1988\},\n  pagetotal = \{272\},\n  langid = \{english\}/);
  assert.doesNotMatch(biblatex, /\byear\b|\bpages\b/);
  assert.match(bookEntry(kr, '', '\n', { dialect: 'biblatex' }).text, /pagetotal = \{272\}/);
  assert.doesNotMatch(bookEntry(kr).text, /pages/);
});

test('dialect auto: BibLaTeX when the file uses its fields or types, or a .tex loads biblatex', () => {
  assert.equal(chooseDialect('auto', '@book{a, year = 1988}'), 'bibtex');
  assert.equal(chooseDialect('auto', '@book{a,\n  location = {Oslo}}'), 'biblatex');
  assert.equal(chooseDialect('auto', '@collection{a, title = {x}}'), 'biblatex');
  assert.equal(chooseDialect('auto', '', { texLoadsBiblatex: true }), 'biblatex');
  assert.equal(chooseDialect('bibtex', library), 'bibtex');
  assert.equal(chooseDialect(undefined, library), 'biblatex');
  assert.equal(loadsBiblatex('\\documentclass{article}\n\\usepackage[style=authoryear,backend=biber]{biblatex}\n'), true);
  assert.equal(loadsBiblatex('% \\usepackage{biblatex}\n\\usepackage{natbib}'), false);
});
