import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bookEntry, entryInsertionOffset, entryPadding } from '../../src/core/formats/bibtex/bookEntry';
import { asciiFold, uniqueCiteKey } from '../../src/core/formats/bibtex/citeKey';
import { DEFAULT_CITE_KEY_PATTERN, formatCiteKey } from '../../src/core/formats/bibtex/citeKeyPattern';

/** The default pattern's key: `kernighan1988programming`. */
const baseCiteKey = (book: Parameters<typeof formatCiteKey>[0]) => formatCiteKey(book, DEFAULT_CITE_KEY_PATTERN);
import { escapeBibtex } from '../../src/core/formats/bibtex/escape';
import { bibtexAuthors, bibtexName } from '../../src/core/formats/bibtex/names';
import { BibtexReading, parseBibtex } from '../../src/core/formats/bibtex/reading';
import { BOOKS, book } from '../helpers/books';

test('names become "Last, First"; particles, suffixes and existing commas are respected', () => {
  assert.equal(bibtexName('Brian W. Kernighan'), 'Kernighan, Brian W.');
  assert.equal(bibtexName('Ludwig van Beethoven'), 'van Beethoven, Ludwig');
  assert.equal(bibtexName('Martin Luther King Jr.'), 'King, Jr., Martin Luther');
  assert.equal(bibtexName('Tolkien, J. R. R.'), 'Tolkien, J. R. R.');
  assert.equal(bibtexName('  Søren   Kierkegaard '), 'Kierkegaard, Søren');
});

test('organisations and single words are braced so BibTeX keeps them whole', () => {
  assert.equal(bibtexName('AC/DC Historians'), '{AC/DC Historians}');
  assert.equal(bibtexName('Plato'), '{Plato}');
  assert.equal(bibtexName('Oxford University Press'), '{Oxford University Press}');
  assert.equal(bibtexName('Smith and Sons'), '{Smith and Sons}', '"and" would split the name');
  assert.equal(bibtexName('R&D Team'), '{R\\&D Team}');
  assert.equal(bibtexAuthors(['Ann Smith', 'Bob Jones']), 'Smith, Ann and Jones, Bob');
});

test('escaping covers every BibTeX special character and keeps braces balanced', () => {
  const escaped = escapeBibtex('& % $ # _ { } ~ ^ \\ é');
  assert.equal(escaped, '\\& \\% \\$ \\# \\_ \\textbraceleft{} \\textbraceright{} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} é');
  let depth = 0;
  for (const c of escaped) depth += c === '{' ? 1 : c === '}' ? -1 : 0;
  assert.equal(depth, 0);
});

test('cite keys: author, year, first significant title word, folded to ASCII', () => {
  assert.equal(baseCiteKey(BOOKS.kr), 'kernighan1988programming', '"The" and the one-letter "C" are skipped');
  assert.equal(baseCiteKey(BOOKS.camus), 'camus1971etranger', "L' is an article");
  assert.equal(baseCiteKey(BOOKS.kierkegaard), 'kierkegaard1992either');
  assert.equal(baseCiteKey(book('9780306406157', 'Œuvres', ['Ludwig van Beethoven'], { year: 1800 })), 'beethoven1800oeuvres');
  assert.equal(baseCiteKey(book('9780306406157', 'Straße', ['Jürgen Müßig'])), 'mussigstrasse');
  assert.equal(baseCiteKey(book('9784062035163', 'ノルウェイの森', ['村上春樹'], { year: 1987 })), 'isbn9784062035163');
  assert.equal(baseCiteKey(book('9780306406157', 'Guide', ['AC/DC Historians'])), 'acdcguide');
  assert.equal(asciiFold('Ærø Łódź'), 'aerolodz');
});

test('cite keys are unique against the keys already in the file, without regard to case', () => {
  const taken = BibtexReading.of('@book{Kernighan1988Programming,\n}\n@article{kernighan1988programminga, x = {}}\n@string{x = "y"}').citeKeys();
  assert.ok(taken.has('kernighan1988programming'));
  assert.equal(uniqueCiteKey(BOOKS.kr, taken), 'kernighan1988programmingb');
  const many = new Set(['k', ...'abcdefghijklmnopqrstuvwxyz'.split('').map((c) => `k${c}`)]);
  assert.equal(uniqueCiteKey(book('1', 'x', [], { isbn13: '9780306406157' }), new Set()), 'isbn9780306406157');
  assert.equal(uniqueCiteKey(book('9780306406157', 'K', ['K K']), new Set()), 'k');
  assert.equal(uniqueCiteKey(book('9780306406157', 'K', ['K K']), many), 'kaa');
});

test('a generated entry is complete, aligned, parseable and uses the given line break', () => {
  const { key, text } = bookEntry(BOOKS.kr, '@book{kernighan1988programming,}', '\r\n');
  assert.equal(key, 'kernighan1988programminga');
  assert.equal(
    text,
    [
      '@book{kernighan1988programminga,',
      '  author    = {Kernighan, Brian W. and Ritchie, Dennis M.},',
      '  title     = {The C Programming Language},',
      '  publisher = {Prentice Hall},',
      '  year      = {1988},',
      '  language  = {english},',
      '  isbn      = {978-0-13-110362-7},',
      '}',
    ].join('\r\n'),
  );
  const parsed = parseBibtex(bookEntry(BOOKS.bevington).text);
  assert.equal(parsed.errors.length, 0);
  assert.deepEqual(parsed.entries[0].fields.map((f) => f.name), ['author', 'title', 'publisher', 'year', 'isbn']);
});

test('an entry is inserted at the cursor, or after the entry the cursor is in, with blank lines around', () => {
  const text = '@book{a,\n  isbn = {0306406152},\n}\n\n@book{b, title = {B}}\n';
  assert.equal(entryInsertionOffset(text, text.indexOf('0306')), text.indexOf('}\n\n') + 1);
  assert.equal(entryInsertionOffset(text, text.indexOf('@book{b')), text.indexOf('@book{b'));
  assert.deepEqual(entryPadding(text, text.indexOf('}\n\n') + 1, '\n'), { before: '\n\n', after: '\n' });
  assert.deepEqual(entryPadding(text, text.indexOf('@book{b'), '\n'), { before: '', after: '\n\n' });
  assert.deepEqual(entryPadding('', 0, '\r\n'), { before: '', after: '\r\n' });
});

test('the parser gives source offsets, skips @string/@preamble/@comment, and isolates syntax errors', () => {
  const text = '@string{p = "P"}\n@comment{isbn = {1}}\n@Book{k,\n  TITLE = "T",\n  year = 1999,\n  publisher = p # " Press",\n}\n@book{bad,\n  title = {unclosed\n@book{good, isbn = {1}}\n';
  const { entries, errors } = parseBibtex(text);
  assert.deepEqual(entries.map((e) => e.key), ['k', 'good']);
  const k = entries[0];
  assert.equal(text.slice(k.start, k.end), text.slice(text.indexOf('@Book'), text.indexOf('}\n@book{bad') + 1));
  assert.deepEqual(k.fields.map((f) => [f.name, f.writtenName, f.kind, text.slice(f.valueStart, f.valueEnd)]), [
    ['title', 'TITLE', 'quoted', '"T"'],
    ['year', 'year', 'number', '1999'],
    ['publisher', 'publisher', 'concat', 'p # " Press"'],
  ]);
  assert.equal(errors.length, 1);
  assert.ok(errors[0].offset > text.indexOf('@book{bad'));
});
