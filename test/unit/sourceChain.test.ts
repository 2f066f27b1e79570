/**
 * The chain of sources: the first is asked for everything in batches, the next only for what
 * the first lacks (bulk: ISBNs without a record; hover: also the fields a hover shows), the
 * answers merged with their provenance; "not found" names the sources asked; a spent quota of
 * a later source never turns into "not found" and never hides what the first found.
 */
import assert from 'node:assert/strict';
import { type TestContext, test as nodeTest } from 'node:test';
import { Batcher } from '../../src/core/lookups/batcher';
import { SourceChain } from '../../src/core/lookups/sourceChain';
import { BookCache } from '../../src/core/cache/cache';
import type { RatedSource } from '../../src/core/lookups/ratedSource';
import { SourceHealth } from '../../src/core/lookups/sourceHealth';
import type { BatchAnswer } from '../../src/core/model/answers';
import type { Book } from '../../src/core/model/book';
import { ServiceError } from '../../src/core/model/errors';
import { Throttle, type ReleaseSlot } from '../../src/core/rate/throttle';
import { book } from '../helpers/books';
import { runFakeTime } from '../helpers/time';
import { toIsbn13 } from '../../src/core/model/book';

function test(name: string, run: (t: TestContext) => Promise<void>): void {
  nodeTest(name, async (t) => {
    runFakeTime(t);
    await run(t);
  });
}

/** A source whose catalogue the test gives; `fail` throws instead of answering. */
function fakeSource(name: string, catalogue: Map<string, Book>, fail?: () => ServiceError, options: { perSecond?: number; log?: string[] } = {}) {
  const calls: string[][] = [];
  const throttle = new Throttle(options.perSecond ?? 1000, { windowMs: options.perSecond ? 1000 : 50 });
  const source = {
    name,
    throttle,
    // Never told of a request: always up (the outage rules are tested through RatedSource).
    health: new SourceHealth('fake'),
    async books(isbns: readonly string[], signal?: AbortSignal, slot?: ReleaseSlot): Promise<BatchAnswer> {
      (slot ?? (await throttle.acquire(signal)))();
      calls.push([...isbns]);
      options.log?.push(name);
      if (fail) throw fail();
      const found = new Map(isbns.filter((i) => catalogue.has(i)).map((i) => [i, catalogue.get(i)!] as const));
      return { found, notFound: isbns.filter((i) => !catalogue.has(i)) };
    },
  };
  return { rated: source as unknown as RatedSource, calls };
}

function chainOf(...sources: Array<{ name: string; rated: RatedSource; batchSize: number }>): SourceChain {
  const chain = new SourceChain();
  chain.setStages(sources.map(({ name, rated, batchSize }) => ({ name, batcher: new Batcher(rated, { cache: new BookCache(), batchSize, gatherMs: 0 }) })));
  return chain;
}

/** ISBN-13s with valid check digits. */
function isbns(n: number, start = 0): string[] {
  // toIsbn13 computes the check digit from the first 12 (the ISBN-10's own check digit is ignored).
  return Array.from({ length: n }, (_, i) => toIsbn13(`${100_000_000 + start + i}0`)!);
}

test('bulk: the first source in batches of its size, the next only for the ISBNs it lacks, one by one', async () => {
  const all = isbns(60);
  const olBooks = new Map(all.slice(0, 50).map((i) => [i, book(i)] as const));
  const googleBooks = new Map(all.slice(50, 55).map((i) => [i, book(i, 'From Google')] as const));
  const ol = fakeSource('openLibrary', olBooks);
  const google = fakeSource('googleBooks', googleBooks);
  const chain = chainOf({ name: 'openLibrary', rated: ol.rated, batchSize: 25 }, { name: 'googleBooks', rated: google.rated, batchSize: 1 });
  const progress: number[] = [];
  const results = await chain.lookup(all, { onProgress: (done) => progress.push(done) });
  assert.ok(ol.calls.every((c) => c.length <= 25), 'Open Library batches of at most 25');
  assert.equal(ol.calls.length, Math.ceil(60 / 25));
  assert.deepEqual(google.calls.flat().sort(), all.slice(50).sort(), 'Google only for what Open Library lacks');
  assert.ok(google.calls.every((c) => c.length === 1));
  const first = results.get(all[0]!)!;
  assert.equal(first.status === 'found' && first.source, 'openLibrary');
  const fromGoogle = results.get(all[52]!)!;
  assert.equal(fromGoogle.status === 'found' && fromGoogle.book.title, 'From Google');
  assert.deepEqual(fromGoogle.status === 'found' && fromGoogle.provenance, { base: 'googleBooks', filled: [] });
  const none = results.get(all[58]!)!;
  assert.deepEqual(none, { status: 'notFound', asked: ['openLibrary', 'googleBooks'] });
  assert.deepEqual(progress, [...progress].sort((a, b) => a - b), 'progress never goes back');
  assert.equal(progress.at(-1), 60);
});

test('bulk: an ISBN goes on to the next source as soon as the first has answered its batch, not after every batch', async () => {
  const all = isbns(100);
  // Open Library (1 request a second) lacks two ISBNs of its first batch of 25.
  const olBooks = new Map(all.filter((_, i) => i !== 3 && i !== 7).map((i) => [i, book(i)] as const));
  const log: string[] = [];
  const ol = fakeSource('openLibrary', olBooks, undefined, { perSecond: 1, log });
  const google = fakeSource('googleBooks', new Map([[all[3]!, book(all[3]!, 'From Google')]]), undefined, { log });
  const chain = chainOf({ name: 'openLibrary', rated: ol.rated, batchSize: 25 }, { name: 'googleBooks', rated: google.rated, batchSize: 1 });
  const progress: number[] = [];
  const results = await chain.lookup(all, { onProgress: (done) => progress.push(done) });
  assert.equal(ol.calls.length, 4);
  assert.deepEqual(google.calls, [[all[3]], [all[7]]]);
  assert.deepEqual(log.slice(0, 3), ['openLibrary', 'googleBooks', 'googleBooks'], 'Google asked while Open Library still had 75 ISBNs to answer');
  const fromGoogle = results.get(all[3]!)!;
  assert.equal(fromGoogle.status === 'found' && fromGoogle.book.title, 'From Google');
  assert.deepEqual(results.get(all[7]!), { status: 'notFound', asked: ['openLibrary', 'googleBooks'] });
  assert.deepEqual(progress, [...progress].sort((a, b) => a - b), 'progress never goes back');
  assert.equal(progress.at(-1), 100);
});

test('bulk: a cancelled chain stops both sources and rejects once, with nothing left unhandled', async () => {
  const all = isbns(60);
  const ol = fakeSource('openLibrary', new Map(), undefined, { perSecond: 1 });
  const google = fakeSource('googleBooks', new Map(), undefined, { perSecond: 1 });
  const chain = chainOf({ name: 'openLibrary', rated: ol.rated, batchSize: 25 }, { name: 'googleBooks', rated: google.rated, batchSize: 1 });
  const controller = new AbortController();
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);
  process.on('unhandledRejection', onUnhandled);
  try {
    const looking = chain.lookup(all, { signal: controller.signal });
    // Open Library's first batch is answered (nothing found), so Google has work queued.
    while (google.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await assert.rejects(looking, (e: ServiceError) => e.kind === 'cancelled');
    const olCalls = ol.calls.length;
    const googleCalls = google.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    assert.equal(ol.calls.length, olCalls, 'no Open Library request after the cancel');
    assert.equal(google.calls.length, googleCalls, 'no Google request after the cancel');
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});

test('hover: the next source fills what the hover shows and the first lacks, and says which fields', async () => {
  const [isbn] = isbns(1);
  const ol = fakeSource('openLibrary', new Map([[isbn!, book(isbn!, 'Title', ['A'], { publisher: 'P', datePublished: '2001', pages: 10, image: 'https://covers.example/b/id/1-M.jpg' })]]));
  const google = fakeSource('googleBooks', new Map([[isbn!, book(isbn!, 'Other title', ['B'], { synopsis: 'What it is about.', pages: 12 })]]));
  const chain = chainOf({ name: 'openLibrary', rated: ol.rated, batchSize: 25 }, { name: 'googleBooks', rated: google.rated, batchSize: 1 });
  const bulk = await chain.lookupOne(isbn!);
  assert.equal(google.calls.length, 0, 'bulk does not spend Google on fields');
  assert.equal(bulk.status === 'found' && bulk.book.synopsis, undefined);
  assert.equal(chain.peek(isbn!, 'hover'), undefined, 'not complete for a hover yet');
  const hover = await chain.lookupOne(isbn!, { purpose: 'hover' });
  assert.equal(ol.calls.length, 1, 'Open Library answered from its cache');
  assert.equal(google.calls.length, 1);
  assert.ok(hover.status === 'found');
  assert.equal(hover.book.title, 'Title', 'the first record is the base');
  assert.equal(hover.book.pages, 10, 'a later source never replaces a field');
  assert.equal(hover.book.synopsis, 'What it is about.');
  assert.deepEqual(hover.provenance, { base: 'openLibrary', filled: [{ source: 'googleBooks', fields: ['synopsis'] }] });
  assert.equal((chain.peek(isbn!, 'hover') as { status: string }).status, 'found', 'both caches answer the next hover');
});

test('a later source out of quota: what the first found stands; nothing found is not "not found" but unanswered', async () => {
  const [known, unknown] = isbns(2);
  const quota = () => new ServiceError('quota', { why: 'googleDailyQuota', keyed: true }, { status: 429, daily: true, retryAt: Date.now() + 3_600_000 });
  const ol = fakeSource('openLibrary', new Map([[known!, book(known!)]]));
  const google = fakeSource('googleBooks', new Map(), quota);
  const chain = chainOf({ name: 'openLibrary', rated: ol.rated, batchSize: 25 }, { name: 'googleBooks', rated: google.rated, batchSize: 1 });
  const results = await chain.lookup([known!, unknown!], { purpose: 'hover' });
  assert.equal(results.get(known!)?.status, 'found');
  const missing = results.get(unknown!)!;
  assert.equal(missing.status, 'notFound');
  assert.deepEqual(missing.status === 'notFound' && missing.asked, ['openLibrary']);
  assert.equal(missing.status === 'notFound' && missing.unanswered?.[0]?.source, 'googleBooks');
  assert.equal(missing.status === 'notFound' && missing.unanswered?.[0]?.error.kind, 'quota');
});

test('every source failing gives the first failure; no source at all is "no key"', async () => {
  const [isbn] = isbns(1);
  const down = (source: string) => () => new ServiceError('badResponse', { why: 'httpStatus', source, status: 400 });
  const a = fakeSource('openLibrary', new Map(), down('openLibrary'));
  const b = fakeSource('googleBooks', new Map(), down('googleBooks'));
  const chain = chainOf({ name: 'openLibrary', rated: a.rated, batchSize: 25 }, { name: 'googleBooks', rated: b.rated, batchSize: 1 });
  const result = await chain.lookupOne(isbn!);
  assert.deepEqual(result.status === 'failed' && result.error.reason, { why: 'httpStatus', source: 'openLibrary', status: 400 }, 'the failure of the first source');
  const empty = new SourceChain();
  const none = await empty.lookupOne(isbn!);
  assert.equal(none.status === 'failed' && none.error.kind, 'auth');
  assert.equal(empty.state.kind, 'noKey');
});

test('another edition from the first source sends the ISBN on; a record of the asked ISBN is preferred', async () => {
  const [asked, other] = isbns(2, 500);
  const ol = fakeSource('openLibrary', new Map([[asked!, book(other!, 'Other edition')]]));
  const google = fakeSource('googleBooks', new Map([[asked!, book(asked!, 'This edition')]]));
  const chain = chainOf({ name: 'openLibrary', rated: ol.rated, batchSize: 25 }, { name: 'googleBooks', rated: google.rated, batchSize: 1 });
  const result = await chain.lookupOne(asked!);
  assert.equal(google.calls.length, 1);
  assert.equal(result.status === 'found' && result.book.title, 'This edition');
  assert.equal(result.status === 'found' && result.source, 'googleBooks');
});
