/**
 * The chain with a route: each ISBN goes through the stages its route names, in that order; ISBNs
 * of one route go together; "not found" names the sources its route asked; peek and known follow
 * the route too.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Batcher } from '../../src/core/lookups/batcher';
import { SourceChain } from '../../src/core/lookups/sourceChain';
import { BookCache } from '../../src/core/cache/cache';
import type { RatedSource } from '../../src/core/lookups/ratedSource';
import { SourceHealth } from '../../src/core/lookups/sourceHealth';
import type { BatchAnswer } from '../../src/core/model/answers';
import type { Book } from '../../src/core/model/book';
import { Throttle, type ReleaseSlot } from '../../src/core/rate/throttle';
import { book } from '../helpers/books';

function fake(name: string, known: Map<string, Book>, asked: string[][]): RatedSource {
  const throttle = new Throttle(1000, { windowMs: 50 });
  return {
    name,
    throttle,
    health: new SourceHealth(name),
    async books(isbns: readonly string[], signal?: AbortSignal, slot?: ReleaseSlot): Promise<BatchAnswer> {
      (slot ?? (await throttle.acquire(signal)))();
      asked.push([name, ...isbns]);
      return { found: new Map(isbns.filter((i) => known.has(i)).map((i) => [i, known.get(i)!])), notFound: isbns.filter((i) => !known.has(i)) };
    },
  } as unknown as RatedSource;
}

test('a route per ISBN: German ISBNs to the DNB first, English ones never to it; "not found" names the route\'s sources', async () => {
  const de = '9783161484100';
  const en = '9780131103627';
  const deMissing = '9783980000994';
  const asked: string[][] = [];
  const dnb = fake('dnb', new Map([[de, book(de, 'Ein Buch')]]), asked);
  const ol = fake('openLibrary', new Map([[en, book(en, 'A Book')]]), asked);
  const chain = new SourceChain();
  const stage = (name: string, rated: RatedSource) => ({ name, batcher: new Batcher(rated, { cache: new BookCache(), batchSize: 10, gatherMs: 0 }) });
  chain.setStages([stage('openLibrary', ol), stage('dnb', dnb)], (isbn) => (isbn.startsWith('9783') ? ['dnb', 'openLibrary'] : ['openLibrary']));
  const results = await chain.lookup([de, en, deMissing]);
  const sourceOf = (isbn: string) => {
    const r = results.get(isbn);
    return r?.status === 'found' ? r.source : r?.status;
  };
  assert.equal(sourceOf(de), 'dnb');
  assert.equal(sourceOf(en), 'openLibrary');
  assert.deepEqual(results.get(deMissing), { status: 'notFound', asked: ['dnb', 'openLibrary'] });
  assert.deepEqual(asked.filter(([n]) => n === 'dnb'), [['dnb', de, deMissing]], 'the German ISBNs together, the English one never');
  assert.ok(asked.some(([n, ...i]) => n === 'openLibrary' && i.includes(en)));
  assert.ok(!asked.some(([n, ...i]) => n === 'openLibrary' && i.includes(de)), 'found at the DNB: Open Library not asked for it in bulk');
  assert.equal((chain.peek(de) as { source?: string }).source, 'dnb', 'peek follows the route');
  assert.equal((chain.known(deMissing) as { status: string }).status, 'notFound', 'known once every source of its route said so');
  assert.deepEqual(chain.stagesFor(en).map((s) => s.name), ['openLibrary']);
});
