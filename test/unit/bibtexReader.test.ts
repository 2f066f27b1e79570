/** The BibTeX reader: what BibTeX reads, offsets, and a broken entry that costs only itself (issues 23 and 24). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeAnnotation, isbnsToAnnotate } from '../helpers/formats';
import { newEntryEdit } from '../helpers/formats';
import { readBibliography } from '../helpers/formats';
import { parseBibtex } from '../../src/core/formats/bibtex/reading';
import { readAllItems } from '../../src/core/formats/bibtex/reader';
import { applyEdits } from '../../src/core/edit/textEdit';
import { BOOKS, results } from '../helpers/books';

const keys = (text: string) => readBibliography(text, 'bibtex').map((e) => e.key);

test('a leading byte order mark hides no entry (issue 24)', () => {
  const text = '\uFEFF@book{first,\n  isbn = {978-0-13-110362-7},\n}\n@book{second, isbn = {9780306406157}}\n';
  assert.deepEqual(keys(text), ['first', 'second']);
  assert.deepEqual(isbnsToAnnotate(text, 'bibtex').sort(), ['9780131103627', '9780306406157']);
  const out = applyEdits(text, computeAnnotation(text, 'bibtex', results([BOOKS.kr])).edits);
  assert.match(out, /^\uFEFF@book\{first,\n {2}isbn = \{978-0-13-110362-7\},\n {2}author = /);
});

test('an entry written inside @comment{…} is neither read nor annotated (issue 24)', () => {
  const text = '@comment{\n@book{hidden,\n  isbn = {9780131103627},\n}\n}\n@Comment(jabref-meta: databaseType:biblatex;)\n@book{shown,\n  isbn = {9780306406157},\n}\n';
  assert.deepEqual(keys(text), ['shown']);
  assert.deepEqual(isbnsToAnnotate(text, 'bibtex'), ['9780306406157']);
  const { edits } = computeAnnotation(text, 'bibtex', results([BOOKS.kr]));
  assert.deepEqual(edits, [], 'the book of the commented-out entry is found, but nothing is written into the comment');
  // A comment never closed costs itself: reading goes on at the next line that starts with @.
  assert.deepEqual(keys('@book{a,}\n@comment{ never closed\n@book{b,}\n'), ['a', 'b']);
});

test('Insert Entry never reuses a key of an entry whose type has _ or digits (issue 24)', () => {
  for (const type of ['my_type', 'book2', 'Online-Resource']) {
    const text = `@${type}{Kernighan1988Programming,\n  note = {x},\n}\n`;
    const result = newEntryEdit(text, text.length, BOOKS.kr, 'bibtex');
    assert.ok('key' in result);
    assert.notEqual(result.key.toLowerCase(), 'kernighan1988programming', type);
  }
  const broken = '@book{kernighan1988programming,\n  title = {never closed\n';
  const result = newEntryEdit(broken, broken.length, BOOKS.kr, 'bibtex');
  assert.ok('key' in result && result.key !== 'kernighan1988programming', 'a broken entry\'s key is still taken');
});

test('a line of 40 unclosed braces costs its own entry; those before and after are kept', () => {
  const text = `@book{before, title = {A}}\n@book{broken,\n  title = ${'{'.repeat(40)}\n}\n@book{after,\n  isbn = {9780131103627},\n}\n`;
  assert.deepEqual(keys(text), ['before', 'after']);
  const { errors } = parseBibtex(text);
  assert.equal(errors.length, 1);
  assert.equal(errors[0].chunkStart, text.indexOf('@book{broken'));
  // Deep nesting that is closed is simply read.
  const deep = `@book{deep, title = ${'{'.repeat(100000)}x${'}'.repeat(100000)}}`;
  assert.deepEqual(keys(deep), ['deep']);
});

test('values: braced, quoted with braces, numbers, macros, # concatenation, and (…) entries', () => {
  const text = '@string{pub = "Prentice"}\n@preamble{"\\newcommand{\\x}{y}"}\n@Book(k1,\n  Title = "A {"}Quoted{"} " # {Braced},\n  year = 1988, publisher = pub # " Hall", edition = 2nd,\n)\n';
  const items = readAllItems(text);
  assert.deepEqual(items.map((i) => i.kind), ['string', 'preamble', 'entry']);
  const [entry] = parseBibtex(text).entries;
  assert.equal(entry.type, 'book');
  assert.equal(text.slice(entry.keyStart, entry.keyStart + 2), 'k1');
  assert.equal(text.slice(entry.start, entry.end), text.slice(text.indexOf('@Book'), text.lastIndexOf(')') + 1));
  assert.deepEqual(
    entry.fields.map((f) => [f.name, f.writtenName, text.slice(f.valueStart, f.valueEnd), f.kind, text[f.equals]]),
    [
      ['title', 'Title', '"A {"}Quoted{"} " # {Braced}', 'concat', '='],
      ['year', 'year', '1988', 'number', '='],
      ['publisher', 'publisher', 'pub # " Hall"', 'concat', '='],
      ['edition', 'edition', '2nd', 'macro', '='],
    ],
  );
});

test('text between entries is ignored up to the next @, as BibTeX does; % comments inside entries are skipped', () => {
  const text = 'Mail me at someone@example.org.\n@book{a,\n  % a note to self\n  title = {T},\n}\n junk @ junk\n@misc{b}';
  assert.deepEqual(keys(text), ['a', 'b']);
});

test('no input is superlinear: runs of @, of @a, of blanks and of broken entries are read in one pass', () => {
  for (const text of ['@'.repeat(200_000), '@a'.repeat(100_000), `@book${' '.repeat(200_000)}x`, '@book{k,\n  title = {\n'.repeat(20_000), `@comment{${'@book{x,\n'.repeat(20_000)}`]) {
    assert.deepEqual(keys(text), []);
  }
  assert.deepEqual(keys(`${'@a'.repeat(1000)}@book{real,}`), ['real']);
});
