/** RatedSource: the only place a source's requests take and give back rate slots; the source never sees one. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/core/host/http';
import { RatedSource } from '../../src/core/lookups/ratedSource';
import type { BatchAnswer } from '../../src/core/model/answers';
import { Throttle, type ReleaseSlot } from '../../src/core/rate/throttle';
import type { BookSource, SourceCall } from '../../src/core/sources/bookSource';

const request: HttpRequest = { method: 'POST', origin: 'http://127.0.0.1', path: '/books', headers: {}, timeoutMs: 1000, maxBodyBytes: 1000 };
const response: HttpResponse = { status: 200, headers: {}, read: async () => new Uint8Array() };

/** A source that sends `requests` requests per call, and a transport that counts them. */
function fixture(requests: number) {
  const sent: string[] = [];
  const http: HttpTransport = { request: async (r) => (sent.push(r.path), response) };
  const source: BookSource = {
    name: 'fake',
    rate: { perSecond: 1000, sharedBy: 'machine', shareName: 'fake' },
    maxBatch: 10,
    async books(_isbns: readonly string[], call: SourceCall): Promise<BatchAnswer> {
      for (let i = 0; i < requests; i++) await call.http.request(request);
      return { found: new Map(), notFound: [] };
    },
  };
  const throttle = new Throttle(1000, { windowMs: 50 });
  return { sent, rated: new RatedSource(source, throttle, http), throttle };
}

/** A slot that records how it was given back. */
function spySlot(): { slot: ReleaseSlot; releases: ({ unused?: boolean } | undefined)[] } {
  const releases: ({ unused?: boolean } | undefined)[] = [];
  return { slot: (options) => void releases.push(options), releases };
}

test('the first request of a call goes on the slot it was given, and gives it back once its answer came', async () => {
  const { rated, sent, throttle } = fixture(1);
  const { slot, releases } = spySlot();
  await rated.books(['a'], undefined, slot);
  assert.deepEqual(sent, ['/books']);
  assert.deepEqual(releases, [undefined], 'released once, as used');
  throttle.dispose();
});

test('a call that sends nothing gives its slot back unused; one that sends two takes a second slot of its own', async () => {
  const idle = fixture(0);
  const unused = spySlot();
  await idle.rated.books([], undefined, unused.slot);
  assert.deepEqual(unused.releases, [{ unused: true }]);
  idle.throttle.dispose();

  const twice = fixture(2);
  const given = spySlot();
  let acquired = 0;
  const acquire = twice.throttle.acquire.bind(twice.throttle);
  twice.throttle.acquire = (options) => (acquired++, acquire(options));
  await twice.rated.books(['a'], undefined, given.slot);
  assert.deepEqual(twice.sent, ['/books', '/books']);
  assert.deepEqual(given.releases, [undefined]);
  assert.equal(acquired, 1, 'the second request waited for a slot of its own');
  twice.throttle.dispose();
});

test('a source without author pages or key details says so rather than sending anything', async () => {
  const { rated, sent, throttle } = fixture(1);
  await assert.rejects(rated.authorPage('Anyone'), /fake has no author pages/);
  assert.equal(await rated.keyDetails(), undefined);
  await rated.checkKey();
  assert.deepEqual(sent, []);
  throttle.dispose();
});

test('ask (a search, a work\'s editions): each request goes through the source\'s throttle, a slot of its own', async () => {
  const { rated, sent, throttle } = fixture(0);
  let acquired = 0;
  const acquire = throttle.acquire.bind(throttle);
  throttle.acquire = (options) => (acquired++, acquire(options));
  const answer = await rated.ask(undefined, async (call) => {
    await call.http.request({ ...request, method: 'GET', path: '/search.json' });
    await call.http.request({ ...request, method: 'GET', path: '/works/OL1W/editions.json' });
    return 'done';
  });
  assert.equal(answer, 'done');
  assert.deepEqual(sent, ['/search.json', '/works/OL1W/editions.json']);
  assert.equal(acquired, 2, 'every request waited for its slot');
  throttle.dispose();
});
