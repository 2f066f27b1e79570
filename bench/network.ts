/**
 * Network efficiency against the sandbox, through the same batcher, client and throttle the
 * extension uses: 1,000 unique ISBNs on the default plan (spec mode), and a 2,500-ISBN file
 * in real-service mode on pro and on default, each at its plan's batch maximum.
 */
import { Batcher } from '../src/core/lookups/batcher';
import { BookCache } from '../src/core/cache/cache';
import { BookServiceClient } from '../src/core/sources/isbndb/client';
import { RatedSource } from '../src/core/lookups/ratedSource';
import { UndiciTransport } from '../src/core/host/node/undiciTransport';
import { PLAN_RATES, type PlanName, batchSizeFor } from '../src/core/model/plans';
import { Throttle } from '../src/core/rate/throttle';
import { type ServiceMode, startSandbox } from '../test/sandbox/server';

interface NetworkRun {
  count: number;
  plan: PlanName;
  batchSize: number;
  mode: ServiceMode;
}

async function runNetwork({ count, plan, batchSize, mode }: NetworkRun): Promise<Record<string, number | string>> {
  // Real mode: a quota big enough that the run measures the rate, not the day's allowance.
  const sandbox = await startSandbox({ catalogueSize: count + 200, mode, dailyQuota: { default: 1e7, premium: 1e7, pro: 1e7 } });
  try {
    const rate = PLAN_RATES[plan];
    const source = new BookServiceClient({ baseUrl: new URL(sandbox.urls[plan] + '/'), plan, apiKey: sandbox.keys[plan], keyId: sandbox.keys[plan] });
    const client = new RatedSource(source, new Throttle(rate), new UndiciTransport());
    const batcher = new Batcher(client, { cache: new BookCache(), batchSize });
    const isbns = sandbox.catalogue.books.slice(0, count).map((b) => b.isbn13);
    const began = performance.now();
    const results = await batcher.lookup(isbns);
    const elapsed = (performance.now() - began) / 1000;
    const requests = sandbox.log.length;
    const ideal = Math.ceil(count / batchSize);
    const found = [...results.values()].filter((r) => r.status === 'found').length;
    batcher.dispose();
    client.throttle.dispose();
    return {
      'ISBNs': count,
      'plan, batch size': `${plan}, ${batchSize}`,
      'found': found,
      'requests sent': requests,
      'requests ideal ⌈n ÷ batch⌉': ideal,
      'elapsed s': round(elapsed),
      'elapsed ideal (requests − 1) ÷ rate s': round((ideal - 1) / rate),
      'efficiency ISBNs/s ÷ (rate × batch)': round(count / elapsed / (rate * batchSize)),
      'time efficiency ideal ÷ elapsed': round((ideal - 1) / rate / elapsed),
      '429 answers': sandbox.log.filter((e) => e.status === 429).length,
      'limit answers (429 or 404)': sandbox.log.filter((e) => e.limited).length,
      ...(mode === 'real' && { 'quota calls spent (1 per ISBN)': sandbox.quotaOf(sandbox.keys[plan])?.spent ?? 0 }),
    };
  } finally {
    await sandbox.close();
  }
}

export function benchNetwork(count = 1000, batchSize = 100): Promise<Record<string, number | string>> {
  return runNetwork({ count, plan: 'default', batchSize, mode: 'spec' });
}

/** A 2,500-ISBN file on the real service's plan at the plan's own batch maximum (1,000 on pro, 100 on default). */
export function benchRealServicePlan(plan: PlanName, count = 2500): Promise<Record<string, number | string>> {
  return runNetwork({ count, plan, batchSize: batchSizeFor(plan, undefined), mode: 'real' });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

if (require.main === module) {
  (async () => {
    console.table(await benchNetwork());
    console.table(await benchRealServicePlan('pro'));
    console.table(await benchRealServicePlan('default'));
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
