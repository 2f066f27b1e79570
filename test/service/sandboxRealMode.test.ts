// The sandbox's real-service mode (ISBNdb API v2 beyond the spec), proved with plain HTTP
// requests; and that spec mode, the default, keeps the spec's behaviour.
// Run: node --import tsx --test test/service/sandboxRealMode.test.ts

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { request } from 'undici';
import { check13 } from '../sandbox/isbn';
import {
  DEFAULT_DAILY_QUOTA,
  DEFAULT_PLAN_MAX_BATCH,
  DEMO_BOOKS,
  DEMO_KEYS,
  type PlanName,
  type RawBook,
  type Sandbox,
  type SandboxOptions,
  startSandbox,
} from '../sandbox/server';

const FAST: SandboxOptions['rates'] = { default: 1e6, premium: 1e6, pro: 1e6 };
const REPO = join(__dirname, '..', '..');

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: any;
}

async function call(url: string, init: { key?: string; method?: 'GET' | 'POST'; body?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (init.key !== undefined) headers.authorization = init.key;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(url, { method: init.method ?? 'GET', headers, body: init.body });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.statusCode, headers: res.headers, json };
}

const getKey = (s: Sandbox, plan: PlanName, key = s.keys[plan]) => call(`${s.urls[plan]}/key`, { key });
const getBook = (s: Sandbox, isbn: string, plan: PlanName = 'default', key = s.keys[plan]) => call(`${s.urls[plan]}/book/${isbn}`, { key });
const postBooks = (s: Sandbox, isbns: readonly string[], plan: PlanName = 'default', key = s.keys[plan]) =>
  call(`${s.urls[plan]}/books`, { key, method: 'POST', body: `isbns=${isbns.join(',')}` });
const admin = (s: Sandbox, path: string, body?: unknown) =>
  call(`${s.adminUrl}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });

/** n well-formed ISBN-13s that are in no catalogue (prefix 9799999). */
function unknownIsbns(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const first12 = `9799999${String(i).padStart(5, '0')}`;
    return first12 + check13(first12);
  });
}

async function withSandbox(options: SandboxOptions, fn: (s: Sandbox) => Promise<void>): Promise<void> {
  const s = await startSandbox(options);
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

const DAILY_HITS = /daily[\s-]*hits[\s-]*reached/i;

// One real-mode sandbox without rate limits for most tests; each test starts on a fresh day.
let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ mode: 'real', rates: FAST });
});
after(async () => {
  await sb.close();
});
beforeEach(() => {
  sb.resetQuotas();
  sb.clearFaults();
  sb.clearLog();
});

const catalogueIsbns = (n: number, from = 0) => sb.catalogue.books.slice(from, from + n).map((b) => b.isbn13);

// ---------------------------------------------------------------------------
// spec mode stays the default

test('spec mode (the default): no /key, no quota, one batch maximum, the spec error bodies', async () => {
  await withSandbox({ rates: FAST }, async (s) => {
    const key = await getKey(s, 'default');
    assert.deepEqual([key.status, key.json], [404, { errorMessage: 'Not Found' }]);
    s.setQuota(s.keys.default, 1);
    for (let i = 0; i < 3; i++) assert.equal((await postBooks(s, catalogueIsbns(101))).status, 200);
    assert.equal(s.log.at(-1)!.cost, undefined);
    assert.deepEqual((await getBook(s, DEMO_BOOKS.cProgramming, 'default', 'nope')).json, { message: 'Unauthorized' });
    assert.deepEqual((await getBook(s, DEMO_BOOKS.cProgramming, 'default', s.keys.pro)).json, { message: 'Forbidden: this key belongs to another plan' });
    assert.deepEqual((await getBook(s, unknownIsbns(1)[0]!)).json, { errorMessage: 'Not Found' });
    const info = await admin(s, '/info');
    assert.equal(info.json.mode, 'spec');
  });
});

// ---------------------------------------------------------------------------
// GET /key

test('GET /key answers the calling key its own plan host and today\'s quota, on any plan\'s host, free', async () => {
  for (const plan of ['default', 'premium', 'pro'] as const) {
    const r = await getKey(sb, plan);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { api_host: sb.urls[plan], plan_limit: { total: DEFAULT_DAILY_QUOTA[plan], spent: 0, left: DEFAULT_DAILY_QUOTA[plan] } });
  }
  // A pro key asking the default plan's host still learns its own host.
  const elsewhere = await call(`${sb.urls.default}/key`, { key: sb.keys.pro });
  assert.equal(elsewhere.json.api_host, sb.urls.pro);
  assert.equal((await getKey(sb, 'pro')).json.plan_limit.spent, 0, '/key costs nothing');
  await getBook(sb, DEMO_BOOKS.cProgramming, 'pro');
  assert.deepEqual((await getKey(sb, 'pro')).json.plan_limit, { total: 15000, spent: 1, left: 14999 });
});

test('GET /key without a key or with an unknown one: 401 with error_message', async () => {
  const missing = await call(`${sb.urls.default}/key`);
  assert.equal(missing.status, 401);
  assert.match(missing.json.error_message, /missing/i);
  const unknown = await getKey(sb, 'default', 'not-a-key');
  assert.equal(unknown.status, 401);
  assert.match(unknown.json.error_message, /unknown/i);
});

// ---------------------------------------------------------------------------
// daily quota

test('the quota is spent per ISBN: a batch of 100 costs 100, a book 1, a not-found 1', async () => {
  await postBooks(sb, [...catalogueIsbns(60), ...unknownIsbns(40)]);
  assert.equal(sb.log.at(-1)!.cost, 100);
  assert.equal((await getKey(sb, 'default')).json.plan_limit.spent, 100);
  await getBook(sb, DEMO_BOOKS.stranger);
  await getBook(sb, unknownIsbns(1)[0]!);
  await call(`${sb.urls.default}/author/${encodeURIComponent('Albert Camus')}`, { key: sb.keys.default });
  assert.deepEqual((await getKey(sb, 'default')).json.plan_limit, { total: 1000, spent: 103, left: 897 });
  assert.deepEqual(sb.quotaOf(sb.keys.default), { total: 1000, spent: 103, left: 897 });
});

test('a spent quota: 403 "Daily hits reached" until the next day (quota reset)', async () => {
  await withSandbox({ mode: 'real', rates: FAST, quotas: { [DEMO_KEYS.default]: 150 } }, async (s) => {
    assert.equal((await postBooks(s, catalogueIsbns(100))).status, 200);
    // 50 left: the next batch is still served, as a counter checked before the work; it spends the rest.
    assert.equal((await postBooks(s, catalogueIsbns(100, 100))).status, 200);
    assert.deepEqual((await getKey(s, 'default')).json.plan_limit, { total: 150, spent: 150, left: 0 });
    for (const r of [await postBooks(s, catalogueIsbns(2)), await getBook(s, DEMO_BOOKS.acdc)]) {
      assert.equal(r.status, 403);
      assert.match(r.json.error_message, DAILY_HITS);
      assert.match(r.json.error_message, /try again tomorrow/);
    }
    // Other keys have their own quota.
    assert.equal((await getBook(s, DEMO_BOOKS.acdc, 'pro')).status, 200);
    // The next day.
    assert.equal((await admin(s, '/quota/reset', {})).status, 200);
    assert.equal((await getBook(s, DEMO_BOOKS.acdc)).status, 200);
    assert.deepEqual((await getKey(s, 'default')).json.plan_limit, { total: 150, spent: 1, left: 149 });
  });
});

test('failed requests count too: 403 for another plan\'s key and 500 for a too large answer', async () => {
  const wrongHost = await postBooks(sb, catalogueIsbns(10), 'premium', sb.keys.default);
  assert.equal(wrongHost.status, 403);
  assert.match(wrongHost.json.error_message, /another plan/);
  assert.doesNotMatch(wrongHost.json.error_message, DAILY_HITS);
  assert.equal((await getKey(sb, 'default')).json.plan_limit.spent, 10);

  sb.setMaxResponseBytes(2000);
  try {
    assert.equal((await postBooks(sb, catalogueIsbns(50))).status, 500);
  } finally {
    sb.setMaxResponseBytes(6 * 1024 * 1024);
  }
  assert.equal((await getKey(sb, 'default')).json.plan_limit.spent, 60);
  // Limited and unauthorised requests cost nothing; neither does a batch refused for its size.
  assert.equal((await postBooks(sb, catalogueIsbns(101))).status, 400);
  assert.equal((await getKey(sb, 'default')).json.plan_limit.spent, 61);
});

test('quotas: start options per plan and per key, admin /quota sets total and spent', async () => {
  const extra = 'extra-premium-key';
  await withSandbox({ mode: 'real', rates: FAST, dailyQuota: { premium: 40 }, quotas: { [extra]: 7 }, extraKeys: { [extra]: 'premium' } }, async (s) => {
    assert.equal((await getKey(s, 'premium')).json.plan_limit.total, 40);
    assert.equal((await getKey(s, 'premium', extra)).json.plan_limit.total, 7);
    assert.equal((await admin(s, '/quota', { key: s.keys.pro, total: 20, spent: 20 })).status, 200);
    assert.deepEqual((await getKey(s, 'pro')).json.plan_limit, { total: 20, spent: 20, left: 0 });
    assert.match((await getBook(s, DEMO_BOOKS.acdc, 'pro')).json.error_message, DAILY_HITS);
    assert.equal((await admin(s, '/quota/reset', { key: s.keys.pro })).status, 200);
    assert.equal((await getBook(s, DEMO_BOOKS.acdc, 'pro')).status, 200);
    const info = await admin(s, '/info');
    assert.deepEqual(info.json.quotas[extra], { total: 7, spent: 0, left: 7 });
    assert.deepEqual(info.json.quotas[s.keys.pro], { total: 20, spent: 1, left: 19 });
    for (const body of [{ key: 'nobody', total: 5 }, { key: s.keys.pro, total: 'many' }, {}]) {
      assert.equal((await admin(s, '/quota', body)).status, 400, JSON.stringify(body));
    }
    assert.equal((await admin(s, '/quota/reset', { key: 'nobody' })).status, 400);
  });
});

// ---------------------------------------------------------------------------
// batch maximum per plan

test('batch maximum per plan: 100 on default, 1,000 on premium and pro; over it 400 with error_message', async () => {
  assert.deepEqual(DEFAULT_PLAN_MAX_BATCH, { default: 100, premium: 1000, pro: 1000 });
  assert.equal((await postBooks(sb, unknownIsbns(100))).status, 200);
  const over = await postBooks(sb, unknownIsbns(101));
  assert.equal(over.status, 400);
  assert.match(over.json.error_message, /at most 100/);
  for (const plan of ['premium', 'pro'] as const) {
    const ok = await postBooks(sb, [...catalogueIsbns(600), ...unknownIsbns(400)], plan);
    assert.deepEqual([ok.status, ok.json.requested, ok.json.total], [200, 1000, 600], plan);
    const refused = await postBooks(sb, unknownIsbns(1001), plan);
    assert.equal(refused.status, 400, plan);
    assert.match(refused.json.error_message, /at most 1000/);
  }
});

test('batch maximum per plan is configurable: start option and admin /plan-max-batch', async () => {
  await withSandbox({ mode: 'real', rates: FAST, planMaxBatch: { pro: 3 } }, async (s) => {
    assert.equal((await postBooks(s, unknownIsbns(3), 'pro')).status, 200);
    assert.equal((await postBooks(s, unknownIsbns(4), 'pro')).status, 400);
    assert.equal((await admin(s, '/plan-max-batch', { plan: 'default', n: 2 })).status, 200);
    assert.equal((await postBooks(s, unknownIsbns(3))).status, 400);
    assert.deepEqual((await admin(s, '/info')).json.planMaxBatch, { default: 2, premium: 1000, pro: 3 });
    assert.equal((await admin(s, '/plan-max-batch', { plan: 'gold', n: 2 })).status, 400);
  });
});

// ---------------------------------------------------------------------------
// size

test('an answer over maxResponseBytes is a 500 with error_message; smaller ones pass', async () => {
  await withSandbox({ mode: 'real', rates: FAST, maxResponseBytes: 3000 }, async (s) => {
    const big = await postBooks(s, catalogueIsbns(40, 8));
    assert.equal(big.status, 500);
    assert.equal(typeof big.json.error_message, 'string');
    const small = await postBooks(s, catalogueIsbns(1, 8));
    assert.equal(small.status, 200);
    assert.equal(small.json.data.length, 1);
    assert.equal((await admin(s, '/max-response-bytes', { bytes: 10_000_000 })).status, 200);
    assert.equal((await postBooks(s, catalogueIsbns(40, 8))).status, 200);
    assert.equal((await admin(s, '/info')).json.maxResponseBytes, 10_000_000);
  });
});

// ---------------------------------------------------------------------------
// answer shapes

test('batch answer {total, requested, data} with unknown ISBNs absent; single book {book}; as in spec mode', async () => {
  const asked = [DEMO_BOOKS.cProgramming, ...unknownIsbns(2), DEMO_BOOKS.eitherOr];
  const r = await postBooks(sb, asked);
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.json).sort(), ['data', 'requested', 'total']);
  assert.equal(r.json.requested, 4);
  assert.equal(r.json.total, 2);
  assert.deepEqual(r.json.data.map((b: RawBook) => b.isbn13).sort(), [DEMO_BOOKS.cProgramming, DEMO_BOOKS.eitherOr].sort());
  const one = await getBook(sb, DEMO_BOOKS.cProgramming);
  assert.deepEqual(Object.keys(one.json), ['book']);
  assert.equal(one.json.book.isbn13, DEMO_BOOKS.cProgramming);
  // Cover URLs name the sandbox's own address: compare the rest.
  const noImage = (json: unknown) => JSON.parse(JSON.stringify(json).replace(/"image":"[^"]*",?/g, ''));
  await withSandbox({ rates: FAST }, async (spec) => {
    assert.deepEqual(noImage((await postBooks(spec, asked)).json), noImage(r.json));
    assert.deepEqual(noImage((await getBook(spec, DEMO_BOOKS.cProgramming)).json), noImage(one.json));
  });
});

test('error bodies carry error_message: unknown book, bad batch body, unknown path', async () => {
  const notFound = await getBook(sb, unknownIsbns(1)[0]!);
  assert.deepEqual([notFound.status, notFound.json], [404, { error_message: 'Not Found' }]);
  const bad = await call(`${sb.urls.default}/books`, { key: sb.keys.default, method: 'POST', body: 'isbns=12' });
  assert.equal(bad.status, 400);
  assert.match(bad.json.error_message, /isbns=/);
  assert.deepEqual((await call(`${sb.urls.default}/nowhere`, { key: sb.keys.default })).json, { error_message: 'Not Found' });
});

// ---------------------------------------------------------------------------
// rate limits: exactly as in spec mode

test('rate limits in real mode are the spec\'s: 1/3/5 per second across endpoints, GET /key included; limited requests cost nothing', async () => {
  await withSandbox({ mode: 'real' }, async (s) => {
    for (const [plan, rate] of [['default', 1], ['premium', 3], ['pro', 5]] as const) {
      assert.equal((await getKey(s, plan)).status, 200);
      for (let i = 1; i < rate; i++) assert.equal((await getBook(s, DEMO_BOOKS.acdc, plan)).status, 200, `${plan} ${i}`);
      const limited = await postBooks(s, catalogueIsbns(5), plan);
      assert.deepEqual([limited.status, limited.json], [429, { message: 'Limit Exceeded' }], plan);
      assert.equal(s.quotaOf(s.keys[plan])!.spent, rate - 1, plan);
    }
  });
});

// ---------------------------------------------------------------------------
// mode switching

test('the admin API switches the mode both ways; bad mode 400', async () => {
  await withSandbox({ rates: FAST }, async (s) => {
    assert.equal((await getKey(s, 'default')).status, 404);
    assert.equal((await admin(s, '/mode', { mode: 'real' })).status, 200);
    assert.equal((await admin(s, '/info')).json.mode, 'real');
    assert.equal((await getKey(s, 'default')).status, 200);
    assert.equal((await postBooks(s, unknownIsbns(101))).status, 400);
    s.setMode('spec');
    assert.equal((await getKey(s, 'default')).status, 404);
    assert.equal((await postBooks(s, unknownIsbns(101))).status, 200);
    assert.equal((await admin(s, '/mode', { mode: 'fake' })).status, 400);
  });
});

// ---------------------------------------------------------------------------
// faults for the client's tests

test('fault stray-record: a batch gains a record matching none of the ISBNs asked; a book answers another', async () => {
  const asked = catalogueIsbns(3, 20);
  sb.injectFault({ kind: 'stray-record', match: { pathPrefix: '/books' } });
  const r = await postBooks(sb, asked);
  assert.equal(r.status, 200);
  assert.equal(r.json.data.length, 4);
  assert.equal(r.json.total, 4);
  const strays = r.json.data.filter((b: RawBook) => !asked.includes(b.isbn13) && !asked.includes(b.isbn10 ?? ''));
  assert.equal(strays.length, 1);
  assert.equal((await postBooks(sb, asked)).json.data.length, 3, 'consumed once');

  sb.injectFault({ kind: 'stray-record' });
  const one = await getBook(sb, DEMO_BOOKS.cProgramming);
  assert.notEqual(one.json.book.isbn13, DEMO_BOOKS.cProgramming);
  assert.ok(!(one.json.book.other_isbns ?? []).some((o: { isbn: string }) => o.isbn === DEMO_BOOKS.cProgramming));
});

test('fault other-edition: the asked ISBN answered by another edition listing it in other_isbns', async () => {
  const check = (record: RawBook, asked: string) => {
    assert.notEqual(record.isbn13, asked);
    assert.ok(record.other_isbns?.some((o) => o.isbn === asked), `${asked} among other_isbns`);
    assert.equal(record.isbn13.slice(0, 10), asked.slice(0, 10), 'same registrant');
    assert.equal(record.isbn13.at(-1), check13(record.isbn13.slice(0, 12)), 'valid check digit');
    assert.equal(sb.catalogue.byIsbn.has(record.isbn13), false, 'an ISBN of its own');
  };
  sb.injectFault({ kind: 'other-edition' });
  const one = await getBook(sb, DEMO_BOOKS.stranger);
  check(one.json.book, DEMO_BOOKS.stranger);
  assert.equal(one.json.book.title, sb.catalogue.byIsbn.get(DEMO_BOOKS.stranger)!.title);

  const asked: string[] = [DEMO_BOOKS.cProgramming, DEMO_BOOKS.acdc, DEMO_BOOKS.eitherOr];
  sb.injectFault({ kind: 'other-edition', isbn: DEMO_BOOKS.acdc, match: { method: 'POST' } });
  const batch = await postBooks(sb, asked);
  assert.equal(batch.json.data.length, 3);
  const unasked = batch.json.data.filter((b: RawBook) => !asked.includes(b.isbn13));
  assert.equal(unasked.length, 1);
  check(unasked[0], DEMO_BOOKS.acdc);
});

test('content faults pass auth, rate and quota first, and work in spec mode too', async () => {
  sb.injectFault({ kind: 'other-edition' });
  assert.equal((await getBook(sb, DEMO_BOOKS.stranger, 'default', 'nope')).status, 401);
  assert.equal((await getKey(sb, 'default')).json.plan_limit.spent, 0);
  await withSandbox({ rates: FAST }, async (s) => {
    s.injectFault({ kind: 'other-edition' });
    assert.notEqual((await getBook(s, DEMO_BOOKS.stranger)).json.book.isbn13, DEMO_BOOKS.stranger);
  });
});

test('fault retryAfter: a 503 or 429 with a Retry-After header, also through the admin API', async () => {
  sb.injectFault({ status: 503, retryAfter: 7, body: '{"error_message":"Service Unavailable"}' });
  const busy = await getBook(sb, DEMO_BOOKS.cProgramming);
  assert.deepEqual([busy.status, busy.headers['retry-after'], busy.json], [503, '7', { error_message: 'Service Unavailable' }]);
  assert.equal((await admin(sb, '/faults', { status: 429, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT', body: '{"message":"Limit Exceeded"}' })).status, 200);
  const limited = await getBook(sb, DEMO_BOOKS.cProgramming);
  assert.deepEqual([limited.status, limited.headers['retry-after']], [429, 'Wed, 21 Oct 2026 07:28:00 GMT']);
  assert.equal((await getBook(sb, DEMO_BOOKS.cProgramming)).headers['retry-after'], undefined);
});

// ---------------------------------------------------------------------------
// CLI

test('cli: --mode real with quota and batch options; --help documents the mode', async () => {
  const help = await runCli(['--help']);
  assert.equal(help.code, 0);
  for (const text of ['--mode spec|real', 'GET /key', 'Daily hits reached', '--quota-default', '--plan-max-batch-pro', '--max-response-bytes']) {
    assert.ok(help.out.includes(text), `--help mentions ${text}`);
  }
  assert.equal((await runCli(['--mode', 'fake'])).code, 2);

  const infoFile = join(mkdtempSync(join(tmpdir(), 'sandbox-real-')), 'info.json');
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/sandbox/cli.ts', '--mode', 'real', '--quota-default', '5', '--plan-max-batch-default', '4',
    '--max-response-bytes', '100000', '--info-file', infoFile], { cwd: REPO, stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    for (let i = 0; i < 200 && !existsSync(infoFile); i++) await new Promise((r) => setTimeout(r, 50));
    const info = JSON.parse(readFileSync(infoFile, 'utf8'));
    assert.equal(info.mode, 'real');
    assert.equal(info.planMaxBatch.default, 4);
    assert.equal(info.maxResponseBytes, 100000);
    const key = await call(`${info.urls.default}/key`, { key: info.keys.default });
    assert.deepEqual(key.json, { api_host: info.urls.default, plan_limit: { total: 5, spent: 0, left: 5 } });
    child.kill('SIGINT');
    assert.equal(await exited, 0);
  } finally {
    child.kill('SIGKILL');
  }
});

function runCli(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/sandbox/cli.ts', ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => resolve({ code, out }));
  });
}
