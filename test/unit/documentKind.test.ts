// One sniffer (issue 20 item 4, issue 25 item 5): a document's kind from its
// name, language id and text, for the finder and for the bibliography and
// annotation formats alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatOf,
  bibliographyFormat,
  bibliographyFormatOf,
  citationSyntaxOf,
  documentShape,
  type DocumentName,
} from '../../src/core/documentKind/documentKind';
import { scanAll } from '../../src/core/scan/lineScan';

const RIS_ONE_SPACE = 'TY - BOOK\nSN - 0306406152\nER - \n';
const RIS = 'TY  - BOOK\nTI  - Dune\nSN  - 0306406152\nER  - \n';
const CSV = 'Title,Author,ISBN\nDune,Herbert,0441013597\nEmma,Austen,0141439580\n';

test('a name no language gives: .csv, .tsv, .ris, .mrk and .bibtex opened as plain text', () => {
  const plain = (fileName: string): DocumentName => ({ fileName, languageId: 'plaintext' });
  assert.deepEqual(documentShape(plain('/data/list.csv'), CSV), { kind: 'csv', delimiter: ',', isbnColumns: [2] });
  assert.equal(documentShape(plain('export.tsv'), 'a\tb\n1\t2\n').kind, 'csv');
  assert.equal(documentShape(plain('C:\\refs\\export.RIS'), 'anything').kind, 'ris');
  assert.equal(documentShape(plain('catalogue.mrk'), 'anything').kind, 'marc');
  assert.equal(bibliographyFormat(plain('export.ris')), 'ris');
  for (const name of ['refs.bib', 'refs.bibtex', 'REFS.BIB']) {
    assert.equal(bibliographyFormatOf(name), 'bibtex', name);
    assert.equal(formatOf(plain(name)), 'bibtex', name);
    assert.equal(documentShape(plain(name), '@book{a,\n  isbn = {0306406152}\n}\n').kind, 'text', name);
  }
});

test('a language id an extension or the user set wins over the name; plain text leaves it to the name', () => {
  assert.equal(documentShape({ fileName: 'data.txt', languageId: 'csv' }, CSV).kind, 'csv');
  assert.equal(documentShape({ fileName: 'notes.json', languageId: 'markdown' }, '{"a": 1}').kind, 'text');
  assert.equal(formatOf({ fileName: 'refs.txt', languageId: 'bibtex' }), 'bibtex');
  assert.equal(citationSyntaxOf({ fileName: 'paper.tex', languageId: 'plaintext' }), 'latex');
  assert.equal(citationSyntaxOf({ fileName: 'notes.md' }), 'pandoc');
});

test('delimited data is known by its content whatever the name: a .txt, an untitled file, no name at all', () => {
  for (const doc of [{ fileName: 'list.txt', languageId: 'plaintext' }, { fileName: 'Untitled-1', languageId: 'plaintext' }, {}]) {
    assert.equal(documentShape(doc, CSV).kind, 'csv', JSON.stringify(doc));
  }
  // A catalogue display saved as .txt is still MARC by its lines.
  assert.equal(documentShape({ fileName: 'display.txt' }, '020    |a 0306406152\n245 10 |a Dune\n650  0 |a Sand\n').kind, 'marc');
});

test('prose lines that happen to hold as many commas, one with a long number, are no header-less CSV (a fuzz find)', () => {
  const prose =
    'p.. ISBN 978-0-8044-9445-8. vol. p.. (0804425086), 1612345678901. (979 8 3000 6927 8), chapter the book x.\n' +
    'ISMN 979-0-2600-0043-8 printed, EAN 4006381333931 p.. (0-8044-3793-9), chapter Paris.\n' +
    'EAN 4006381333931 in 3.14159, p. 978-2-07-787168-4, and. (978-0-8044-4548-1)\n';
  assert.equal(documentShape({}, prose).kind, 'text');
  const data = '5942859575,"Dune",0441013597,786\n1012866165,"Emma",0141439580,668\n5699252753,"The Road",0307277674,716\n';
  assert.deepEqual(documentShape({}, data), { kind: 'csv', delimiter: ',', isbnColumns: [2] });
});

test('the finder and the bibliography formats agree on RIS, whatever the spacing of the type tag', () => {
  for (const text of [RIS, RIS_ONE_SPACE]) {
    const doc = { fileName: 'export.txt', languageId: 'plaintext' };
    assert.equal(formatOf(doc, text), 'ris', text);
    assert.equal(bibliographyFormat(doc, text), 'ris', text);
    assert.equal(documentShape(doc, text).kind, 'ris', text);
  }
});

test('CSL JSON and YAML by name and content; other JSON and YAML are no bibliography but still data', () => {
  const json = { fileName: 'refs.json', languageId: 'json' };
  assert.equal(formatOf(json, '[{"id": "a", "type": "book"}]'), 'csl-json');
  assert.equal(formatOf(json, '{"name": "pkg"}'), undefined);
  assert.equal(documentShape(json, '{"name": "pkg"}').kind, 'json');
  const yaml = { fileName: 'ci.yml', languageId: 'yaml' };
  assert.equal(formatOf(yaml, 'on:\n  push:\n'), undefined);
  assert.equal(documentShape(yaml, 'on:\n  push:\n').kind, 'yaml');
});

test('prose: Markdown and plain text with a prose name get notes; other files nothing', () => {
  assert.equal(formatOf({ fileName: 'README', languageId: 'plaintext' }), 'markdown');
  assert.equal(formatOf({ fileName: 'list.csv', languageId: 'plaintext' }), undefined);
  assert.equal(formatOf({ fileName: 'page.html', languageId: 'html' }), undefined);
  assert.equal(formatOf({ fileName: 'notes.rst', languageId: 'plaintext' }), undefined);
});

test('the editor passes the name: a header-less .csv opened as plain text keeps its chance-valid ids out', () => {
  const lines = ['1,0306406152,2024-01-02', '2,0441013597,2024-01-03'];
  const source = { lineCount: lines.length, lineAt: (line: number) => lines[line] };
  assert.equal(scanAll(source).length, 2, 'without a name, two rows of three numbers read as prose');
  assert.equal(scanAll({ ...source, languageId: 'plaintext', fileName: '/data/ids.csv' }).length, 0);
});
