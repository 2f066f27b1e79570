/**
 * Issue 24 (10, 12): how the book service's batch answer is matched to the ISBNs asked, on a fake
 * transport: by the record's own ISBN-13 or ISBN-10, else by another edition that lists the asked
 * ISBN (the first in the answer's order); never through an ISBN-10 that is not the record's
 * ISBN-13; and in one pass over the answer, however many unrelated records it holds.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isbn13CheckDigit } from '../../src/core/isbn/parse';
import { BookServiceClient } from '../../src/core/sources/isbndb/client';
import { FakeTransport } from '../helpers/fakeTransport';

function client(records: unknown[]) {
  const http = new FakeTransport(() => ({ body: { data: records } }));
  const source = new BookServiceClient({ baseUrl: new URL('https://books.example/'), plan: 'pro', apiKey: 'k', keyId: 'k' });
  return (isbns: string[]) => source.books(isbns, { http });
}

/** The n-th valid ISBN-13 of a 978-1 run (no real book needed). */
function isbn13(n: number, prefix = '9781'): string {
  const first12 = `${prefix}${String(n).padStart(12 - prefix.length, '0')}`;
  return first12 + isbn13CheckDigit(first12);
}

test('own records by ISBN-13 or ISBN-10, else the first other edition that lists the ISBN; the rest not found', async () => {
  const books = client([
    { title: 'Reissue', isbn13: isbn13(9), other_isbns: [{ isbn: isbn13(2) }] },
    { title: 'Data Reduction', isbn13: '9780306406157', isbn10: '0306406152' },
    { title: 'Own', isbn13: isbn13(2) },
    { title: 'Later reissue', isbn13: isbn13(8), other_isbns: [{ isbn: isbn13(3) }] },
    { title: 'First reissue', isbn13: isbn13(7), other_isbns: [{ isbn: isbn13(3) }] },
  ]);
  const answer = await books([isbn13(2), '0306406152', isbn13(3), isbn13(4)]);
  assert.equal(answer.found.get(isbn13(2))?.title, 'Own', 'its own record before an edition that lists it');
  assert.equal(answer.found.get('0306406152')?.title, 'Data Reduction');
  assert.equal(answer.found.get(isbn13(3))?.title, 'Later reissue', 'the first edition in the answer that lists it');
  assert.deepEqual(answer.notFound, [isbn13(4)]);
});

test('issue 24 (12): a record whose isbn10 and isbn13 disagree is not the answer for that ISBN-10', async () => {
  const books = client([{ title: 'Some other book', isbn13: '9780131103627', isbn10: '0306406152' }]);
  const answer = await books(['0306406152', '9780306406157', '9780131103627']);
  assert.deepEqual(answer.notFound, ['0306406152', '9780306406157']);
  assert.equal(answer.found.get('9780131103627')?.isbn10, undefined, 'the ISBN-10 that is not its own is dropped');
  assert.equal(answer.found.get('9780131103627')?.title, 'Some other book', 'still the answer for its own ISBN-13');
});

test('issue 24 (10): 2,000 ISBNs answered with 100,000 unrelated records are matched in one pass over the answer', async () => {
  // Matched by trying every record's other ISBNs for every ISBN asked, this took 46 s for 1,000
  // ISBNs (now, in one pass, well under a second; `npm run bench -- j` prints the figures).
  const asked = Array.from({ length: 2000 }, (_, i) => isbn13(i));
  const records = Array.from({ length: 100_000 }, (_, i) => ({ title: `Unrelated ${i}`, isbn13: isbn13(i, '9798'), other_isbns: [{ isbn: isbn13(i + 1, '9798') }, { isbn: isbn13(i + 2, '9798') }] }));
  records.push({ title: 'Listed', isbn13: isbn13(5, '9799'), other_isbns: [{ isbn: asked[1999]! }] });
  const answer = await client(records)(asked);
  assert.equal(answer.found.size, 1);
  assert.equal(answer.found.get(asked[1999]!)?.title, 'Listed');
  assert.equal(answer.notFound.length, 1999);
});
