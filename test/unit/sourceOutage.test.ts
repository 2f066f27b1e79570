/**
 * One source down costs nothing (issue 33), on fake time: a source that cannot be reached is
 * asked once, then rests while its ISBNs go on to the next source at once ("not asked", never
 * cached as "not found"); one probe after the rest; a request that hangs frees the others after
 * STALL_MS and ends at its timeout; the book service rests for network failures and keeps its
 * own retries for 5xx. Real RatedSources and Batchers over a fake transport.
 */
import assert from 'node:assert/strict';
import { type TestContext, test } from 'node:test';
import '../helpers/fakeVscode';
import { lookupSummary } from '../../src/editor/words/commands';
import { BookCache } from '../../src/core/cache/cache';
import { HttpTimeoutError, networkCause, type HttpRequest, type HttpResponse, type HttpTransport } from '../../src/core/host/http';
import { Batcher } from '../../src/core/lookups/batcher';
import { RatedSource } from '../../src/core/lookups/ratedSource';
import { SourceChain } from '../../src/core/lookups/sourceChain';
import { FIRST_REST_MS, MAX_REST_MS, STALL_MS, SourceHealth } from '../../src/core/lookups/sourceHealth';
import { summarize } from '../../src/core/lookupSummary';
import type { BatchAnswer } from '../../src/core/model/answers';
import { type Book, toIsbn13 } from '../../src/core/model/book';
import { ServiceError, isServiceError } from '../../src/core/model/errors';
import type { LookupResult } from '../../src/core/model/lookup';
import { Throttle } from '../../src/core/rate/throttle';
import type { BookSource, SourceCall } from '../../src/core/sources/bookSource';
import { book } from '../helpers/books';
import { advance, flush, useFakeTime } from '../helpers/time';

/** How a fake host behaves for the next request: answers, refuses the connection, never answers, or fails. */
type Behaviour = 'answer' | 'refuse' | 'hang' | 'drop' | 503;

const TIMEOUT_MS = 10_000;

interface FakeSource {
  rated: RatedSource;
  /** The ISBNs of each request that reached the host. */
  requests: string[][];
  behaviour: Behaviour;
  /** How long an answer takes. */
  answerMs: number;
}

/** A source over a fake host that knows `catalogue`; its transport behaves as `behaviour` says at each request. */
function fakeSource(name: string, catalogue: ReadonlyMap<string, Book>, options: { behaviour?: Behaviour; maxBatch?: number; serverErrorsMeanOutage?: boolean } = {}): FakeSource {
  const fake: FakeSource = { rated: undefined as unknown as RatedSource, requests: [], behaviour: options.behaviour ?? 'answer', answerMs: 0 };
  const http: HttpTransport = {
    request: (request: HttpRequest) =>
      new Promise<HttpResponse>((resolve, reject) => {
        fake.requests.push(request.path.split(','));
        const respond = (status: number) => resolve({ status, headers: {}, read: async () => new Uint8Array() });
        switch (fake.behaviour) {
          case 'answer':
            return fake.answerMs > 0 ? void setTimeout(() => respond(200), fake.answerMs) : respond(200);
          case 503:
            return respond(503);
          case 'refuse':
            return reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
          case 'drop':
            return reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
          case 'hang': {
            const timer = setTimeout(() => reject(new HttpTimeoutError(request.timeoutMs)), request.timeoutMs);
            request.signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('aborted'))));
          }
        }
      }),
  };
  const source: BookSource = {
    name,
    rate: { perSecond: 1000, sharedBy: 'machine', shareName: name },
    maxBatch: options.maxBatch ?? 25,
    async books(isbns: readonly string[], call: SourceCall): Promise<BatchAnswer> {
      let status: number;
      try {
        status = (await call.http.request({ method: 'GET', origin: 'https://example.test', path: isbns.join(','), headers: {}, signal: call.signal, timeoutMs: TIMEOUT_MS, maxBodyBytes: 1000 })).status;
      } catch (e) {
        if (call.signal?.aborted) throw new ServiceError('cancelled', { why: 'cancelled' });
        const dropped = (e as { code?: string }).code === 'ECONNRESET';
        throw new ServiceError('network', e instanceof HttpTimeoutError ? { why: 'timeout', source: name, seconds: 10 } : { why: 'unreachable', source: name, cause: networkCause(e) }, { dropped });
      }
      if (status >= 500) throw new ServiceError('server', { why: 'serverError', source: name, status }, { status });
      const found = new Map(isbns.filter((i) => catalogue.has(i)).map((i) => [i, catalogue.get(i)!] as const));
      return { found, notFound: isbns.filter((i) => !catalogue.has(i)) };
    },
  };
  fake.rated = new RatedSource(source, new Throttle(1000, { windowMs: 50 }), http, { serverErrorsMeanOutage: options.serverErrorsMeanOutage ?? true });
  return fake;
}

function chainOf(...sources: FakeSource[]): { chain: SourceChain; batchers: Batcher[] } {
  const chain = new SourceChain();
  const batchers = sources.map((s) => new Batcher(s.rated, { cache: new BookCache(), batchSize: s.rated.source.maxBatch, gatherMs: 0 }));
  chain.setStages(sources.map((s, i) => ({ name: s.rated.name, batcher: batchers[i]! })));
  return { chain, batchers };
}

function isbns(n: number, start = 0): string[] {
  return Array.from({ length: n }, (_, i) => toIsbn13(`${200_000_000 + start + i}0`)!);
}

function catalogueOf(list: readonly string[], title = 'A Book'): Map<string, Book> {
  return new Map(list.map((i) => [i, book(i, title)] as const));
}

/** Runs `lookup` to its end on fake time, `stepMs` at a time; returns its result and how long it took. */
async function timed<T>(t: TestContext, lookup: Promise<T>, stepMs = 10, maxMs = 60_000): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  let value: T | undefined;
  let done = false;
  void lookup.then((v) => ((value = v), (done = true)));
  for (let waited = 0; !done && waited < maxMs; waited += stepMs) await advance(t, stepMs, stepMs);
  await flush();
  assert.ok(done, `the look-up did not finish within ${maxMs} ms`);
  return { value: value as T, ms: Date.now() - start };
}

const unreachable = (r: LookupResult | undefined) => (r?.status === 'notFound' || r?.status === 'failed' ? (r.unanswered ?? []).filter((u) => u.error.kind === 'unreachable').map((u) => u.source) : []);

for (const down of [0, 1, 2] as const) {
  const where = ['first', 'middle', 'last'][down];
  test(`a ${where} source that refuses connections is asked once, then rests: its ISBNs go on at once, not asked, never cached`, async (t) => {
    useFakeTime(t);
    const all = isbns(60);
    // Each source knows a third of the ISBNs; the one that is down is never heard.
    const sources = ['first', 'middle', 'last'].map((name, i) => fakeSource(name, catalogueOf(all.filter((_, j) => j % 3 === i)), { behaviour: i === down ? 'refuse' : 'answer' }));
    const { chain, batchers } = chainOf(...sources);
    const start = Date.now();
    const { value: results, ms } = await timed(t, chain.lookup(all));
    assert.equal(sources[down]!.requests.length, 1, 'the source that is down got one request, not one per chunk or per try');
    assert.ok(ms < 1000, `finished in ${ms} ms: no back-off waits on the source that is down`);
    const lost = all.filter((_, j) => j % 3 === down);
    for (const isbn of all) {
      const result = results.get(isbn)!;
      if (lost.includes(isbn)) {
        assert.notEqual(result.status, 'found');
        assert.deepEqual(unreachable(result), [where], `${isbn}: said "not asked" of the source that is down`);
      } else {
        assert.equal(result.status, 'found', `${isbn}: another source's book is not held back`);
      }
    }
    for (const isbn of lost) assert.equal(batchers[down]!.peek(isbn), undefined, 'nothing of the outage is cached as an answer');
    assert.deepEqual(chain.outages.map((o) => o.source), [where]);
    const retryAt = chain.outages[0]!.error.details.retryAt!;
    assert.ok(retryAt >= start + FIRST_REST_MS && retryAt <= start + ms + FIRST_REST_MS, 'rested for the first rest');

    // While it rests, nothing goes to it, and the answer is at once.
    const again = await timed(t, chain.lookup(lost), 1);
    assert.equal(sources[down]!.requests.length, 1, 'no request during the rest');
    assert.ok(again.ms <= 5, `answered in ${again.ms} ms`);
    assert.ok(lost.every((isbn) => unreachable(again.value.get(isbn)).includes(where)));
    const summary = summarize(again.value.values(), 0);
    assert.match(lookupSummary(summary), new RegExp(`${lost.length} ISBNs not asked: ${where} could not be reached`));
    chain.dispose();
    batchers.forEach((b) => b.dispose());
  });
}

test('after the rest one probe goes; the others wait for it; its answer ends the outage and the queue flows', async (t) => {
  useFakeTime(t);
  const all = isbns(100);
  const ol = fakeSource('openLibrary', catalogueOf(all), { behaviour: 'refuse' });
  const google = fakeSource('googleBooks', new Map(), { maxBatch: 1 });
  const { chain, batchers } = chainOf(ol, google);
  await timed(t, chain.lookup(all.slice(0, 1)));
  assert.equal(ol.requests.length, 1);
  await advance(t, FIRST_REST_MS, 1000);
  ol.behaviour = 'answer';
  ol.answerMs = 300;
  const lookup = chain.lookup(all);
  await advance(t, 200, 1);
  assert.equal(ol.requests.length, 2, 'one probe, the others wait for it');
  const { value } = await timed(t, lookup);
  assert.equal(ol.requests.length, 1 + 4, 'the probe, then the other three chunks of 25');
  assert.ok([...value.values()].every((r) => r.status === 'found'));
  assert.deepEqual(chain.outages, []);
  chain.dispose();
  batchers.forEach((b) => b.dispose());
});

test('a failed probe rests twice as long, up to the longest rest; Retry Now ends a rest at once', async (t) => {
  useFakeTime(t);
  const health = new SourceHealth('openLibrary');
  const rests: number[] = [];
  for (let i = 0; i < 7; i++) {
    assert.equal(health.admission().kind, 'send');
    const watch = health.watch();
    watch.sent();
    watch.failed(new ServiceError('network', { why: 'unreachable', source: 'openLibrary', cause: 'dns' }));
    const admission = health.admission();
    assert.equal(admission.kind, 'refused');
    const until = admission.kind === 'refused' ? admission.error.details.retryAt! : 0;
    rests.push(until - Date.now());
    assert.deepEqual(admission.kind === 'refused' ? admission.error.reason : undefined, { why: 'unreachable', source: 'openLibrary', cause: 'dns' }, 'the refusal says why the source rests');
    t.mock.timers.tick(until - Date.now());
  }
  assert.deepEqual(rests, [FIRST_REST_MS, 2 * FIRST_REST_MS, 4 * FIRST_REST_MS, 8 * FIRST_REST_MS, MAX_REST_MS, MAX_REST_MS, MAX_REST_MS]);
  const watch = health.watch();
  watch.failed(new ServiceError('network', { why: 'unreachable', source: 'isbndb', cause: 'failed' }));
  assert.equal(health.admission().kind, 'refused');
  health.reset();
  assert.equal(health.admission().kind, 'send', 'Retry Now: the next request is a probe');
  const probe = health.watch();
  assert.equal(health.admission().kind, 'wait', 'the others wait for the probe');
  probe.sent();
  probe.responded();
  probe.answered();
  assert.equal(health.admission().kind, 'send');
  assert.equal(health.outageSince, undefined);
  health.dispose();
});

test('a host that never answers: every ISBN goes on at STALL_MS, its own too; one connection; its timeout rests the source', async (t) => {
  useFakeTime(t);
  const all = isbns(60);
  const ol = fakeSource('openLibrary', catalogueOf(all), { behaviour: 'hang' });
  const google = fakeSource('googleBooks', catalogueOf(all, 'From Google'), { maxBatch: 1 });
  const { chain, batchers } = chainOf(ol, google);
  const { value: results, ms } = await timed(t, chain.lookup(all));
  assert.equal(ol.requests.length, 1, 'one connection to the host that hangs, not one per chunk');
  assert.ok(ms >= STALL_MS && ms <= STALL_MS + 1000, `finished in ${ms} ms: bounded by the stall time (and the next source's pace), not by the timeout`);
  assert.ok([...results.values()].every((r) => r.status === 'found' && r.book.title === 'From Google'), 'every book from the next source');
  assert.equal(google.requests.length, 60);
  await advance(t, TIMEOUT_MS, 100);
  assert.equal(chain.outages[0]?.error.details.retryAt !== undefined, true, 'the timeout rested the source');
  chain.dispose();
  batchers.forEach((b) => b.dispose());
});

test('a slow host: its ISBNs go on at STALL_MS, and its late answer still goes into its cache', async (t) => {
  useFakeTime(t);
  const [isbn] = isbns(1);
  const ol = fakeSource('openLibrary', catalogueOf([isbn!], 'From Open Library'));
  ol.answerMs = STALL_MS + 1000;
  const google = fakeSource('googleBooks', new Map(), { maxBatch: 1 });
  const { chain, batchers } = chainOf(ol, google);
  const { value, ms } = await timed(t, chain.lookupOne(isbn!));
  assert.ok(ms >= STALL_MS && ms < STALL_MS + 500, `answered in ${ms} ms`);
  assert.deepEqual(unreachable(value), ['openLibrary']);
  await advance(t, 1500, 10);
  const late = batchers[0]!.peek(isbn!);
  assert.equal(late !== 'pending' && late?.status === 'found' && late.book.title, 'From Open Library', 'the late answer is kept for the next look-up');
  assert.deepEqual(chain.outages, [], 'and the source answers again');
  chain.dispose();
  batchers.forEach((b) => b.dispose());
});

test('the ISBN a person waits for goes ahead of the visible ones prefetched with it', async (t) => {
  useFakeTime(t);
  const visible = isbns(5);
  const [hovered] = isbns(1, 100);
  const google = fakeSource('googleBooks', catalogueOf([...visible, hovered!]), { maxBatch: 1 });
  const batcher = new Batcher(google.rated, { cache: new BookCache(), batchSize: 1, gatherMs: 10 });
  void batcher.lookup(visible, { urgent: true });
  const asked = batcher.lookup([hovered!], { urgent: true, foremost: true });
  await timed(t, asked);
  assert.deepEqual(google.requests[0], [hovered], 'the hovered ISBN is asked first');
  batcher.dispose();
});

test('stalled: the ISBNs of a hung request and those queued behind it go on at STALL_MS, not before', async (t) => {
  useFakeTime(t);
  const all = isbns(30);
  const ol = fakeSource('openLibrary', catalogueOf(all), { behaviour: 'hang' });
  const google = fakeSource('googleBooks', catalogueOf(all, 'From Google'), { maxBatch: 1 });
  const { chain, batchers } = chainOf(ol, google);
  const settled: Array<{ isbn: string; at: number }> = [];
  const start = Date.now();
  const lookup = chain.lookup(all, { onProgress: () => undefined });
  for (const isbn of all) void chain.lookupOne(isbn).then(() => settled.push({ isbn, at: Date.now() - start }));
  await advance(t, STALL_MS - 100, 50);
  assert.equal(settled.length, 0, 'nothing given up before the stall time');
  await advance(t, 1100, 10);
  assert.deepEqual(settled.map((s) => s.isbn).sort(), [...all].sort(), 'the 25 in the hung request and the five queued behind it went on to the next source at the stall');
  assert.deepEqual(chain.outages[0]?.error.reason, { why: 'notAnswering', source: 'openLibrary' });
  await timed(t, lookup);
  chain.dispose();
  batchers.forEach((b) => b.dispose());
});

test('a hover: while a later source hangs, what the first answered is known at once with its provenance', async (t) => {
  useFakeTime(t);
  const [isbn] = isbns(1);
  const noSynopsis = { ...book(isbn!, 'From the book service') };
  const isbndb = fakeSource('isbndb', new Map([[isbn!, noSynopsis]]), { maxBatch: 100, serverErrorsMeanOutage: false });
  const ol = fakeSource('openLibrary', new Map(), { behaviour: 'hang' });
  const { chain, batchers } = chainOf(isbndb, ol);
  const hover = chain.lookupOne(isbn!, { purpose: 'hover', urgent: true });
  await advance(t, 1500, 10);
  assert.equal(chain.peek(isbn!, 'hover'), 'pending', 'the later source is still asked for what the hover shows');
  const known = chain.known(isbn!);
  assert.equal(known?.status === 'found' && known.book.title, 'From the book service');
  assert.equal(known?.status === 'found' && known.provenance?.base, 'isbndb');
  const { value } = await timed(t, hover);
  assert.equal(value.status === 'found' && value.book.title, 'From the book service', 'the hover look-up ends with the book once the later source times out');
  chain.dispose();
  batchers.forEach((b) => b.dispose());
});

test('the book service rests for network failures, and keeps its own retries for 5xx', async (t) => {
  useFakeTime(t);
  const all = isbns(3);
  const isbndb = fakeSource('isbndb', catalogueOf(all), { behaviour: 503, maxBatch: 100, serverErrorsMeanOutage: false });
  const batcher = new Batcher(isbndb.rated, { cache: new BookCache(), batchSize: 100, gatherMs: 0, maxRetries: 2 });
  const { value } = await timed(t, batcher.lookup(all));
  assert.equal(isbndb.requests.length, 3, 'a 5xx: tried, then retried twice');
  assert.ok([...value.values()].every((r) => r.status === 'failed' && r.error.kind === 'server'));
  const outageOf = (b: Batcher) => b.outage;
  assert.equal(outageOf(batcher), undefined, 'a 5xx of the book service is no outage');

  isbndb.behaviour = 'refuse';
  const refused = await timed(t, batcher.lookup(all));
  assert.equal(isbndb.requests.length, 4, 'a refused connection: no retry');
  assert.ok([...refused.value.values()].every((r) => r.status === 'failed' && isServiceError(r.error, 'unreachable')));
  assert.equal(outageOf(batcher)?.kind, 'unreachable');
  batcher.resume();
  isbndb.behaviour = 'answer';
  const back = await timed(t, batcher.lookup(all));
  assert.ok([...back.value.values()].every((r) => r.status === 'found'), 'Retry Now: asked again at once');
  batcher.dispose();
});

test('a connection dropped once is tried again, not rested; dropped twice in a row, the source rests', async (t) => {
  useFakeTime(t);
  const all = isbns(3);
  const isbndb = fakeSource('isbndb', catalogueOf(all), { behaviour: 'drop', maxBatch: 100, serverErrorsMeanOutage: false });
  const batcher = new Batcher(isbndb.rated, { cache: new BookCache(), batchSize: 100, gatherMs: 0, maxRetries: 2 });
  const lookup = batcher.lookup(all);
  await advance(t, 5, 1);
  assert.equal(isbndb.requests.length, 1);
  assert.equal(batcher.outage, undefined, 'one dropped connection: no rest');
  isbndb.behaviour = 'answer';
  const { value } = await timed(t, lookup);
  assert.equal(isbndb.requests.length, 2, 'tried again after its back-off');
  assert.ok([...value.values()].every((r) => r.status === 'found'));

  isbndb.behaviour = 'drop';
  const twice = await timed(t, batcher.lookup(isbns(3, 10)));
  assert.equal(isbndb.requests.length, 4, 'dropped, tried again, dropped: then rested');
  assert.ok([...twice.value.values()].every((r) => r.status === 'failed' && r.error.kind === 'unreachable'));
  batcher.dispose();
});
