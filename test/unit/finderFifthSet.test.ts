// The finder on an eighth look at real documents (hand-kept BibTeX and
// LaTeX bibliographies, ...). One property per cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findIsbns } from '../../src/core/isbn/find';
import { parseIsbn } from '../../src/core/isbn/parse';
import { book } from '../helpers/isbnArbitraries';

function validFound(text: string): string[] {
  return [...new Set(findIsbns(text).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

/** The ISBN's groups, as isbn3 hyphenates them, joined by TeX's ties or en dashes: `0~441~01359~7`, `0--441--01359--7`. */
function texJoined(isbn: string, joiner: string): string {
  const info = parseIsbn(isbn)!;
  return (isbn.length === 10 ? info.hyphenated10! : info.hyphenated13).replace(/-/g, joiner);
}

test('property: an ISBN whose groups TeX ties or en dashes join (`ISBN~0~07~115983~5`, `978--1--118--71470--6`) is found where a label or an isbn field says ISBN; the same number in prose is not', () => {
  fc.assert(
    fc.property(book, fc.boolean(), fc.constantFrom('~', '--'), fc.constantFrom('~', ' ', ':~'), (b, ten, joiner, gap) => {
      const isbn = ten ? b.isbn10 : b.isbn13;
      const written = texJoined(isbn, joiner);
      assert.deepEqual(validFound(`  note = {ISBN${gap}${written}},\n`), [b.isbn13], `note ISBN${gap}${written}`);
      assert.deepEqual(validFound(`\\bibitem{k} A. Author. \\emph{A Book}. Press, 1998. ISBN${gap}${written}.\n`), [b.isbn13], 'a thebibliography item');
      assert.deepEqual(validFound(`@book{k,\n  isbn = {${written}},\n}\n`), [b.isbn13], 'an isbn field');
      assert.deepEqual(validFound(`@book{k,\n  isbn = {${written}, ${texJoined(b.isbn13, joiner)}},\n}\n`), [b.isbn13], 'two in one field');
      assert.deepEqual(validFound(`pages ${written} of the scan\n`), [], 'no label: a range or a tie in prose');
      const found = findIsbns(`ISBN~${written}`);
      assert.equal(found.length, 1);
      assert.equal(found[0]!.raw, written, 'the match spans the tied groups');
    }),
  );
});
