// Tests of the keyless emulations themselves (test/sandbox/keyless/): Open Library's Books
// API, search and covers, Google Books' volumes, their rules and the admin API.
// Run: node --import tsx --test test/service/keylessSandbox.test.ts

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, KEYLESS_DEMO, GOOGLE_OTHER_EDITION_ISBN, type Sandbox } from '../sandbox/server';
import { generateCatalogue } from '../sandbox/catalogue';
import { generateKeylessCatalogue } from '../sandbox/keyless/catalogue';

const AGENT = { 'User-Agent': 'ISBNLens/0.1.0 (https://github.com/isbnlens/isbn-lens)' };
let sb: Sandbox;

before(async () => {
  sb = await startSandbox({ keyless: { openLibraryRates: { identified: 1e6, unidentified: 1e6 } } });
});
after(() => sb.close());

const ol = (path: string, headers: Record<string, string> = AGENT) => fetch(`${sb.keyless.urls.openLibrary}${path}`, { headers, redirect: 'manual' });
const books = (keys: string, headers?: Record<string, string>) => ol(`/api/books?bibkeys=${keys}&format=json&jscmd=data`, headers);
const google = (q: string, headers: Record<string, string> = {}) => fetch(`${sb.keyless.urls.googleBooks}/books/v1/volumes?q=${q}`, { headers });

test('catalogues overlap the book service and each other: books only one keyless source knows, both, and only the book service', () => {
  const service = generateCatalogue();
  const k = generateKeylessCatalogue();
  const isbns = [...new Set([...service.byIsbn.keys(), ...k.openLibrary.byIsbn.keys(), ...k.google.byIsbn.keys()])].filter((i) => i.length === 13);
  const kinds = new Map<string, number>();
  for (const isbn of isbns) {
    const kind = `${service.byIsbn.has(isbn) ? 'S' : '-'}${k.openLibrary.byIsbn.has(isbn) ? 'O' : '-'}${k.google.byIsbn.has(isbn) ? 'G' : '-'}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  for (const kind of ['SOG', 'SO-', 'S-G', 'S--', '-OG', '-O-', '--G']) assert.ok((kinds.get(kind) ?? 0) >= 20, `${kind}: ${kinds.get(kind)}`);
  assert.equal(service.byIsbn.has(KEYLESS_DEMO.openLibraryOnly), false);
  assert.equal(k.google.byIsbn.has(KEYLESS_DEMO.serviceOnly) || k.openLibrary.byIsbn.has(KEYLESS_DEMO.serviceOnly), false);
  assert.deepEqual(generateKeylessCatalogue().openLibrary.editions.length, k.openLibrary.editions.length, 'deterministic');
});

test('Books API: keyed by each bibkey exactly as asked, {} for unknown, absent-not-empty fields, CORS *', async () => {
  const r = await books(`ISBN:${KEYLESS_DEMO.merged},isbn:0-13-110362-8,${KEYLESS_DEMO.unknown}, ,ISBN:2070360024`);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('access-control-allow-origin'), '*');
  const body = (await r.json()) as Record<string, any>;
  assert.deepEqual(Object.keys(body).sort(), ['ISBN:2070360024', `ISBN:${KEYLESS_DEMO.merged}`, 'isbn:0-13-110362-8']);
  assert.deepEqual(body[`ISBN:${KEYLESS_DEMO.merged}`], body['isbn:0-13-110362-8'], 'two keys of one edition, the same record');
  const c = body[`ISBN:${KEYLESS_DEMO.merged}`];
  assert.equal(c.title, 'The C Programming Language');
  assert.equal(c.description, undefined, 'jscmd=data has no description');
  assert.match(c.cover.medium, /\/b\/id\/\d+-M\.jpg$/);
  assert.deepEqual(body['ISBN:2070360024'].identifiers.isbn_13, undefined, 'an edition with only an ISBN-10');
  for (const value of Object.values(c)) assert.ok(value !== '' && !(Array.isArray(value) && value.length === 0));
  assert.deepEqual(await (await books(KEYLESS_DEMO.unknown)).json(), {});
  // Without format=json: JavaScript.
  assert.match(await (await ol(`/api/books?bibkeys=ISBN:${KEYLESS_DEMO.merged}&jscmd=data`)).text(), /^var _OLBookInfo = \{/);
});

test('Books API: quirks of the records (no work, pages as a string, pagination only, two ISBN-13s)', async () => {
  const body = (await (await books([KEYLESS_DEMO.googleOtherEdition, KEYLESS_DEMO.googleNoIsbn, KEYLESS_DEMO.twoIsbn13].map((i) => `ISBN:${i}`).join(','))).json()) as Record<string, any>;
  const nw = body[`ISBN:${KEYLESS_DEMO.googleOtherEdition}`];
  assert.equal(nw.authors, undefined);
  assert.equal(nw.number_of_pages, '267');
  assert.equal(body[`ISBN:${KEYLESS_DEMO.googleNoIsbn}`].pagination, 'p. cm.');
  assert.equal(body[`ISBN:${KEYLESS_DEMO.twoIsbn13}`].identifiers.isbn_13[1], KEYLESS_DEMO.twoIsbn13);
});

test('Books API: an ISBN missed once is found by a later request (imported)', async () => {
  sb.keyless.resetImports();
  assert.deepEqual(await (await books(`ISBN:${KEYLESS_DEMO.lateImport}`)).json(), {});
  const again = (await (await books(`ISBN:${KEYLESS_DEMO.lateImport}`)).json()) as Record<string, any>;
  assert.equal(again[`ISBN:${KEYLESS_DEMO.lateImport}`].title, 'Imported Later');
});

test('User-Agent rule: 403 for none, library defaults and contact-less agents; browsers and curl at the lower rate', async () => {
  for (const agent of ['', 'python-requests/2.31.0', 'node', 'undici', 'Livrarr/0.1.0-alpha4', 'bindery/1.2 (linux)', 'ISBNLens/0.1.0']) {
    const r = await books(`ISBN:${KEYLESS_DEMO.merged}`, { 'User-Agent': agent });
    assert.equal(r.status, 403, agent);
    assert.match(await r.text(), /403 Forbidden/);
  }
  assert.equal((await books(`ISBN:${KEYLESS_DEMO.merged}`, { 'User-Agent': 'MyLibraryApp (contact@example.org)' })).status, 200);
  assert.equal((await books(`ISBN:${KEYLESS_DEMO.merged}`, { 'User-Agent': 'curl/8.5.0' })).status, 200);
  const refused = sb.keyless.log.filter((e) => e.refused === 'user-agent');
  assert.ok(refused.length >= 7);
});

test('rates: 3/s identified and 1/s unidentified, then 429 with the JSON body', async () => {
  const s = await startSandbox();
  try {
    const ask = (agent: string) => fetch(`${s.keyless.urls.openLibrary}/api/books?bibkeys=ISBN:${KEYLESS_DEMO.merged}&format=json&jscmd=data`, { headers: { 'User-Agent': agent } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(AGENT['User-Agent'])).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const r = await ask(AGENT['User-Agent']);
    assert.deepEqual(await r.json(), { status: 429, message: 'Too Many Requests. Consider using https://openlibrary.org/developers/dumps.' });
    assert.equal(r.headers.get('access-control-allow-origin'), null, 'a 429 carries no cross-origin permission: a browser sees a failed fetch');
    s.keyless.setOpenLibraryRates({});
    assert.deepEqual([(await ask('curl/8.5.0')).status, (await ask('curl/8.5.0')).status], [200, 429]);
  } finally {
    await s.close();
  }
});

test('a request line over 8 KB: 414', async () => {
  const keys = Array.from({ length: 500 }, () => `ISBN:${KEYLESS_DEMO.merged}`).join(',');
  assert.equal((await books(keys)).status, 414);
});

test('author search: /search.json?author= (works, fields, paging) and /search/authors.json', async () => {
  const r = await ol('/search.json?author=Ada%20Whitlock&fields=key,title,isbn,author_name&limit=2&page=1');
  const body = (await r.json()) as any;
  assert.ok(body.numFound >= 3);
  assert.equal(body.docs.length, 2);
  assert.deepEqual(Object.keys(body.docs[0]).sort(), ['author_name', 'isbn', 'key', 'title']);
  assert.match(body.docs[0].key, /^\/works\/OL\d+W$/);
  const page2 = (await (await ol('/search.json?author=ada%20whitlock&fields=key&limit=2&page=2')).json()) as any;
  assert.equal(page2.start, 2);
  const authors = (await (await ol('/search/authors.json?q=Ada%20Whitlock')).json()) as any;
  assert.equal(authors.docs[0].name, 'Ada Whitlock');
  assert.match(authors.docs[0].key, /^OL\d+A$/);
  assert.equal((await ol('/search.json?author=Nobody%20At%20All').then((x) => x.json()) as any).numFound, 0);
  assert.equal((await ol('/search.json?author=x&limit=-1')).status, 422);
});

test('covers: by id (S/M/L, CORS), id ≥ 8,000,000 redirected to the archive host, default=false 404, by-ISBN limit 403', async () => {
  const edition = (await (await books(`ISBN:${KEYLESS_DEMO.merged}`)).json()) as Record<string, any>;
  const cover = await fetch(edition[`ISBN:${KEYLESS_DEMO.merged}`].cover.medium);
  assert.equal(cover.status, 200);
  assert.equal(cover.headers.get('content-type'), 'image/jpeg');
  assert.equal(cover.headers.get('access-control-allow-origin'), '*');
  const archived = (await (await books(`ISBN:${KEYLESS_DEMO.archiveCover}`)).json()) as Record<string, any>;
  const redirect = await fetch(archived[`ISBN:${KEYLESS_DEMO.archiveCover}`].cover.large, { redirect: 'manual' });
  assert.equal(redirect.status, 302);
  const location = redirect.headers.get('location')!;
  assert.ok(location.startsWith(sb.keyless.urls.archive), location);
  assert.equal((await fetch(location)).headers.get('content-type'), 'image/jpeg');
  const c = sb.keyless.urls.openLibraryCovers;
  assert.equal((await fetch(`${c}/b/id/999999-M.jpg?default=false`)).status, 404);
  assert.equal((await fetch(`${c}/b/id/999999-M.jpg`)).headers.get('content-type'), 'image/gif', 'a blank image by default');
  sb.keyless.setCoverIsbnLimit(2);
  const byIsbn = [];
  for (let i = 0; i < 3; i++) byIsbn.push((await fetch(`${c}/b/isbn/${KEYLESS_DEMO.merged}-S.jpg`)).status);
  assert.deepEqual(byIsbn, [200, 200, 403]);
  assert.equal((await fetch(edition[`ISBN:${KEYLESS_DEMO.merged}`].cover.small)).status, 200, 'by id is not limited');
  sb.keyless.setCoverIsbnLimit(100);
});

test('Google: isbn: keyword only, {totalItems: 0} without items, other editions and volumes without ISBN, http image links without CORS', async () => {
  const own = (await (await google(`isbn:${KEYLESS_DEMO.googleOnly}`)).json()) as any;
  assert.equal(own.totalItems, 1);
  assert.deepEqual(own.items[0].volumeInfo.industryIdentifiers.map((i: any) => i.type), ['ISBN_10', 'ISBN_13']);
  const image = own.items[0].volumeInfo.imageLinks.thumbnail as string;
  assert.match(image, /^http:\/\//);
  const img = await fetch(image);
  assert.equal(img.status, 200);
  assert.equal(img.headers.get('access-control-allow-origin'), null);
  assert.deepEqual(await (await google(`isbn:${KEYLESS_DEMO.unknown}`)).json(), { kind: 'books#volumes', totalItems: 0 });
  const other = (await (await google(`isbn:${KEYLESS_DEMO.googleOtherEdition}`)).json()) as any;
  assert.equal(other.items[0].volumeInfo.industryIdentifiers[0].identifier, GOOGLE_OTHER_EDITION_ISBN);
  const noIsbn = (await (await google(`isbn:${KEYLESS_DEMO.googleNoIsbn}`)).json()) as any;
  assert.deepEqual(noIsbn.items[0].volumeInfo.industryIdentifiers.map((i: any) => i.type), ['OTHER']);
  // `ISBN:` is no keyword: a text search that answers with other books.
  const text = (await (await google(`ISBN:${KEYLESS_DEMO.googleOnly}`)).json()) as any;
  assert.ok(text.items.every((v: any) => !JSON.stringify(v.volumeInfo.industryIdentifiers ?? []).includes(KEYLESS_DEMO.googleOnly)));
});

test('Google: the key in X-Goog-Api-Key (redacted in the log), a bad key 400, the keyless quota 429 RESOURCE_EXHAUSTED', async () => {
  sb.keyless.clearLog();
  assert.equal((await google(`isbn:${KEYLESS_DEMO.googleOnly}`, { 'X-Goog-Api-Key': sb.keyless.googleKey })).status, 200);
  assert.equal(sb.keyless.log[0]!.headers['x-goog-api-key'], '[redacted]');
  assert.ok(!JSON.stringify(sb.keyless.log).includes(sb.keyless.googleKey));
  const bad = await google(`isbn:${KEYLESS_DEMO.googleOnly}`, { 'X-Goog-Api-Key': 'AIzaWrong' });
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as any).error.status, 'INVALID_ARGUMENT');
  sb.keyless.setGoogleQuota('keyless', 0);
  const spent = await google(`isbn:${KEYLESS_DEMO.googleOnly}`);
  assert.equal(spent.status, 429);
  const error = ((await spent.json()) as any).error;
  assert.equal(error.status, 'RESOURCE_EXHAUSTED');
  assert.match(error.message, /Queries per day/);
  assert.equal(error.details[0].metadata.quota_limit_value, '0');
  assert.equal((await google(`isbn:${KEYLESS_DEMO.googleOnly}`, { 'X-Goog-Api-Key': sb.keyless.googleKey })).status, 200, 'a key has its own quota');
  sb.keyless.setGoogleQuota('keyless', 1000, 0);
  assert.equal((await google(`isbn:${KEYLESS_DEMO.googleOnly}`)).status, 200);
});

test('faults on a keyless host: status, malformed and truncated JSON, redirect, delay; the admin API drives them', async () => {
  const adminPost = (path: string, body: unknown) => fetch(`${sb.adminUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
  assert.equal((await adminPost('/keyless/faults', [{ match: { host: 'openLibrary' }, status: 503 }, { match: { host: 'googleBooks' }, kind: 'truncated-json' }])).status, 200);
  assert.equal((await books(`ISBN:${KEYLESS_DEMO.merged}`)).status, 503);
  const truncated = await (await google(`isbn:${KEYLESS_DEMO.googleOnly}`)).text();
  assert.throws(() => JSON.parse(truncated));
  await adminPost('/keyless/faults', { match: { host: 'openLibrary', pathPrefix: '/api/books' }, kind: 'redirect', redirectTo: 'https://example.invalid/api/books' });
  const moved = await books(`ISBN:${KEYLESS_DEMO.merged}`);
  assert.equal(moved.status, 302);
  assert.equal(moved.headers.get('location'), 'https://example.invalid/api/books');
  await adminPost('/keyless/faults', { match: { host: 'openLibrary' }, kind: 'malformed-json' });
  const malformed = await books(`ISBN:${KEYLESS_DEMO.merged}`);
  assert.equal(malformed.status, 200);
  const text = await malformed.text();
  assert.throws(() => JSON.parse(text));
  assert.equal((await books(`ISBN:${KEYLESS_DEMO.merged}`)).status, 200, 'one use only');
  const log = (await (await fetch(`${sb.adminUrl}/keyless/log`)).json()) as any[];
  assert.ok(log.some((e) => e.host === 'openLibrary' && e.status === 503));
  assert.equal((await adminPost('/keyless/google-quota', { which: 'nobody', total: 1 })).status, 400);
  const info = (await (await fetch(`${sb.adminUrl}/info`)).json()) as any;
  assert.equal(info.keyless.urls.openLibrary, sb.keyless.urls.openLibrary);
});
