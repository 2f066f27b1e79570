/** The client against the sandbox service: exact requests, errors as typed values, the rate kept. */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import '../helpers/fakeVscode';
import { failure as describeError } from '../../src/editor/words/failures';
import { Batcher } from '../../src/core/lookups/batcher';
import { BookCache } from '../../src/core/cache/cache';
import { BookServiceClient, pathSegment } from '../../src/core/sources/isbndb/client';
import { ServiceError } from '../../src/core/model/errors';
import { type PlanName, PLAN_RATES } from '../../src/core/model/plans';
import { Throttle, ThrottleRegistry } from '../../src/core/rate/throttle';
import { RatedSource } from '../../src/core/lookups/ratedSource';
import { UndiciTransport } from '../../src/core/host/node/undiciTransport';
import { type Sandbox, startSandbox } from '../sandbox/server';
import { sleep } from '../helpers/time';
import { maxInWindow } from '../helpers/windows';

let sandbox: Sandbox;
/** Like the extension: one throttle per key and plan, shared by every test that uses them. */
const throttles = new ThrottleRegistry();
/** A key for tests that exceed the rate on purpose, so that they cost the shared keys nothing. */
const BURST_KEY = 'test-burst-key-0001';

before(async () => {
  sandbox = await startSandbox({ maxBatch: 1000, extraKeys: { [BURST_KEY]: 'default' } });
});
after(async () => {
  throttles.dispose();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.clearLog();
  sandbox.clearFaults();
  sandbox.setLimitResponse('429');
});

function client(plan: PlanName = 'pro', options: { key?: string; rate?: number; timeoutMs?: number; urlPlan?: PlanName } = {}) {
  const key = options.key ?? sandbox.keys[plan];
  const source = new BookServiceClient({
    baseUrl: new URL(sandbox.urls[options.urlPlan ?? plan] + '/'),
    plan,
    apiKey: key,
    keyId: key,
    timeoutMs: options.timeoutMs,
  });
  return new RatedSource(source, options.rate ? new Throttle(options.rate) : throttles.get(source.rate.shareName, PLAN_RATES[plan]), http);
}

const books = () => sandbox.catalogue.books;
const http = new UndiciTransport();

async function expectError(promise: Promise<unknown>, kind: ServiceError['kind']): Promise<ServiceError> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof ServiceError, `a ServiceError, got ${String(e)}`);
    assert.equal(e.kind, kind, `${e.kind}: ${e.message}`);
    return e;
  }
  assert.fail(`expected a ${kind} error`);
}

test('POST /books sends exactly the spec body and headers, and matches results by ISBN', async () => {
  const wanted = books().slice(0, 3);
  const isbns = [...wanted.map((b) => b.isbn13), '9780306406157'];
  const answer = await client().books(isbns);
  const [entry] = sandbox.log;
  assert.equal(sandbox.log.length, 1);
  assert.equal(entry!.method, 'POST');
  assert.equal(entry!.path, '/books');
  assert.equal(entry!.body, `isbns=${isbns.join(',')}`);
  assert.equal(entry!.headers['content-type'], 'application/json');
  assert.equal(entry!.headers.authorization, sandbox.keys.pro);
  assert.equal(entry!.query, '');
  for (const book of wanted) assert.equal(answer.found.get(book.isbn13)?.title, book.title);
  assert.deepEqual(answer.notFound, ['9780306406157'.slice(0)].filter((i) => !sandbox.catalogue.byIsbn.has(i)));
});

test('issue 24 (13): a stored key with CR, LF, NUL or non-ASCII is "malformed: set it again", never "the network failed", and is never sent', async () => {
  for (const [key, fault] of [
    ['abc\r\ndef', 'a line break at position 4'],
    ['abc\ndef', 'a line break at position 4'],
    ['abc\u0000def', 'an invisible control character at position 4'],
    ['clé-secrète', 'a character that is not ASCII at position 3'],
  ] as const) {
    sandbox.clearLog();
    const error = await expectError(client('pro', { key, rate: 100 }).books([books()[0]!.isbn13]), 'auth');
    assert.equal(error.details.malformedKey, true);
    const said = describeError(error, { plan: 'pro' });
    assert.equal(said, `This key is malformed (it has ${fault}): set it again with “ISBN Lens: Set API Key”.`);
    assert.ok(!said.includes('é') && !said.includes('def'), 'the message shows nothing of the key');
    assert.equal(sandbox.log.length, 0, 'nothing was sent');
  }
});

test('ISBN-10s in a batch are matched to their books', async () => {
  const old = books().find((b) => b.isbn10)!;
  const answer = await client().books([old.isbn10!]);
  assert.equal(answer.found.get(old.isbn10!)?.isbn13, old.isbn13);
});

test('GET /author/{name} sends the name as one percent-encoded segment and pages', async () => {
  const [name, authored] = [...sandbox.catalogue.authors].find(([n, list]) => n.includes('/') && list.length >= 2)!;
  const c = client();
  const first = await c.authorPage(name, 1, 2);
  assert.equal(sandbox.log[0]!.path, `/author/${pathSegment(name)}`);
  assert.match(sandbox.log[0]!.query, /page=1/);
  assert.match(sandbox.log[0]!.query, /pageSize=2/);
  assert.equal(first.books.length, Math.min(2, authored.length));
  assert.equal(first.hasMore, authored.length > 2);
  if (first.hasMore) {
    const second = await c.authorPage(name, 2, 2);
    assert.notEqual(second.books[0]?.isbn13, first.books[0]?.isbn13);
  }
  await expectError(c.authorPage('Nobody Atall Person'), 'notFound');
});

test('an author named . or .. is asked for as one segment, never the base path', async () => {
  const c = client();
  for (const name of ['.', '..']) {
    sandbox.clearLog();
    await expectError(c.authorPage(name), 'notFound');
    assert.equal(sandbox.log[0]!.path, `/author/${name.replace(/\./g, '%2E')}`);
  }
});

test('non-ASCII author names round-trip', async () => {
  const name = [...sandbox.catalogue.authors.keys()].find((n) => /[\u0080-\uffff]/.test(n))!;
  const page = await client().authorPage(name);
  assert.ok(page.books.length > 0);
  assert.ok(page.books.every((b) => b.authors.includes(name)));
});

test('no key, an unknown key and a key of another plan are told apart', async () => {
  await expectError(client('default', { key: 'not-a-key' }).books([books()[0]!.isbn13]), 'auth');
  await expectError(client('premium', { key: sandbox.keys.pro }).checkKey(), 'wrongPlan');
  await client('premium').checkKey();
});

test('a limit answer is a quota error: 429 and the spec 404 alike', async () => {
  const c = client('default', { rate: 100, key: BURST_KEY });
  const isbn = books()[0]!.isbn13;
  await c.books([isbn]);
  const e429 = await expectError(c.books([isbn]), 'quota');
  assert.equal(e429.details.status, 429);
  sandbox.setLimitResponse('404');
  await sleep(1100);
  await c.books([isbn]);
  const e404 = await expectError(c.books([isbn]), 'quota');
  assert.equal(e404.details.status, 404);
});

test('a limit 404 on GET /book is not mistaken for an unknown book', async () => {
  sandbox.setLimitResponse('404');
  sandbox.exhaustKey(BURST_KEY, 60_000);
  await expectError(client('default', { rate: 100, key: BURST_KEY }).books([books()[0]!.isbn13]), 'quota');
  sandbox.exhaustKey(BURST_KEY, 0);
});

test('Retry-After is read', async () => {
  sandbox.injectFault({ status: 503, headers: { 'retry-after': '7' }, body: '{"message":"busy"}' });
  const before = Date.now();
  const e = await expectError(client().books([books()[0]!.isbn13]), 'server');
  assert.ok(e.details.retryAt! >= before + 6000 && e.details.retryAt! <= Date.now() + 7000);
});

test('a batch refused for its size is tooLarge', async () => {
  sandbox.setMaxBatch(2);
  try {
    await expectError(client().books(books().slice(0, 3).map((b) => b.isbn13)), 'tooLarge');
  } finally {
    sandbox.setMaxBatch(1000);
  }
});

test('malformed, truncated, wrong-shape and HTML answers are badResponse; drops are network', async () => {
  const isbn = [books()[0]!.isbn13];
  for (const kind of ['malformed-json', 'truncated-json', 'wrong-shape', 'html-error'] as const) {
    sandbox.injectFault({ kind });
    await expectError(client().books(isbn), kind === 'html-error' ? 'server' : 'badResponse');
  }
  for (const kind of ['drop', 'reset-mid-body'] as const) {
    sandbox.injectFault({ kind });
    await expectError(client().books(isbn), 'network');
  }
});

test('a redirect is not followed, so the key never reaches another host', async () => {
  const other = await startSandbox();
  try {
    sandbox.injectFault({ kind: 'redirect', redirectTo: `${other.urls.pro}/books` });
    await expectError(client().books([books()[0]!.isbn13]), 'badResponse');
    assert.equal(other.log.length, 0);
  } finally {
    await other.close();
  }
});

test('the timeout counts from when a request is sent, not while it waits for its turn in the rate', async () => {
  // Rate 1 per second: the second request waits about a second for its slot, longer than its 300 ms timeout.
  const c = client('default', { key: BURST_KEY, rate: 1, timeoutMs: 300 });
  await c.books([books()[0]!.isbn13]);
  const began = Date.now();
  const answer = await c.books([books()[1]!.isbn13]);
  assert.ok(Date.now() - began >= 500, 'it did wait for its turn');
  assert.equal(answer.found.size, 1);
});

test('requests time out and can be cancelled', async () => {
  sandbox.injectFault({ delayMs: 3000 });
  await expectError(client('pro', { timeoutMs: 300 }).books([books()[0]!.isbn13]), 'network');
  sandbox.injectFault({ delayMs: 3000 });
  const controller = new AbortController();
  const pending = client().books([books()[0]!.isbn13], controller.signal);
  setTimeout(() => controller.abort(), 100);
  await expectError(pending, 'cancelled');
});

test('the key is sent only in the Authorization header', async () => {
  await client().books([books()[0]!.isbn13]);
  const entry = sandbox.log[0]!;
  const key = sandbox.keys.pro;
  assert.ok(!entry.path.includes(key) && !entry.query.includes(key) && !entry.body.includes(key));
  const carrying = Object.entries(entry.headers).filter(([, value]) => value.includes(key)).map(([name]) => name);
  assert.deepEqual(carrying, ['authorization']);
});

for (const plan of ['default', 'premium', 'pro'] as PlanName[]) {
  test(`${plan} plan: queued work for 5 s stays within ${PLAN_RATES[plan]}/s across endpoints with no 429`, async () => {
    const c = client(plan);
    const deadline = Date.now() + 5000;
    const isbns = books().map((b) => b.isbn13);
    const authors = [...sandbox.catalogue.authors.keys()];
    let i = 0;
    const workers = Array.from({ length: 4 }, async (_, w) => {
      while (Date.now() < deadline) {
        if (w === 0) await c.authorPage(authors[i++ % authors.length]!, 1, 5);
        else if (w === 1) await c.books([isbns[i++ % isbns.length]!]);
        else await c.books(isbns.slice(i, (i += 3)));
      }
    });
    await Promise.all(workers);
    const times = sandbox.log.map((e) => e.time);
    const rate = PLAN_RATES[plan];
    assert.equal(sandbox.log.filter((e) => e.status === 429 || e.limited).length, 0, 'no limit answers');
    assert.ok(maxInWindow(times, 999) <= rate, `at most ${rate} arrivals in any second, got ${maxInWindow(times, 999)}`);
    // Close to the bound: about rate × 5 requests in 5 s.
    assert.ok(sandbox.log.length >= rate * 5 - 1, `${sandbox.log.length} requests in 5 s`);
  });
}

test('the batcher on the sandbox: 250 ISBNs in 3 requests of at most 100, back-off after 429 and after limit-404', async () => {
  const c = client('pro');
  const cache = new BookCache();
  const batcher = new Batcher(c, { cache, batchSize: 100 });
  const isbns = books().slice(0, 250).map((b) => b.isbn13);
  sandbox.injectFault({ status: 429, body: '{"message":"Limit Exceeded"}', match: { method: 'POST' } });
  sandbox.injectFault({ status: 404, body: '{"errorMessage":"Not Found"}', match: { method: 'POST' } });
  const results = await batcher.lookup(isbns);
  assert.ok([...results.values()].every((r) => r.status === 'found'));
  const posts = sandbox.log.filter((e) => e.method === 'POST');
  const refused = posts.filter((e) => e.status !== 200);
  const answered = posts.filter((e) => e.status === 200);
  assert.deepEqual(refused.map((e) => e.status), [429, 404]);
  assert.deepEqual(answered.map((e) => e.isbnCount).sort(), [100, 100, 50].sort());
  assert.equal(new Set(answered.flatMap((e) => e.body.slice('isbns='.length).split(','))).size, 250);
  for (const limit of refused) {
    assert.ok(answered.some((e) => e.body === limit.body), 'a refused chunk was sent again as it was');
  }
  const retries = answered.filter((e) => refused.some((r) => r.body === e.body));
  const lastLimit = refused.at(-1)!.time;
  assert.ok(retries.every((e) => e.time - lastLimit >= 1900), 'the delay grew after the second limit answer');
});

test('author names with / ? # % & + spaces, quotes and other scripts reach the service as exactly one path segment', async () => {
  const hard = [...sandbox.catalogue.authors.keys()].filter((n) => /[/?#%&+'"\s]|[\u0080-\uffff]/.test(n));
  for (const ch of ['/', '?', '#', '%', '&', '+', "'"]) assert.ok(hard.some((n) => n.includes(ch)), `the catalogue has an author with ${ch}`);
  const c = client('pro');
  for (const name of hard) {
    sandbox.clearLog();
    const page = await c.authorPage(name, 1, 5);
    assert.equal(page.name, name);
    assert.ok(page.books.length > 0, name);
    const path = sandbox.log[0]!.path;
    assert.equal(path, `/author/${encodeURIComponent(name)}`);
    assert.equal(path.split('/').length, 3, `one segment: ${path}`);
  }
});
