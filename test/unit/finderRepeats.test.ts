// The finder on repeats and chance numbers: a number ruled out where it stands that is an ISBN found elsewhere, and stretches of bare 10-digit numbers that pass the check by chance.
// One test per cause, most of them properties on documents generated in the shapes of real ones;
// the rules they exercise are in src/core/isbn/rules/ (docs/finder-rules.md).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as ISBN from 'isbn3';
import { test } from 'node:test';
import { findIsbns } from '../../src/core/isbn/find';
import { isbn13CheckDigit, parseIsbn } from '../../src/core/isbn/parse';
import { book } from '../helpers/isbnArbitraries';
import { tenOf, thirteens, validFound } from '../helpers/finderFixtures';

/** Any 10-digit number: nine in ten fail the ISBN-10 check, as a log's timestamps do. */
const anyTen = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }).map(String);

const LOG_LINES = [
  (n: string, i: number) => `${i} node-${i % 40} action start ${n} 1 boot (command ${i})`,
  (n: string, i: number) => `Jun 15 04:06:${10 + (i % 50)} combo sshd(pam_unix)[${20000 + i}]: check pass; user ${n} unknown`,
  (n: string) => `- ${n} 2005.06.03 R02-M1-N0-C:J12-U11 RAS KERNEL INFO instruction cache parity error corrected`,
  (n: string, i: number) => `${n},${i % 5}.0,tag${i}`,
];

/** A checksum-valid 978/979 ISBN-13 that isbn3's range data has no range for (an unassigned group, a range allocated since). */
const rangelessThirteen = fc
  .tuple(fc.constantFrom('9786999', '978611', '97920', '97950', '97960', '97990', '97914'), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }))
  .map(([prefix, digits]) => (prefix + digits.join('')).slice(0, 12))
  .map((first12) => first12 + isbn13CheckDigit(first12))
  .filter((isbn13) => ISBN.parse(isbn13) === null);

test('property: a log or list whose bare 10-digit numbers mostly fail the ISBN-10 check reports none of the few that pass, but keeps a labelled ISBN among them', () => {
  fc.assert(
    fc.property(fc.array(anyTen, { minLength: 30, maxLength: 200 }), fc.constantFrom(...LOG_LINES), book, fc.nat(), (numbers, line, b, at) => {
      const lines = numbers.map((n, i) => line(n, i));
      assert.deepEqual(validFound(lines.join('\n')), [], lines.join('\n').slice(0, 400));
      lines.splice(at % lines.length, 0, `ISBN ${b.isbn10}`);
      assert.deepEqual(validFound(lines.join('\n')), [b.isbn13]);
    }),
    { numRuns: 60 },
  );
});

test('property: bare ISBN-10s in prose are still found, among a few chance numbers and beside a log elsewhere in the file', () => {
  fc.assert(
    fc.property(fc.array(book, { minLength: 1, maxLength: 40 }), fc.array(anyTen, { maxLength: 4 }), fc.array(anyTen, { minLength: 200, maxLength: 400 }), (books, few, log) => {
      const list = books.map((b, i) => `Read ${b.isbn10} in week ${i + 1}${few[i] ? `, order ${few[i]}` : ''}.`).join('\n');
      // A log 20,000 characters and more away: judged on its own stretch of text.
      const text = `${list}\n\n${'Notes on the reading.\n'.repeat(1000)}\n${log.map((n) => `ts ${n} ok`).join('\n')}\n`;
      assert.deepEqual(validFound(text), thirteens(books));
    }),
    { numRuns: 40 },
  );
});

test('property: a number its context rules out (glued to a cover file name, keyed to another id, in a column that does not say ISBN) is an occurrence when the same ISBN is found elsewhere in the text; a DOI\'s suffix and a number after another label stay out', () => {
  const places = (text: string, isbn13: string) => findIsbns(text).filter((m) => m.valid && m.info?.isbn13 === isbn13).map((m) => m.start);
  fc.assert(
    fc.property(book, book, fc.boolean(), (b, other, listedFirst) => {
      fc.pre(b.isbn13 !== other.isbn13);
      const listed = `<p>ISBN ${parseIsbn(b.isbn13)!.hyphenated13}</p>`;
      const uses = [
        `<img src="covers/${b.isbn10}_k.jpg">`,
        `<img src="x${b.isbn13}.jpg">`,
        `<a href="reader.jsp?x=${b.isbn10}">read</a>`,
        `<img src="picture${b.isbn13}.jpg">`,
      ];
      for (const use of uses) {
        const text = listedFirst ? `${listed}\n${use}\n` : `${use}\n${listed}\n`;
        assert.equal(places(text, b.isbn13).length, 2, `both places: ${text}`);
        assert.deepEqual(validFound(use.replaceAll(b.isbn10, other.isbn10).replaceAll(b.isbn13, other.isbn13) + `\n${listed}`), [b.isbn13], 'another number in the same place stays out');
      }
      const csv = `id,title,isbn\n${b.isbn10},A Book,${b.isbn13}\n`;
      assert.equal(places(csv, b.isbn13).length, 2, 'an id column holding the book\'s ISBN-10');
      const doi = `${listed}\ndoi = {10.1007/${b.isbn13}}\n`;
      assert.equal(places(doi, b.isbn13).length, 1, 'the DOI holding the ISBN stays out');
      assert.equal(places(`${listed}\nOCLC ${b.isbn10}\n`, b.isbn13).length, 1, 'a number after another label stays out');
    }),
  );
});

test('property: an ISBN-10 in no range, bare in code or prose, is found where its ISBN-13 stands in the same text (a test\'s input and its expected output)', () => {
  fc.assert(
    fc.property(rangelessThirteen.filter((isbn13) => isbn13.startsWith('978')), (isbn13) => {
      const ten = tenOf(isbn13);
      const text = `expect(toIsbn13('${ten}')).toBe('${isbn13}');`;
      assert.deepEqual(findIsbns(text).map((m) => [m.raw, m.info?.isbn13]), [[ten, isbn13], [isbn13, isbn13]], text);
      assert.deepEqual(validFound(`expect(isValid('${ten}')).toBe(true);`), [], 'alone, its checksum is all that vouches for it');
    }),
  );
});
