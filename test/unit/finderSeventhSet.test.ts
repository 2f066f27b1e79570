// The finder on a tenth look at real documents: ISBNs in no range of isbn3's data (the tests
// of other ISBN libraries, ranges allocated since), and ISBN-10s with a price typed onto them
// in old catalogue records. One property per cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as ISBN from 'isbn3';
import { findIsbns } from '../../src/core/isbn/find';
import { isbn10CheckDigit, isbn13CheckDigit } from '../../src/core/isbn/parse';
import { book } from '../helpers/isbnArbitraries';

function validFound(text: string): string[] {
  return [...new Set(findIsbns(text).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

/** A checksum-valid 978/979 ISBN-13 that isbn3's range data has no range for (an unassigned group, a range allocated since). */
const rangelessThirteen = fc
  .tuple(fc.constantFrom('9786999', '978611', '97920', '97950', '97960', '97990', '97914'), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }))
  .map(([prefix, digits]) => (prefix + digits.join('')).slice(0, 12))
  .map((first12) => first12 + isbn13CheckDigit(first12))
  .filter((isbn13) => ISBN.parse(isbn13) === null);

test('property: a checksum-valid 978/979 ISBN-13 in no range isbn3 knows is found as an ISBN, in prose, data or after a label, written without hyphens; a wrong check digit, an ISMN\'s 979-0 or another EAN prefix is not', () => {
  fc.assert(
    fc.property(rangelessThirteen, fc.constantFrom('See %s.', 'ISBN: %s', '"isbn13": "%s"', 'isbn = {%s}', 'test("valid", () => expect(isValid("%s")).toBe(true));'), (isbn13, form) => {
      const text = form.replace('%s', isbn13);
      const [match, ...rest] = findIsbns(text);
      assert.equal(rest.length, 0, text);
      assert.equal(match?.valid, true, text);
      assert.deepEqual(match.info, { isbn13, hyphenated13: isbn13, rangeless: true, ...(isbn13.startsWith('978') ? { isbn10: tenOf(isbn13), hyphenated10: tenOf(isbn13) } : {}) });
      const wrong = isbn13.slice(0, 12) + String((Number(isbn13[12]) + 1) % 10);
      assert.deepEqual(validFound(form.replace('%s', wrong)), [], wrong);
      const ismn = `9790${isbn13.slice(4, 12)}`;
      assert.deepEqual(validFound(form.replace('%s', ismn + isbn13CheckDigit(ismn))), []);
    }),
  );
});

test('property: an ISBN-10 in no range isbn3 knows is an ISBN where it is written as one (a label, an isbn field or key, an ISBN column), never on its checksum alone in prose', () => {
  fc.assert(
    fc.property(rangelessThirteen.filter((isbn13) => isbn13.startsWith('978')), (isbn13) => {
      const ten = tenOf(isbn13);
      for (const text of [`ISBN ${ten}`, `  isbn = {${ten}},`, `{"isbn10": "${ten}"}`, `isbn,title\n${ten},A\n0306406152,B\n0441013597,C\n`]) {
        assert.ok(validFound(text).includes(isbn13), text);
      }
      assert.deepEqual(validFound(`Order ${ten} shipped on Monday.`), []);
      assert.deepEqual(validFound(`Call ${ten.slice(0, 3)} ${ten.slice(3)} today.`), []);
    }),
  );
});

/** A price in cents typed onto an ISBN-10 (`175` for $1.75), the run no EAN or GTIN by its own check. */
const priced = fc.tuple(book, fc.integer({ min: 100, max: 9999 })).filter(([b, price]) => !gtinValid(b.isbn10 + price));

test('property: an ISBN-10 with a price typed onto it (`0553101315175`, MARC 020 `$z` of old records) is found where a field, label or column says ISBN; in prose the run is no ISBN', () => {
  fc.assert(
    fc.property(priced, ([b, price]) => {
      const run = `${b.isbn10}${price}`;
      for (const text of [`=020  \\\\$z${run}\n=245  10$aA title.\n`, `<datafield tag="020" ind1=" " ind2=" "><subfield code="z">${run}</subfield></datafield>`, `ISBN ${run}`, `isbn,title\n${run},A\nunknown,B\n`]) {
        const found = findIsbns(text).filter((m) => m.valid);
        assert.deepEqual(found.map((m) => m.info?.isbn13), [b.isbn13], text);
        assert.equal(found[0]?.raw, b.isbn10, 'the ISBN alone, not its price');
      }
      assert.deepEqual(validFound(`Reference ${run} in prose.`), []);
      const after978 = `ISBN 978${run.slice(3, 13)}`;
      if (!run.includes('X')) assert.ok(findIsbns(after978).every((m) => m.raw.length === 13), 'after 978 it is a 13 (valid or mistyped), not a 10 and a price');
    }),
  );
});

function tenOf(isbn13: string): string {
  return isbn13.slice(3, 12) + isbn10CheckDigit(isbn13.slice(3, 12));
}

function gtinValid(digits: string): boolean {
  let sum = 0;
  for (let k = digits.length - 1, weight = 1; k >= 0; k--, weight = 4 - weight) sum += weight * Number(digits[k]);
  return sum % 10 === 0;
}
