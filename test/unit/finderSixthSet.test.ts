// The finder on a ninth look at real documents (book-trade feeds, XML and
// bibliography formats, web metadata). One property per cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findIsbns } from '../../src/core/isbn/find';
import { parseIsbn } from '../../src/core/isbn/parse';
import { book, chanceTen } from '../helpers/isbnArbitraries';

function validFound(text: string): string[] {
  return [...new Set(findIsbns(text).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

/** The ISBN as isbn3 hyphenates it. */
function hyphenated(isbn: string): string {
  const info = parseIsbn(isbn)!;
  return isbn.length === 10 ? info.hyphenated10! : info.hyphenated13;
}

test('property: whole ISBNs glued into one run in an isbn field or after a label (`isbn = {87-16-11206-787-16-11419-1…}`, a multi-volume work exported without its spaces) are each found; a run that does not cut into valid ISBNs stays one invalid candidate', () => {
  fc.assert(
    fc.property(fc.array(book, { minLength: 2, maxLength: 9 }), fc.boolean(), fc.boolean(), (books, ten, hyphens) => {
      const written = books.map((b) => (ten ? b.isbn10 : b.isbn13)).map((isbn) => (hyphens ? hyphenated(isbn) : isbn));
      const field = `  isbn = {${written.join('')}},\n`;
      const found = findIsbns(field);
      assert.deepEqual(found.map((m) => m.raw), written, field);
      assert.ok(found.every((m) => m.valid && m.labelled));
      // An X check character ends a run: in a field the next run starts after it; after a label, the label is behind.
      if (written.slice(0, -1).some((isbn) => isbn.endsWith('X'))) return;
      assert.deepEqual(findIsbns(`ISBN: ${written.join('')}.`).map((m) => m.info?.isbn13), books.map((b) => b.isbn13));
      // One wrong check digit: the run is one candidate of the wrong length, as before.
      const last = written.at(-1)!;
      const wrong = `${last.slice(0, -1)}${last.endsWith('0') ? '1' : '0'}`;
      const broken = `  isbn = {${[...written.slice(0, -1), wrong].join('')}},\n`;
      if (!parseIsbn(wrong.replace(/-/g, ''))) assert.deepEqual(findIsbns(broken).map((m) => [m.valid, m.problem]), [[false, 'length']], broken);
    }),
  );
});

test('property: a number after a word in capitals ending in ID (`DOCID: …`, `RECID …`, a database\'s record id in an exported note) is no ISBN-10; after `ISBN` or in prose it still is', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('DOCID', 'RECID', 'ACCTID', 'OBJID'), (b, id, word) => {
      assert.deepEqual(validFound(`  note = {Source type: Books; ${word}: ${id}; Last updated: 2021-11-30},\n`), [], `${word}: ${id}`);
      assert.deepEqual(validFound(`Source type: Books; ${word}: ${id}; ISBN: ${b.isbn10}`), [b.isbn13]);
      assert.deepEqual(validFound(`Read ${b.isbn10} next.`), [b.isbn13]);
    }),
  );
});
