/**
 * The extension's core against the sandbox in real-service mode (ISBNdb API v2 beyond the
 * spec): per-plan batch sizes, GET /key (plan host and quota), the quota spent per ISBN and
 * its 403, a 500 for big answers, stray records and other editions. And, in spec mode, that
 * a service without /key changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import '../helpers/fakeVscode';
import { otherEditionNote } from '../../src/editor/words/index';
import { Emitter } from '../../src/core/events';
import { Batcher, nextUtcMidnight } from '../../src/core/lookups/batcher';
import { KeyQuota } from '../../src/core/lookups/keyQuota';
import { BookCache } from '../../src/core/cache/cache';
import { BookServiceClient } from '../../src/core/sources/isbndb/client';
import { RatedSource } from '../../src/core/lookups/ratedSource';
import { UndiciTransport } from '../../src/core/host/node/undiciTransport';
import { type RequestRecord } from '../../src/core/model/answers';
import { planOfHost } from '../../src/core/sources/isbndb/keyInfo';
import { isOtherEditionOf } from '../../src/core/model/edition';
import { type PlanName, batchSizeFor } from '../../src/core/model/plans';
import { Throttle } from '../../src/core/rate/throttle';
import { type Sandbox, startSandbox } from '../sandbox/server';

const FAST = { default: 1e6, premium: 1e6, pro: 1e6 };
let sandbox: Sandbox;
const throttles: Throttle[] = [];

before(async () => {
  sandbox = await startSandbox({ mode: 'real', rates: FAST, catalogueSize: 1300 });
});
after(async () => {
  for (const t of throttles) t.dispose();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.setMode('real');
  sandbox.clearFaults();
  sandbox.clearLog();
  sandbox.resetQuotas();
});

/** A client as the extension makes it: the plan's address from settings, every request reported. */
function setup(plan: PlanName, options: { key?: string; urlPlan?: PlanName; batchSize?: number } = {}) {
  const requests = new Emitter<RequestRecord>();
  const throttle = new Throttle(1000);
  throttles.push(throttle);
  const apiKey = options.key ?? sandbox.keys[plan];
  const source = new BookServiceClient({
    baseUrl: new URL(sandbox.urls[options.urlPlan ?? plan] + '/'),
    plan,
    apiKey,
    keyId: apiKey,
    onRequest: (record) => requests.fire(record),
  });
  const client = new RatedSource(source, throttle, new UndiciTransport());
  const cache = new BookCache();
  const batcher = new Batcher(client, { cache, batchSize: options.batchSize ?? batchSizeFor(plan, undefined), gatherMs: 0, maxRetries: 1 });
  const keyQuota = new KeyQuota((signal) => client.keyDetails(signal), requests.event);
  return { client, cache, batcher, keyQuota, dispose: () => (batcher.dispose(), keyQuota.dispose()) };
}

const isbns = (n: number, from = 0) => sandbox.catalogue.books.slice(from, from + n).map((b) => b.isbn13);
const batchSizes = () => sandbox.log.filter((r) => r.path === '/books').map((r) => r.isbnCount);
const configured = () => ({ default: new URL(sandbox.urls.default + '/'), premium: new URL(sandbox.urls.premium + '/'), pro: new URL(sandbox.urls.pro + '/') });

test('batch size per plan: 1,200 ISBNs take 2 requests on pro, 12 on default; a number set wins', async () => {
  assert.deepEqual([batchSizeFor('default', undefined), batchSizeFor('premium', undefined), batchSizeFor('pro', undefined)], [100, 1000, 1000]);
  const pro = setup('pro');
  const results = await pro.batcher.lookup(isbns(1200));
  assert.ok([...results.values()].every((r) => r.status === 'found'));
  assert.deepEqual(batchSizes(), [1000, 200]);
  pro.dispose();

  sandbox.clearLog();
  const basic = setup('default');
  await basic.batcher.lookup(isbns(1200, 50));
  assert.equal(batchSizes().length, 12);
  assert.ok(batchSizes().every((n) => n === 100));
  basic.dispose();

  sandbox.clearLog();
  const set = setup('pro', { batchSize: batchSizeFor('pro', 300) });
  await set.batcher.lookup(isbns(600, 10));
  assert.deepEqual(batchSizes(), [300, 300]);
  set.dispose();
});

test('a batch over the plan\'s maximum (400) is halved and the run goes on', async () => {
  const basic = setup('default', { batchSize: 1000 });
  const results = await basic.batcher.lookup(isbns(300));
  assert.ok([...results.values()].every((r) => r.status === 'found'));
  const refused = sandbox.log.filter((r) => r.status === 400).map((r) => r.isbnCount!);
  const served = sandbox.log.filter((r) => r.status === 200).map((r) => r.isbnCount!);
  assert.equal(refused[0], 300);
  assert.ok(refused.every((n) => n > 100) && served.every((n) => n <= 100), `refused ${refused.join()}, served ${served.join()}`);
  assert.equal(served.reduce((a, b) => a + b, 0), 300, 'every ISBN looked up once it fitted');
  assert.ok(served.every((n) => n === 75), 'halved to 150, then 75');
  basic.dispose();
});

test('GET /key: the key\'s plan host and today\'s quota, counted down per ISBN as the sandbox counts', async () => {
  const pro = setup('pro');
  const info = await pro.keyQuota.refresh();
  assert.equal(planOfHost(info!.apiHost!, configured()), 'pro');
  assert.deepEqual(info!.quota, sandbox.quotaOf(sandbox.keys.pro));
  await pro.batcher.lookup(isbns(250));
  assert.equal(pro.keyQuota.quota!.spent, 250, 'each ISBN of the batch is one call');
  assert.deepEqual(pro.keyQuota.quota, sandbox.quotaOf(sandbox.keys.pro), 'the count kept matches the service');
  assert.equal(sandbox.log.find((r) => r.path === '/key')?.cost, undefined, 'reading /key costs nothing');
  pro.dispose();
});

test('a key of another plan: /key names that plan\'s configured address; nothing is sent there', async () => {
  // A pro key while the settings say default: the key goes to the default address only.
  const wrong = setup('default', { key: sandbox.keys.pro });
  const info = await wrong.keyQuota.refresh();
  assert.equal(info?.apiHost, sandbox.urls.pro);
  assert.equal(planOfHost(info!.apiHost!, configured()), 'pro', 'offered: switch to pro');
  const { pro: _pro, ...withoutPro } = configured();
  assert.equal(planOfHost(info!.apiHost!, { ...withoutPro, pro: new URL('https://api.pro.isbndb.com/') }), undefined, 'not a configured address: no offer');
  assert.ok(sandbox.log.length > 0);
  assert.ok(sandbox.log.every((r) => r.plan === 'default'), 'every request went to the configured address');
  wrong.dispose();
});

test('without /key (spec mode) nothing changes: no host, no quota, look-ups as before', async () => {
  sandbox.setMode('spec');
  const plain = setup('pro');
  assert.equal(await plain.keyQuota.refresh(), undefined);
  assert.equal(plain.keyQuota.quota, undefined);
  const results = await plain.batcher.lookup(isbns(20));
  assert.ok([...results.values()].every((r) => r.status === 'found'));
  assert.equal(plain.batcher.state.kind, 'idle', 'the 404 of /key did not stop or pause the queue');
  plain.dispose();
});

test('a spent quota (403 "Daily hits reached") stops the queue until 00:00 UTC or Retry Now; nothing cached', async () => {
  const key = sandbox.keys.premium;
  sandbox.setQuota(key, 150, 0);
  const premium = setup('premium', { batchSize: 100 });
  await premium.keyQuota.refresh();
  const first = await premium.batcher.lookup(isbns(300));
  const statuses = [...first.values()].map((r) => (r.status === 'failed' ? r.error.kind : r.status));
  assert.ok(statuses.filter((s) => s === 'found').length >= 100, statuses.join());
  assert.ok(statuses.includes('quota'));
  const spent = [...first.values()].find((r) => r.status === 'failed');
  assert.ok(spent?.status === 'failed' && spent.error.details.daily && spent.error.details.status === 403, 'read as the daily quota, not a wrong plan');
  const state = premium.batcher.state;
  assert.ok(state.kind === 'stopped' && state.until === nextUtcMidnight(Date.now()), JSON.stringify(state));
  assert.equal(premium.keyQuota.quota?.left, 0, 'the tooltip says none left');
  for (const [isbn, result] of first) if (result.status === 'failed') assert.equal(premium.cache.peek(isbn), undefined);
  const sent = sandbox.log.length;
  await premium.batcher.lookup(isbns(10, 400));
  assert.equal(sandbox.log.length, sent, 'nothing sent while stopped');

  sandbox.resetQuotas(key); // the next day
  premium.batcher.resume(); // or Retry Now
  const again = await premium.batcher.lookup(isbns(300));
  assert.ok([...again.values()].every((r) => r.status === 'found'));
  premium.dispose();
});

test('a 500 for an answer too big is retried once as two halves', async () => {
  const size = Buffer.byteLength(JSON.stringify({ data: sandbox.catalogue.books.slice(0, 40) }));
  sandbox.setMaxResponseBytes(Math.round(size * 0.7));
  try {
    const pro = setup('pro');
    const results = await pro.batcher.lookup(isbns(40));
    assert.ok([...results.values()].every((r) => r.status === 'found'));
    assert.deepEqual(batchSizes(), [40, 20, 20]);
    assert.equal(sandbox.log[0]!.status, 500);
    pro.dispose();
  } finally {
    sandbox.setMaxResponseBytes(6 * 1024 * 1024);
  }
});

test('a stray record in a batch answer is kept under no ISBN asked', async () => {
  sandbox.injectFault({ kind: 'stray-record', match: { pathPrefix: '/books' } });
  const pro = setup('pro');
  const asked = isbns(5, 700);
  const results = await pro.batcher.lookup(asked);
  for (const isbn of asked) {
    const result = results.get(isbn);
    assert.ok(result?.status === 'found' && result.book.isbn13 === isbn, isbn);
  }
  const strayIsbns = sandbox.catalogue.books.map((b) => b.isbn13).filter((i) => !asked.includes(i));
  assert.ok(strayIsbns.every((i) => pro.cache.peek(i) === undefined), 'the stray record is not cached at all');
  pro.dispose();
});

test('another edition answering an ISBN is shown with the edition it describes', async () => {
  const asked = isbns(3, 800);
  sandbox.injectFault({ kind: 'other-edition', isbn: asked[1], match: { pathPrefix: '/books' } });
  const pro = setup('pro');
  const results = await pro.batcher.lookup(asked);
  const result = results.get(asked[1]!);
  assert.ok(result?.status === 'found');
  assert.notEqual(result.book.isbn13, asked[1]);
  assert.ok(isOtherEditionOf(result.book, asked[1]!));
  assert.match(otherEditionNote(result.book, asked[1]!) ?? '', /^This record describes another edition: ISBN 978-/);
  for (const isbn of [asked[0]!, asked[2]!]) {
    const own = results.get(isbn);
    assert.ok(own?.status === 'found' && otherEditionNote(own.book, isbn) === undefined, isbn);
  }
  pro.dispose();
});

test('error bodies with error_message are read: a 401 of the current version is a refused key', async () => {
  const refused = setup('pro', { key: 'no-such-key-0000' });
  await assert.rejects(refused.client.keyDetails(), (e: { kind?: string }) => e.kind === 'auth');
  const result = await refused.batcher.lookupOne(isbns(1)[0]!);
  assert.ok(result.status === 'failed' && result.error.kind === 'auth');
  refused.dispose();
  sandbox.injectFault({ status: 429, body: '{"error_message":"Daily quota exceeded, please try again later"}', match: { pathPrefix: '/books' } });
  const pro = setup('pro');
  await assert.rejects(pro.client.books(isbns(2)), (e: { kind?: string; details?: { daily?: boolean } }) => e.kind === 'quota' && e.details?.daily === true);
  pro.dispose();
});
