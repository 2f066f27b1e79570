// Tests of the sandbox service itself (test/sandbox/*).
// Run: node --import tsx --test test/service/sandbox.test.ts

import { test, before, after } from 'node:test';
import { sleep } from '../helpers/time';
import assert from 'node:assert/strict';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ISBN from 'isbn3';
import { generateCatalogue, AUTHORS, DEMO_BOOKS, DEMO_ISBNS, type RawBook } from '../sandbox/catalogue';
import { startSandbox, sandboxInfo, DEMO_KEYS, type Sandbox, type SandboxOptions, type PlanName } from '../sandbox/server';

// ---------------------------------------------------------------------------
// helpers

const FAST: SandboxOptions = { rates: { default: 1e6, premium: 1e6, pro: 1e6 } };

async function withSandbox(options: SandboxOptions, fn: (sb: Sandbox) => Promise<void>): Promise<void> {
  const sb = await startSandbox(options);
  try {
    await fn(sb);
  } finally {
    await sb.close();
  }
}


interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

async function call(url: string, key?: string, init: RequestInit = {}): Promise<Reply> {
  const headers = new Headers(init.headers);
  if (key !== undefined) headers.set('Authorization', key);
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

function batch(sb: Sandbox, body: string, contentType = 'application/json', plan: PlanName = 'default'): Promise<Reply> {
  return call(`${sb.urls[plan]}/books`, sb.keys[plan], { method: 'POST', body, headers: { 'Content-Type': contentType } });
}

/** node:http request, for what fetch will not send (no Content-Type, raw paths). */
function rawRequest(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const NOT_FOUND = { errorMessage: 'Not Found' };
const LIMIT = { message: 'Limit Exceeded' };
const BAD_BATCH = { message: 'Bad Request: expected body isbns=<isbn>,<isbn>,...' };

// One shared, effectively unlimited sandbox for the functional tests; rate tests start their own.
let sb: Sandbox;
before(async () => {
  sb = await startSandbox(FAST);
});
after(async () => {
  await sb.close();
});

const bookUrl = (isbn: string, plan: PlanName = 'default') => `${sb.urls[plan]}/book/${isbn}`;
const authorUrl = (name: string, query = '') => `${sb.urls.default}/author/${encodeURIComponent(name)}${query}`;

// ---------------------------------------------------------------------------
// catalogue

test('catalogue: size, demo books first, unique ISBNs', () => {
  const c = sb.catalogue;
  assert.equal(c.books.length, 600);
  assert.deepEqual(c.books.slice(0, DEMO_ISBNS.length).map((b) => b.isbn13), [...DEMO_ISBNS]);
  assert.equal(new Set(c.books.map((b) => b.isbn13)).size, c.books.length);
  for (const isbn of DEMO_ISBNS) assert.ok(c.byIsbn.has(isbn));
  assert.ok(generateCatalogue({ size: 500 }).books.length === 500);
});

test('catalogue: every ISBN is valid for isbn3, with hyphenation, and fields agree', () => {
  for (const b of sb.catalogue.books) {
    const p = ISBN.parse(b.isbn13);
    assert.ok(p?.isValid, `invalid isbn13 ${b.isbn13}`);
    assert.equal(p!.isbn13h.split('-').length, 5, `no hyphenation for ${b.isbn13}`);
    assert.equal(p!.isbn10 ?? undefined, b.isbn10, `isbn10 of ${b.isbn13}`);
    if (b.isbn10) assert.ok(ISBN.parse(b.isbn10)?.isValid, `invalid isbn10 ${b.isbn10}`);
    assert.equal(b.isbn, b.isbn10 ?? b.isbn13);
    assert.equal(b.isbn13.startsWith('979'), b.isbn10 === undefined);
    assert.equal(sb.catalogue.byIsbn.get(b.isbn13), b);
    if (b.isbn10) assert.equal(sb.catalogue.byIsbn.get(b.isbn10), b);
  }
});

test('catalogue: deterministic for a seed, different for another', () => {
  const strip = (bs: RawBook[]) => bs.map(({ image: _image, ...rest }) => rest);
  const a = generateCatalogue({ seed: 7, coverBase: 'http://a' });
  const b = generateCatalogue({ seed: 7, coverBase: 'http://b' });
  const c = generateCatalogue({ seed: 8 });
  assert.deepEqual(strip(a.books), strip(b.books));
  assert.notDeepEqual(strip(a.books), strip(c.books));
  assert.deepEqual(strip(generateCatalogue().books), strip(sb.catalogue.books));
});

test('catalogue: authors, co-authors and awkward names', () => {
  const { authors, books } = sb.catalogue;
  assert.ok(AUTHORS.length >= 60);
  for (const { name } of AUTHORS) assert.ok((authors.get(name)?.length ?? 0) >= 3, `${name} has < 3 books`);
  assert.ok(books.filter((b) => (b.authors?.length ?? 0) > 1).length >= 10, 'co-authored books');
  const names = [...authors.keys()];
  for (const ch of ['/', '&', '?', '#', '%', '+', "'"]) assert.ok(names.some((n) => n.includes(ch)), `a name with ${ch}`);
  for (const n of ['Søren Kierkegaard', 'José Saramago', 'Hélène Cixous', 'Łukasz Orbitowski', '村上 春樹', 'AC/DC Historians']) {
    assert.ok(authors.has(n), n);
  }
});

test('catalogue: ISBNdb v2 field variety', () => {
  const books = sb.catalogue.books;
  const some = (pred: (b: RawBook) => boolean, what: string) => assert.ok(books.some(pred), what);
  some((b) => typeof b.date_published === 'number', 'numeric date');
  some((b) => /^\d{4}$/.test(String(b.date_published)) && typeof b.date_published === 'string', 'YYYY');
  some((b) => /^\d{4}-\d{2}$/.test(String(b.date_published)), 'YYYY-MM');
  some((b) => /^\d{4}-\d{2}-\d{2}$/.test(String(b.date_published)), 'YYYY-MM-DD');
  some((b) => typeof b.pages === 'string', 'pages as string');
  some((b) => typeof b.pages === 'number', 'pages as number');
  some((b) => b.synopsis !== undefined, 'synopsis');
  some((b) => b.synopsys !== undefined, 'synopsys');
  some((b) => b.overview !== undefined, 'overview');
  some((b) => typeof b.dewey_decimal === 'string', 'dewey string');
  some((b) => Array.isArray(b.dewey_decimal), 'dewey array');
  some((b) => b.image === undefined, 'no image');
  some((b) => b.publisher === undefined, 'no publisher');
  some((b) => (b.other_isbns?.length ?? 0) > 0, 'other_isbns');
  some((b) => b.isbn13.startsWith('979'), '979 book');
  some((b) => b.isbn10 !== undefined && Number(String(b.date_published).slice(0, 4)) < 2007, 'ISBN-10 era book');
  some((b) => typeof b.msrp === 'string', 'msrp string');
  some((b) => typeof b.msrp === 'number', 'msrp number');
  const withImage = books.find((b) => b.image?.startsWith('http'))!;
  assert.equal(withImage.image, `${sb.urls.default}/covers/${withImage.isbn13}.svg`);
});

// ---------------------------------------------------------------------------
// auth

test('auth: missing or unknown key -> 401', async () => {
  for (const key of [undefined, 'nope', `Bearer ${sb.keys.default}`, '']) {
    const r = await call(bookUrl(DEMO_BOOKS.cProgramming), key);
    assert.equal(r.status, 401, `key ${key}`);
    assert.deepEqual(r.json, { message: 'Unauthorized' });
  }
});

test('auth: key only as a query parameter -> 401', async () => {
  for (const param of ['Authorization', 'authorization', 'api_key', 'key']) {
    const r = await call(`${bookUrl(DEMO_BOOKS.cProgramming)}?${param}=${sb.keys.default}`);
    assert.equal(r.status, 401, param);
    assert.deepEqual(r.json, { message: 'Unauthorized' });
  }
});

test('auth: key of another plan -> 403, own plan -> 200', async () => {
  const plans: PlanName[] = ['default', 'premium', 'pro'];
  for (const server of plans) {
    for (const keyPlan of plans) {
      const r = await call(bookUrl(DEMO_BOOKS.cProgramming, server), sb.keys[keyPlan]);
      if (server === keyPlan) assert.equal(r.status, 200);
      else {
        assert.equal(r.status, 403, `${keyPlan} key on ${server}`);
        assert.deepEqual(r.json, { message: 'Forbidden: this key belongs to another plan' });
      }
    }
  }
});

test('auth: demo keys are fixed and extraKeys work', async () => {
  assert.deepEqual(sb.keys, DEMO_KEYS);
  await withSandbox({ ...FAST, extraKeys: { 'extra-pro-key-0001': 'pro' } }, async (s) => {
    assert.equal((await call(`${s.urls.pro}/book/${DEMO_BOOKS.acdc}`, 'extra-pro-key-0001')).status, 200);
    assert.equal((await call(`${s.urls.default}/book/${DEMO_BOOKS.acdc}`, 'extra-pro-key-0001')).status, 403);
  });
});

// ---------------------------------------------------------------------------
// GET /book

test('book: found by ISBN-13, ISBN-10, hyphenated forms, lower-case x', async () => {
  const key = sb.keys.default;
  for (const isbn of ['9780131103627', '0131103628', '978-0-13-110362-7', '0-13-110362-8']) {
    const r = await call(bookUrl(isbn), key);
    assert.equal(r.status, 200, isbn);
    assert.equal(r.json.book.isbn13, DEMO_BOOKS.cProgramming);
    assert.deepEqual(r.json.book.authors, ['Brian W. Kernighan', 'Dennis M. Ritchie']);
  }
  for (const isbn of ['316148410X', '316148410x', '3-16-148410-X']) {
    assert.equal((await call(bookUrl(isbn), key)).json.book.isbn13, DEMO_BOOKS.eitherOr, isbn);
  }
  const r979 = await call(bookUrl(DEMO_BOOKS.laughOfMedusa), key);
  assert.equal(r979.json.book.isbn10, undefined);
  assert.equal(r979.json.book.isbn, DEMO_BOOKS.laughOfMedusa);
});

test('book: unknown or malformed -> 404 {"errorMessage":"Not Found"}', async () => {
  for (const isbn of ['9780000000002', '123', 'abcdefghij', '97801311036270', '978013110362', '%ZZ']) {
    const r = await call(bookUrl(isbn), sb.keys.default);
    assert.equal(r.status, 404, isbn);
    assert.deepEqual(r.json, NOT_FOUND);
  }
});

// ---------------------------------------------------------------------------
// GET /author

test('author: percent-encoded names incl. "/", non-ASCII and URL specials', async () => {
  const names = [...sb.catalogue.authors.keys()].filter((n) => /[/&?#%+'\u0080-\uffff]/.test(n));
  assert.ok(names.length >= 10);
  for (const name of names) {
    const r = await call(authorUrl(name, '?pageSize=1000'), sb.keys.default);
    assert.equal(r.status, 200, name);
    assert.equal(r.json.author, name);
    assert.equal(r.json.total, sb.catalogue.authors.get(name)!.length);
    assert.equal(r.json.books.length, r.json.total);
    for (const b of r.json.books) assert.ok(b.authors.includes(name));
  }
});

test('author: a raw "/" is another path -> 404; form-style "+" for space does not match', async () => {
  const key = sb.keys.default;
  assert.equal((await call(`${sb.urls.default}/author/AC/DC%20Historians`, key)).status, 404);
  assert.equal((await call(`${sb.urls.default}/author/AC%2FDC%20Historians`, key)).status, 200);
  assert.equal((await call(`${sb.urls.default}/author/AC%2fDC%20Historians`, key)).status, 200);
  // '+' is a literal plus in a path: fine unencoded, wrong as a space.
  assert.equal((await call(`${sb.urls.default}/author/A+%20Tutoring%20Team`, key)).status, 200);
  assert.equal((await call(`${sb.urls.default}/author/Albert+Camus`, key)).status, 404);
  assert.equal((await call(`${sb.urls.default}/author/Albert%20Camus`, key)).status, 200);
});

test('author: unknown -> 404, and names match exactly (case-sensitive)', async () => {
  for (const name of ['Nobody At All', 'albert camus', 'Albert Camus ']) {
    const r = await call(authorUrl(name), sb.keys.default);
    assert.equal(r.status, 404, name);
    assert.deepEqual(r.json, NOT_FOUND);
  }
});

test('author: paging with page and pageSize', async () => {
  const name = 'Albert Camus';
  const all: RawBook[] = sb.catalogue.authors.get(name)!;
  assert.ok(all.length >= 5);
  const d = await call(authorUrl(name), sb.keys.default);
  assert.equal(d.json.page, 1);
  assert.equal(d.json.page_size, 20);
  assert.equal(d.json.total, all.length);

  const p1 = await call(authorUrl(name, '?page=1&pageSize=2'), sb.keys.default);
  const p2 = await call(authorUrl(name, '?page=2&pageSize=2'), sb.keys.default);
  assert.deepEqual(p1.json.books.map((b: RawBook) => b.isbn13), all.slice(0, 2).map((b) => b.isbn13));
  assert.deepEqual(p2.json.books.map((b: RawBook) => b.isbn13), all.slice(2, 4).map((b) => b.isbn13));
  assert.deepEqual([p2.json.page, p2.json.page_size, p2.json.total], [2, 2, all.length]);

  const beyond = await call(authorUrl(name, '?page=99&pageSize=2'), sb.keys.default);
  assert.equal(beyond.status, 200);
  assert.deepEqual(beyond.json.books, []);

  const capped = await call(authorUrl(name, '?pageSize=5000'), sb.keys.default);
  assert.equal(capped.json.page_size, 1000);
  const junk = await call(authorUrl(name, '?page=0&pageSize=abc'), sb.keys.default);
  assert.deepEqual([junk.json.page, junk.json.page_size], [1, 20]);
});

// ---------------------------------------------------------------------------
// POST /books

test('books: found books returned, unknown omitted, totals', async () => {
  const r = await batch(sb, `isbns=0131103628,${DEMO_BOOKS.stranger},9780000000002,${DEMO_BOOKS.laughOfMedusa}`);
  assert.equal(r.status, 200);
  assert.equal(r.json.requested, 4);
  assert.equal(r.json.total, 3);
  assert.deepEqual(
    r.json.data.map((b: RawBook) => b.isbn13).sort(),
    [DEMO_BOOKS.cProgramming, DEMO_BOOKS.stranger, DEMO_BOOKS.laughOfMedusa].sort(),
  );
  const none = await batch(sb, 'isbns=9780000000002');
  assert.deepEqual(none.json, { total: 0, requested: 1, data: [] });
});

test('books: data order differs from request order', async () => {
  const sample = sb.catalogue.books.slice(10, 60).map((b) => b.isbn13);
  for (const isbns of [sample, [...sample].reverse(), sample.slice(0, 2), [...sample.slice(0, 2)].reverse()]) {
    const r = await batch(sb, `isbns=${isbns.join(',')}`);
    const got = r.json.data.map((b: RawBook) => b.isbn13);
    assert.equal(got.length, isbns.length);
    assert.notDeepEqual(got, isbns);
  }
});

test('books: an ISBN-10 matches by isbn10; the same book twice comes back once', async () => {
  const r = await batch(sb, `isbns=316148410X,${DEMO_BOOKS.eitherOr}`);
  assert.equal(r.json.requested, 2);
  assert.equal(r.json.total, 1);
  assert.equal(r.json.data[0].isbn13, DEMO_BOOKS.eitherOr);
});

test('books: Content-Type must be application/json (parameters allowed)', async () => {
  const body = `isbns=${DEMO_BOOKS.cProgramming}`;
  for (const ct of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
    assert.equal((await batch(sb, body, ct)).status, 200, ct);
  }
  for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'multipart/form-data']) {
    const r = await batch(sb, body, ct);
    assert.equal(r.status, 400, ct);
    assert.deepEqual(r.json, BAD_BATCH);
  }
  const noType = await rawRequest(`${sb.urls.default}/books`, { method: 'POST', headers: { Authorization: sb.keys.default }, body });
  assert.equal(noType.status, 400);
});

test('books: body must be exactly isbns=a,b,c', async () => {
  const a = DEMO_BOOKS.cProgramming;
  const b = DEMO_BOOKS.stranger;
  const bad = [
    '',
    'isbns=',
    JSON.stringify({ isbns: [a, b] }),
    JSON.stringify(`isbns=${a},${b}`),
    `isbns=${a}, ${b}`,
    ` isbns=${a}`,
    `isbns=${a},${b}\n`,
    `isbns=${a},`,
    `isbns=${a},,${b}`,
    `isbns=978-0-13-110362-7`,
    `isbn=${a}`,
    `ISBNS=${a}`,
    `isbns=${a}&isbns=${b}`,
    `isbns=${a};${b}`,
    'isbns=12345',
    'isbns=97801311036270',
  ];
  for (const body of bad) {
    const r = await batch(sb, body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.deepEqual(r.json, BAD_BATCH);
  }
});

test('books: more than maxBatch ISBNs -> 400; setMaxBatch changes it', async () => {
  const isbns = sb.catalogue.books.map((b) => b.isbn13);
  const over = await batch(sb, `isbns=${[...isbns, ...isbns].slice(0, 1001).join(',')}`);
  assert.equal(over.status, 400);
  assert.deepEqual(over.json, { message: 'Too many ISBNs, at most 1000' });
  assert.equal((await batch(sb, `isbns=${[...isbns, ...isbns].slice(0, 1000).join(',')}`)).status, 200);
  try {
    sb.setMaxBatch(3);
    assert.equal((await batch(sb, `isbns=${isbns.slice(0, 3).join(',')}`)).status, 200);
    const r = await batch(sb, `isbns=${isbns.slice(0, 4).join(',')}`);
    assert.deepEqual([r.status, r.json], [400, { message: 'Too many ISBNs, at most 3' }]);
  } finally {
    sb.setMaxBatch(1000);
  }
  await withSandbox({ ...FAST, maxBatch: 10 }, async (s) => {
    assert.deepEqual((await batch(s, `isbns=${isbns.slice(0, 11).join(',')}`)).json, { message: 'Too many ISBNs, at most 10' });
  });
});

test('other paths and methods -> 404', async () => {
  const key = sb.keys.default;
  const cases: Array<[string, string]> = [
    ['GET', '/'],
    ['GET', '/books'],
    ['GET', '/book'],
    ['GET', '/book/'],
    [`GET`, `/book/${DEMO_BOOKS.cProgramming}/`],
    ['POST', `/book/${DEMO_BOOKS.cProgramming}`],
    ['DELETE', `/book/${DEMO_BOOKS.cProgramming}`],
    ['GET', '/v2/book/9780131103627'],
    ['PUT', '/books'],
    ['GET', '/author'],
    ['GET', '/authors/Albert%20Camus'],
  ];
  for (const [method, path] of cases) {
    const r = await call(`${sb.urls.default}${path}`, key, { method });
    assert.equal(r.status, 404, `${method} ${path}`);
    assert.deepEqual(r.json, NOT_FOUND);
  }
});

// ---------------------------------------------------------------------------
// covers

test('covers: served without auth and without rate limiting, on every plan server', async () => {
  await withSandbox({ rates: { default: 1, premium: 1, pro: 1 } }, async (s) => {
    for (const plan of ['default', 'premium', 'pro'] as const) {
      for (let i = 0; i < 5; i++) {
        const r = await call(`${s.urls[plan]}/covers/${DEMO_BOOKS.cProgramming}.svg`);
        assert.equal(r.status, 200);
        assert.match(r.headers.get('content-type')!, /^image\/svg\+xml/);
        assert.match(r.text, /^<svg /);
      }
    }
    // The covers did not use up the key's single request this second.
    assert.equal((await call(`${s.urls.default}/book/${DEMO_BOOKS.cProgramming}`, s.keys.default)).status, 200);
    assert.equal((await call(`${s.urls.default}/covers/9780000000002.svg`)).status, 404);
    // Cover text is escaped (the hostile book has markup in its title).
    const hostile = await call(`${s.urls.default}/covers/${DEMO_BOOKS.hostile}.svg`);
    assert.doesNotMatch(hostile.text, /<b>/);
  });
});

// ---------------------------------------------------------------------------
// rate limits

/** rate+1 quick requests: the first `rate` succeed, the last gets the limit response. */
async function overRate(s: Sandbox, plan: PlanName, rate: number): Promise<Reply> {
  for (let i = 0; i < rate; i++) {
    const ok = await call(`${s.urls[plan]}/book/${DEMO_BOOKS.cProgramming}`, s.keys[plan]);
    assert.equal(ok.status, 200, `request ${i + 1} of ${rate} on ${plan}`);
  }
  return call(`${s.urls[plan]}/book/${DEMO_BOOKS.cProgramming}`, s.keys[plan]);
}

test('rate: default 1/3/5 per second; over-rate -> 429 {"message":"Limit Exceeded"}', async () => {
  await withSandbox({}, async (s) => {
    for (const [plan, rate] of [['default', 1], ['premium', 3], ['pro', 5]] as const) {
      const r = await overRate(s, plan, rate);
      assert.equal(r.status, 429, plan);
      assert.deepEqual(r.json, LIMIT);
    }
    const limited = s.log.filter((e) => e.limited);
    assert.equal(limited.length, 3);
    assert.ok(limited.every((e) => e.status === 429));
  });
});

test('rate: limitResponse 404 -> 404 {"errorMessage":"Not Found"}', async () => {
  await withSandbox({ limitResponse: '404' }, async (s) => {
    const r = await overRate(s, 'premium', 3);
    assert.equal(r.status, 404);
    assert.deepEqual(r.json, NOT_FOUND);
    assert.equal(s.log.at(-1)!.limited, true);
  });
});

test('rate: alternate mode alternates 429 and 404; setLimitResponse switches', async () => {
  await withSandbox({ limitResponse: 'alternate' }, async (s) => {
    assert.equal((await call(`${s.urls.default}/book/${DEMO_BOOKS.acdc}`, s.keys.default)).status, 200);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(`${s.urls.default}/book/${DEMO_BOOKS.acdc}`, s.keys.default)).status);
    assert.deepEqual(statuses, [429, 404, 429, 404]);
    s.setLimitResponse('404');
    assert.equal((await call(`${s.urls.default}/book/${DEMO_BOOKS.acdc}`, s.keys.default)).status, 404);
    s.setLimitResponse('429');
    assert.equal((await call(`${s.urls.default}/book/${DEMO_BOOKS.acdc}`, s.keys.default)).status, 429);
  });
});

test('rate: the window releases after 1 s, and limited requests do not count', async () => {
  await withSandbox({}, async (s) => {
    const url = `${s.urls.default}/book/${DEMO_BOOKS.cProgramming}`;
    assert.equal((await call(url, s.keys.default)).status, 200);
    const first = s.log[0].time;
    for (let i = 0; i < 5; i++) assert.equal((await call(url, s.keys.default)).status, 429);
    await sleep(Math.max(0, first + 1000 + 30 - (performance.timeOrigin + performance.now())));
    assert.equal((await call(url, s.keys.default)).status, 200);
    assert.equal((await call(url, s.keys.default)).status, 429);
  });
});

test('rate: shared across endpoints, per key, checked after auth', async () => {
  await withSandbox({ extraKeys: { 'second-premium-key': 'premium' } }, async (s) => {
    const k = s.keys.premium;
    const u = s.urls.premium;
    assert.equal((await call(`${u}/book/${DEMO_BOOKS.cProgramming}`, k)).status, 200);
    assert.equal((await call(`${u}/author/${encodeURIComponent('Albert Camus')}`, k)).status, 200);
    assert.equal((await batch(s, `isbns=${DEMO_BOOKS.cProgramming}`, 'application/json', 'premium')).status, 200);
    assert.equal((await call(`${u}/author/${encodeURIComponent('Albert Camus')}`, k)).status, 429);
    // Another key of the same plan has its own budget.
    assert.equal((await call(`${u}/book/${DEMO_BOOKS.cProgramming}`, 'second-premium-key')).status, 200);
    // Auth comes first: a bad key gets 401 / 403 even now.
    assert.equal((await call(`${u}/book/${DEMO_BOOKS.cProgramming}`, 'nope')).status, 401);
    assert.equal((await call(`${u}/book/${DEMO_BOOKS.cProgramming}`, s.keys.pro)).status, 403);
    // 404s and 400s are accepted requests and count too.
    const k2 = 'second-premium-key';
    assert.equal((await call(`${u}/book/9780000000002`, k2)).status, 404);
    assert.equal((await call(`${u}/nowhere`, k2)).status, 404);
    assert.equal((await call(`${u}/book/9780000000002`, k2)).json.message, 'Limit Exceeded');
  });
});

test('rate: setRate and rates option', async () => {
  await withSandbox({ rates: { default: 2 } }, async (s) => {
    assert.equal((await overRate(s, 'default', 2)).status, 429);
    s.setRate('pro', 1);
    assert.equal((await overRate(s, 'pro', 1)).status, 429);
  });
});

test('exhaustKey: rate and daily styles, then expiry', async () => {
  await withSandbox(FAST, async (s) => {
    const url = `${s.urls.default}/book/${DEMO_BOOKS.cProgramming}`;
    s.exhaustKey(s.keys.default, 300);
    let r = await call(url, s.keys.default);
    assert.deepEqual([r.status, r.json], [429, LIMIT]);
    assert.equal(s.log.at(-1)!.limited, true);
    assert.equal((await call(`${s.urls.pro}/book/${DEMO_BOOKS.cProgramming}`, s.keys.pro)).status, 200);
    await sleep(350);
    assert.equal((await call(url, s.keys.default)).status, 200);

    s.exhaustKey(s.keys.default, 5000, 'daily');
    r = await call(url, s.keys.default);
    assert.deepEqual([r.status, r.json], [429, { message: 'Daily quota exceeded, please try again later' }]);
    s.setLimitResponse('404');
    r = await call(url, s.keys.default);
    assert.deepEqual([r.status, r.json], [404, NOT_FOUND]);
  });
});

// ---------------------------------------------------------------------------
// log

test('log: records requests as received, clearLog keeps the array', async () => {
  await withSandbox(FAST, async (s) => {
    const log = s.log;
    const t0 = performance.timeOrigin + performance.now();
    await call(`${s.urls.premium}/author/AC%2FDC%20Historians?page=1&pageSize=2`, s.keys.premium, { headers: { 'X-Custom': 'Yes' } });
    await batch(s, `isbns=${DEMO_BOOKS.cProgramming},9780000000002`);
    await batch(s, 'isbns=bad');
    await call(`${s.urls.default}/book/x`);
    assert.equal(log.length, 4);
    const [a, b, c, d] = log;
    assert.equal(a.plan, 'premium');
    assert.equal(a.method, 'GET');
    assert.equal(a.path, '/author/AC%2FDC%20Historians');
    assert.equal(a.query, 'page=1&pageSize=2');
    assert.equal(a.headers.authorization, s.keys.premium);
    assert.equal(a.headers['x-custom'], 'Yes');
    assert.equal(a.status, 200);
    assert.equal(a.limited, false);
    assert.ok(a.time >= t0 - 1 && a.time <= b.time);
    assert.ok(!Number.isInteger(a.time) || !Number.isInteger(b.time), 'sub-ms precision');
    assert.equal(b.body, `isbns=${DEMO_BOOKS.cProgramming},9780000000002`);
    assert.equal(b.isbnCount, 2);
    assert.equal(b.headers['content-type'], 'application/json');
    assert.equal(c.status, 400);
    assert.equal(c.isbnCount, undefined);
    assert.equal(d.status, 401);
    s.clearLog();
    assert.equal(s.log, log);
    assert.equal(log.length, 0);
  });
});

// ---------------------------------------------------------------------------
// faults

test('fault: canned status/body/headers, consumed in order, then normal service', async () => {
  await withSandbox(FAST, async (s) => {
    const url = `${s.urls.default}/book/${DEMO_BOOKS.cProgramming}`;
    s.injectFault({ status: 503, body: '{"message":"Service Unavailable"}', headers: { 'Retry-After': '2' } });
    s.injectFault({ status: 500, times: 2 });
    let r = await call(url, s.keys.default);
    assert.deepEqual([r.status, r.json, r.headers.get('retry-after')], [503, { message: 'Service Unavailable' }, '2']);
    assert.equal((await call(url, s.keys.default)).status, 500);
    assert.equal((await call(url, s.keys.default)).status, 500);
    r = await call(url, s.keys.default);
    assert.equal(r.status, 200);
    assert.deepEqual(s.log.map((e) => e.status), [503, 500, 500, 200]);
  });
});

test('fault: match by plan, method and path prefix; Infinity; clearFaults', async () => {
  await withSandbox(FAST, async (s) => {
    s.injectFault({ match: { plan: 'pro', method: 'post', pathPrefix: '/books' }, status: 502, times: Infinity });
    assert.equal((await batch(s, `isbns=${DEMO_BOOKS.cProgramming}`)).status, 200); // default plan: untouched
    assert.equal((await call(`${s.urls.pro}/book/${DEMO_BOOKS.cProgramming}`, s.keys.pro)).status, 200); // GET: untouched
    for (let i = 0; i < 3; i++) assert.equal((await batch(s, `isbns=${DEMO_BOOKS.cProgramming}`, 'application/json', 'pro')).status, 502);
    s.clearFaults();
    assert.equal((await batch(s, `isbns=${DEMO_BOOKS.cProgramming}`, 'application/json', 'pro')).status, 200);
  });
});

test('fault: applies before auth, and faulted requests do not count against the rate', async () => {
  await withSandbox({}, async (s) => {
    s.injectFault({ status: 418, times: 3 });
    assert.equal((await call(`${s.urls.default}/book/x`)).status, 418);
    assert.equal((await call(`${s.urls.default}/book/x`, s.keys.default)).status, 418);
    assert.equal((await call(`${s.urls.default}/book/x`, s.keys.default)).status, 418);
    assert.equal((await call(`${s.urls.default}/book/${DEMO_BOOKS.cProgramming}`, s.keys.default)).status, 200);
  });
});

test('fault: delayMs alone delays a normal answer; with a status delays the canned one', async () => {
  await withSandbox(FAST, async (s) => {
    const url = `${s.urls.default}/book/${DEMO_BOOKS.cProgramming}`;
    s.injectFault({ delayMs: 200 });
    let t = performance.now();
    let r = await call(url, s.keys.default);
    assert.equal(r.status, 200);
    assert.ok(performance.now() - t >= 190);
    s.injectFault({ delayMs: 200, status: 504 });
    t = performance.now();
    r = await call(url, s.keys.default);
    assert.equal(r.status, 504);
    assert.ok(performance.now() - t >= 190);
    // A client timeout aborts a long delay; close() does not wait for it.
    s.injectFault({ delayMs: 60_000 });
    await assert.rejects(fetch(url, { headers: { Authorization: s.keys.default }, signal: AbortSignal.timeout(100) }));
  });
});

test('fault: malformed-json', async () => {
  sb.injectFault({ kind: 'malformed-json' });
  const r = await call(bookUrl(DEMO_BOOKS.cProgramming), sb.keys.default);
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type')!, /application\/json/);
  assert.throws(() => JSON.parse(r.text));
});

test('fault: truncated-json is a valid response cut in the middle', async () => {
  sb.injectFault({ kind: 'truncated-json' });
  const r = await call(bookUrl(DEMO_BOOKS.cProgramming), sb.keys.default);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-length'), null);
  assert.ok(JSON.stringify({ book: sb.catalogue.byIsbn.get(DEMO_BOOKS.cProgramming) }).startsWith(r.text));
  assert.ok(r.text.length > 20);
  assert.throws(() => JSON.parse(r.text));
});

test('fault: drop closes the connection without an answer', async () => {
  sb.clearLog();
  sb.injectFault({ kind: 'drop' });
  await assert.rejects(fetch(bookUrl(DEMO_BOOKS.cProgramming), { headers: { Authorization: sb.keys.default } }));
  assert.equal(sb.log.at(-1)!.status, 0);
  assert.equal((await call(bookUrl(DEMO_BOOKS.cProgramming), sb.keys.default)).status, 200);
});

test('fault: reset-mid-body sends headers and half the body, then resets', async () => {
  sb.injectFault({ kind: 'reset-mid-body' });
  const res = await fetch(bookUrl(DEMO_BOOKS.cProgramming), { headers: { Authorization: sb.keys.default } });
  assert.equal(res.status, 200);
  assert.ok(Number(res.headers.get('content-length')) > 100);
  await assert.rejects(res.text());
});

test('fault: html-error is a 502 HTML page', async () => {
  sb.injectFault({ kind: 'html-error' });
  const r = await call(bookUrl(DEMO_BOOKS.cProgramming), sb.keys.default);
  assert.equal(r.status, 502);
  assert.match(r.headers.get('content-type')!, /^text\/html/);
  assert.match(r.text, /<html>/);
  assert.equal(sb.log.at(-1)!.status, 502);
});

test('fault: huge-body is ~10 MB of valid JSON, sent chunked', async () => {
  sb.injectFault({ kind: 'huge-body' });
  const res = await fetch(bookUrl(DEMO_BOOKS.cProgramming), { headers: { Authorization: sb.keys.default } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-length'), null);
  const text = await res.text();
  assert.ok(text.length >= 10 * 1024 * 1024);
  assert.equal(JSON.parse(text).book.isbn13, DEMO_BOOKS.cProgramming);
  // A client that stops reading early must not hurt the server.
  sb.injectFault({ kind: 'huge-body' });
  const ac = new AbortController();
  const early = await fetch(bookUrl(DEMO_BOOKS.cProgramming), { headers: { Authorization: sb.keys.default }, signal: ac.signal });
  const reader = early.body!.getReader();
  await reader.read();
  ac.abort();
  assert.equal((await call(bookUrl(DEMO_BOOKS.cProgramming), sb.keys.default)).status, 200);
});

test('fault: wrong-shape answers 200 JSON of an unexpected shape', async () => {
  sb.injectFault({ kind: 'wrong-shape' });
  const one = await call(bookUrl(DEMO_BOOKS.cProgramming), sb.keys.default);
  assert.deepEqual([one.status, one.json], [200, [1, 2, 3]]);
  sb.injectFault({ kind: 'wrong-shape' });
  const many = await batch(sb, `isbns=${DEMO_BOOKS.cProgramming}`);
  assert.deepEqual([many.status, many.json], [200, { data: 'nope' }]);
  sb.injectFault({ kind: 'wrong-shape', body: '{"book": null}' });
  assert.deepEqual((await call(bookUrl(DEMO_BOOKS.cProgramming), sb.keys.default)).json, { book: null });
});

test('fault: redirect answers 302 with Location', async () => {
  sb.injectFault({ kind: 'redirect', redirectTo: 'http://127.0.0.1:9/elsewhere' });
  const res = await fetch(bookUrl(DEMO_BOOKS.cProgramming), { headers: { Authorization: sb.keys.default }, redirect: 'manual' });
  assert.equal(res.status, 302);
  assert.equal(res.headers.get('location'), 'http://127.0.0.1:9/elsewhere');
  sb.injectFault({ kind: 'redirect', match: { plan: 'pro' } });
  const def = await fetch(`${sb.urls.pro}/book/${DEMO_BOOKS.acdc}`, { headers: { Authorization: sb.keys.pro }, redirect: 'manual' });
  assert.equal(def.headers.get('location'), `${sb.urls.default}/book/${DEMO_BOOKS.acdc}`);
});

// ---------------------------------------------------------------------------
// admin API

async function admin(s: Sandbox, path: string, body?: unknown): Promise<Reply> {
  return call(`${s.adminUrl}${path}`, undefined, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
}

test('admin: info, log and log/clear; admin requests are not logged', async () => {
  await withSandbox(FAST, async (s) => {
    const info = await admin(s, '/info');
    assert.deepEqual(info.json.urls, s.urls);
    assert.deepEqual(info.json.keys, s.keys);
    assert.equal(info.json.adminUrl, s.adminUrl);
    assert.deepEqual(info.json.demoIsbns, [...DEMO_ISBNS]);
    assert.deepEqual(info.json.demoBooks, DEMO_BOOKS);
    assert.deepEqual(info.json, JSON.parse(JSON.stringify(sandboxInfo(s))));
    await call(`${s.urls.default}/book/${DEMO_BOOKS.cProgramming}`, s.keys.default);
    const log = await admin(s, '/log');
    assert.equal(log.json.length, 1);
    assert.equal(log.json[0].path, `/book/${DEMO_BOOKS.cProgramming}`);
    assert.equal(log.json[0].status, 200);
    assert.equal((await admin(s, '/log/clear', {})).status, 200);
    assert.deepEqual((await admin(s, '/log')).json, []);
    assert.equal(s.log.length, 0);
  });
});

test('admin: faults (single, array, times null = Infinity) and faults/clear', async () => {
  await withSandbox(FAST, async (s) => {
    const url = `${s.urls.default}/book/${DEMO_BOOKS.cProgramming}`;
    assert.equal((await admin(s, '/faults', { kind: 'html-error' })).status, 200);
    assert.equal((await call(url, s.keys.default)).status, 502);
    await admin(s, '/faults', [{ status: 500 }, { kind: 'wrong-shape' }]);
    assert.equal((await call(url, s.keys.default)).status, 500);
    assert.deepEqual((await call(url, s.keys.default)).json, [1, 2, 3]);
    await admin(s, '/faults', { status: 503, times: null });
    for (let i = 0; i < 3; i++) assert.equal((await call(url, s.keys.default)).status, 503);
    await admin(s, '/faults/clear', {});
    assert.equal((await call(url, s.keys.default)).status, 200);
    assert.equal((await admin(s, '/faults', 'nope')).status, 400);
  });
});

test('admin: limit, exhaust, rate, max-batch; bad input -> 400', async () => {
  await withSandbox(FAST, async (s) => {
    const url = `${s.urls.default}/book/${DEMO_BOOKS.cProgramming}`;
    assert.equal((await admin(s, '/rate', { plan: 'default', perSecond: 1 })).status, 200);
    assert.equal((await admin(s, '/limit', { mode: '404' })).status, 200);
    assert.equal((await call(url, s.keys.default)).status, 200);
    assert.deepEqual((await call(url, s.keys.default)).json, NOT_FOUND);

    await admin(s, '/exhaust', { key: s.keys.pro, forMs: 10_000, style: 'daily' });
    await admin(s, '/limit', { mode: '429' });
    assert.equal((await call(`${s.urls.pro}/book/${DEMO_BOOKS.acdc}`, s.keys.pro)).json.message, 'Daily quota exceeded, please try again later');

    await admin(s, '/max-batch', { n: 1 });
    const r = await batch(s, `isbns=${DEMO_BOOKS.cProgramming},${DEMO_BOOKS.stranger}`, 'application/json', 'premium');
    assert.deepEqual(r.json, { message: 'Too many ISBNs, at most 1' });

    for (const [path, body] of [
      ['/limit', { mode: '500' }],
      ['/rate', { plan: 'gold', perSecond: 1 }],
      ['/rate', { plan: 'pro', perSecond: 'fast' }],
      ['/exhaust', { forMs: 10 }],
      ['/max-batch', {}],
    ] as const) {
      assert.equal((await admin(s, path, body)).status, 400, `${path} ${JSON.stringify(body)}`);
    }
    const notJson = await call(`${s.adminUrl}/limit`, undefined, { method: 'POST', body: '{nope' });
    assert.equal(notJson.status, 400);
    assert.equal((await admin(s, '/nowhere')).status, 404);
    assert.equal(s.log.filter((e) => e.path.startsWith('/limit')).length, 0);
  });
});

// ---------------------------------------------------------------------------
// lifecycle and CLI

test('close() stops every server, even with a pending delayed fault', async () => {
  const s = await startSandbox(FAST);
  s.injectFault({ delayMs: 60_000 });
  const pending = fetch(`${s.urls.default}/book/x`).catch((e) => e);
  await sleep(50);
  await s.close();
  assert.ok((await pending) instanceof Error);
  for (const url of [...Object.values(s.urls), s.adminUrl]) await assert.rejects(fetch(`${url}/info`));
});

test('fixed ports, and a busy port rejects startSandbox', async () => {
  const port = Number(new URL(sb.urls.default).port);
  await assert.rejects(startSandbox({ ports: { default: port } }), /EADDRINUSE/);
});

test('cli: prints URLs and keys, writes --info-file, removes it on SIGINT', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
  const infoFile = join(dir, 'info.json');
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/sandbox/cli.ts', '--limit', '404', '--info-file', infoFile], {
    cwd: join(__dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    for (let i = 0; i < 200 && !existsSync(infoFile); i++) await sleep(50);
    const info = JSON.parse(readFileSync(infoFile, 'utf8'));
    assert.equal(info.limitResponse, '404');
    assert.deepEqual(info.keys, DEMO_KEYS);
    for (const plan of ['default', 'premium', 'pro'] as const) {
      assert.ok(out.includes(info.urls[plan]), `stdout shows ${plan} url`);
      assert.ok(out.includes(info.keys[plan]), `stdout shows ${plan} key`);
    }
    const r = await call(`${info.urls.default}/book/${DEMO_BOOKS.cProgramming}`, info.keys.default);
    assert.equal(r.json.book.title, 'The C Programming Language');
    child.kill('SIGINT');
    assert.equal(await exited, 0);
    assert.equal(existsSync(infoFile), false);
  } finally {
    child.kill('SIGKILL');
  }
});
