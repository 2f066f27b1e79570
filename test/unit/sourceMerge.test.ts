// The merge of sources' answers: in order, a later source only fills what the earlier lack,
// each field's source named; the asked ISBN's own record preferred; editions never mixed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { provenanceLabels } from '../../src/editor/words/index';
import { mergeBooks } from '../../src/core/sources/merge';
import { sourceTitle } from '../../src/core/sources/sourceNames';
import { missingHoverFields, needsNextSource } from '../../src/core/sources/nextSource';
import { book } from '../helpers/books';

const ASKED = '9780131103627';
const ol = book(ASKED, 'The C Programming Language', ['Brian W. Kernighan', 'Dennis M. Ritchie'], { pages: 272, image: 'https://covers.openlibrary.org/b/id/1-M.jpg', datePublished: '1988', year: 1988 });
const google = book(ASKED, 'The C programming language (Google)', ['B. Kernighan'], {
  pages: 274,
  synopsis: 'A complete guide.',
  subjects: ['Computers'],
  language: 'en',
  publisher: 'Prentice Hall',
  image: 'https://books.google.com/x',
});

test('the first source is the base; a later one fills only what it lacks, never replaces', () => {
  const merged = mergeBooks(ASKED, [
    { source: 'openLibrary', book: ol },
    { source: 'googleBooks', book: google },
  ])!;
  assert.equal(merged.book.title, 'The C Programming Language');
  assert.deepEqual(merged.book.authors, ol.authors);
  assert.equal(merged.book.pages, 272, 'Open Library asked first: its page count stays');
  assert.equal(merged.book.image, ol.image);
  assert.equal(merged.book.synopsis, 'A complete guide.');
  assert.deepEqual(merged.book.subjects, ['Computers']);
  assert.deepEqual(merged.provenance, { base: 'openLibrary', filled: [{ source: 'googleBooks', fields: ['publisher', 'language', 'synopsis', 'subjects'] }] });
  assert.deepEqual(provenanceLabels(merged.provenance), ['Open Library', 'Google Books · publisher, language, description, subjects']);
  assert.equal(ol.synopsis, undefined, 'the answers are not changed');
});

test('the order decides: Google first keeps its fields, Open Library fills its gaps; the book service named ISBNdb', () => {
  const merged = mergeBooks(ASKED, [
    { source: 'googleBooks', book: google },
    { source: 'openLibrary', book: ol },
  ])!;
  assert.equal(merged.book.pages, 274);
  assert.deepEqual(provenanceLabels(merged.provenance), ['Google Books', 'Open Library · date']);
  assert.equal(merged.book.year, 1988, 'the year goes with the date');
  assert.deepEqual(provenanceLabels(mergeBooks(ASKED, [{ source: 'isbndb', book: ol }])!.provenance), ['ISBNdb']);
  assert.equal(sourceTitle('somethingElse'), 'somethingElse');
});

test('a record of the asked ISBN is preferred over an earlier source\'s other edition; other editions fill nothing', () => {
  const otherEdition = book('9780131101630', 'The C Programming Language (hardcover)', [], { synopsis: 'Hardcover text.', pages: 300 });
  const merged = mergeBooks(ASKED, [
    { source: 'googleBooks', book: otherEdition },
    { source: 'openLibrary', book: ol },
  ])!;
  assert.equal(merged.book.isbn13, ASKED);
  assert.equal(merged.book.synopsis, undefined, "another edition's description is not this edition's");
  assert.deepEqual(merged.provenance, { base: 'openLibrary', filled: [] });
});

test('only other editions: the first is the answer (labelled by its ISBN), filled from the same edition only', () => {
  const a = book('9780131101630', 'Hardcover', [], {});
  const b = book('9780131101630', 'Hardcover again', ['K'], { pages: 300 });
  const c = book('9780000000002', 'Unrelated', ['X'], { synopsis: 'no' });
  const merged = mergeBooks(ASKED, [
    { source: 'openLibrary', book: a },
    { source: 'googleBooks', book: c },
    { source: 'isbndb', book: b },
  ])!;
  assert.equal(merged.book.isbn13, '9780131101630');
  assert.deepEqual(merged.book.authors, ['K']);
  assert.equal(merged.book.synopsis, undefined);
  assert.deepEqual(provenanceLabels(merged.provenance), ['Open Library', 'ISBNdb · authors, pages']);
  assert.equal(mergeBooks(ASKED, []), undefined);
});

test('empty lists count as lacking; authorsOmitted goes with the authors', () => {
  const noAuthors = book(ASKED, 'T', [], { subjects: [] });
  const many = book(ASKED, 'T', ['A', 'B'], { authorsOmitted: 3, subjects: ['S'] });
  const merged = mergeBooks(ASKED, [
    { source: 'openLibrary', book: noAuthors },
    { source: 'googleBooks', book: many },
  ])!;
  assert.deepEqual(merged.book.authors, ['A', 'B']);
  assert.equal(merged.book.authorsOmitted, 3);
  assert.deepEqual(merged.provenance.filled[0]!.fields, ['authors', 'subjects']);
});

test('the next source is asked in bulk only for ISBNs without their own record; for a hover also for what it shows and lacks', () => {
  const full = { ...ol, publisher: 'P', synopsis: 'S' };
  assert.equal(needsNextSource(ASKED, undefined, 'bulk'), true);
  assert.equal(needsNextSource(ASKED, book('9780131101630', 'Other edition'), 'bulk'), true, 'another edition: the asked one may be elsewhere');
  assert.equal(needsNextSource(ASKED, ol, 'bulk'), false, 'bulk: no request for fields');
  assert.equal(needsNextSource(ASKED, ol, 'hover'), true);
  assert.deepEqual(missingHoverFields(ol), ['publisher', 'synopsis']);
  assert.equal(needsNextSource(ASKED, full, 'hover'), false);
});
