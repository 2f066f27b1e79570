import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { quota as quotaText } from '../../src/editor/words/index';
import { parseKeyInfo, planOfHost } from '../../src/core/sources/isbndb/keyInfo';
import { quotaShortfall, spendQuota } from '../../src/core/model/quota';
import { KeyQuota, callsCharged } from '../../src/core/lookups/keyQuota';
import { Emitter } from '../../src/core/events';
import type { RequestRecord } from '../../src/core/model/answers';
import { ServiceError } from '../../src/core/model/errors';

test('GET /key: the host and the quota as published; odd shapes are read or refused, never thrown', () => {
  assert.deepEqual(parseKeyInfo({ api_host: 'api.pro.isbndb.com', plan_limit: { total: 1000, spent: 588, left: 412 } }), {
    apiHost: 'api.pro.isbndb.com',
    quota: { total: 1000, spent: 588, left: 412 },
  });
  assert.deepEqual(parseKeyInfo({ plan_limit: { total: '500', spent: '20' } }), { quota: { total: 500, spent: 20, left: 480 } }, 'numbers as text, left worked out');
  assert.deepEqual(parseKeyInfo({ api_host: 'x', plan_limit: { total: -1 } }), { apiHost: 'x' }, 'an unusable quota is left out');
  for (const body of [undefined, null, [], 'text', {}, { api_host: '' }, { plan_limit: 'lots' }]) assert.equal(parseKeyInfo(body), undefined);
});

test('issue 24 (11): a quota of 1e308 is no quota; more left than the total is the total less what was spent; the pre-look-up check still asks', () => {
  for (const plan_limit of [{ total: 1e308, spent: 0, left: 1e308 }, { total: '1e308', left: 5 }, { total: Number.MAX_SAFE_INTEGER * 4, spent: 1, left: 2 }]) {
    assert.deepEqual(parseKeyInfo({ api_host: 'h', plan_limit }), { apiHost: 'h' }, JSON.stringify(plan_limit));
  }
  const over = parseKeyInfo({ plan_limit: { total: 1000, spent: 100, left: 1e308 } })!.quota!;
  assert.deepEqual(over, { total: 1000, spent: 100, left: 900 });
  assert.equal(quotaText(over), '900 of 1,000 calls left today (100 spent)');
  assert.deepEqual(quotaShortfall(2500, over), { left: 900, unlooked: 1600 }, 'the check before a look-up asks');
  assert.deepEqual(parseKeyInfo({ plan_limit: { total: 1000, left: 5000 } })!.quota, { total: 1000, spent: 0, left: 1000 });
  assert.deepEqual(parseKeyInfo({ plan_limit: { total: 1000, spent: 4000 } })!.quota, { total: 1000, spent: 1000, left: 0 });
  // Whatever the answer, the quota's text stays a sentence.
  for (const plan_limit of [{ total: 1e308, left: 1e308 }, { total: 9_999_999, spent: 0, left: 9_999_999 }]) {
    const quota = parseKeyInfo({ plan_limit })?.quota;
    assert.ok(!quota || quotaText(quota).length < 80, JSON.stringify(plan_limit));
  }
});

test('the key\'s host is matched to one of the configured plan addresses only', () => {
  const urls = { default: new URL('https://api2.isbndb.com/'), premium: new URL('https://api.premium.isbndb.com/'), pro: new URL('http://127.0.0.1:4003/') };
  assert.equal(planOfHost('api.premium.isbndb.com', urls), 'premium', 'a bare host');
  assert.equal(planOfHost('https://API2.isbndb.com', urls), 'default', 'a URL, any case');
  assert.equal(planOfHost('http://127.0.0.1:4003', urls), 'pro', 'host and port');
  assert.equal(planOfHost('http://127.0.0.1:4004', urls), undefined, 'another port is another host');
  assert.equal(planOfHost('https://api.enterprise.isbndb.com', urls), undefined, 'a host the user has not configured');
  assert.equal(planOfHost('::not a host::', urls), undefined);
  assert.equal(planOfHost('api.pro.isbndb.com', { ...urls, pro: undefined }), undefined);
});

test('quota words, spending and the shortfall of a big look-up', () => {
  const quota = { total: 1000, spent: 588, left: 412 };
  assert.equal(quotaText(quota), '412 of 1,000 calls left today (588 spent)');
  assert.deepEqual(spendQuota(quota, 100), { total: 1000, spent: 688, left: 312 });
  assert.deepEqual(spendQuota(quota, 5000), { total: 1000, spent: 1000, left: 0 });
  assert.equal(quotaShortfall(412, quota), undefined, 'fits exactly');
  assert.deepEqual(quotaShortfall(500, quota), { left: 412, unlooked: 88 });
  assert.equal(quotaShortfall(5000, undefined), undefined, 'unknown quota: no question');
});

/** Read through a call, so that an earlier assertion does not narrow what later reads may be. */
const quotaOf = (k: KeyQuota) => k.quota;
const record = (r: Partial<RequestRecord>): RequestRecord => ({ method: 'POST', path: '/books', ms: 1, ...r });

test('calls charged: each ISBN of a batch, failed answers too; not /key, limits, refused keys or no answer', () => {
  assert.equal(callsCharged(record({ status: 200, isbnCount: 100 })), 100);
  assert.equal(callsCharged(record({ status: 500, isbnCount: 40 })), 40);
  assert.equal(callsCharged(record({ status: 400, isbnCount: 2000 })), 1);
  assert.equal(callsCharged(record({ method: 'GET', path: '/book/9780306406157', status: 200 })), 1);
  assert.equal(callsCharged(record({ method: 'GET', path: '/key', status: 200 })), 0);
  assert.equal(callsCharged(record({ status: 429, isbnCount: 10 })), 0);
  assert.equal(callsCharged(record({ status: 401, isbnCount: 10 })), 0);
  assert.equal(callsCharged(record({ isbnCount: 10 })), 0);
});

test('KeyQuota: read, counted down by requests, emptied by a spent-quota answer, forgotten for a new key', async () => {
  const requests = new Emitter<RequestRecord>();
  let answer: unknown = { api_host: 'h', plan_limit: { total: 100, spent: 0, left: 100 } };
  const keyQuota = new KeyQuota(async () => parseKeyInfo(answer), requests.event);
  let changes = 0;
  keyQuota.onDidChange(() => changes++);
  assert.equal(keyQuota.quota, undefined);
  await keyQuota.refresh();
  assert.deepEqual(keyQuota.quota, { total: 100, spent: 0, left: 100 });
  requests.fire(record({ status: 200, isbnCount: 30 }));
  assert.deepEqual(keyQuota.quota, { total: 100, spent: 30, left: 70 });
  requests.fire(record({ status: 403, error: new ServiceError('quota', { why: 'dailyQuota' }, { status: 403, daily: true }) }));
  assert.equal(quotaOf(keyQuota)?.left, 0);
  keyQuota.reset();
  assert.equal(quotaOf(keyQuota), undefined);
  answer = undefined; // a service without /key
  await keyQuota.refresh();
  assert.equal(keyQuota.quota, undefined);
  requests.fire(record({ status: 200, isbnCount: 30 }));
  assert.equal(keyQuota.quota, undefined, 'nothing to count down');
  assert.ok(changes >= 4);
  keyQuota.dispose();
});

test('KeyQuota: a read for the old key is not taken for the new one', async () => {
  let release!: () => void;
  const keyQuota = new KeyQuota(() => new Promise((resolve) => (release = () => resolve({ apiHost: 'old', quota: { total: 1, spent: 0, left: 1 } }))), new Emitter<RequestRecord>().event);
  const reading = keyQuota.refresh();
  keyQuota.reset();
  release();
  await reading;
  assert.equal(keyQuota.quota, undefined);
  keyQuota.dispose();
});
