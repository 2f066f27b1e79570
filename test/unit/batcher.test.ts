import assert from 'node:assert/strict';
import { type TestContext, test as nodeTest } from 'node:test';
import { Batcher, nextUtcMidnight } from '../../src/core/lookups/batcher';
import { BookCache } from '../../src/core/cache/cache';
import type { RatedSource } from '../../src/core/lookups/ratedSource';
import { SourceHealth } from '../../src/core/lookups/sourceHealth';
import type { BatchAnswer } from '../../src/core/model/answers';
import { ServiceError } from '../../src/core/model/errors';
import { type ReleaseSlot, Throttle } from '../../src/core/rate/throttle';
import { book } from '../helpers/books';
import { advance, runFakeTime, sleep, useFakeTime } from '../helpers/time';

/** Every test here runs on fake time that moves by itself: no test waits for real time. */
function test(name: string, run: (t: TestContext) => Promise<void>): void {
  nodeTest(name, async (t) => {
    runFakeTime(t);
    await run(t);
  });
}

/** A client whose answers the test decides; ISBNs starting with "x" are unknown to it. */
function fakeClient(answer?: (isbns: readonly string[], call: number, signal?: AbortSignal) => Promise<BatchAnswer> | BatchAnswer, rate = 1000) {
  const calls: string[][] = [];
  const client = {
    // Rate 1 makes requests strictly one after the other (each answer is instant).
    throttle: new Throttle(rate, { windowMs: 50 }),
    // Never told of a request: always up (the outage rules are tested through RatedSource).
    health: new SourceHealth('fake'),
    async books(isbns: readonly string[], signal?: AbortSignal, slot?: ReleaseSlot): Promise<BatchAnswer> {
      (slot ?? (await this.throttle.acquire(signal)))();
      calls.push([...isbns]);
      if (answer) return answer(isbns, calls.length, signal);
      return known(isbns);
    },
  };
  return { client: client as unknown as RatedSource, calls };
}

function known(isbns: readonly string[]): BatchAnswer {
  const found = new Map(isbns.filter((i) => !i.startsWith('x')).map((i) => [i, book(i)] as const));
  return { found, notFound: isbns.filter((i) => i.startsWith('x')) };
}

const ids = (n: number, prefix = 'i') => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

test('concurrent callers share one request; duplicates are sent once', async () => {
  const { client, calls } = fakeClient();
  const batcher = new Batcher(client, { cache: new BookCache(), gatherMs: 20 });
  const [a, b, c] = await Promise.all([
    batcher.lookup(['i1', 'i2', 'i2']),
    batcher.lookup(['i2', 'i3', 'x4']),
    batcher.lookupOne('i1'),
  ]);
  assert.equal(calls.length, 1);
  assert.deepEqual([...calls[0]!].sort(), ['i1', 'i2', 'i3', 'x4']);
  assert.equal(a.get('i2')?.status, 'found');
  assert.equal(b.get('x4')?.status, 'notFound');
  assert.equal(c.status, 'found');
});

test('answers from the cache without a request, including not-found', async () => {
  const cache = new BookCache();
  const { client, calls } = fakeClient();
  const batcher = new Batcher(client, { cache, gatherMs: 0 });
  await batcher.lookup(['i1', 'x2']);
  const again = await batcher.lookup(['i1', 'x2']);
  assert.equal(calls.length, 1);
  assert.equal(again.get('i1')?.status, 'found');
  assert.equal(again.get('x2')?.status, 'notFound');
});

test('sends chunks of at most the batch size and reports progress', async () => {
  const { client, calls } = fakeClient();
  const batcher = new Batcher(client, { cache: new BookCache(), batchSize: 100, gatherMs: 0 });
  const progress: number[] = [];
  const results = await batcher.lookup(ids(250), { onProgress: (done) => progress.push(done) });
  assert.deepEqual(calls.map((c) => c.length), [100, 100, 50]);
  assert.equal(new Set(calls.flat()).size, 250);
  assert.equal(results.size, 250);
  assert.equal(progress[0], 0);
  assert.equal(progress.at(-1), 250);
});

test('a lone look-up waits for company during the gathering window', async () => {
  const { client, calls } = fakeClient();
  const batcher = new Batcher(client, { cache: new BookCache(), gatherMs: 40 });
  const hover = batcher.lookupOne('i9');
  await sleep(10);
  batcher.prefetch(ids(5));
  await hover;
  assert.equal(calls.length, 1);
  assert.equal(calls[0]!.length, 6);
});

test('urgent ISBNs go ahead of queued work', async () => {
  const { client, calls } = fakeClient(undefined, 1);
  const batcher = new Batcher(client, { cache: new BookCache(), batchSize: 2, gatherMs: 0 });
  const all = batcher.lookup(ids(6));
  await sleep(20);
  const urgent = batcher.lookupOne('u1', { urgent: true });
  await Promise.all([all, urgent]);
  assert.deepEqual(calls[1]![0], 'u1', 'the urgent ISBN rides in the next request');
});

test('a limit answer backs off, retries the same ISBNs, and caches nothing meanwhile', async () => {
  const cache = new BookCache();
  const { client, calls } = fakeClient((isbns, call) => {
    if (call === 1) throw new ServiceError('quota', { why: 'planLimit' }, { status: 429, retryAt: Date.now() + 150 });
    return known(isbns);
  });
  const batcher = new Batcher(client, { cache, gatherMs: 0 });
  const states: string[] = [];
  batcher.onDidChangeState((s) => states.push(s.kind));
  const began = Date.now();
  const results = await batcher.lookup(['i1', 'x2']);
  assert.ok(Date.now() - began >= 140, 'waited for Retry-After');
  assert.equal(calls.length, 2);
  assert.deepEqual(calls[0], calls[1]);
  assert.equal(results.get('i1')?.status, 'found');
  assert.equal(results.get('x2')?.status, 'notFound');
  assert.ok(states.includes('limited'));
});

test('a spent daily quota stops the queue, fails what waits, and caches nothing', async () => {
  const cache = new BookCache();
  const { client, calls } = fakeClient(() => {
    throw new ServiceError('quota', { why: 'dailyQuota' }, { status: 429, daily: true });
  });
  const batcher = new Batcher(client, { cache, gatherMs: 0 });
  const results = await batcher.lookup(['i1', 'i2']);
  const result = results.get('i1');
  assert.equal(result?.status, 'failed');
  assert.equal(result.status === 'failed' && result.error.kind, 'quota');
  assert.equal(cache.size, 0);
  const state = batcher.state;
  assert.equal(state.kind, 'stopped');
  assert.equal(state.kind === 'stopped' && state.until, nextUtcMidnight(Date.now()));
  // While stopped nothing is sent.
  const later = await batcher.lookupOne('i3');
  assert.equal(later.status, 'failed');
  assert.equal(calls.length, 1);
  // The user asks to retry.
  batcher.resume();
  assert.equal(batcher.state.kind, 'idle');
});

nodeTest('a spent quota\'s "until" ends by itself: the state moves on without any other event', async (t) => {
  useFakeTime(t, Date.UTC(2026, 0, 1, 23, 59, 0));
  const { client } = fakeClient(() => {
    throw new ServiceError('quota', { why: 'dailyQuota' }, { status: 429, daily: true });
  });
  const batcher = new Batcher(client, { cache: new BookCache(), gatherMs: 0 });
  const states: string[] = [];
  batcher.onDidChangeState((state) => states.push(state.kind));
  const pending = batcher.lookupOne('i1');
  await advance(t, 10);
  assert.equal((await pending).status, 'failed');
  assert.deepEqual(batcher.state, { kind: 'stopped', error: (batcher.state as { error: ServiceError }).error, until: Date.UTC(2026, 0, 2) });
  states.length = 0;
  await advance(t, 60_000, 1000);
  assert.deepEqual(states, ['idle'], 'the state changed by itself at midnight');
  batcher.dispose();
});

test('repeated limit answers grow the delay, then stop', async () => {
  const { client, calls } = fakeClient(() => {
    throw new ServiceError('quota', { why: 'planLimit' }, { status: 404 });
  });
  const batcher = new Batcher(client, { cache: new BookCache(), gatherMs: 0, maxLimitRetries: 2 });
  const began = Date.now();
  const result = await batcher.lookupOne('i1');
  // 1 s then 2 s of back-off before the third answer stops the queue.
  assert.equal(calls.length, 3);
  assert.ok(Date.now() - began >= 2900, `${Date.now() - began} ms`);
  assert.equal(result.status === 'failed' && result.error.kind, 'quota');
});

test('a batch refused for its size is halved and the run goes on', async () => {
  const { client, calls } = fakeClient((isbns) => {
    if (isbns.length > 30) throw new ServiceError('tooLarge', { why: 'batchRefused', source: 'isbndb' }, { status: 400 });
    return known(isbns);
  }, 1);
  const batcher = new Batcher(client, { cache: new BookCache(), batchSize: 100, gatherMs: 0 });
  const results = await batcher.lookup(ids(100));
  assert.equal(results.size, 100);
  assert.ok([...results.values()].every((r) => r.status === 'found'));
  assert.deepEqual(calls.slice(0, 3).map((c) => c.length), [100, 50, 25]);
  assert.ok(calls.slice(2).every((c) => c.length <= 25));
});

test('a refused key stops the queue without hammering; a new client starts over', async () => {
  const { client, calls } = fakeClient(() => {
    throw new ServiceError('auth', { why: 'keyRefused', source: 'isbndb' }, { status: 401 });
  }, 1);
  const batcher = new Batcher(client, { cache: new BookCache(), batchSize: 10, gatherMs: 0 });
  const results = await batcher.lookup(ids(50));
  assert.equal(calls.length, 1);
  assert.ok([...results.values()].every((r) => r.status === 'failed' && r.error.kind === 'auth'));
  assert.equal((await batcher.lookupOne('i9999')).status, 'failed');
  assert.equal(calls.length, 1);

  const good = fakeClient();
  batcher.setSource(good.client);
  assert.equal((await batcher.lookupOne('i1')).status, 'found');
});

test('without a client every look-up fails at once as "no key"', async () => {
  const batcher = new Batcher(undefined, { cache: new BookCache() });
  assert.equal(batcher.state.kind, 'noKey');
  const result = await batcher.lookupOne('i1');
  assert.equal(result.status === 'failed' && result.error.kind, 'auth');
});

test('the book service\'s server failures are retried, then fail every waiting ISBN', async () => {
  const { client, calls } = fakeClient(() => {
    throw new ServiceError('server', { why: 'serverError', source: 'isbndb', status: 503 }, { status: 503 });
  }, 1);
  const batcher = new Batcher(client, { cache: new BookCache(), batchSize: 5, gatherMs: 0, maxRetries: 1 });
  const results = await batcher.lookup(ids(20));
  assert.equal(calls.length, 2, 'one retry, then the whole queue fails');
  assert.ok([...results.values()].every((r) => r.status === 'failed' && r.error.kind === 'server'));
});

test('cancelling the only caller aborts the request in flight', async () => {
  let seenSignal: AbortSignal | undefined;
  const { client } = fakeClient(
    (_isbns, _call, signal) =>
      new Promise((_resolve, reject) => {
        seenSignal = signal;
        signal?.addEventListener('abort', () => reject(new ServiceError('cancelled', { why: 'cancelled' })));
      }),
  );
  const batcher = new Batcher(client, { cache: new BookCache(), gatherMs: 0 });
  const controller = new AbortController();
  const pending = batcher.lookup(['i1', 'i2'], { signal: controller.signal });
  await sleep(30);
  controller.abort();
  await assert.rejects(pending, (e: ServiceError) => e.kind === 'cancelled');
  assert.equal(seenSignal?.aborted, true);
  await sleep(10);
  assert.equal(batcher.state.kind, 'idle');
});

test('cancelling one caller leaves a shared look-up running for the other', async () => {
  const { client, calls } = fakeClient(async (isbns) => {
    await sleep(50);
    return known(isbns);
  });
  const batcher = new Batcher(client, { cache: new BookCache(), gatherMs: 0 });
  const controller = new AbortController();
  const first = batcher.lookup(['i1'], { signal: controller.signal });
  const second = batcher.lookup(['i1']);
  await sleep(10);
  controller.abort();
  await assert.rejects(first);
  assert.equal((await second).get('i1')?.status, 'found');
  assert.equal(calls.length, 1);
});

test('queued ISBNs nobody waits for any more are dropped before sending', async () => {
  const { client, calls } = fakeClient(undefined, 1);
  const batcher = new Batcher(client, { cache: new BookCache(), batchSize: 2, gatherMs: 0 });
  const controller = new AbortController();
  const pending = batcher.lookup(ids(6), { signal: controller.signal });
  await sleep(30);
  controller.abort();
  await assert.rejects(pending);
  await sleep(1200);
  assert.equal(calls.length, 1, 'only the chunk already sent went out');
});

test('a 500 on a batch is retried once as two halves before it counts as a failure', async () => {
  const { client, calls } = fakeClient((isbns) => {
    if (isbns.length > 5) throw new ServiceError('server', { why: 'serverError', source: 'isbndb', status: 500 }, { status: 500 });
    return known(isbns);
  }, 1);
  const batcher = new Batcher(client, { cache: new BookCache(), batchSize: 10, gatherMs: 0, maxRetries: 0 });
  const results = await batcher.lookup(ids(10));
  assert.ok([...results.values()].every((r) => r.status === 'found'), 'the halves were answered');
  assert.deepEqual(calls.map((c) => c.length), [10, 5, 5]);
  assert.deepEqual(calls.slice(1).flat(), ids(10), 'each ISBN sent once more, in its half');
});

test('a 500 on the halves is a failure; a 500 on one ISBN is not split', async () => {
  const { client, calls } = fakeClient(() => {
    throw new ServiceError('server', { why: 'serverError', source: 'isbndb', status: 500 }, { status: 500 });
  }, 1);
  const batcher = new Batcher(client, { cache: new BookCache(), batchSize: 4, gatherMs: 0, maxRetries: 0 });
  const results = await batcher.lookup(ids(4));
  assert.ok([...results.values()].every((r) => r.status === 'failed' && r.error.kind === 'server'));
  assert.deepEqual(calls.map((c) => c.length), [4, 2], 'split once, then failed without splitting again');
  const single = fakeClient(() => {
    throw new ServiceError('server', { why: 'serverError', source: 'isbndb', status: 500 }, { status: 500 });
  }, 1);
  const alone = new Batcher(single.client, { cache: new BookCache(), gatherMs: 0, maxRetries: 0 });
  assert.equal((await alone.lookupOne('i0001')).status, 'failed');
  assert.equal(single.calls.length, 1);
});

test('an answer from the network names the source that gave it; one from the cache names none', async () => {
  const { client } = fakeClient();
  (client as unknown as { name: string }).name = 'isbndb';
  const cache = new BookCache();
  const batcher = new Batcher(client, { cache, gatherMs: 0 });
  const fresh = await batcher.lookupOne('i1');
  assert.equal(fresh.status === 'found' && fresh.source, 'isbndb');
  const cached = await batcher.lookupOne('i1');
  assert.deepEqual(cached, { status: 'found', book: book('i1') });
  batcher.dispose();
});
