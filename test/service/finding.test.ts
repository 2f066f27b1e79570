// Finding a book against the sandbox's Open Library (search, works, editions) and Google Books
// (title search): only the fields shown asked, paging, the work of an ISBN, a merged work,
// cancellation, a malformed answer; and the finding API over them (Google only when Open Library
// finds nothing).
// Run: node --import tsx --test test/service/finding.test.ts

import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, KEYLESS_DEMO, type Sandbox } from '../sandbox/server';
import { FINDING_DEMO } from '../sandbox/keyless/works';
import { UndiciTransport } from '../../src/core/host/node/undiciTransport';
import { OpenLibrarySource } from '../../src/core/sources/openLibrary/source';
import { GoogleBooksSource } from '../../src/core/sources/googleBooks/source';
import { keylessUserAgent } from '../../src/core/host/userAgent';
import { isServiceError } from '../../src/core/model/errors';
import { Finder } from '../../src/core/finding/finder';
import type { FindingSources } from '../../src/core/model/works';

const [UA, http] = [keylessUserAgent('0.1.0'), new UndiciTransport()];
let sb: Sandbox;

// Rates out of the way (the sources' own throttles are tested elsewhere); each test starts with no fault, an empty log and Google's quota.
before(async () => void (sb = await startSandbox({ keyless: { openLibraryRates: { identified: 1e6, unidentified: 1e6 } } })));
after(() => sb.close());
beforeEach(() => [sb.keyless.clearFaults(), sb.keyless.clearLog(), sb.keyless.setGoogleQuota('keyless', 1000, 0)]);

const openLibrary = () => new OpenLibrarySource({ baseUrl: new URL(sb.keyless.urls.openLibrary), coversUrl: new URL(sb.keyless.urls.openLibraryCovers), userAgent: UA });
const google = () => new GoogleBooksSource({ baseUrl: new URL(sb.keyless.urls.googleBooks), userAgent: UA });

test('search by title and author: the work with its edition count and first year, only the fields shown asked, a small limit', async () => {
  const page = await openLibrary().searchWorks({ title: 'little prince', author: 'Saint-Exupéry' }, 10, { http }, 'de');
  assert.equal(page.works[0]?.key, `/works/${FINDING_DEMO.littlePrince.work}`);
  assert.equal(page.works[0]?.title, 'The Little Prince');
  assert.deepEqual(page.works[0]?.authors, ['Antoine de Saint-Exupéry']);
  assert.equal(page.works[0]?.editionCount, FINDING_DEMO.littlePrince.editions);
  assert.equal(page.works[0]?.firstYear, 1943);
  const sent = new URLSearchParams(sb.keyless.log[0]!.query);
  assert.equal(sent.get('fields'), 'key,title,subtitle,author_name,first_publish_year,edition_count,cover_i');
  assert.equal(sent.get('limit'), '10');
  assert.equal(sent.get('lang'), 'de');
  assert.equal(sb.keyless.log[0]!.headers['user-agent'], UA);
});

test('free words: a query Open Library would refuse (under 3 characters) is not sent', async () => {
  const page = await openLibrary().searchWorks({ text: 'ab' }, 10, { http });
  assert.deepEqual(page.works, []);
  assert.equal(sb.keyless.log.length, 0);
});

test("a work's editions, paged: 50, then the rest, with the total; languages, bindings, ISBNs read", async () => {
  const source = openLibrary();
  const first = await source.workEditions(`/works/${FINDING_DEMO.roomOfOnesOwn.work}`, 0, 50, { http });
  assert.equal(first.editions.length, 50);
  assert.equal(first.total, 64);
  assert.equal(first.hasMore, true);
  const second = await source.workEditions(FINDING_DEMO.roomOfOnesOwn.work, 50, 50, { http });
  assert.equal(second.editions.length, 14);
  assert.equal(second.hasMore, false);
  const prince = await source.workEditions(FINDING_DEMO.littlePrince.work, 0, 50, { http });
  const dtv = prince.editions.find((e) => e.isbn13 === FINDING_DEMO.kleinePrinzDtv)!;
  assert.deepEqual(
    { title: dtv.title, language: dtv.language, binding: dtv.binding, publisher: dtv.publisher, date: dtv.date, pages: dtv.pages, workKey: dtv.workKey },
    { title: 'Der kleine Prinz', language: 'de', binding: 'Taschenbuch', publisher: 'dtv', date: '2015-03-01', pages: 112, workKey: `/works/${FINDING_DEMO.littlePrince.work}` },
  );
  assert.equal(prince.editions.filter((e) => !e.isbn13).length, FINDING_DEMO.littlePrince.withoutIsbn);
});

test('the work of an ISBN and its edition, in one search', async () => {
  const found = await openLibrary().workOfIsbn(FINDING_DEMO.petitPrinceFolio, { http });
  assert.equal(found?.work.key, `/works/${FINDING_DEMO.littlePrince.work}`);
  assert.equal(found?.work.editionCount, FINDING_DEMO.littlePrince.editions);
  assert.match(found?.editionKey ?? '', /^\/books\/OL\d+M$/);
  assert.equal(await openLibrary().workOfIsbn(KEYLESS_DEMO.unknown, { http }), undefined);
});

test('a merged work has no editions: notFound, said clearly', async () => {
  await assert.rejects(openLibrary().workEditions(FINDING_DEMO.mergedWork, 0, 50, { http }), (e) => isServiceError(e, 'notFound'));
});

test('cancellation: a search whose signal fires is cancelled, not failed', async () => {
  sb.keyless.injectFault({ match: { host: 'openLibrary' }, delayMs: 1500 });
  const controller = new AbortController();
  const asked = openLibrary().searchWorks({ title: 'periodic table' }, 10, { http, signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  await assert.rejects(asked, (e) => isServiceError(e, 'cancelled'));
});

test('a malformed answer is a bad response, never a crash', async () => {
  sb.keyless.injectFault({ match: { host: 'openLibrary' }, kind: 'malformed-json', body: '{"docs": nope}' });
  await assert.rejects(openLibrary().searchWorks({ title: 'periodic table' }, 10, { http }), (e) => isServiceError(e, 'badResponse'));
  sb.keyless.injectFault({ match: { host: 'openLibrary' }, kind: 'malformed-json', body: '{"entries": 3}' });
  await assert.rejects(openLibrary().workEditions(FINDING_DEMO.periodicTable.work, 0, 50, { http }), (e) => isServiceError(e, 'badResponse'));
});

test('Google Books: intitle and inauthor, each volume a work of one edition', async () => {
  const page = await google().searchVolumes({ title: 'Searching the Stacks', author: 'Whitlock' }, 10, { http });
  assert.equal(page.works.length, 1);
  assert.equal(page.works[0]!.editions?.[0]?.isbn13, KEYLESS_DEMO.googleBooksOnly);
  assert.match(sb.keyless.log[0]!.query, /q=intitle:Searching\+the\+Stacks\+inauthor:Whitlock&maxResults=10/);
});

test('the finding API: Open Library first, Google only when it finds nothing; searches kept for the session', async () => {
  const ol = openLibrary();
  const g = google();
  const sources: FindingSources = {
    can: () => true,
    searchOpenLibrary: (q, limit, signal, lang) => ol.searchWorks(q, limit, { http, signal }, lang),
    searchGoogle: (q, limit, signal) => g.searchVolumes(q, limit, { http, signal }),
    editions: (key, offset, limit, signal) => ol.workEditions(key, offset, limit, { http, signal }),
    workOfIsbn: (isbn, signal) => ol.workOfIsbn(isbn, { http, signal }),
  };
  const finder = new Finder(sources);
  const prince = await finder.findWorks({ title: 'The Little Prince' });
  assert.equal(prince.source, 'openLibrary');
  assert.equal(sb.keyless.log.filter((e) => e.host === 'googleBooks').length, 0);
  await finder.findWorks({ title: 'The Little Prince' });
  assert.equal(sb.keyless.log.length, 1, 'asked once');
  const stacks = await finder.findWorks({ title: 'Searching the Stacks' });
  assert.equal(stacks.source, 'googleBooks');
  const editions = await finder.editionsOfWork(stacks.works[0]!.key);
  assert.equal(editions.editions[0]?.isbn13, KEYLESS_DEMO.googleBooksOnly);
});
