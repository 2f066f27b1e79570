/**
 * Network efficiency: 1,000 unique ISBNs on the default plan (1 request/s) against the
 * sandbox, through the same batcher, client and throttle the extension uses.
 */
import { Batcher } from '../src/core/service/lookups/batcher';
import { BookCache } from '../src/core/service/store/cache';
import { BookServiceClient } from '../src/core/service/http/client';
import { PLAN_RATES } from '../src/core/service/plans';
import { Throttle } from '../src/core/service/rate/throttle';
import { startSandbox } from '../test/sandbox/server';

export async function benchNetwork(count = 1000, batchSize = 100): Promise<Record<string, number | string>> {
  const sandbox = await startSandbox({ catalogueSize: count + 200 });
  try {
    const rate = PLAN_RATES.default;
    const client = new BookServiceClient({ baseUrl: new URL(sandbox.urls.default + '/'), plan: 'default', apiKey: sandbox.keys.default, throttle: new Throttle(rate) });
    const batcher = new Batcher(client, { cache: new BookCache(), batchSize });
    const isbns = sandbox.catalogue.books.slice(0, count).map((b) => b.isbn13);
    const began = performance.now();
    const results = await batcher.lookup(isbns);
    const elapsed = (performance.now() - began) / 1000;
    const requests = sandbox.log.length;
    const ideal = Math.ceil(count / batchSize);
    const found = [...results.values()].filter((r) => r.status === 'found').length;
    return {
      'ISBNs': count,
      'found': found,
      'requests sent': requests,
      'requests ideal ⌈n ÷ batch⌉': ideal,
      'elapsed s': round(elapsed),
      'elapsed ideal (requests − 1) ÷ rate s': round((ideal - 1) / rate),
      'efficiency ISBNs/s ÷ (rate × batch)': round(count / elapsed / (rate * batchSize)),
      'time efficiency ideal ÷ elapsed': round((ideal - 1) / rate / elapsed),
      '429 answers': sandbox.log.filter((e) => e.status === 429).length,
      'limit answers (429 or 404)': sandbox.log.filter((e) => e.limited).length,
    };
  } finally {
    await sandbox.close();
  }
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

if (require.main === module) {
  benchNetwork().then((figures) => console.table(figures), (e) => {
    console.error(e);
    process.exit(1);
  });
}
