// The finder on code: numbers that programs write (call arguments, negative numbers and 2^31, time keys, ids, placeholders, inline scripts), and ISBNs in code.
// One test per cause, most of them properties on documents generated in the shapes of real ones;
// the rules they exercise are in src/core/isbn/rules/ (docs/finder-rules.md).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as ISBN from 'isbn3';
import { test } from 'node:test';
import { findIsbns } from '../../src/core/isbn/find';
import { book, chanceTen } from '../helpers/isbnArbitraries';
import { isbn10CheckDigit, isbn13CheckDigit } from '../../src/core/isbn/parse';
import { tenOf, validFound } from '../helpers/finderFixtures';

/** A checksum-valid 978/979 ISBN-13 that isbn3's range data has no range for (an unassigned group, a range allocated since). */
const rangelessThirteen = fc
  .tuple(fc.constantFrom('9786999', '978611', '97920', '97950', '97960', '97990', '97914'), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }))
  .map(([prefix, digits]) => (prefix + digits.join('')).slice(0, 12))
  .map((first12) => first12 + isbn13CheckDigit(first12))
  .filter((isbn13) => ISBN.parse(isbn13) === null);

/** An epoch in seconds that passes the ISBN-10 check (and has a range: group 1). */
const epochTen = fc.integer({ min: 1_000_000_000, max: 1_999_999_999 }).map(String).filter((s) => isbn10CheckDigit(s.slice(0, 9)) === s[9]);

test('property: a number after a camelCase id name (taskID, sessionId) or opening a host name (220-135-151-1.hinet-ip.hinet.net) is no ISBN-10; a cover file name still is', () => {
  fc.assert(
    fc.property(chanceTen, fc.constantFrom('taskID[', 'sessionId: ', 'requestId=', 'userID '), book, (n, name, b) => {
      assert.deepEqual(validFound(`QQ[10018]: FA||Url||${name}${n}] dealloc`), [], name);
      const grouped = `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6, 9)}-${n.slice(9)}`;
      assert.deepEqual(validFound(`authentication failure; rhost=${grouped}.hinet-ip.hinet.net user=root`), []);
      assert.deepEqual(validFound(`<img src="covers/${b.isbn10}.jpg">`), [b.isbn13]);
    }),
  );
});

test('`0123456789` and `123456789X` (the digits in order, as placeholders and test inputs write them) are no ISBNs unlabelled; labelled they are', () => {
  for (const text of ['[InlineData("0123456789-abc")]', 'phone = "0123456789"', 'const sample = "123456789X";', '| 0123456789 | placeholder |']) {
    assert.deepEqual(findIsbns(text), [], text);
  }
  for (const text of ['ISBN 0123456789', 'isbn: 123456789X', 'ISBN 0-12-345678-9', '{"type": "bf:Isbn", "value": "0123456789"}', '{"idIsbn": ["0123456789"]}']) {
    assert.equal(findIsbns(text).filter((m) => m.valid).length, 1, text);
  }
});

test('property: an epoch under a code\'s time key (`issued: …`, `createdAt: …`, `updated_at: …`, `mtime: …`) is no ISBN-10; a book\'s label (`Paperback: …`, `isbn_date: …`) still labels one', () => {
  fc.assert(
    fc.property(epochTen, book, fc.constantFrom('issued', 'createdAt', 'updated_at', 'mtime', 'timestamp', 'expires'), (epoch, b, key) => {
      assert.deepEqual(validFound(`export const sample = { title: 'A', ${key}: ${epoch} };`), [], key);
      assert.deepEqual(validFound(`Paperback: ${b.isbn10}`), [b.isbn13]);
    }),
  );
});

test('property: in a page\'s inline script a bare number is code\'s (`P.setInt8(1,2147483649)`); a key that says ISBN there, and the page\'s text, still hold ISBNs', () => {
  fc.assert(
    fc.property(chanceTen, book, book, (n, b, c) => {
      const page = `<!DOCTYPE html>\n<html><head><script>P.setInt8(1,${n});var x=(${n}&i);var d={isbn:"${c.isbn10}"};</script></head>\n<body><p>Dune ${b.isbn10}</p></body></html>\n`;
      assert.deepEqual(validFound(page), [b.isbn13, c.isbn13].sort(), page);
    }),
  );
});

test('property: an ISBN-10 in no range is an ISBN where the word ISBN stands on its line (`isbn.split(\'9999678270\')  # ISBN10, unknown publisher`); a Java or C array initializer whose name says ISBN (`String[] validISBN10Format = { "…" }`) keys its elements', () => {
  fc.assert(
    fc.property(rangelessThirteen.filter((isbn13) => isbn13.startsWith('978')), book, (isbn13, b) => {
      const ten = tenOf(isbn13);
      assert.deepEqual(validFound(`>>> isbn.split('${ten}')  # ISBN10, unknown publisher in group`), [isbn13]);
      assert.deepEqual(validFound(`>>> split('${ten}')  # unknown publisher in group`), []);
      assert.deepEqual(validFound(`private final String[] validISBN10Format = { "123456789X", "${b.isbn10}" };`), ['9781234567897', b.isbn13].sort());
      assert.deepEqual(validFound(`private final String[] samples = { "123456789X" };`), [], 'a placeholder under another name');
    }),
  );
});

test('property: code\'s numbers are no ISBN-10s: under a name only code writes (`EXT_FILE_ATTR_FILE: …`, `fileSize: …`), negative (`min = -2147483648`), or 2^31 (`[TestCase(2147483648)]`); a prose label, an ISBN key and a hyphen inside a range still do as before', () => {
  fc.assert(
    fc.property(chanceTen, book, fc.constantFrom('EXT_FILE_ATTR_FILE', 'fileSize', 'MAX_BYTES', 'totalLength'), (n, b, key) => {
      assert.deepEqual(validFound(`module.exports = {\n  ${key}: ${n},\n};\n// ISBN ${b.isbn10}`), [b.isbn13]);
      assert.deepEqual(validFound(`validate(value, min = -${n}, max = 1)`), []);
      assert.deepEqual(validFound('[TestCase(2147483648)] // int.MaxValue + 1'), []);
      assert.deepEqual(validFound(`Paperback: ${b.isbn10}`), [b.isbn13]);
      assert.deepEqual(validFound(`book_isbn: ${b.isbn10}`), [b.isbn13]);
    }),
  );
});

test('property: a program\'s numeric argument right after a call\'s `(` (`Size.Should().Be(1471026299)`) is no ISBN-10; a quoted one (`split(\'0441013597\')`), a labelled one and one in parentheses in prose (`Dune (0441013597)`) are', () => {
  fc.assert(
    fc.property(chanceTen, book, (n, b) => {
      assert.deepEqual(validFound(`torrentInfo.Size.Should().Be(${n});\n[TestCase(${n}, "x")]\n[TestCase("7,162,100.0KB", ${n})]`), []);
      assert.deepEqual(validFound(`Dune (Ace, ${b.isbn10})`), [b.isbn13], 'a bracket after a space is prose');
      assert.deepEqual(validFound(`isbn.split('${b.isbn10}')`), [b.isbn13]);
      assert.deepEqual(validFound(`Dune (${b.isbn10}) is a novel.`), [b.isbn13]);
      assert.deepEqual(validFound(`lookup(ISBN ${b.isbn10})`), [b.isbn13]);
    }),
  );
});
