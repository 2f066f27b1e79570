import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import * as words from '../../src/editor/words/index';
import { duplicateEntries, repeatedIsbns } from '../../src/core/formats/shared/duplicates';
import { readBibliography } from '../helpers/formats';
import type { BibliographyFormatId as BibliographyFormat } from '../../src/core/formats/formatId';
import { formatPart } from '../../src/core/formats/registry';

const read = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'bibliography', name), 'utf8');

function duplicates(text: string, format: BibliographyFormat) {
  return duplicateEntries(readBibliography(text, format), formatPart(format).isPart).map((d) => ({ later: text.slice(d.at.start, d.at.end), first: text.slice(d.firstAt.start, d.firstAt.end), message: words.duplicates.alsoAt(d.first.line + 1) }));
}

test('BibTeX: ISBN-10 and ISBN-13, hyphenated or not, flagged on the later entry with the first one\'s line', () => {
  const text = '@book{a,\n  isbn = {978-0-13-110362-7},\n}\n\n@book{b,\n  isbn = {0131103628},\n}\n@book{c, isbn = {9780131103627}}\n@book{d, isbn = {9780201134476}}\n';
  assert.deepEqual(duplicates(text, 'bibtex'), [
    { later: '0131103628', first: 'a', message: 'also at line 1' },
    { later: '9780131103627', first: 'a', message: 'also at line 1' },
  ]);
});

test('chapters carry their volume\'s ISBN and are never duplicates; one entry listing both forms is not either', () => {
  assert.deepEqual(duplicates(read('library.bib'), 'bibtex'), []);
  assert.deepEqual(duplicates(read('items.json'), 'csl-json'), []);
  assert.deepEqual(duplicates('@book{a, isbn = {978-0-13-110362-7; 0-13-110362-8}}', 'bibtex'), []);
});

test('CSL-JSON, CSL-YAML and RIS duplicates', () => {
  const json = '[\n  {"id": "one", "type": "book", "ISBN": "0-13-110362-8"},\n  {"id": "two", "type": "book", "ISBN": "9780131103627"}\n]';
  assert.deepEqual(duplicates(json, 'csl-json'), [{ later: '9780131103627', first: 'one', message: 'also at line 2' }]);
  const yaml = 'references:\n- id: one\n  type: book\n  ISBN: 978-0-13-110362-7\n- id: two\n  type: book\n  ISBN: "0131103628"\n';
  assert.deepEqual(duplicates(yaml, 'csl-yaml'), [{ later: '0131103628', first: 'one', message: 'also at line 2' }]);
  const ris = read('records.ris');
  const found = duplicateEntries(readBibliography(ris, 'ris'), formatPart('ris').isPart);
  assert.equal(found.length, 1);
  assert.equal(words.duplicates.alsoAt(found[0].first.line + 1), 'also at line 1');
  assert.equal(ris.slice(found[0].at.start, found[0].at.end), '9780131103627');
  assert.equal(found[0].firstAt.start, 0, 'a RIS record without ID points at its TY line');
});

test('Markdown: a repeated ISBN, in any form, at its later place; not the copy in a link target', () => {
  const text = 'ISBN 978-0-13-110362-7 first\n\nthen [ISBN 0-13-110362-8](https://example.org/isbn/0131103628)\nand 9780201134476, ISBN:9780131103627.';
  const found = repeatedIsbns(text);
  assert.deepEqual(found.map((r) => [text.slice(r.at.start, r.at.end), words.duplicates.alsoAt(r.firstLine + 1)]), [['0-13-110362-8', 'also at line 1'], ['9780131103627', 'also at line 1']]);
  assert.equal(text.slice(found[0].firstAt.start, found[0].firstAt.end), '978-0-13-110362-7');
  assert.deepEqual(repeatedIsbns('ISBN 9780131103627\nISBN 9780201134476'), []);
});
