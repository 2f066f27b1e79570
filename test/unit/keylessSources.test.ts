// The two keyless BookSources on a fake transport: what they send (batches, keys, headers),
// how they match answers, and Google's quota stop until Pacific midnight on fake time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import '../helpers/fakeVscode';
import { said } from '../../src/editor/words/failures';
import { OpenLibrarySource } from '../../src/core/sources/openLibrary/source';
import { GoogleBooksSource } from '../../src/core/sources/googleBooks/source';
import { isServiceError } from '../../src/core/model/errors';
import { FakeTransport } from '../helpers/fakeTransport';
import { HttpTimeoutError } from '../../src/core/host/http';

const UA = 'ISBNLens/0.2.0 (https://github.com/isbnlens/isbn-lens)';
const olRecord = (isbn13: string, title: string) => ({ title, identifiers: { isbn_13: [isbn13] } });

test('Open Library: one request for the batch, bibkeys one parameter, answers matched by key not position; rate and batch size', async () => {
  const http = new FakeTransport((req) => {
    assert.match(req.path, /^\/ol\/api\/books\?bibkeys=ISBN:9780131103627,ISBN:0306406152,ISBN:9780000000002&format=json&jscmd=data$/);
    // Answer keys in another order than asked; one unknown left out.
    return { body: { 'ISBN:0306406152': olRecord('9780306406157', 'Data Reduction'), 'ISBN:9780131103627': olRecord('9780131103627', 'C') } };
  });
  const records: string[] = [];
  const source = new OpenLibrarySource({ baseUrl: new URL('https://ol.example/ol/'), userAgent: UA, onRequest: (r) => records.push(`${r.path} ${r.status} ${r.isbnCount}`) });
  assert.deepEqual(source.rate, { perSecond: 3, sharedBy: 'machine', shareName: 'openLibrary' });
  assert.equal(source.maxBatch, 25);
  assert.equal(source.notFoundTtlMs, 24 * 3600_000);
  const answer = await source.books(['978-0-13-110362-7', '0306406152', '9780000000002'], { http });
  assert.equal(answer.found.get('978-0-13-110362-7')?.title, 'C');
  assert.equal(answer.found.get('0306406152')?.title, 'Data Reduction');
  assert.deepEqual(answer.notFound, ['9780000000002']);
  assert.equal(http.requests.length, 1);
  assert.equal(http.requests[0]!.origin, 'https://ol.example');
  assert.deepEqual(http.requests[0]!.headers, { accept: 'application/json', 'user-agent': UA });
  assert.equal(records.length, 1);
  assert.match(records[0]!, / 200 3$/);
  await assert.rejects(source.books(Array.from({ length: 26 }, (_, i) => `97800000000${String(i).padStart(2, '0')}`), { http }), (e) => isServiceError(e, 'tooLarge'));
  await assert.rejects(source.books(['not-an-isbn'], { http }), (e) => isServiceError(e, 'badResponse'));
  assert.deepEqual(await source.books([], { http }), { found: new Map(), notFound: [] });
});

test('Open Library: {} for unknown ISBNs is not found; an array or a refusal is not', async () => {
  let reply: { status?: number; body?: unknown } = { body: {} };
  const http = new FakeTransport(() => reply);
  const source = new OpenLibrarySource({ userAgent: UA, now: () => 1000 });
  assert.deepEqual((await source.books(['9780131103627'], { http })).notFound, ['9780131103627']);
  reply = { body: [] };
  await assert.rejects(source.books(['9780131103627'], { http }), (e) => isServiceError(e, 'badResponse'));
  reply = { status: 403, body: '<html>403</html>' };
  await assert.rejects(source.books(['9780131103627'], { http }), (e) => isServiceError(e, 'quota') && e.details.retryAt === 1000 + 300_000);
  assert.equal(http.requests[0]!.origin, 'https://openlibrary.org');
});

test('Open Library: author page from the search, not found for no works', async () => {
  const http = new FakeTransport((req) => {
    if (req.path.includes('Nobody')) return { body: { numFound: 0, start: 0, docs: [] } };
    return { body: { numFound: 3, start: 0, docs: [{ title: 'A', isbn: ['9780131103627'], cover_i: 5 }, { title: 'No ISBN' }] } };
  });
  const source = new OpenLibrarySource({ userAgent: UA, coversUrl: new URL('https://covers.example') });
  const page = await source.authorPage!('Ada Whitlock', 1, 2, { http });
  assert.equal(page.books.length, 1);
  assert.equal(page.books[0]!.image, 'https://covers.example/b/id/5-M.jpg');
  assert.equal(page.total, 3);
  assert.equal(page.hasMore, true);
  assert.match(http.requests[0]!.path, /^\/search\.json\?author=Ada%20Whitlock&fields=/);
  await assert.rejects(source.authorPage!('Nobody', 1, 2, { http }), (e) => isServiceError(e, 'notFound'));
});

const volumes = (isbn13: string) => ({ kind: 'books#volumes', totalItems: 1, items: [{ volumeInfo: { title: `T ${isbn13}`, industryIdentifiers: [{ type: 'ISBN_13', identifier: isbn13 }] } }] });

test('Google Books: one request per ISBN, q=isbn:, no key header without a key, the key only in X-Goog-Api-Key', async () => {
  const http = new FakeTransport((req) => ({ body: volumes(/isbn:(\d+)/.exec(req.path)![1]!) }));
  const keyless = new GoogleBooksSource({ userAgent: UA });
  assert.deepEqual(keyless.rate, { perSecond: 1, sharedBy: 'machine', shareName: 'googleBooks' });
  const answer = await keyless.books(['9780131103627', '9780306406157'], { http });
  assert.equal(answer.found.size, 2);
  assert.deepEqual(http.requests.map((r) => r.path), ['/books/v1/volumes?q=isbn:9780131103627', '/books/v1/volumes?q=isbn:9780306406157']);
  assert.deepEqual(http.requests[0]!.headers, { accept: 'application/json', 'user-agent': UA });
  const keyed = new GoogleBooksSource({ userAgent: UA, apiKey: 'AIzaSecret', keyId: 'abc' });
  assert.deepEqual(keyed.rate, { perSecond: 1, sharedBy: 'key', shareName: 'googleBooks-abc' });
  await keyed.books(['9780131103627'], { http });
  const last = http.requests.at(-1)!;
  assert.equal(last.headers['x-goog-api-key'], 'AIzaSecret');
  assert.ok(!last.path.includes('AIza') && !last.headers.authorization);
});

test('Google Books: a spent daily quota stops every request until the next Pacific midnight (fake time), then it is asked again', async () => {
  let now = Date.parse('2026-07-15T12:00:00Z');
  let spent = true;
  const http = new FakeTransport((req) =>
    spent
      ? { status: 429, body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: "Quota exceeded for quota metric 'Queries' and limit 'Queries per day'" } } }
      : { body: volumes(/isbn:(\d+)/.exec(req.path)![1]!) },
  );
  const source = new GoogleBooksSource({ userAgent: UA, now: () => now });
  const midnight = Date.parse('2026-07-16T07:00:00Z');
  await assert.rejects(source.books(['9780131103627'], { http }), (e) => isServiceError(e, 'quota') && e.details.daily === true && e.details.retryAt === midnight && /free Google Books API key/.test(said(e.reason)));
  assert.equal(source.stoppedUntil, midnight);
  now = midnight - 1;
  await assert.rejects(source.books(['9780306406157'], { http }), (e) => isServiceError(e, 'quota'));
  assert.equal(http.requests.length, 1, 'no request while the quota is spent');
  now = midnight;
  spent = false;
  assert.equal(source.stoppedUntil, undefined);
  assert.equal((await source.books(['9780306406157'], { http })).found.size, 1);
  assert.equal(http.requests.length, 2);
});

test('Google Books: totalItems 0 is not found, another edition is labelled by its ISBN, a malformed answer a badResponse', async () => {
  let body: unknown = { kind: 'books#volumes', totalItems: 0 };
  const http = new FakeTransport(() => ({ body }));
  const source = new GoogleBooksSource({ userAgent: UA });
  assert.deepEqual((await source.books(['9780131103627'], { http })).notFound, ['9780131103627']);
  body = volumes('9780131101630');
  assert.equal((await source.books(['9780131103627'], { http })).found.get('9780131103627')?.isbn13, '9780131101630');
  body = '{"kind": "books#volumes", "items": [';
  await assert.rejects(source.books(['9780131103627'], { http }), (e) => isServiceError(e, 'badResponse') && isDeepStrictEqual(e.reason, { why: 'notJson', source: 'googleBooks', truncated: true }));
});

test('a transport failure is a network error naming the source; a cancelled call is cancelled', async () => {
  const failing = new FakeTransport(() => Promise.reject(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })));
  const source = new OpenLibrarySource({ userAgent: UA });
  await assert.rejects(source.books(['9780131103627'], { http: failing }), (e) => isServiceError(e, 'network') && isDeepStrictEqual(e.reason, { why: 'unreachable', source: 'openLibrary', cause: 'refused' }) && said(e.reason) === 'Could not reach Open Library: the connection was refused.');
  const controller = new AbortController();
  controller.abort();
  const aborted = new FakeTransport((req) => (req.signal?.aborted ? Promise.reject(new Error('aborted')) : { body: {} }));
  await assert.rejects(new GoogleBooksSource({ userAgent: UA }).books(['9780131103627'], { http: aborted, signal: controller.signal }), (e) => isServiceError(e, 'cancelled'));
});

test('the timeout is the transport\'s, from when the request is sent: passed on, and its error named', async () => {
  const slow = new FakeTransport((req) => Promise.reject(new HttpTimeoutError(req.timeoutMs)));
  await assert.rejects(new OpenLibrarySource({ userAgent: UA, timeoutMs: 3000 }).books(['9780131103627'], { http: slow }), (e) => isServiceError(e, 'network') && isDeepStrictEqual(e.reason, { why: 'timeout', source: 'openLibrary', seconds: 3 }) && said(e.reason) === 'Open Library did not answer within 3 s.');
  assert.equal(slow.requests[0]!.timeoutMs, 3000);
});
