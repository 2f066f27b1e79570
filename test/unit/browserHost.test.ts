/**
 * The browser host (VS Code for the Web) on a fake `fetch`: what a browser does (a failed fetch
 * with no status, redirects hidden, bodies streamed) and what the host makes of it; the records
 * in a fake `globalState`; covers inlined with `btoa`, Google's shown by https address; the key's
 * fingerprint the same as the Node host's. The real worker runs it in test/e2e/browser.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { failure, said } from '../../src/editor/words/failures';
import { BrowserCovers, base64, isPrivateLiteral } from '../../src/core/host/browser/browserCovers';
import { BrowserFetchError, FetchTransport, HIDDEN_REDIRECT_STATUS } from '../../src/core/host/browser/fetchTransport';
import { keyFingerprint as browserFingerprint } from '../../src/core/host/browser/keyFingerprint';
import { StateRecords } from '../../src/core/host/browser/stateRecords';
import { HttpTimeoutError, type HttpRequest } from '../../src/core/host/http';
import { keyFingerprint as nodeFingerprint } from '../../src/core/host/node/keyFingerprint';
import { BookServiceClient } from '../../src/core/sources/isbndb/client';
import { type ServiceError, isServiceError } from '../../src/core/model/errors';

const request = (over: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'GET',
  origin: 'https://books.example',
  path: '/books/1',
  headers: { accept: 'application/json' },
  timeoutMs: 5000,
  maxBodyBytes: 1024,
  ...over,
});

type Init = RequestInit;

function fakeFetch(answer: (url: string, init: Init) => Response | Promise<Response>): { fetch: typeof fetch; calls: Array<{ url: string; init: Init }> } {
  const calls: Array<{ url: string; init: Init }> = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer(String(input), init ?? {});
  };
  return { fetch: fn as typeof fetch, calls };
}

test('the transport sends the request as asked: no redirect followed, no cookies, the body read whole', async () => {
  const { fetch, calls } = fakeFetch(() => new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json', 'Retry-After': '3' } }));
  const response = await new FetchTransport(fetch).request(request({ method: 'POST', path: '/books', body: 'isbns=1', headers: { authorization: 'k', 'User-Agent': 'ISBN Lens' } }));
  assert.equal(calls[0]!.url, 'https://books.example/books');
  assert.equal(calls[0]!.init.redirect, 'manual');
  assert.equal(calls[0]!.init.credentials, 'omit');
  assert.equal(calls[0]!.init.body, 'isbns=1');
  assert.deepEqual(calls[0]!.init.headers, { authorization: 'k' }, 'a User-Agent is never sent from a browser');
  assert.equal(response.status, 200);
  assert.equal(response.headers['retry-after'], '3', 'header names in lower case');
  assert.equal(new TextDecoder().decode(await response.read()), '{"ok":true}');
});

test('a failed fetch (a browser refusing a cross-origin answer) is a BrowserFetchError, which the book service reads as "blocked"', async () => {
  const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
  const transport = new FetchTransport(fetch);
  await assert.rejects(transport.request(request()), (e) => e instanceof BrowserFetchError && e.code === 'FETCH_FAILED');

  const client = new BookServiceClient({ baseUrl: new URL('https://books.example'), plan: 'default', apiKey: 'secret-key', keyId: 'id' });
  const error = await client.books(['9780131103627'], { http: transport }).catch((e: unknown) => e);
  assert.ok(isServiceError(error, 'blocked'), String(error));
  const words = failure(error, { plan: 'default' });
  assert.equal(words, 'The book service does not accept requests from VS Code for the Web; the desktop app can use it.');
  assert.ok(!words.includes('secret-key'));
});

test('a redirect is not followed: the browser hides it, and it stands as a redirect status the source refuses', async () => {
  const opaque = Object.assign(new Response(null, { status: 200 }), {});
  Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
  Object.defineProperty(opaque, 'status', { value: 0 });
  const { fetch } = fakeFetch(() => opaque);
  const response = await new FetchTransport(fetch).request(request());
  assert.equal(response.status, HIDDEN_REDIRECT_STATUS);
});

test('an answer over the cap is refused unread, whether it says its length or streams it', async () => {
  const declared = fakeFetch(() => new Response('x'.repeat(10), { headers: { 'Content-Length': '5000' } }));
  assert.equal(await (await new FetchTransport(declared.fetch).request(request())).read(), undefined);
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(300));
    },
  });
  const streamed = fakeFetch(() => new Response(endless));
  assert.equal(await (await new FetchTransport(streamed.fetch).request(request({ maxBodyBytes: 1000 }))).read(), undefined);
  assert.ok(pulled <= 6, `read ${pulled} chunks of an endless body`);
});

test('the timeout is an HttpTimeoutError; the caller\'s cancel stays a cancel', async (t) => {
  // Node's AbortSignal.timeout does not keep the process alive; this test must, until it fires.
  const keepAlive = setTimeout(() => undefined, 5000);
  t.after(() => clearTimeout(keepAlive));
  const hang = fakeFetch((_, init) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))));
  await assert.rejects(new FetchTransport(hang.fetch).request(request({ timeoutMs: 30 })), (e) => e instanceof HttpTimeoutError);
  const controller = new AbortController();
  const pending = new FetchTransport(hang.fetch).request(request({ signal: controller.signal }));
  controller.abort();
  await assert.rejects(pending, (e) => !(e instanceof HttpTimeoutError) && !(e instanceof BrowserFetchError));
});

test('a path the URL parser would resolve as "." or ".." is refused before it is sent', async () => {
  const { fetch, calls } = fakeFetch(() => new Response('{}'));
  for (const path of ['/author/%2E%2E', '/author/..', '/author/%2e?page=1', '/a/../key']) {
    await assert.rejects(new FetchTransport(fetch).request(request({ path })), /segment/);
  }
  assert.equal(calls.length, 0);
  await new FetchTransport(fetch).request(request({ path: '/author/J.%20R.%20R.%20Tolkien?page=1' }));
  assert.equal(calls.length, 1);
});

test('records live in globalState as JSON text; updates run one after another; junk reads as none', async () => {
  const store = new Map<string, unknown>();
  const state = { get: (k: string) => store.get(k), update: async (k: string, v: unknown) => void store.set(k, v) };
  const records = new StateRecords(state);
  assert.equal(await records.read('book-cache'), undefined);
  const adds = await Promise.all([1, 2, 3].map((n) => records.update('book-cache', (current) => {
    const list = Array.isArray(current) ? (current as number[]) : [];
    return { next: [...list, n], result: list.length };
  })));
  assert.deepEqual(adds, [0, 1, 2], 'each update saw the one before');
  assert.deepEqual(await records.read('book-cache'), [1, 2, 3]);
  assert.equal(typeof store.get(StateRecords.keyOf('book-cache')), 'string');
  store.set(StateRecords.keyOf('book-cache'), '{not json');
  assert.equal(await records.read('book-cache'), undefined);
  store.set(StateRecords.keyOf('book-cache'), { an: 'object' });
  assert.equal(await records.read('book-cache'), undefined);
});

test('covers: inlined as data URIs with btoa; Google\'s shown by address as https; private hosts only when they are the plan\'s', async () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const { fetch, calls } = fakeFetch(() => new Response(png, { headers: { 'Content-Type': 'image/png' } }));
  const covers = new BrowserCovers({}, fetch);
  const uri = await covers.get('https://covers.openlibrary.org/b/id/8231856-M.jpg');
  assert.equal(uri, `data:image/png;base64,${Buffer.from(png).toString('base64')}`);
  assert.equal(calls[0]!.init.credentials, 'omit');
  assert.equal(covers.peek('https://covers.openlibrary.org/b/id/8231856-M.jpg'), uri);

  const google = 'http://books.google.com/books/content?id=abc&printsec=frontcover&img=1&zoom=1';
  assert.equal(await covers.get(google), 'https://books.google.com/books/content?id=abc&printsec=frontcover&img=1&zoom=1');
  assert.equal(calls.length, 1, 'Google\'s image host sends no cross-origin permission: not fetched');

  assert.equal(await covers.get('http://127.0.0.1:9/covers/x.png'), undefined);
  assert.equal(calls.length, 1, 'a loopback cover is not fetched');
  assert.ok(await covers.get('http://127.0.0.1:9/covers/y.png', '127.0.0.1'), 'the plan\'s own host is');

  const html = fakeFetch(() => new Response('<html>', { headers: { 'Content-Type': 'text/html' } }));
  assert.equal(await new BrowserCovers({}, html.fetch).get('https://covers.example/z.png'), undefined, 'not an image');
});

test('base64 and isPrivateLiteral', () => {
  const bytes = new Uint8Array(200_000).map((_, i) => (i * 7) % 256);
  assert.equal(base64(bytes), Buffer.from(bytes).toString('base64'));
  for (const host of ['localhost', '127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '[::1]', '::', 'fd00::1', 'fe80::1', '0.0.0.0']) assert.ok(isPrivateLiteral(host), host);
  for (const host of ['covers.openlibrary.org', '8.8.8.8', '172.32.0.1', '2606:4700::1111']) assert.ok(!isPrivateLiteral(host), host);
});

test('the browser names a key as the Node host does', async () => {
  assert.equal(await browserFingerprint('51827_0c3f9a7e2b6d48158e4a1f0d9c7b3e62'), nodeFingerprint('51827_0c3f9a7e2b6d48158e4a1f0d9c7b3e62'));
});

test('a failed fetch from a service that answered this tab before is read as a limit (slow down), not as a refusal', async () => {
  let fail = false;
  const { fetch } = fakeFetch(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : new Response('{"data":[]}', { headers: { 'Content-Type': 'application/json' } })));
  const transport = new FetchTransport(fetch);
  const client = new BookServiceClient({ baseUrl: new URL('https://books.example'), plan: 'default', apiKey: 'k', keyId: 'id' });
  await client.books(['9780131103627'], { http: transport });
  fail = true;
  const error = await client.books(['9780131103627'], { http: transport }).catch((e: unknown) => e);
  assert.ok(isServiceError(error, 'quota'), String(error));
});

test('without setImmediate (a browser worker), the next turn comes by a message to itself, in order, after queued microtasks', async (t) => {
  const { nextTurn } = await import('../../src/core/nextTurn');
  // The port does not keep Node's process alive (nextTurn unrefs it): this test does, meanwhile.
  const keepAlive = setTimeout(() => undefined, 5000);
  t.after(() => clearTimeout(keepAlive));
  const saved = globalThis.setImmediate;
  (globalThis as { setImmediate?: unknown }).setImmediate = undefined;
  try {
    const order: number[] = [];
    let microtaskRan = false;
    const turns = [1, 2, 3].map((n) => nextTurn().then(() => order.push(n)));
    void Promise.resolve().then(() => (microtaskRan = true));
    await Promise.all(turns);
    assert.deepEqual(order, [1, 2, 3]);
    assert.ok(microtaskRan, 'what was already queued ran first');
  } finally {
    globalThis.setImmediate = saved;
  }
});

test('a failed fetch from a keyless source that answered this tab (its limit answer carries no cross-origin permission) is "slow down"', async () => {
  const { OpenLibrarySource } = await import('../../src/core/sources/openLibrary/source');
  let answered = false;
  const { fetch, calls } = fakeFetch(() => (answered ? Promise.reject(new TypeError('Failed to fetch')) : ((answered = true), new Response('{}', { status: 200 }))));
  const source = new OpenLibrarySource({ userAgent: 'ISBN Lens (https://example.org)' });
  const http = new FetchTransport(fetch);
  await source.books(['9780131103627'], { http });
  const error = await source.books(['9780131103627'], { http }).catch((e: unknown) => e);
  assert.ok(isServiceError(error, 'quota'), String(error));
  assert.deepEqual((error as ServiceError).reason, { why: 'browserLimit', source: 'openLibrary' });
  assert.equal(said((error as ServiceError).reason), 'Open Library did not answer the browser; most likely it asks to slow down.');
  assert.equal(Object.keys(calls[0]!.init.headers as Record<string, string>).join(), 'accept', 'a plain GET: no User-Agent, no custom header (no preflight)');
});

test('a failed fetch from a keyless host that never answered this tab, or with the browser offline, is out of reach', async (t) => {
  const { OpenLibrarySource } = await import('../../src/core/sources/openLibrary/source');
  const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
  const source = new OpenLibrarySource({ userAgent: undefined });
  const error = await source.books(['9780131103627'], { http: new FetchTransport(fetch) }).catch((e: unknown) => e);
  assert.ok(isServiceError(error, 'network'), String(error));
  assert.deepEqual((error as ServiceError).reason, { why: 'unreachable', source: 'openLibrary', cause: 'browser' });
  assert.equal(said((error as ServiceError).reason), 'Could not reach Open Library from the browser.');

  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
  t.after(() => (saved ? Object.defineProperty(globalThis, 'navigator', saved) : delete (globalThis as { navigator?: unknown }).navigator));
  const offline = await source.books(['9780131103627'], { http: new FetchTransport(fetch) }).catch((e: unknown) => e);
  assert.ok(isServiceError(offline, 'network'), String(offline));
  assert.deepEqual((offline as ServiceError).reason, { why: 'unreachable', source: 'openLibrary', cause: 'offline' });
  assert.equal(said((offline as ServiceError).reason), 'Could not reach Open Library: the network is unreachable (offline?).');
});

test('Open Library without a User-Agent (a browser) is asked at 1 request/s over 1.1 s, identified at 3/s', async () => {
  const { OpenLibrarySource, OPEN_LIBRARY_RATE } = await import('../../src/core/sources/openLibrary/source');
  const { browserHost } = await import('../../src/core/host/browser/browserHost');
  const host = browserHost({ get: () => undefined, update: async () => undefined });
  assert.equal(host.setsUserAgent, false);
  assert.equal(host.sharedRate('openLibrary'), undefined, 'a tab shares no count with another');
  const unidentified = new OpenLibrarySource({ userAgent: undefined });
  assert.deepEqual([unidentified.rate.perSecond, unidentified.rate.windowMs], [1, 1100]);
  const identified = new OpenLibrarySource({ userAgent: 'ISBNLens/0.1.0 (https://github.com/isbnlens/isbn-lens)' });
  assert.deepEqual([identified.rate.perSecond, identified.rate.windowMs], [OPEN_LIBRARY_RATE, undefined]);
  host.covers.dispose();
});
