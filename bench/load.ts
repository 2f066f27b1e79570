/**
 * Load: 10,000 unique ISBNs through the batcher on the pro plan (5 requests/s, batch 100)
 * against the sandbox: requests, seconds, limit answers, peak memory; then the same
 * queued again and cancelled after 2 s: how fast the cancel lands and what it still sent.
 */
import { Batcher } from '../src/core/lookups/batcher';
import { BookCache } from '../src/core/cache/cache';
import { BookServiceClient } from '../src/core/sources/isbndb/client';
import { RatedSource } from '../src/core/lookups/ratedSource';
import { UndiciTransport } from '../src/core/host/node/undiciTransport';
import { PLAN_RATES } from '../src/core/model/plans';
import { Throttle } from '../src/core/rate/throttle';
import { startSandbox } from '../test/sandbox/server';

export async function benchLoad(count = 10_000, batchSize = 100): Promise<Record<string, number | string>> {
  const sandbox = await startSandbox({ catalogueSize: count * 2 });
  try {
    const plan = 'pro';
    const rate = PLAN_RATES[plan];
    const source = new BookServiceClient({ baseUrl: new URL(sandbox.urls[plan] + '/'), plan, apiKey: sandbox.keys[plan], keyId: sandbox.keys[plan] });
    const client = new RatedSource(source, new Throttle(rate), new UndiciTransport());
    const isbns = sandbox.catalogue.books.map((b) => b.isbn13);
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const baseRss = process.memoryUsage().rss;

    const batcher = new Batcher(client, { cache: new BookCache({ maxEntries: 5000 }), batchSize });
    const began = performance.now();
    const results = await batcher.lookup(isbns.slice(0, count));
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    const requests = sandbox.log.length;

    // Cancel: queue another 10,000 and cancel after 2 s.
    sandbox.clearLog();
    const second = new Batcher(client, { cache: new BookCache(), batchSize });
    const controller = new AbortController();
    const pending = second.lookup(isbns.slice(count, count * 2), { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 2000));
    const sentBeforeCancel = sandbox.log.length;
    const cancelAt = performance.now();
    controller.abort();
    await pending.catch(() => undefined);
    const cancelMs = performance.now() - cancelAt;
    await new Promise((r) => setTimeout(r, 1500));

    return {
      'ISBNs': count,
      'found': [...results.values()].filter((r) => r.status === 'found').length,
      'requests sent': requests,
      'requests ideal ⌈n ÷ batch⌉': Math.ceil(count / batchSize),
      'seconds': Math.round(seconds * 100) / 100,
      // `rate` requests may start together, then one more group each second.
      'seconds ideal ⌈requests ÷ rate⌉ − 1': Math.ceil(Math.ceil(count / batchSize) / rate) - 1,
      'limit answers (429 or 404)': sandbox.log.filter((e) => e.limited).length,
      'peak RSS MB': Math.round(peakRss / 1048576),
      'RSS growth MB': Math.round((peakRss - baseRss) / 1048576),
      'cancel: ms until the look-up returned': Math.round(cancelMs),
      'cancel: requests sent after cancel': sandbox.log.length - sentBeforeCancel,
    };
  } finally {
    await sandbox.close();
  }
}

if (require.main === module) {
  benchLoad().then((figures) => console.table(figures), (e) => {
    console.error(e);
    process.exit(1);
  });
}
