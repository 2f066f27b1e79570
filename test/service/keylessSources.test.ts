// The keyless sources against the sandbox's emulations of Open Library and Google Books, over
// the Node transport, with the fault matrix of issue 21: 403 for an anonymous agent, 429, 5xx,
// timeout, malformed and truncated JSON, {} for unknown ISBNs, a redirect not followed, a
// Google quota error, a cover 404 with default=false.
// Run: node --import tsx --test test/service/keylessSources.test.ts

import { test, before, after, beforeEach } from 'node:test';
import '../helpers/fakeVscode';
import { said } from '../../src/editor/words/failures';
import { otherEditionNote, provenanceLabels } from '../../src/editor/words/index';
import assert from 'node:assert/strict';
import { startSandbox, KEYLESS_DEMO, GOOGLE_OTHER_EDITION_ISBN, type Sandbox } from '../sandbox/server';
import { UndiciTransport } from '../../src/core/host/node/undiciTransport';
import type { HttpTransport } from '../../src/core/host/http';
import { OpenLibrarySource } from '../../src/core/sources/openLibrary/source';
import { GoogleBooksSource } from '../../src/core/sources/googleBooks/source';
import { keylessUserAgent } from '../../src/core/host/userAgent';
import { coverRedirectTarget } from '../../src/core/cover/coverAddresses';
import { nextPacificMidnight } from '../../src/core/sources/keyless/pacificTime';
import { mergeBooks } from '../../src/core/sources/merge';
import { needsNextSource } from '../../src/core/sources/nextSource';
import { check13 } from '../sandbox/isbn';
import { isServiceError } from '../../src/core/model/errors';
import type { Book } from '../../src/core/model/book';

const UA = keylessUserAgent('0.1.0');
const http = new UndiciTransport();
let sb: Sandbox;

before(async () => {
  sb = await startSandbox({ keyless: { openLibraryRates: { identified: 1e6, unidentified: 1e6 } } });
});
after(() => sb.close());
beforeEach(() => {
  sb.keyless.clearFaults();
  sb.keyless.clearLog();
  sb.keyless.setOpenLibraryRates({ identified: 1e6, unidentified: 1e6 });
  sb.keyless.setGoogleQuota('keyless', 1000, 0);
});

/**
 * A transport that sends at most `perSecond` requests a second, evenly spaced from when each
 * really went (a stand-in for the throttle), with a margin for the lag of a loaded machine.
 */
function paced(perSecond: number): HttpTransport {
  let last = -Infinity;
  let queue = Promise.resolve();
  return {
    request: (request) => {
      const turn = queue.then(async () => {
        const wait = last + 1000 / perSecond + 100 - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        last = performance.now();
      });
      queue = turn;
      return turn.then(() => http.request(request));
    },
  };
}

/** The most requests of `times` (ms) inside any one second. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const openLibrary = (options: Partial<ConstructorParameters<typeof OpenLibrarySource>[0]> = {}) =>
  new OpenLibrarySource({ baseUrl: new URL(sb.keyless.urls.openLibrary), coversUrl: new URL(sb.keyless.urls.openLibraryCovers), userAgent: UA, ...options });
const google = (options: Partial<ConstructorParameters<typeof GoogleBooksSource>[0]> = {}) => new GoogleBooksSource({ baseUrl: new URL(sb.keyless.urls.googleBooks), userAgent: UA, ...options });

test('Open Library: a batch of 25 in one request, books by key, {} for unknown is not found, every request identified and keyless', async () => {
  const isbns = [...Object.values(KEYLESS_DEMO), ...sb.catalogue.books.slice(8, 20).map((b) => b.isbn13)].slice(0, 25);
  const answer = await openLibrary().books(isbns, { http });
  assert.equal(sb.keyless.log.length, 1);
  const entry = sb.keyless.log[0]!;
  assert.equal(entry.bibkeyCount, 25);
  assert.equal(entry.headers['user-agent'], UA);
  assert.equal(entry.headers.authorization, undefined);
  assert.equal(entry.headers['x-goog-api-key'], undefined);
  assert.equal(answer.found.get(KEYLESS_DEMO.merged)?.title, 'The C Programming Language');
  assert.equal(answer.found.get(KEYLESS_DEMO.olIsbn10Only)?.isbn10, '2070360024', 'an edition listing only its ISBN-10');
  assert.equal(answer.found.get(KEYLESS_DEMO.twoIsbn13)?.isbn13, KEYLESS_DEMO.twoIsbn13, 'the asked ISBN second of two');
  assert.equal(answer.found.get(KEYLESS_DEMO.googleOtherEdition)?.pages, 267, 'pages as a string');
  assert.equal(answer.found.get(KEYLESS_DEMO.googleNoIsbn)?.pages, undefined, "'p. cm.' is no page count");
  for (const missing of [KEYLESS_DEMO.unknown, KEYLESS_DEMO.googleOnly, KEYLESS_DEMO.serviceOnly, KEYLESS_DEMO.googleBooksOnly]) assert.ok(answer.notFound.includes(missing), missing);
  assert.equal(answer.found.size + answer.notFound.length, 25);
  for (const book of answer.found.values()) assert.equal(book.synopsis, undefined, 'the Books API has no description');
});

test('Open Library: an ISBN missed once is found later (so "not found" is kept a day, not for ever)', async () => {
  sb.keyless.resetImports();
  const source = openLibrary();
  assert.equal(source.notFoundTtlMs, 24 * 3600_000);
  assert.deepEqual((await source.books([KEYLESS_DEMO.lateImport], { http })).notFound, [KEYLESS_DEMO.lateImport]);
  assert.equal((await source.books([KEYLESS_DEMO.lateImport], { http })).found.get(KEYLESS_DEMO.lateImport)?.title, 'Imported Later');
});

test('Open Library: Look Up Author from the work search, paged', async () => {
  const source = openLibrary();
  const first = await source.authorPage!('Ada Whitlock', 1, 2, { http });
  assert.equal(first.books.length, 2);
  assert.ok(first.hasMore);
  assert.ok(first.books.every((b) => b.authors.includes('Ada Whitlock')));
  assert.match(first.books[0]!.image ?? '', /\/b\/id\/\d+-M\.jpg$/);
  const second = await source.authorPage!('Ada Whitlock', 2, 2, { http });
  assert.notDeepEqual(second.books.map((b) => b.isbn13), first.books.map((b) => b.isbn13));
  await assert.rejects(source.authorPage!('Nobody Wrote This', 1, 20, { http }), (e) => isServiceError(e, 'notFound'));
});

test('fault: 403 for an anonymous or contact-less agent is a back-off, not "not found"', async () => {
  for (const agent of ['', 'ISBNLens/0.1.0', 'undici']) {
    await assert.rejects(openLibrary({ userAgent: agent }).books([KEYLESS_DEMO.merged], { http }), (e) => isServiceError(e, 'quota') && e.details.status === 403 && /identify/.test(said(e.reason)), agent);
  }
  assert.ok(sb.keyless.log.every((e) => e.refused === 'user-agent'));
});

test('fault: 429 over the rate; 5xx; a timeout', async () => {
  sb.keyless.setOpenLibraryRates({ identified: 1 });
  const source = openLibrary({ timeoutMs: 300 });
  await source.books([KEYLESS_DEMO.merged], { http });
  await assert.rejects(source.books([KEYLESS_DEMO.merged], { http }), (e) => isServiceError(e, 'quota') && e.details.status === 429);
  sb.keyless.setOpenLibraryRates({ identified: 1e6 });
  sb.keyless.injectFault({ match: { host: 'openLibrary' }, status: 503, retryAfter: 2 });
  await assert.rejects(source.books([KEYLESS_DEMO.merged], { http }), (e) => isServiceError(e, 'server') && e.details.retryAt !== undefined);
  sb.keyless.injectFault({ match: { host: 'googleBooks' }, status: 500 });
  await assert.rejects(google().books([KEYLESS_DEMO.googleOnly], { http }), (e) => isServiceError(e, 'server'));
  sb.keyless.injectFault({ match: { host: 'openLibrary' }, delayMs: 2000 });
  await assert.rejects(source.books([KEYLESS_DEMO.merged], { http }), (e) => isServiceError(e, 'network') && /did not answer within/.test(said(e.reason)));
});

test('fault: malformed and truncated JSON are clear bad responses, from either source', async () => {
  sb.keyless.injectFault({ match: { host: 'openLibrary' }, kind: 'malformed-json', body: '{"ISBN:9780131103627": nope}' });
  await assert.rejects(openLibrary().books([KEYLESS_DEMO.merged], { http }), (e) => isServiceError(e, 'badResponse') && /Open Library sent an answer that is not valid JSON/.test(said(e.reason)));
  sb.keyless.injectFault({ match: { host: 'openLibrary' }, kind: 'truncated-json' });
  await assert.rejects(openLibrary().books([KEYLESS_DEMO.merged], { http }), (e) => isServiceError(e, 'badResponse') && /ended early/.test(said(e.reason)));
  sb.keyless.injectFault({ match: { host: 'googleBooks' }, kind: 'truncated-json' });
  await assert.rejects(google().books([KEYLESS_DEMO.googleOnly], { http }), (e) => isServiceError(e, 'badResponse') && /Google Books.*ended early|ended early.*Google Books/.test(said(e.reason)));
  sb.keyless.injectFault({ match: { host: 'googleBooks' }, kind: 'html-error' });
  await assert.rejects(google().books([KEYLESS_DEMO.googleOnly], { http }), (e) => isServiceError(e, 'server'));
});

test('fault: an API redirect is not followed', async () => {
  sb.keyless.injectFault({ match: { host: 'openLibrary' }, kind: 'redirect', redirectTo: `${sb.keyless.urls.archive}/api/books?bibkeys=x` });
  await assert.rejects(openLibrary().books([KEYLESS_DEMO.merged], { http }), (e) => isServiceError(e, 'badResponse') && /not followed/.test(said(e.reason)));
  sb.keyless.injectFault({ match: { host: 'googleBooks' }, kind: 'redirect', redirectTo: `${sb.keyless.urls.archive}/books/v1/volumes` });
  await assert.rejects(google({ apiKey: sb.keyless.googleKey }).books([KEYLESS_DEMO.googleOnly], { http }), (e) => isServiceError(e, 'badResponse'));
  assert.equal(sb.keyless.log.filter((e) => e.host === 'archive').length, 0, 'nothing reached the redirect target (the key least of all)');
});

test('Google Books: own volumes, the edition rule (another edition labelled, a volume without ISBN left out), http image links', async () => {
  const answer = await google().books([KEYLESS_DEMO.googleOnly, KEYLESS_DEMO.googleOtherEdition, KEYLESS_DEMO.googleNoIsbn, KEYLESS_DEMO.unknown], { http });
  const own = answer.found.get(KEYLESS_DEMO.googleOnly)!;
  assert.equal(own.isbn13, KEYLESS_DEMO.googleOnly);
  assert.match(own.synopsis!, /Lebensfragment/);
  assert.ok(own.image!.startsWith(sb.keyless.urls.googleImages), 'loopback image kept as sent');
  const other = answer.found.get(KEYLESS_DEMO.googleOtherEdition)!;
  assert.equal(other.isbn13, GOOGLE_OTHER_EDITION_ISBN);
  assert.match(otherEditionNote(other, KEYLESS_DEMO.googleOtherEdition)!, /another edition/);
  assert.deepEqual(answer.notFound, [KEYLESS_DEMO.googleNoIsbn, KEYLESS_DEMO.unknown]);
  assert.deepEqual(sb.keyless.log.map((e) => `${e.path}?${e.query}`), [KEYLESS_DEMO.googleOnly, KEYLESS_DEMO.googleOtherEdition, KEYLESS_DEMO.googleNoIsbn, KEYLESS_DEMO.unknown].map((i) => `/books/v1/volumes?q=isbn:${i}`));
});

test('fault: the keyless daily quota (429 RESOURCE_EXHAUSTED) stops Google until Pacific midnight; a key has its own, sent only in X-Goog-Api-Key', async () => {
  sb.keyless.setGoogleQuota('keyless', 0);
  const source = google();
  const before = Date.now();
  await assert.rejects(source.books([KEYLESS_DEMO.googleOnly], { http }), (e) => isServiceError(e, 'quota') && e.details.daily === true && /free Google Books API key/.test(said(e.reason)));
  assert.ok(source.stoppedUntil! >= nextPacificMidnight(before) && source.stoppedUntil! <= nextPacificMidnight(Date.now()));
  sb.keyless.setGoogleQuota('keyless', 1000, 0);
  await assert.rejects(source.books([KEYLESS_DEMO.googleBooksOnly], { http }), (e) => isServiceError(e, 'quota'));
  assert.equal(sb.keyless.log.length, 1, 'not asked again today');

  const keyed = google({ apiKey: sb.keyless.googleKey, keyId: 'k1' });
  assert.equal((await keyed.books([KEYLESS_DEMO.googleBooksOnly], { http })).found.size, 1);
  const last = sb.keyless.log.at(-1)!;
  assert.equal(last.headers['x-goog-api-key'], '[redacted]');
  assert.ok(!last.query.includes('key='));
  await assert.rejects(google({ apiKey: 'AIzaWrongKey' }).books([KEYLESS_DEMO.googleOnly], { http }), (e) => isServiceError(e, 'auth'));
});

test('covers: by id; the archive host reached by one allowed redirect; default=false gives 404 instead of a blank image', async () => {
  const answer = await openLibrary().books([KEYLESS_DEMO.merged, KEYLESS_DEMO.archiveCover], { http });
  const get = (url: string) => http.request({ method: 'GET', origin: new URL(url).origin, path: new URL(url).pathname + new URL(url).search, headers: { 'user-agent': UA }, timeoutMs: 5000, maxBodyBytes: 1 << 20 });
  const direct = await get(answer.found.get(KEYLESS_DEMO.merged)!.image!);
  assert.equal(direct.status, 200);
  assert.equal(direct.headers['content-type'], 'image/jpeg');
  const archived = answer.found.get(KEYLESS_DEMO.archiveCover)!.image!;
  const moved = await get(archived);
  assert.equal(moved.status, 302);
  const target = coverRedirectTarget(archived, moved.headers.location as string)!;
  assert.ok(target.startsWith(sb.keyless.urls.archive));
  assert.equal((await get(target)).status, 200);
  assert.equal((await get(`${sb.keyless.urls.openLibraryCovers}/b/id/4242-M.jpg?default=false`)).status, 404);
  assert.ok(sb.keyless.log.filter((e) => e.host === 'openLibraryCovers').every((e) => /^\/b\/id\//.test(e.path)), 'covers by id only');
});

test('merge: Open Library first, Google fills its description; a book only Google knows; one only the book service knows', async () => {
  const asked = [KEYLESS_DEMO.merged, KEYLESS_DEMO.googleBooksOnly, KEYLESS_DEMO.serviceOnly];
  const ol = await openLibrary().books(asked, { http });
  // Google only for what Open Library lacks, and for the description of the first.
  const needGoogle = [...ol.notFound, KEYLESS_DEMO.merged];
  const g = await google().books(needGoogle, { http });
  const merged = (isbn: string) =>
    mergeBooks(isbn, [
      ...(ol.found.has(isbn) ? [{ source: 'openLibrary', book: ol.found.get(isbn)! }] : []),
      ...(g.found.has(isbn) ? [{ source: 'googleBooks', book: g.found.get(isbn)! as Book }] : []),
    ]);
  const c = merged(KEYLESS_DEMO.merged)!;
  assert.equal(c.book.pages, 272, "Open Library's page count, not Google's 274");
  assert.match(c.book.synopsis!, /ANSI standard C/);
  assert.deepEqual(provenanceLabels(c.provenance), ['Open Library', 'Google Books · language, description']);
  assert.deepEqual(provenanceLabels(merged(KEYLESS_DEMO.googleBooksOnly)!.provenance), ['Google Books']);
  assert.equal(merged(KEYLESS_DEMO.serviceOnly), undefined);
  assert.equal(sb.keyless.log.filter((e) => e.host === 'googleBooks').length, 3);
});

test("rates: requests spaced at the sources' own rates get no 429 from rules of the services' documented size", async () => {
  sb.keyless.setOpenLibraryRates({ identified: 3, unidentified: 1 });
  sb.keyless.setGoogleRate(1);
  const ol = openLibrary();
  const g = google();
  const olHttp = paced(ol.rate.perSecond);
  const gHttp = paced(g.rate.perSecond);
  await Promise.all([
    (async () => {
      for (let i = 0; i < 7; i++) await ol.books([KEYLESS_DEMO.merged], { http: olHttp });
    })(),
    g.books([KEYLESS_DEMO.googleOnly, KEYLESS_DEMO.googleBooksOnly, KEYLESS_DEMO.keylessBoth], { http: gHttp }),
  ]);
  assert.deepEqual(sb.keyless.log.filter((e) => e.status !== 200), []);
  sb.keyless.setGoogleRate(Infinity);
});

test('1,000 distinct ISBNs as Look Up All asks them: Open Library in ⌈1,000 ÷ 25⌉ = 40 requests at its rate, none refused; Google only for what it lacks', async (t) => {
  sb.keyless.setOpenLibraryRates({ identified: 3, unidentified: 1 });
  const known = [...new Set([...sb.catalogue.books.map((b) => b.isbn13), ...Object.values(KEYLESS_DEMO)])];
  const unknown = Array.from({ length: 1000 }, (_, i) => `97988801${String(i).padStart(4, '0')}`).map((first12) => first12 + check13(first12));
  const isbns = [...new Set([...known, ...unknown])].slice(0, 1000);
  assert.equal(isbns.length, 1000);
  const ol = openLibrary();
  const olHttp = paced(ol.rate.perSecond);
  const lacking: string[] = [];
  let found = 0;
  for (let i = 0; i < isbns.length; i += ol.maxBatch) {
    const answer = await ol.books(isbns.slice(i, i + ol.maxBatch), { http: olHttp });
    for (const isbn of isbns.slice(i, i + ol.maxBatch)) {
      if (needsNextSource(isbn, answer.found.get(isbn), 'bulk')) lacking.push(isbn);
      else found++;
    }
  }
  const g = google();
  const fromGoogle = await g.books(lacking, { http });
  const olLog = sb.keyless.log.filter((e) => e.host === 'openLibrary');
  const gLog = sb.keyless.log.filter((e) => e.host === 'googleBooks');
  t.diagnostic(`Open Library: ${olLog.length} requests (ideal 40), busiest second ${busiestSecond(olLog.map((e) => e.time))}, found ${found}; Google: ${gLog.length} requests, found ${fromGoogle.found.size}`);
  assert.equal(olLog.length, 40);
  assert.ok(olLog.every((e) => e.status === 200 && (e.bibkeyCount ?? 0) <= 25));
  assert.ok(busiestSecond(olLog.map((e) => e.time)) <= 3);
  assert.equal(gLog.length, lacking.length, 'Google asked once for each ISBN Open Library lacks, never for the others');
  assert.ok(gLog.every((e) => e.status === 200));
  assert.ok(found > 300 && lacking.length > 300, `${found} found, ${lacking.length} lacking`);
});

test('hostile text from keyless sources is cleaned like the book service\'s: no bidi overrides or line breaks, no javascript: cover', async () => {
  const ol = (await openLibrary().books([KEYLESS_DEMO.hostile], { http })).found.get(KEYLESS_DEMO.hostile)!;
  const g = (await google().books([KEYLESS_DEMO.hostile], { http })).found.get(KEYLESS_DEMO.hostile)!;
  for (const book of [ol, g]) {
    for (const text of [book.title, book.synopsis ?? '', ...book.authors]) assert.doesNotMatch(text, /[\n\r\u202A-\u202E\u2066-\u2069]/);
    assert.ok(book.image === undefined || /^https?:\/\//.test(book.image), book.image);
  }
  assert.equal(g.image, undefined, 'a javascript: image link is no cover');
  assert.match(g.synopsis!, /evil/);
});
