// The finder on other scripts and digits: full-width, Arabic-Indic, Persian and Devanagari digits, dashes and minus signs, Chinese and Japanese text, Cyrillic's Х.
// One test per cause, most of them properties on documents generated in the shapes of real ones;
// the rules they exercise are in src/core/isbn/rules/ (docs/finder-rules.md).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { test } from 'node:test';
import { findIsbns } from '../../src/core/isbn/find';
import { parseIsbn } from '../../src/core/isbn/parse';
import { type Book, book, chanceTen } from '../helpers/isbnArbitraries';
import { validFound, thirteens } from '../helpers/finderFixtures';

/** 978-0-306-40615-7 style groups (3-1-3-5-1), joined by `sep`. */
function grouped(isbn13: string, sep: string): string {
  return [isbn13.slice(0, 3), isbn13.slice(3, 4), isbn13.slice(4, 7), isbn13.slice(7, 12), isbn13.slice(12)].join(sep);
}

test('property: minus signs, em and en dashes, dots and full-width digits separate or write an ISBN-13', () => {
  const fullWidth = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).replace(/-/g, '\uff0d');
  const write = fc.constantFrom<(b: Book) => string>(
    (b) => grouped(b.isbn13, '\u2212'),
    (b) => grouped(b.isbn13, '\u2014'),
    (b) => grouped(b.isbn13, '\u2013'),
    (b) => grouped(b.isbn13, '.'),
    (b) => fullWidth(grouped(b.isbn13, '-')),
    (b) => fullWidth(b.isbn13),
    (b) => `EAN${b.isbn13}`,
  );
  fc.assert(
    fc.property(fc.array(fc.tuple(book, write), { minLength: 1, maxLength: 4 }), (items) => {
      const text = items.map(([b, w]) => `- A book: ${w(b)}\n`).join('');
      assert.deepEqual(validFound(text), thirteens(items.map(([b]) => b)), text);
    }),
  );
});

test('property: a full-width ISBN anywhere in a long text is found, before, between and after ASCII ones (the search for full-width digits follows the scan stretch by stretch)', () => {
  const fullWidth = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
  const filler = (n: number) => 'notes and more notes, p. 12; '.repeat(Math.ceil(n / 29)).slice(0, n);
  fc.assert(
    fc.property(book, fc.array(book, { maxLength: 3 }), fc.nat({ max: 200_000 }), fc.nat({ max: 3 }), (wide, ascii, gap, at) => {
      const parts = ascii.map((b) => `ISBN ${b.isbn13}\n${filler(gap)}\n`);
      parts.splice(Math.min(at, parts.length), 0, `${filler(gap)}全角のISBN：${fullWidth(wide.isbn13)}です。\n`);
      const text = parts.join('');
      assert.deepEqual(validFound(text), thirteens([wide, ...ascii]));
    }),
    { numRuns: 60 },
  );
});

test('property: in Chinese and Japanese text an ISBN sits right against words; a phone or number label before it still keeps it out', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('を参照。', 'です', '（講談社）', '号'), (b, n, after) => {
      assert.deepEqual(validFound(`詳しくはISBN ${b.isbn13}${after}`), [b.isbn13]);
      assert.deepEqual(validFound(`版元の在庫はISBN${b.isbn10}${after}`), [b.isbn13]);
      for (const label of ['电话', '学籍番号', '電話：']) assert.deepEqual(validFound(`${label}${n}${after}`), [], label);
    }),
  );
});

test('property: an ISBN in Arabic-Indic, Persian or Devanagari digits (`شابک: ۹۷۸-۶۲۲-…`) is found at its place, among ASCII ones; other numbers in those digits stay out', () => {
  const bases = [0x0660, 0x06f0, 0x0966];
  fc.assert(
    fc.property(book, book, fc.constantFrom(...bases), fc.boolean(), (b, other, base, ten) => {
      const local = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(base + Number(d)));
      const info = parseIsbn(b.isbn13)!;
      const written = local(ten ? info.hyphenated10! : info.hyphenated13);
      const before = `شابک: ${written}`;
      const text = `${before}\nISBN ${other.isbn13}\n`;
      const found = findIsbns(text);
      assert.deepEqual(found.map((m) => [m.start, m.raw, m.info?.isbn13]), [[before.length - written.length, written, b.isbn13], [before.length + 6, other.isbn13, other.isbn13]]);
      assert.deepEqual(findIsbns(`السعر ${local('1234567890')} ریال، ${local('2024-01-05')}`), []);
    }),
  );
});

test('property: in text written in Cyrillic, a Х (Cyrillic Ha) closing an ISBN-10 is its check character X (`isbn = {5-201-02033-Х}`); a word that starts with Х is no check character', () => {
  fc.assert(
    fc.property(book.filter((b) => b.isbn10.endsWith('X')), fc.constantFrom('\u0425', '\u0445'), (b, ha) => {
      const hyphenated = parseIsbn(b.isbn10)!.hyphenated10!.replace(/X$/, ha);
      const bib = `@book{k,\n  title = {Книга},\n  isbn = {${hyphenated}},\n}\n`;
      const [match] = findIsbns(bib);
      assert.equal(match?.valid, true, bib);
      assert.equal(match.info?.isbn13, b.isbn13);
      assert.deepEqual(validFound(`Книга, 1999. ${b.isbn10.slice(0, 9)} Хорошо`), []);
    }),
  );
});
