/** The settings that choose the sources, and the words that name them in hovers. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { notFound, sourcesLine } from '../../src/editor/words/index';
import { describeFailure } from '../../src/editor/words/failures';
import { parseSourceUrl, parseSources } from '../../src/core/sources/sourceSettings';
import { coverAddressAllowed } from '../../src/core/cover/coverAddresses';
import { ServiceError } from '../../src/core/model/errors';
import { book } from '../helpers/books';

test('isbnLens.sources: known names in the order written, each once; the default when not a list', () => {
  const all = ['isbndb', 'openLibrary', 'googleBooks', 'dnb', 'k10plus', 'lobid', 'bnf', 'loc'];
  assert.deepEqual(parseSources(undefined), all);
  assert.deepEqual(parseSources('openLibrary'), all);
  assert.deepEqual(parseSources(['googleBooks', 'openLibrary', 'googleBooks', 'worldcat', 3]), ['googleBooks', 'openLibrary']);
  assert.deepEqual(parseSources([]), [], 'a user may drop every source');
});

test('isbnLens.sourceUrls: https, or http on loopback (the sandbox); defaults for what is not written', () => {
  assert.equal(parseSourceUrl(undefined, 'openLibrary')?.href, 'https://openlibrary.org/');
  assert.equal(parseSourceUrl({ googleBooks: 'https://books.example/api' }, 'googleBooks')?.href, 'https://books.example/api');
  assert.equal(parseSourceUrl({ openLibrary: 'http://127.0.0.1:4000' }, 'openLibrary')?.href, 'http://127.0.0.1:4000/');
  assert.equal(parseSourceUrl({ openLibrary: 'http://openlibrary.org' }, 'openLibrary'), undefined, 'plain http to a public host');
  assert.equal(parseSourceUrl({ openLibrary: 'https://u:p@openlibrary.org' }, 'openLibrary'), undefined);
  assert.equal(parseSourceUrl({ openLibrary: 'not a url' }, 'openLibrary'), undefined);
  assert.equal(parseSourceUrl({ openLibrary: 42 }, 'openLibrary'), undefined);
});

test('the hover names its sources, and what each later one filled', () => {
  const b = book('9780131103627');
  assert.equal(sourcesLine({ status: 'found', book: b, source: 'openLibrary', provenance: { base: 'openLibrary', filled: [{ source: 'googleBooks', fields: ['synopsis', 'subjects'] }] } }), 'Source: Open Library; Google Books · description, subjects');
  assert.equal(sourcesLine({ status: 'found', book: b, source: 'isbndb' }), 'Source: ISBNdb');
  assert.equal(sourcesLine({ status: 'found', book: b }), undefined);
});

test('"not found" names the sources asked and, without a key, that the book service may know more', () => {
  const describe = describeFailure;
  assert.equal(notFound({ status: 'notFound', asked: ['openLibrary', 'googleBooks'] }, false, describe), 'not in Open Library or Google Books. The book service (ISBNdb) may know more: it needs an API key.');
  assert.equal(notFound({ status: 'notFound', asked: ['isbndb', 'openLibrary', 'googleBooks'] }, true, describe), 'not in ISBNdb, Open Library or Google Books.');
  assert.equal(notFound({ status: 'notFound' }, true, describe), 'the book service knows no book with this ISBN.', 'the book service alone says what it always said');
  const quota = new ServiceError('quota', { why: 'googleDailyQuota', keyed: true });
  assert.equal(
    notFound({ status: 'notFound', asked: ['openLibrary'], unanswered: [{ source: 'googleBooks', error: quota }] }, false, describe),
    "not in Open Library. Google Books could not be asked: Google Books' daily quota is spent; it is asked again after midnight Pacific time. The book service (ISBNdb) may know more: it needs an API key.",
  );
});

test('Open Library covers only by cover id; other hosts as they are', () => {
  assert.equal(coverAddressAllowed('https://covers.openlibrary.org/b/id/12345-M.jpg', undefined), true);
  assert.equal(coverAddressAllowed('https://covers.openlibrary.org/b/isbn/9780131103627-M.jpg', undefined), false);
  assert.equal(coverAddressAllowed('https://covers.openlibrary.org/b/id/12345-M.jpg?default=https://x', undefined), false);
  assert.equal(coverAddressAllowed('http://127.0.0.1:4100/b/olid/OL1M-M.jpg', new URL('http://127.0.0.1:4100')), false);
  assert.equal(coverAddressAllowed('https://books.google.com/books/content?id=x&img=1', undefined), true);
  assert.equal(coverAddressAllowed('not a url', undefined), false);
});
