import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeBook } from '../../src/core/sources/isbndb/bookRecord';

const full = {
  title: 'Data Reduction and Error Analysis',
  title_long: 'Data Reduction and Error Analysis for the Physical Sciences',
  isbn: '0306406152',
  isbn13: '9780306406157',
  isbn10: '0306406152',
  authors: ['Philip R. Bevington', 'D. Keith Robinson'],
  publisher: 'Plenum',
  date_published: '1992-03-01',
  pages: 328,
  binding: 'Paperback',
  image: 'https://images.example/cover.jpg',
  synopsis: 'A classic.',
  dewey_decimal: ['530.01'],
  subjects: ['Physics'],
  other_isbns: [{ isbn: '9780071198790', binding: 'Hardcover' }],
};

test('reads a record wrapped in {"book": …} and unwrapped alike', () => {
  const wrapped = normalizeBook({ book: full });
  const bare = normalizeBook(full);
  assert.deepEqual(wrapped, bare);
  assert.equal(wrapped?.isbn13, '9780306406157');
  assert.equal(wrapped?.isbn10, '0306406152');
  assert.deepEqual(wrapped?.authors, ['Philip R. Bevington', 'D. Keith Robinson']);
  assert.equal(wrapped?.year, 1992);
  assert.equal(wrapped?.titleLong, 'Data Reduction and Error Analysis for the Physical Sciences');
  assert.deepEqual(wrapped?.otherIsbns, [{ isbn: '9780071198790', binding: 'Hardcover' }]);
});

test('tolerates missing fields, numbers as strings and old spellings', () => {
  const book = normalizeBook({ title: 'Old', isbn: '0-306-40615-2', pages: '212', date_published: 1987, synopsys: 'Old spelling.', dewey_decimal: '530', msrp: 12.5 });
  assert.ok(book);
  assert.equal(book.isbn13, '9780306406157', 'ISBN-13 derived from the ISBN-10');
  assert.equal(book.isbn10, '0306406152');
  assert.equal(book.pages, 212);
  assert.equal(book.datePublished, '1987');
  assert.equal(book.year, 1987);
  assert.equal(book.synopsis, 'Old spelling.');
  assert.deepEqual(book.deweyDecimal, ['530']);
  assert.equal(book.msrp, '12.5');
  assert.deepEqual(book.authors, []);
  assert.equal(book.publisher, undefined);
});

test('a single author given as a string becomes a list; junk in lists is dropped', () => {
  const book = normalizeBook({ title: 'T', isbn13: '9780306406157', authors: 'Ann Author', subjects: ['A', null, 3, ''] });
  assert.deepEqual(book?.authors, ['Ann Author']);
  assert.deepEqual(book?.subjects, ['A', '3']);
});

test('records without title or ISBN, and non-records, are unusable', () => {
  for (const raw of [null, 42, 'text', [], {}, { book: null }, { title: 'No ISBN' }, { isbn13: '9780306406157' }, { title: 'T', isbn13: '12345' }]) {
    assert.equal(normalizeBook(raw), undefined, JSON.stringify(raw));
  }
});

test('cover images are kept only as http(s) URLs', () => {
  assert.equal(normalizeBook({ ...full, image: 'javascript:alert(1)' })?.image, undefined);
  assert.equal(normalizeBook({ ...full, image: 'http://x/c.png' })?.image, 'http://x/c.png');
});

test('a bad pages value is dropped rather than shown', () => {
  assert.equal(normalizeBook({ ...full, pages: 'many' })?.pages, undefined);
  assert.equal(normalizeBook({ ...full, pages: -3 })?.pages, undefined);
});
