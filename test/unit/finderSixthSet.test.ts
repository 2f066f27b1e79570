// The finder on a ninth look at real documents (book-trade feeds, XML and
// bibliography formats, web metadata). One property per cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findIsbns, scanIsbns } from '../../src/core/isbn/find';
import { sniffShape, type TextShape } from '../../src/core/isbn/textShape';
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

test('property: `STANDARD # = …` (a library system\'s label for the standard number) keeps a bare ISBN-10; another `# =` key (`ORDER # =`, `CALL # =`) still rules its number out', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('', ' (paperback)', '.'), (b, id, after) => {
      const record = `RECORD #(BIBLIO) = b2114408\nTITLE = A book.\nSTANDARD # = ${b.isbn10}${after}\nORDER # = ${id}\n`;
      assert.deepEqual(validFound(record), [b.isbn13], record);
    }),
  );
});

test('property: a text whose lines end in a CR alone (an old Mac export) is read as one with line feeds: the same ISBNs at the same offsets, by its content or by its name', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(book, fc.integer({ min: 1, max: 999999 })), { minLength: 5, maxLength: 12 }), (rows) => {
      const lines = ['"User-ID";"ISBN";"Book-Rating"', ...rows.map(([b, user]) => `"${user}";"${b.isbn10}";"${user % 11}"`)];
      const lf = `${lines.join('\n')}\n`;
      const cr = `${lines.join('\r')}\r`;
      const at = (text: string, shape?: TextShape) => [...scanIsbns(text, shape ? { shape } : {})].map((m) => [m.start, m.raw, m.valid]);
      assert.deepEqual(at(cr), at(lf));
      assert.deepEqual(at(cr, sniffShape(cr, 'csv')), at(lf, sniffShape(lf, 'csv')));
      assert.equal(at(cr, sniffShape(cr, 'csv')).length, rows.length);
    }),
  );
});

test('property: among many 10-digit ids (a search index\'s YAML read as prose), a bare ISBN-10 in a list under a key naming ISBN (`isbn_ssim:` then `- \'…\'`) is kept, and so is each other place of that ISBN', () => {
  fc.assert(
    fc.property(book, fc.array(fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }), { minLength: 12, maxLength: 20 }), (b, numbers) => {
      const ids = numbers.map(String).filter((n) => parseIsbn(n) === undefined);
      const record = (id: string, i: number) =>
        [`- title_tsim: Book ${i}`, `  id: '${id}'`, ...(i === 0 ? ['  isbn_ssim:', `  - '${b.isbn10}'`] : []), `  marc_ss: "<record><controlfield tag=\\"001\\">${id}</controlfield><datafield`, `    tag=\\"020\\"><subfield code=\\"a\\">${i === 0 ? b.isbn10 : id}</subfield></datafield></record>"`].join('\n');
      const text = `---\n${ids.map(record).join('\n')}\n`;
      const found = findIsbns(text).filter((m) => m.valid);
      assert.deepEqual(found.map((m) => m.info?.isbn13), [b.isbn13, b.isbn13], text);
    }),
  );
});

test('property: a lone `i` before a whole ISBN-13 (SirsiDynix Symphony\'s catalogue key `i9780261670501`) leaves the ISBN; after other letters it stays a word\'s digits', () => {
  fc.assert(
    fc.property(book, fc.stringMatching(/^[a-z]{1,3}$/), (b, word) => {
      assert.deepEqual(validFound(`| Catalogue key | Title |\n|---|---|\n| i${b.isbn13} | A Book |\n`), [b.isbn13]);
      assert.deepEqual(validFound(`https://library.example.org/client/en_GB/default/search/detailnonmodal/ent:$002f$002fSD_ILS$002f0$002fSD_ILS:i${b.isbn13}/one`), [b.isbn13]);
      assert.deepEqual(validFound(`${word}i${b.isbn13}`), [], `${word}i…`);
    }),
  );
});

test('property: after an ISBN label, a letter O or o for the first 0 and I or l for the first 1 (a scan\'s or a transcription\'s) is read as the digit, where the text\'s start holds one; elsewhere a letter starts no ISBN', () => {
  fc.assert(
    fc.property(book.filter((b) => /^[01]/.test(b.isbn10)), fc.constantFrom('ISBN ', 'ISBN: ', 'ISBN-10 '), fc.boolean(), (b, label, lower) => {
      const hyphens = parseIsbn(b.isbn10)!.hyphenated10!;
      const letter = hyphens.startsWith('0') ? (lower ? 'o' : 'O') : lower ? 'l' : 'I';
      const written = `${letter}${hyphens.slice(1)}`;
      const page = `Copyright (c) 1979 by the author.\nPrinted in the United States of America.\n\n${label}${written}\nLibrary of Congress Catalog Card Number 79-12345\n`;
      assert.deepEqual(findIsbns(page).map((m) => [m.raw, m.info?.isbn13]), [[written, b.isbn13]], page);
      assert.deepEqual(validFound(`Order ${written} now`), [], 'no label');
    }),
  );
});

test('property: an ISBN-10 as a whole segment of an O\'Reilly or Safari link (`oreilly.com/library/view/<title>/0321125215/`, `/catalog/0596001088/`) is found; a record id in another site\'s path still is not', () => {
  fc.assert(
    fc.property(book, chanceTen, (b, id) => {
      assert.deepEqual(validFound(`- [A Book](https://www.oreilly.com/library/view/a-book/${b.isbn10}/)`), [b.isbn13]);
      assert.deepEqual(validFound(`see http://www.oreilly.com/catalog/${b.isbn10}/index.html`), [b.isbn13]);
      assert.deepEqual(validFound(`http://my.safaribooksonline.com/book/programming/${b.isbn10}`), [b.isbn13]);
      assert.deepEqual(validFound(`https://d-nb.info/${id}`), []);
    }),
  );
});

test('property: an ISBN-10 grouped as no ISBN is (`3-94-7-1-8-83-4-X`) is found where a key or variable says ISBN, as a misgrouped ISBN-13 already was; in prose it stays out', () => {
  fc.assert(
    fc.property(book, (b) => {
      const odd = `${b.isbn10.slice(0, 1)}-${b.isbn10.slice(1, 3)}-${b.isbn10.slice(3, 4)}-${b.isbn10.slice(4, 5)}-${b.isbn10.slice(5, 6)}-${b.isbn10.slice(6, 8)}-${b.isbn10.slice(8, 9)}-${b.isbn10.slice(9)}`;
      assert.deepEqual(validFound(`ISBN10_TOO_MANY_HYPHENS = "${odd}"`), [b.isbn13], odd);
      assert.deepEqual(validFound(`{"isbn": "${odd}"}`), [b.isbn13]);
      assert.deepEqual(validFound(`call ${odd} now`), []);
    }),
  );
});
