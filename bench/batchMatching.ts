// Issue 24 (10): a 1,000-ISBN batch answered with 20,000 and 100,000 unrelated records (each
// listing two other ISBNs), matched by the book service's client, against one JSON.parse of the
// same answer (the limit: the answer must be read anyway; matching may cost a few such reads,
// never one per ISBN asked). Linear: the time per record stays flat from 20,000 to 100,000 records
// (JSON.parse itself grows faster than linearly there, through garbage collection).
// Before the fix the matching alone took 9.7 s and 46 s on the host thread.
// Run: `npx tsx bench/batchMatching.ts`, or `npm run bench -- j`.
import { performance } from 'node:perf_hooks';
import { isbn13CheckDigit } from '../src/core/isbn/parse';
import { BookServiceClient } from '../src/core/sources/isbndb/client';
import { FakeTransport } from '../test/helpers/fakeTransport';

function isbn13(n: number, prefix: string): string {
  const first12 = `${prefix}${String(n).padStart(12 - prefix.length, '0')}`;
  return first12 + isbn13CheckDigit(first12);
}

async function best(rounds: number, run: () => unknown): Promise<number> {
  let fastest = Infinity;
  for (let k = 0; k < rounds; k++) {
    const start = performance.now();
    await run();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

export async function benchBatchMatching(): Promise<Array<Record<string, number | string>>> {
  const asked = Array.from({ length: 1000 }, (_, i) => isbn13(i, '9781'));
  const rows: Array<Record<string, number | string>> = [];
  for (const count of [20_000, 100_000]) {
    const records = Array.from({ length: count }, (_, i) => ({ title: `Unrelated ${i}`, isbn13: isbn13(i, '9798'), other_isbns: [{ isbn: isbn13(i + 1, '9798') }, { isbn: isbn13(i + 2, '9798') }] }));
    const body = JSON.stringify({ data: records });
    const http = new FakeTransport(() => ({ body }));
    const client = new BookServiceClient({ baseUrl: new URL('https://books.example/'), plan: 'pro', apiKey: 'k', keyId: 'k' });
    const matching = await best(3, () => client.books(asked, { http }));
    const parse = await best(3, () => JSON.parse(body));
    rows.push({ records: count, 'answer (MB)': Number((body.length / 1e6).toFixed(1)), 'books() incl. reading (ms)': Math.round(matching), 'one JSON.parse (ms)': Math.round(parse), 'books() ÷ JSON.parse': Number((matching / parse).toFixed(1)), 'µs per record': Number(((matching * 1000) / count).toFixed(1)) });
  }
  return rows;
}

if (require.main === module) void benchBatchMatching().then((rows) => console.table(rows));
