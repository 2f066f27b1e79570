/** Check Bibliography over a reading: which entries are checked, parts by their book, slices, counts and words. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { checkEntries, isbnsToCheck } from '../../src/core/check/checkEntries';
import { checkSummary, verdictMessage } from '../../src/editor/words/check';
import { formatPart } from '../../src/core/formats/registry';
import { BOOKS, results } from '../helpers/books';

const BIB = String.raw`@book{kr, title = {The {C} Programming Language}, author = {Kernighan, Brian W. and Ritchie, Dennis M.}, year = 1988, isbn = {978-0-13-110362-7}}
@incollection{ch, title = {A chapter}, booktitle = {L'{\'E}tranger}, editor = {Camus, Albert}, isbn = {9782070360024}}
@book{swapped, title = {The \TeX book}, author = {Knuth, Donald}, isbn = {9782070360024}}
@book{bare, isbn = {9780201134476}}
@book{unknown, title = {An Invented Book}, isbn = {9781234567897}}
`;

test('entries with an ISBN and something written are checked; a part by its book title and editors', async () => {
  const part = formatPart('bibtex');
  const entries = part.reading(BIB).entries();
  const map = results([BOOKS.kr, BOOKS.camus, BOOKS.knuth], { '9781234567897': { status: 'notFound', asked: ['openLibrary'] } });
  const { checked, counts } = await checkEntries(entries, part.isPart, (isbn) => map.get(isbn), async () => undefined);
  assert.deepEqual(
    checked.map((c) => [c.isbn13, c.verdict.kind]),
    [
      ['9780131103627', 'agrees'],
      ['9782070360024', 'agrees'],
      ['9782070360024', 'other-book'],
      ['9781234567897', 'unknown-isbn'],
    ],
  );
  assert.deepEqual(counts, { entries: 4, otherBook: 1, otherEdition: 0, unknown: 1, unchecked: 0 });
  assert.equal(BIB.slice(checked[2]!.start, checked[2]!.end), '9782070360024');
  assert.deepEqual(await isbnsToCheck(entries, part.isPart, async () => undefined), ['9780131103627', '9782070360024', '9781234567897']);
  assert.equal(verdictMessage(checked[2]!.verdict, checked[2]!.shown, checked[2]!.writtenTitle), 'ISBN 978-2-07-036002-4 is “L\'Étranger” by Albert Camus (1971), not “The TeXbook”.');
  assert.match(verdictMessage(checked[3]!.verdict, '9781234567897', 'An Invented Book')!, /^No source asked knows ISBN 9781234567897 \(asked: Open Library\)\. An invented ISBN passes its check digit about one time in ten\.$/);
});

test('the comparing goes in slices, the host let go between them (fake time)', async () => {
  const part = formatPart('bibtex');
  const text = Array.from({ length: 500 }, (_, k) => `@book{k${k}, title = {Structure of Programs ${k}}, author = {A. Author}, isbn = {9780131103627}}`).join('\n');
  const entries = part.reading(text).entries();
  let clock = 0;
  const pauses: number[] = [];
  let last = 0;
  // Each comparison takes 1 ms of fake time.
  const resultOf = () => {
    clock += 1;
    return { status: 'found' as const, book: BOOKS.kr };
  };
  const { counts } = await checkEntries(entries, part.isPart, resultOf, async () => {
    pauses.push(clock - last);
    last = clock;
  }, { sliceMs: 20, now: () => clock });
  assert.equal(counts.entries, 500);
  assert.equal(counts.otherBook, 500);
  assert.ok(pauses.length >= 10, `${pauses.length} pauses`);
  assert.ok(pauses.every((held) => held <= 40), `held ${Math.max(...pauses)}`);
});

test('the summary says what was found', () => {
  assert.equal(checkSummary({ entries: 120, otherBook: 2, otherEdition: 5, unknown: 1, unchecked: 3 }, 'entry'), 'ISBN Lens: 120 entries checked: 2 ISBNs belong to other books, 5 are other editions, 1 is known to no source, 3 could not be checked.');
  assert.equal(checkSummary({ entries: 3, otherBook: 0, otherEdition: 1, unknown: 0, unchecked: 0 }, 'isbn'), 'ISBN Lens: 3 lines checked: 1 ISBN is another edition.');
  assert.equal(checkSummary({ entries: 1, otherBook: 0, otherEdition: 0, unknown: 0, unchecked: 0 }, 'item'), 'ISBN Lens: 1 item checked: every ISBN is the book written.');
});
