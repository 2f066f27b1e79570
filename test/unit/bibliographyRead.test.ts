import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BibliographyIndex } from '../../src/core/bibliography/bibliographyIndex';
import { Readings } from '../../src/core/formats/readings';
import { formatPart } from '../../src/core/formats/registry';
import { bibliographyFormatOf, textConfirms } from '../../src/core/documentKind/documentKind';
import { readBibliography } from '../helpers/formats';
import { readFrontMatterReferences } from '../../src/core/formats/cslYaml/read';

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'bibliography', name), 'utf8');

test('BibLaTeX: keys, types, offsets, ISBNs, people, title and year (from date)', () => {
  const text = fixture('library.bib');
  const entries = readBibliography(text, 'bibtex');
  assert.deepEqual(entries.map((e) => [e.key, e.type]), [['kernighan1988programming', 'book'], ['hansen2004nordic', 'collection'], ['olsen2004harbour', 'incollection'], ['doe2020note', 'article']]);
  const [kr, nordic] = entries;
  assert.equal(text.slice(kr.keyStart, kr.keyEnd), 'kernighan1988programming');
  assert.equal(text.slice(kr.start, kr.start + 6), '@book{');
  assert.equal(kr.line, 2);
  assert.deepEqual(kr.isbns.map((i) => text.slice(i.start, i.end)), ['978-0-13-110362-7']);
  assert.deepEqual(kr.authors, ['Kernighan, Brian W.', 'Ritchie, Dennis M.']);
  assert.equal(kr.title, 'The C Programming Language');
  assert.equal(kr.year, '1988');
  assert.equal(kr.fields.get('langid'), 'english');
  assert.deepEqual(nordic.authors, []);
  assert.deepEqual(nordic.editors, ['Hansen, Karen', 'Olsen, Jens']);
  const [tricky] = readBibliography('@book{oo,\n  title = {X}}', 'bibtex');
  assert.equal(tricky.keyStart, 6, 'a key that is part of the type is found after the brace');
});

test('CSL-JSON: ids, types, offsets of the item and of its id, names and dates', () => {
  const text = fixture('items.json');
  const entries = readBibliography(text, 'csl-json');
  assert.deepEqual(entries.map((e) => [e.key, e.type, e.year]), [['kernighan1988programming', 'book', '1988'], ['nordic2004', 'book', undefined], ['olsen2004harbour', 'chapter', '2004']]);
  const kr = entries[0];
  assert.equal(text.slice(kr.keyStart, kr.keyEnd), 'kernighan1988programming');
  assert.equal(text[kr.start], '{');
  assert.equal(text[kr.end - 1], '}');
  assert.equal(kr.line, 1);
  assert.deepEqual(kr.authors, ['Brian W. Kernighan', 'Dennis M. Ritchie']);
  assert.deepEqual(entries[1].editors, ['Karen Hansen']);
  assert.deepEqual(entries[2].isbns.map((i) => text.slice(i.start, i.end)), ['0306406152']);
  assert.deepEqual(readBibliography('{"not": "csl"}', 'csl-json'), []);
  assert.deepEqual(readBibliography('[{"id": "x", "type": "book",', 'csl-json').map((e) => e.key), ['x'], 'a half-typed file still yields what it has');
});

test('CSL-YAML: references list, quoted ids, comments beside values, older issued form', () => {
  const text = fixture('items.yaml');
  const entries = readBibliography(text, 'csl-yaml');
  assert.deepEqual(entries.map((e) => [e.key, e.type, e.year]), [['kernighan1988programming', 'book', '1988'], ['camus1971etranger', 'book', undefined], ['notes2020', 'article-journal', '2020']]);
  const camus = entries[1];
  assert.equal(text.slice(camus.keyStart, camus.keyEnd), 'camus1971etranger');
  assert.deepEqual(camus.isbns.map((i) => text.slice(i.start, i.end)), ['978-2-07-036002-4']);
  assert.deepEqual(entries[0].isbns.map((i) => i.raw), ['978-0-13-110362-7'], 'the comment after the ISBN is not part of it');
  assert.equal(entries[0].line, 2);
  assert.deepEqual(readBibliography('- id: a\n  type: book\n', 'csl-yaml').map((e) => e.key), ['a'], 'a bare list');
});

test('inline references in front matter have offsets in the document', () => {
  const doc = '---\ntitle: T\nreferences:\n  - id: inline1\n    type: book\n    ISBN: 9780131103627\n---\nText [@inline1].';
  const [entry] = readFrontMatterReferences(doc);
  assert.equal(doc.slice(entry.keyStart, entry.keyEnd), 'inline1');
  assert.equal(entry.line, 3);
  assert.equal(doc.slice(entry.isbns[0].start, entry.isbns[0].end), '9780131103627');
});

test('RIS: records, CRLF, types, ID as key, ISBNs with offsets', () => {
  const text = fixture('records.ris');
  const entries = readBibliography(text, 'ris');
  assert.deepEqual(entries.map((e) => [e.key, e.type, e.title, e.year]), [['', 'book', 'The C Programming Language', '1988'], ['', 'chap', 'The Harbour at Dusk', undefined], ['nakamura1982salt', 'book', 'Salt Cartographer', undefined]]);
  assert.deepEqual(entries[0].authors, ['Kernighan, Brian W.', 'Ritchie, Dennis M.']);
  assert.deepEqual(entries[1].editors, ['Hansen, Karen']);
  assert.equal(text.slice(entries[2].keyStart, entries[2].keyEnd), 'nakamura1982salt');
  assert.equal(text.slice(entries[0].isbns[0].start, entries[0].isbns[0].end), '978-0-13-110362-7');
  assert.equal(entries[2].line, 18);
});

test('format by file name; JSON and YAML count as CSL only when they look like it', () => {
  assert.equal(bibliographyFormatOf('refs.BIB'), 'bibtex');
  assert.equal(bibliographyFormatOf('a.yml'), 'csl-yaml');
  assert.equal(bibliographyFormatOf('notes.md'), undefined);
  assert.equal(textConfirms('csl-json', fixture('items.json')), true);
  assert.equal(textConfirms('csl-json', '{"name": "pkg", "version": "1.0.0"}'), false);
  assert.equal(textConfirms('csl-yaml', fixture('items.yaml')), true);
  assert.equal(textConfirms('csl-yaml', 'on:\n  push:\njobs:\n  build:\n    runs-on: x\n'), false);
});

test('the readings owner reads a file once per version; the index finds keys across files, BibTeX keys without case', () => {
  let parses = 0;
  const readings = new Readings((format) => {
    const part = formatPart(format);
    return { ...part, reading: (text: string) => (parses++, part.reading(text)) };
  });
  const index = new BibliographyIndex();
  const bib = fixture('library.bib');
  index.set('file:///a.bib', 'bibtex', readings.now('file:///a.bib', 1, 'bibtex', bib));
  index.set('file:///a.bib', 'bibtex', readings.now('file:///a.bib', 1, 'bibtex', bib));
  index.set('file:///b.json', 'csl-json', readings.now('file:///b.json', 1, 'csl-json', fixture('items.json')));
  assert.equal(parses, 2, 'a version is read once');
  assert.equal(index.find('Kernighan1988Programming')?.file, 'file:///a.bib');
  assert.equal(index.find('kernighan1988programming', ['file:///b.json'])?.entry.format, 'csl-json');
  assert.equal(index.find('nordic2004')?.file, 'file:///b.json');
  assert.equal(index.find('Nordic2004'), undefined, 'CSL ids keep their case');
  index.set('file:///a.bib', 'bibtex', readings.now('file:///a.bib', 2, 'bibtex', bib.replace('hansen2004nordic', 'renamed')));
  assert.equal(parses, 2, 'an edited BibTeX text moves its reading on, read again only where it changed');
  assert.equal(index.find('hansen2004nordic'), undefined);
  assert.equal(index.find('renamed')?.entry.type, 'collection');
  index.remove('file:///b.json');
  assert.equal(index.find('nordic2004'), undefined);
  assert.equal(index.find('__proto__'), undefined);
});
