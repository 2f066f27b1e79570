/**
 * Look Up All and Annotate ask before spending more calls than the key has left today:
 * the first ones that fit, all anyway, or nothing; what is left out counts as skipped for quota.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dialog, warnings } from '../helpers/fakeVscode';
import type { Quota } from '../../src/core/model/quota';
import type { LookupOptions, LookupResult } from '../../src/core/model/lookup';
import type { LookupService } from '../../src/editor/infrastructure/lookupService';
import { lookupWithinQuota } from '../../src/editor/infrastructure/lookupWithinQuota';

/** A facade that knows `cached`, has `quota` left today, and records what it is asked to look up. */
function fakeService(quota: Quota | undefined, cached: string[] = []) {
  const asked: string[][] = [];
  const service = {
    keyQuota: { quota },
    known: (isbn: string) => (cached.includes(isbn) ? { status: 'notFound' as const } : undefined),
    ready: async () => undefined,
    lookup: async (isbns: readonly string[], _options?: LookupOptions) => {
      asked.push([...isbns]);
      return new Map<string, LookupResult>(isbns.map((isbn) => [isbn, { status: 'notFound' }]));
    },
  };
  return { service: service as unknown as LookupService, asked };
}

const ISBNS = Array.from({ length: 10 }, (_, i) => `97803064061${String(i).padStart(2, '0')}`);

test('within the quota, or with no quota known, nothing is asked', async () => {
  warnings.length = 0;
  for (const quota of [undefined, { total: 100, spent: 0, left: 100 }]) {
    const { service, asked } = fakeService(quota);
    const results = await lookupWithinQuota(service, ISBNS, 'Looking up');
    assert.equal(results?.size, 10);
    assert.deepEqual(asked, [ISBNS]);
  }
  assert.equal(warnings.length, 0);
});

test('over the quota: the question says how many would be left, and "the first N" looks up only those', async () => {
  warnings.length = 0;
  dialog.answer = (buttons) => buttons.find((b) => b.startsWith('Look Up the First'));
  const cached = [ISBNS[0]!, ISBNS[1]!];
  const { service, asked } = fakeService({ total: 500, spent: 497, left: 3 }, cached);
  const results = await lookupWithinQuota(service, ISBNS, 'Looking up');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!.message, /8 ISBNs need a look-up, but only 3 calls are left/);
  assert.match(warnings[0]!.detail ?? '', /5 ISBNs would be left unlooked-up/);
  assert.deepEqual(warnings[0]!.buttons, ['Look Up the First 3', 'Look Up All Anyway']);
  // The cached ones cost nothing and go along; three uncached fit.
  assert.deepEqual(asked, [[...cached, ISBNS[2]!, ISBNS[3]!, ISBNS[4]!]]);
  const skipped = [...results!.values()].filter((r) => r.status === 'failed' && r.error.kind === 'quota');
  assert.equal(skipped.length, 5, 'the rest count as skipped for quota');
});

test('over the quota: "all anyway" looks up everything; dismissing looks up nothing', async () => {
  dialog.answer = () => 'Look Up All Anyway';
  const anyway = fakeService({ total: 500, spent: 500, left: 0 });
  assert.equal((await lookupWithinQuota(anyway.service, ISBNS, 'Looking up'))?.size, 10);
  assert.deepEqual(anyway.asked, [ISBNS]);
  dialog.answer = () => undefined;
  const dismissed = fakeService({ total: 500, spent: 495, left: 5 });
  assert.equal(await lookupWithinQuota(dismissed.service, ISBNS, 'Looking up'), undefined);
  assert.deepEqual(dismissed.asked, []);
  dialog.answer = (buttons) => buttons[0];
});
