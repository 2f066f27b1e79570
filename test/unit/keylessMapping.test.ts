// Open Library's and Google Books' records as the model's Book: tolerant of missing and oddly
// typed fields, matched by key never by position, the edition rule applied.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { otherEditionNote } from '../../src/editor/words/index';
import { bookFromBooksApi, bookFromSearchDoc, pagesFromPagination } from '../../src/core/sources/openLibrary/mapping';
import { bookFromSearch, bookFromVolume } from '../../src/core/sources/googleBooks/mapping';
import { excerpt } from '../../src/core/format/markdown';
import { openLibraryError } from '../../src/core/sources/openLibrary/errors';
import { googleBooksError } from '../../src/core/sources/googleBooks/errors';
import fc from 'fast-check';

const OL_RECORD = {
  url: 'https://openlibrary.org/books/OL1M/A_Title',
  key: '/books/OL1M',
  title: 'A Title',
  subtitle: 'And More',
  authors: [{ url: 'https://openlibrary.org/authors/OL1A/A_Name', name: 'A Name' }, { name: 'B\u202E Name\n' }, { url: 'x' }],
  number_of_pages: '240',
  identifiers: { isbn_13: ['9780000000019', '9780306406157'], openlibrary: ['OL1M'], goodreads: ['123'] },
  classifications: { dewey_decimal_class: ['519.5'] },
  publishers: [{ name: 'A Press' }, { name: 'B Press' }],
  publish_date: 'July 28, 2008',
  subjects: [{ name: 'Statistics', url: 'https://openlibrary.org/subjects/statistics' }],
  notes: 'Includes index.',
  cover: { small: 'https://covers.openlibrary.org/b/id/1-S.jpg', medium: 'https://covers.openlibrary.org/b/id/1-M.jpg', large: 'https://covers.openlibrary.org/b/id/1-L.jpg' },
};

test('Open Library record: fields mapped, text cleaned, the asked ISBN found second among two ISBN-13s, no description', () => {
  const mapped = bookFromBooksApi(OL_RECORD, '0306406152')!;
  assert.equal(mapped.verdict.kind, 'asked');
  const b = mapped.book;
  assert.equal(b.isbn13, '9780306406157');
  assert.equal(b.isbn10, '0306406152');
  assert.equal(b.title, 'A Title');
  assert.equal(b.titleLong, 'A Title: And More');
  assert.deepEqual(b.authors, ['A Name', 'B Name'], 'bidi override and newline cleaned as the service text is');
  assert.equal(b.pages, 240, 'number_of_pages as a string');
  assert.equal(b.publisher, 'A Press');
  assert.equal(b.datePublished, '2008-07-28');
  assert.equal(b.year, 2008);
  assert.deepEqual(b.subjects, ['Statistics']);
  assert.deepEqual(b.deweyDecimal, ['519.5']);
  assert.equal(b.image, 'https://covers.openlibrary.org/b/id/1-M.jpg');
  assert.equal(b.synopsis, undefined, 'notes are not a description');
});

test('Open Library record: absent fields stay absent; pagination; only an ISBN-10; a cover not by id is dropped', () => {
  const sparse = bookFromBooksApi({ title: 'Only', identifiers: { isbn_10: ['2070360024'] }, pagination: 'xii, 83 p.', cover: { medium: 'https://covers.openlibrary.org/b/isbn/2070360024-M.jpg' } }, '9782070360024')!.book;
  assert.equal(sparse.isbn13, '9782070360024');
  assert.equal(sparse.isbn10, '2070360024');
  assert.equal(sparse.pages, 83);
  assert.deepEqual(sparse.authors, []);
  assert.equal(sparse.image, undefined, 'covers by ISBN are rate-limited: only cover-id addresses are used');
  assert.equal(sparse.publisher, undefined);
  assert.equal(sparse.datePublished, undefined);
  assert.equal(bookFromBooksApi({ identifiers: { isbn_13: ['9780306406157'] } }, '9780306406157'), undefined, 'no title');
  assert.equal(bookFromBooksApi({ title: 'No ISBN', identifiers: { lccn: ['x'] } }, '9780306406157'), undefined, 'no ISBN: left out');
  assert.equal(bookFromBooksApi('nope', '9780306406157'), undefined);
  assert.equal(bookFromBooksApi({ title: 'Odd', number_of_pages: { n: 1 }, identifiers: { isbn_13: '9780306406157' }, authors: 'x', publishers: [null] }, '9780306406157')?.book.pages, undefined);
});

test('Open Library record of another edition: labelled with its own ISBN', () => {
  const mapped = bookFromBooksApi({ title: 'Other', identifiers: { isbn_13: ['9780131101630'] } }, '9780131103627')!;
  assert.equal(mapped.verdict.kind, 'other');
  assert.equal(mapped.book.isbn13, '9780131101630');
  assert.match(otherEditionNote(mapped.book, '9780131103627')!, /another edition: ISBN 978-0-13-110163-0/);
});

test('pagination text: page counts found, none invented', () => {
  assert.equal(pagesFromPagination('242'), 242);
  assert.equal(pagesFromPagination('[8], 240 p.'), 240);
  assert.equal(pagesFromPagination('xii, 83 pages'), 83);
  assert.equal(pagesFromPagination('p. cm.'), undefined);
  assert.equal(pagesFromPagination(12), undefined);
});

test('Open Library search doc: a work by one of its ISBNs (13 first), cover by id on the covers host', () => {
  const b = bookFromSearchDoc({ key: '/works/OL1W', title: 'W', author_name: ['A'], isbn: ['0306406152', '9780306406157'], cover_i: 42, first_publish_year: 1969, number_of_pages_median: 300 }, 'https://covers.example/')!;
  assert.equal(b.isbn13, '9780306406157');
  assert.equal(b.image, 'https://covers.example/b/id/42-M.jpg');
  assert.equal(b.datePublished, '1969');
  assert.equal(b.pages, 300);
  assert.equal(bookFromSearchDoc({ title: 'No ISBN' }, 'https://c'), undefined);
  assert.equal(bookFromSearchDoc({ title: 'T', isbn: ['0306406152'], cover_i: -1 }, 'https://c')?.image, undefined);
});

const volume = (info: Record<string, unknown>) => ({ kind: 'books#volume', id: 'x', volumeInfo: info });

test('Google volume: identifiers in any order, http image made https, HTML description kept for the display to strip, categories', () => {
  const b = bookFromVolume(
    volume({
      title: 'Entweder – Oder',
      authors: ['Søren Kierkegaard'],
      publishedDate: '2005-03',
      description: '<p>Ein <b>Lebensfragment</b>.</p><br>',
      industryIdentifiers: [{ type: 'ISBN_10', identifier: '316148410X' }, { type: 'OTHER', identifier: 'X:1' }, { type: 'ISBN_13', identifier: '9783161484100' }],
      pageCount: 1020,
      categories: ['Philosophy'],
      language: 'de',
      imageLinks: { smallThumbnail: 'http://books.google.com/books/content?id=x&zoom=5', thumbnail: 'http://books.google.com/books/content?id=x&zoom=1' },
    }),
    '316148410X',
  )!;
  assert.equal(b.verdict.kind, 'asked');
  assert.equal(b.book.isbn13, '9783161484100');
  assert.equal(b.book.isbn10, '316148410X');
  assert.equal(b.book.image, 'https://books.google.com/books/content?id=x&zoom=1');
  assert.equal(excerpt(b.book.synopsis!, 300), 'Ein Lebensfragment .');
  assert.deepEqual(b.book.subjects, ['Philosophy']);
  assert.equal(b.book.language, 'de');
  assert.equal(b.book.datePublished, '2005-03');
});

test('Google search: the asked ISBN preferred over another edition listed first; another edition alone is labelled; no ISBN left out; no items', () => {
  const other = volume({ title: 'Other', industryIdentifiers: [{ type: 'ISBN_13', identifier: '9784062035170' }] });
  const own = volume({ title: 'Own', industryIdentifiers: [{ type: 'ISBN_13', identifier: '9784062035163' }] });
  const none = volume({ title: 'None', industryIdentifiers: [{ type: 'OTHER', identifier: 'UOM:1' }] });
  assert.equal(bookFromSearch({ totalItems: 2, items: [other, own] }, '9784062035163')?.title, 'Own');
  assert.equal(bookFromSearch({ totalItems: 1, items: [other] }, '9784062035163')?.isbn13, '9784062035170');
  assert.equal(bookFromSearch({ totalItems: 1, items: [none] }, '9784062035163'), undefined);
  assert.equal(bookFromSearch({ kind: 'books#volumes', totalItems: 0 }, '9784062035163'), undefined);
  assert.equal(bookFromSearch({ items: 'nope' }, '9784062035163'), undefined);
  assert.equal(bookFromVolume(volume({ title: 'Bad image', industryIdentifiers: [{ type: 'ISBN_13', identifier: '9784062035163' }], imageLinks: { thumbnail: 'javascript:alert(1)' } }), '9784062035163')?.book.image, undefined);
});

test('any JSON at all: the mappers and error readers answer a value or undefined, never throw', () => {
  const isbn = fc.constantFrom('9780306406157', '0306406152', '9784062035163');
  const identifiers = fc.record({ isbn_13: fc.array(fc.oneof(fc.constantFrom('9780306406157', '9784062035170'), fc.string())), isbn_10: fc.anything() }, { requiredKeys: [] });
  const record = fc.oneof(fc.anything(), fc.record({ title: fc.oneof(fc.string(), fc.anything()), identifiers, number_of_pages: fc.anything(), publish_date: fc.anything(), authors: fc.anything(), cover: fc.anything(), pagination: fc.anything() }, { requiredKeys: [] }));
  const volume = fc.oneof(
    fc.anything(),
    fc.record({ volumeInfo: fc.record({ title: fc.anything(), industryIdentifiers: fc.array(fc.record({ type: fc.constantFrom('ISBN_10', 'ISBN_13', 'OTHER'), identifier: fc.oneof(fc.string(), fc.constantFrom('9780306406157')) })), imageLinks: fc.anything(), description: fc.anything(), pageCount: fc.anything() }, { requiredKeys: [] }) }),
  );
  fc.assert(
    fc.property(record, volume, isbn, fc.jsonValue(), (r, v, asked, doc) => {
      const ol = bookFromBooksApi(r, asked);
      const g = bookFromVolume(v, asked);
      bookFromSearchDoc(doc, 'https://c');
      bookFromSearch({ items: [v, doc] }, asked);
      for (const mapped of [ol, g]) {
        if (!mapped) continue;
        assert.equal(typeof mapped.book.title, 'string');
        assert.match(mapped.book.isbn13, /^\d{13}$/);
        if (mapped.verdict.kind === 'asked') assert.equal(mapped.book.isbn13, asked.length === 13 ? asked : '9780306406157');
      }
      for (const status of [200, 302, 403, 429, 500]) {
        const text = JSON.stringify(doc) ?? '';
        assert.ok(openLibraryError({ status, headers: {}, text }, 0).kind);
        assert.ok(googleBooksError({ status, headers: { 'retry-after': text }, text }, 0, false).kind);
      }
    }),
    { numRuns: 300 },
  );
});
