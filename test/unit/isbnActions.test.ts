import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isbnActions } from '../../src/core/actions/isbnActions';
import '../helpers/fakeVscode';
import { invalidIsbnMessage, isbnActionTitle, problemMessage } from '../../src/editor/words/index';
import { invalidIsbn, isbnProblems } from '../../src/core/diagnostics/isbnProblems';
import { inlineTitle } from '../../src/core/format/inlineTitle';
import { formatOf } from '../../src/core/documentKind/documentKind';
import { scanAll } from '../../src/core/scan/lineScan';
import { book } from '../helpers/books';

const titles = (raw: string) => isbnActions(raw).map((a) => [a.kind, a.newText]);

test('an invalid ISBN offers the likely intended one, in the notation it was written in', () => {
  assert.deepEqual(isbnActions('978-0-13-110362-8'), [{ does: 'change', kind: 'quickfix', newText: '978-0-13-110362-7', preferred: true }]);
  assert.equal(isbnActionTitle(isbnActions('978-0-13-110362-8')[0]!), 'Change to 978-0-13-110362-7');
  assert.deepEqual(titles('0306406153'), [['quickfix', '0306406152']]);
  assert.deepEqual(titles('9780306406158'), [['quickfix', '9780306406157']]);
  assert.deepEqual(titles('030640615'), [], 'a wrong length has no candidate');
});

test('a valid ISBN offers the other length, hyphens and bare digits as refactorings', () => {
  assert.deepEqual(titles('9780306406157'), [
    ['refactor', '0306406152'],
    ['refactor', '978-0-306-40615-7'],
  ]);
  assert.deepEqual(titles('0-306-40615-2'), [
    ['refactor', '978-0-306-40615-7'],
    ['refactor', '0306406152'],
  ]);
  assert.deepEqual(titles('978 0 306 40615 7'), [
    ['refactor', '0-306-40615-2'],
    ['refactor', '978-0-306-40615-7'],
    ['refactor', '9780306406157'],
  ]);
  assert.deepEqual(titles('979-10-90636-07-1'), [['refactor', '9791090636071']], 'a 979 ISBN has no ISBN-10');
  assert.equal(isbnActionTitle(isbnActions('0306406152')[0]!), 'Convert to ISBN-13: 9780306406157');
});

test('diagnostics: invalid labelled ISBNs, and not-found ones only when the cache says so', () => {
  const lines = ['ISBN 978-0-13-110362-8', 'ISBN 978-0-306-40615-7', 'ISBN 978-0-13-110362-7', 'ISBN 123456789', 'unlabelled 9780131103628'];
  const items = scanAll({ lineCount: lines.length, lineAt: (l) => lines[l] });
  const problems = isbnProblems(items, (isbn13) => isbn13 === '9780306406157');
  assert.deepEqual(
    problems.map((p) => [p.item.line, p.code]),
    [
      [0, 'checksum'],
      [1, 'notFound'],
      [3, 'length'],
    ],
  );
  assert.equal(problemMessage(problems[1]!), 'The book service knows no book with ISBN 978-0-306-40615-7.');
  assert.match(invalidIsbnMessage(invalidIsbn(problems[2]!.item)), /10 or 13 digits, this one has 9/);
});

test('an ISBN in no range isbn3 knows: converted, never hyphenated; if no source knows it, the diagnostic says why that may be', () => {
  assert.deepEqual(titles('9786999999990'), [['refactor', '6999999996']]);
  assert.deepEqual(titles('978-6-999999-99-0'), [
    ['refactor', '6999999996'],
    ['refactor', '9786999999990'],
  ], 'no Hyphenate: no range says where the hyphens go');
  const lines = ['ISBN 9786999999990', 'ISMN or ISBN? ISBN 979-0-2600-0043-8', 'ISBN 4006381333931'];
  const items = scanAll({ lineCount: lines.length, lineAt: (l) => lines[l] });
  const problems = isbnProblems(items, () => true);
  assert.deepEqual(problems.map((p) => [p.item.line, p.code]), [[0, 'notFound'], [1, 'range'], [2, 'range']]);
  assert.match(problemMessage(problems[0]!), /^The book service knows no book with ISBN 9786999999990\. Its number is in no ISBN range that ISBN Lens knows/);
  assert.match(problemMessage(problems[1]!), /979-0 begins an ISMN/);
  assert.match(problemMessage(problems[2]!), /an ISBN-13 begins with 978 or 979/);
});

test('inline titles: short titles as they are, long ones without subtitle or cut at a word', () => {
  assert.equal(inlineTitle(book('1', 'The TeXbook', [])), 'The TeXbook');
  assert.equal(inlineTitle(book('1', 'Gödel, Escher, Bach: An Eternal Golden Braid, twentieth anniversary edition', [])), 'Gödel, Escher, Bach');
  const cut = inlineTitle(book('1', 'A very long title without any subtitle that goes on and on and on', []));
  assert.ok(cut.length <= 48 && cut.endsWith('…'), cut);
});

test('annotation format by language, or .bib by name', () => {
  assert.equal(formatOf({ languageId: 'markdown', fileName: 'a.md' }), 'markdown');
  assert.equal(formatOf({ languageId: 'plaintext', fileName: 'a.txt' }), 'markdown');
  assert.equal(formatOf({ languageId: 'plaintext', fileName: '/x/refs.BIB' }), 'bibtex');
  assert.equal(formatOf({ languageId: 'biblatex', fileName: 'refs' }), 'bibtex');
  assert.equal(formatOf({ languageId: 'latex', fileName: 'a.tex' }), undefined);
});
