// One source down costs nothing (issue 33), in real time: the look-up owner over the Node host
// against the sandbox, with a keyless source at a host that is down in the ways a real one is
// (test/helpers/deadHosts.ts): a name no resolver knows, a refused port, 503s, a black hole
// (accepts, never answers) and a slow host (answers after 5 s). For each: the time to the first
// answer a hover could show and to the end of a bulk look-up, with the book service's key and
// without; the requests the dead host got (one per outage, not one per ISBN); a second look-up
// during the rest sends nothing and answers at once; nothing of the outage is cached as "not
// found"; the log says the outage once. Three windows (three owners on one global storage
// folder, one key) with both keyless sources down each finish their 200 ISBNs, the dead hosts
// probed once per window at most. Bounds are loose (a loaded 2-core machine): each says
// what it should be beside what it is held to.
// Run: node --import tsx --test test/service/outage.test.ts

import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, DEMO_BOOKS, KEYLESS_DEMO, type Sandbox } from '../sandbox/server';
import { keylessLookups, type TestLookups } from '../helpers/keylessLookups';
import { blackHole, failing, refusedUrl, slow, UNRESOLVABLE_URL, type DeadHost } from '../helpers/deadHosts';
import { comesBack, hoverAnswer, pointedAt, proxyTo, UNRESOLVABLE_GOOGLE_URL } from '../helpers/outage';
import { sleep } from '../helpers/time';
import { maxInWindow } from '../helpers/windows';
import type { Lookups } from '../../src/core/lookups/lookups';
import type { LookupResult } from '../../src/core/model/lookup';
import { HOVER_WAIT_MS } from '../../src/core/model/lookup';
import { FIRST_REST_MS, STALL_MS } from '../../src/core/lookups/sourceHealth';
import { KEYLESS_TIMEOUT_MS } from '../../src/core/sources/keyless/request';

let sb: Sandbox;

before(async () => {
  sb = await startSandbox();
  // The client keeps to the default plan's 1 request/s itself; the sandbox's own count would
  // otherwise hold a test's first request against the one before's last.
  sb.setRate('default', 100);
});
after(() => sb.close());
beforeEach(() => {
  sb.keyless.clearLog();
  sb.keyless.resetGoogleQuotas();
  sb.keyless.setGoogleQuota('keyless', 1000, 0);
});

/** Both keyless sources down the same way: their addresses, and the hosts that count what reaches them. */
interface Down {
  openLibrary: string;
  googleBooks: string;
  hosts: DeadHost[];
}

const FAST: Array<{ name: string; start(): Promise<Down> }> = [
  { name: 'an unresolvable host (.invalid)', start: async () => ({ openLibrary: UNRESOLVABLE_URL, googleBooks: UNRESOLVABLE_GOOGLE_URL, hosts: [] }) },
  { name: 'a refused port', start: async () => ({ openLibrary: await refusedUrl(), googleBooks: await refusedUrl(), hosts: [] }) },
  {
    name: '503s',
    start: async () => {
      const hosts = [await failing(503), await failing(503)];
      return { openLibrary: hosts[0]!.url, googleBooks: hosts[1]!.url, hosts };
    },
  },
];

/** The 40 books the book service knows (the demo books first), and one nobody knows: Annotate's 41. */
const serviceDocument = () => [...sb.catalogue.books.slice(0, 40).map((b) => b.isbn13), KEYLESS_DEMO.unknown];
/** The book service's record has title and authors only: a hover asks the keyless sources for the rest. */
const SPARSE = DEMO_BOOKS.checkDigits;

/** Which source's book a result is, or its status when none. */
const from = (result: LookupResult | undefined) => (result?.status === 'found' ? result.source : result?.status);
/** Requests the look-ups sent to a source, answered or failed (a black hole's count only once it timed out). */
const sentTo = (t: TestLookups, title: 'Open Library' | 'Google Books') => t.requests.filter((r) => r.source === title).length;
const googleAsked = () => sb.keyless.log.filter((r) => r.host === 'googleBooks' && r.path === '/books/v1/volumes').length;
const warnings = (t: TestLookups, title: string) => t.logLines.filter((l) => l.startsWith('warn:') && l.includes(title));

/** A bulk look-up (Look Up All, Annotate): the time to its first answer not in the caches already, and to its end. */
async function bulk(lookups: Lookups, isbns: readonly string[]): Promise<{ results: Map<string, LookupResult>; firstMs: number; ms: number }> {
  const start = performance.now();
  const known = isbns.filter((isbn) => lookups.known(isbn) !== undefined).length;
  let firstMs = Number.NaN;
  const results = await lookups.chain.lookup(isbns, {
    onProgress: (done) => {
      if (done > known && Number.isNaN(firstMs)) firstMs = performance.now() - start;
    },
  });
  return { results, firstMs, ms: performance.now() - start };
}

/** "Not asked" from `sources`, each out of reach: never "not found" by them. */
function assertUnreachable(result: LookupResult | undefined, sources: string[], message: string): void {
  const unanswered = result?.status === 'found' ? undefined : result?.unanswered ?? (result?.status === 'failed' && result.source ? [{ source: result.source, error: result.error }] : undefined);
  assert.deepEqual(unanswered?.map((u) => u.source), sources, `${message}: ${JSON.stringify(result)}`);
  assert.ok(unanswered!.every((u) => u.error.kind === 'unreachable'), message);
  if (result?.status === 'notFound') assert.ok(!(result.asked ?? []).some((s) => sources.includes(s)), `${message}: not asked, yet "not found" by it`);
}

/** What a source's cache record holds, after the look-ups were saved. */
async function keptBy(t: TestLookups, source: 'openLibrary' | 'googleBooks'): Promise<string[]> {
  await t.lookups.flush();
  const file = join(t.dir, `book-cache-${source}.json`);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: Array<[string, unknown]> }).entries.map(([isbn]) => isbn);
}

for (const kind of FAST) {
  test(`${kind.name}: with a key the hover and Annotate go on with the book service; without, the keyless sources are said out of reach at once`, async (ctx) => {
    const down = await kind.start();
    try {
      // With the book service's key, both keyless sources down.
      const t = await keylessLookups(pointedAt(sb, down), { key: sb.keys.default });
      try {
        const hover = await hoverAnswer(t.lookups, SPARSE);
        assert.equal(from(hover.result), 'isbndb');
        assert.ok(hover.ms < HOVER_WAIT_MS, `first hover's answer after ${Math.round(hover.ms)} ms (about 50, within the hover's wait of ${HOVER_WAIT_MS})`);
        const whole = await hover.whole;
        assert.equal(from(whole), 'isbndb', 'the book service\'s book, whatever the keyless sources did');

        const document = serviceDocument();
        const run = await bulk(t.lookups, document);
        ctx.diagnostic(`with a key: first hover ${Math.round(hover.ms)} ms; Annotate's 41 ISBNs: first answer ${Math.round(run.firstMs)} ms, all ${Math.round(run.ms)} ms`);
        assert.ok(run.ms < 4000, `Annotate's look-up took ${Math.round(run.ms)} ms (about 1,000: the book service's 1 request/s)`);
        assert.equal([...run.results.values()].filter((r) => from(r) === 'isbndb').length, 40);
        const unknown = run.results.get(KEYLESS_DEMO.unknown);
        assert.deepEqual(unknown?.status === 'notFound' && unknown.asked, ['isbndb']);
        assertUnreachable(unknown, ['openLibrary', 'googleBooks'], 'the 41st ISBN');

        // One request each, for the hover; none for the 41 of Annotate.
        assert.equal(sentTo(t, 'Open Library'), 1);
        assert.equal(sentTo(t, 'Google Books'), 1);
        for (const host of down.hosts) assert.equal(host.requests, 1, 'a dead host asked again');
        assert.deepEqual(t.lookups.outages.map((o) => o.source), ['openLibrary', 'googleBooks']);
        for (const outage of t.lookups.outages) {
          const rest = (outage.error.details.retryAt ?? 0) - Date.now();
          assert.ok(rest > FIRST_REST_MS - 30_000 && rest <= FIRST_REST_MS, `next try in ${rest} ms`);
        }

        // During the rest: every hover of the file answers at once, and nothing goes out.
        const slowest = await everyHover(t.lookups, document);
        assert.ok(slowest < 500, `a hover during the rest took ${Math.round(slowest)} ms (about 1)`);
        assert.equal(sentTo(t, 'Open Library') + sentTo(t, 'Google Books'), 2, 'asked during the rest');

        // Nothing of the outage is kept as an answer.
        assert.equal(t.lookups.known(KEYLESS_DEMO.unknown), undefined, 'the 41st ISBN kept as "not found" while two sources were never asked');
        assert.deepEqual(await keptBy(t, 'openLibrary'), []);
        assert.deepEqual(await keptBy(t, 'googleBooks'), []);
        assert.equal(warnings(t, 'Open Library').length, 1, t.logLines.join('\n'));
        assert.equal(warnings(t, 'Google Books').length, 1, t.logLines.join('\n'));
      } finally {
        await t.close();
      }

      // No key, no source reachable (offline): 100 ISBNs end at once as not asked, one request each.
      const offline = await keylessLookups(pointedAt(sb, down));
      try {
        const isbns = sb.catalogue.books.slice(0, 100).map((b) => b.isbn13);
        const run = await bulk(offline.lookups, isbns);
        ctx.diagnostic(`offline: 100 ISBNs in ${Math.round(run.ms)} ms, ${sentTo(offline, 'Open Library')} + ${sentTo(offline, 'Google Books')} requests`);
        assert.ok(run.ms < 2000, `100 ISBNs offline took ${Math.round(run.ms)} ms (about 50)`);
        for (const isbn of isbns) assertUnreachable(run.results.get(isbn), ['openLibrary', 'googleBooks'], isbn);
        assert.equal(sentTo(offline, 'Open Library'), 1, 'Open Library asked more than once for 100 ISBNs (4 batches)');
        assert.equal(sentTo(offline, 'Google Books'), 1, 'Google Books asked more than once for 100 ISBNs');
        for (const host of down.hosts) assert.equal(host.requests, 2, 'the 503 hosts: one request from each of the two look-up owners so far');
        const hover = await hoverAnswer(offline.lookups, KEYLESS_DEMO.googleBooksOnly);
        assert.ok(hover.ms < 500, `an offline hover took ${Math.round(hover.ms)} ms (about 1)`);
        assertUnreachable(hover.result, ['openLibrary', 'googleBooks'], 'an offline hover');
        assert.equal(offline.lookups.known(KEYLESS_DEMO.googleBooksOnly), undefined);
        assert.equal(warnings(offline, 'Open Library').length + warnings(offline, 'Google Books').length, 2, offline.logLines.join('\n'));
      } finally {
        await offline.close();
      }

      // No key, Open Library down, Google Books up: the book comes from Google at once.
      const keyless = await keylessLookups(pointedAt(sb, { openLibrary: down.openLibrary }));
      try {
        const hover = await hoverAnswer(keyless.lookups, KEYLESS_DEMO.googleBooksOnly);
        ctx.diagnostic(`no key, Open Library down: first hover ${Math.round(hover.ms)} ms`);
        assert.equal(from(hover.result), 'googleBooks');
        assert.ok(hover.ms < HOVER_WAIT_MS, `first hover's answer after ${Math.round(hover.ms)} ms (about 50)`);
        const run = await bulk(keyless.lookups, [KEYLESS_DEMO.keylessBoth, KEYLESS_DEMO.openLibraryOnly]);
        assert.ok(run.ms < 2 * 1000 + 1500, `2 ISBNs took ${Math.round(run.ms)} ms (about 2,000: Google's 1 request/s)`);
        assert.equal(from(run.results.get(KEYLESS_DEMO.keylessBoth)), 'googleBooks');
        const olOnly = run.results.get(KEYLESS_DEMO.openLibraryOnly);
        assert.deepEqual(olOnly?.status === 'notFound' && olOnly.asked, ['googleBooks']);
        assertUnreachable(olOnly, ['openLibrary'], 'a book only Open Library has');
        assert.equal(keyless.lookups.known(KEYLESS_DEMO.openLibraryOnly), undefined, 'kept as "not found" while Open Library was never asked');
        assert.equal(sentTo(keyless, 'Open Library'), 1);
        assert.equal(googleAsked(), 3);
      } finally {
        await keyless.close();
      }
    } finally {
      await Promise.all(down.hosts.map((h) => h.close()));
    }
  });
}

test('a black hole: with a key the hover shows the book service\'s book at once and Annotate ends within the keyless timeout; without, what queued behind the hanging request goes on to Google at the stall', async (ctx) => {
  const holes = [await blackHole(), await blackHole()];
  const unavailable = await failing(503);
  try {
    await Promise.all([
      (async () => {
        // With a key: Open Library a black hole, Google Books 503 (the case).
        const t = await keylessLookups(pointedAt(sb, { openLibrary: holes[0]!.url, googleBooks: unavailable.url }), { key: sb.keys.default });
        try {
          const hover = await hoverAnswer(t.lookups, SPARSE);
          assert.equal(from(hover.result), 'isbndb');
          assert.ok(hover.ms < HOVER_WAIT_MS, `first hover's answer after ${Math.round(hover.ms)} ms (about 50)`);
          // Annotate right after, while the hover's request to Open Library hangs.
          const run = await bulk(t.lookups, serviceDocument());
          ctx.diagnostic(`with a key: first hover ${Math.round(hover.ms)} ms; Annotate's 41 ISBNs: first answer ${Math.round(run.firstMs)} ms, all ${Math.round(run.ms)} ms`);
          assert.ok(run.firstMs < 2500, `Annotate's first answer after ${Math.round(run.firstMs)} ms (about 1,000: the book service's pace)`);
          assert.ok(run.ms < STALL_MS + 3000, `Annotate took ${Math.round(run.ms)} ms (about the ${STALL_MS} ms stall, not the ${KEYLESS_TIMEOUT_MS} ms keyless timeout)`);
          assert.equal([...run.results.values()].filter((r) => r.status === 'found').length, 40);
          const unknown = run.results.get(KEYLESS_DEMO.unknown);
          assert.deepEqual(unknown?.status === 'notFound' && unknown.asked, ['isbndb']);
          assertUnreachable(unknown, ['openLibrary', 'googleBooks'], 'the 41st ISBN');
          // The hover's own look-up ends at the stall with the book service's book.
          const whole = await hover.whole;
          assert.equal(from(whole), 'isbndb');
          // The request to Open Library ends at the keyless timeout, which rests it.
          await waitUntil(() => t.lookups.outages.some((o) => o.source === 'openLibrary' && o.error.details.retryAt !== undefined), KEYLESS_TIMEOUT_MS + 3000);

          const slowest = await everyHover(t.lookups, serviceDocument());
          assert.ok(slowest < 500, `a hover during the rest took ${Math.round(slowest)} ms (about 1)`);
          // One request, timed out (undici opens a second connection as it drops the first).
          assert.ok(holes[0]!.connections >= 1 && holes[0]!.connections <= 3, `${holes[0]!.connections} connections to the black hole`);
          assert.equal(sentTo(t, 'Open Library'), 1);
          assert.equal(unavailable.requests, 1);
          assert.equal(t.lookups.known(KEYLESS_DEMO.unknown), undefined);
          // Said once: when it stopped answering, and when it was rested.
          const said = warnings(t, 'Open Library');
          assert.ok(said.length >= 1 && said.length <= 2, said.join('\n'));
          assert.equal(new Set(said).size, said.length, 'the same line twice');
          assert.equal(warnings(t, 'Google Books').length, 1);
        } finally {
          await t.close();
        }
      })(),
      (async () => {
        // No key: Open Library a black hole, Google Books up. At the stall, the ISBN of the request
        // that hangs and what queued behind it go on to Google.
        const t = await keylessLookups(pointedAt(sb, { openLibrary: holes[1]!.url }));
        try {
          const first = hoverAnswer(t.lookups, KEYLESS_DEMO.googleBooksOnly);
          await sleep(200);
          const second = await hoverAnswer(t.lookups, KEYLESS_DEMO.keylessBoth);
          assert.equal(from(second.result), 'googleBooks');
          assert.ok(second.ms > STALL_MS - 450 && second.ms < STALL_MS + 2000, `a hover queued behind the hanging request: answer after ${Math.round(second.ms)} ms (the ${STALL_MS} ms stall, then Google)`);
          assert.equal(holes[1]!.connections, 1, 'a new connection to a host that already has one hanging');
          const shown = await first;
          ctx.diagnostic(`no key: the hanging request's hover ${Math.round(shown.ms)} ms, the one queued behind it ${Math.round(second.ms)} ms`);
          assert.equal(from(shown.result), 'googleBooks');
          assert.ok(shown.ms > STALL_MS - 250 && shown.ms < STALL_MS + 3000, `the hanging request's own hover: answer after ${Math.round(shown.ms)} ms (the ${STALL_MS} ms stall, then Google; not the ${KEYLESS_TIMEOUT_MS} ms timeout)`);
          // The request itself ends at the keyless timeout, and rests Open Library.
          await waitUntil(() => t.lookups.outages.some((o) => o.source === 'openLibrary' && o.error.details.retryAt !== undefined), KEYLESS_TIMEOUT_MS + 3000);
          // During the rest: straight to Google (at most its 1 request/s).
          const third = await hoverAnswer(t.lookups, KEYLESS_DEMO.googleOnly);
          assert.equal(from(third.result), 'googleBooks');
          assert.ok(third.ms < 2000, `a hover during the rest after ${Math.round(third.ms)} ms (at most about 1,000: Google's pace)`);
          assert.ok(holes[1]!.connections >= 1 && holes[1]!.connections <= 3, `${holes[1]!.connections} connections to the black hole`);
          assert.equal(sentTo(t, 'Open Library'), 1);
          assert.deepEqual(await keptBy(t, 'openLibrary'), []);
          const said = warnings(t, 'Open Library');
          assert.ok(said.length >= 1 && said.length <= 2, said.join('\n'));
        } finally {
          await t.close();
        }
      })(),
    ]);
  } finally {
    await Promise.all([...holes, unavailable].map((h) => h.close()));
  }
});

test('a slow source (5 s): what waited for it went on to Google at the stall; its late answer is kept and used by the next hover', async (ctx) => {
  const late = await slow(5000, proxyTo(sb.keyless.urls.openLibrary));
  const t = await keylessLookups(pointedAt(sb, { openLibrary: late.url }));
  try {
    const start = performance.now();
    const hover = hoverAnswer(t.lookups, KEYLESS_DEMO.openLibraryOnly);
    await sleep(200);
    // Queued while the hover's request to Open Library is on its way.
    let firstAt = Number.NaN;
    const queued = t.lookups.chain.lookup([KEYLESS_DEMO.googleBooksOnly, KEYLESS_DEMO.keylessBoth], {
      onProgress: (done) => {
        if (done > 0 && Number.isNaN(firstAt)) firstAt = performance.now() - start;
      },
    });
    const [asked, results] = await Promise.all([hover, queued]);
    const endAt = performance.now() - start;
    ctx.diagnostic(`the hover's look-up ended after ${Math.round(asked.ms)} ms; the queued ISBNs' first answer ${Math.round(firstAt)} ms, all ${Math.round(endAt)} ms`);
    assert.ok(asked.ms > STALL_MS - 300 && asked.ms < 5000, `the hover's look-up ended after ${Math.round(asked.ms)} ms: at the ${STALL_MS} ms stall, before the slow answer`);
    assert.ok(firstAt > STALL_MS - 300 && firstAt < STALL_MS + 2000, `the queued ISBNs' first answer after ${Math.round(firstAt)} ms: after the ${STALL_MS} ms stall, at Google's pace behind the hover's ISBN`);
    for (const isbn of [KEYLESS_DEMO.googleBooksOnly, KEYLESS_DEMO.keylessBoth]) {
      const result = results.get(isbn);
      assert.equal(from(result), 'googleBooks', isbn);
    }
    // The slow answer comes at about 5 s: kept, and the next hover shows it at once.
    await waitUntil(() => t.lookups.known(KEYLESS_DEMO.openLibraryOnly)?.status === 'found', 8000);
    const shown = await hoverAnswer(t.lookups, KEYLESS_DEMO.openLibraryOnly);
    assert.equal(from(shown.result), 'openLibrary', 'the slow answer was not used');
    assert.ok(shown.ms < 50, `the next hover took ${Math.round(shown.ms)} ms`);
    assert.equal(late.requests, 1, 'the queued ISBNs were sent to the slow host');
    assert.deepEqual(await keptBy(t, 'openLibrary'), [KEYLESS_DEMO.openLibraryOnly], 'only what Open Library answered is kept as its answer');
    assert.deepEqual(t.lookups.outages, [], 'Open Library answered: it is asked again');
    assert.equal(warnings(t, 'Open Library').length, 1, t.logLines.join('\n'));
    assert.ok(t.logLines.includes('info: Open Library answers again.'), t.logLines.join('\n'));
  } finally {
    await t.close();
    await late.close();
  }
});

test('a source that comes back: "not asked" during the rest, answers at once, nothing sent; after Retry Now it is asked and answers', async () => {
  const host = await comesBack(sb.keyless.urls.openLibrary);
  const t = await keylessLookups(pointedAt(sb, { openLibrary: host.url }));
  try {
    const isbn = KEYLESS_DEMO.openLibraryOnly;
    const first = await t.lookups.chain.lookupOne(isbn, { purpose: 'hover', urgent: true });
    assert.deepEqual(first.status === 'notFound' && first.asked, ['googleBooks']);
    assertUnreachable(first, ['openLibrary'], 'down');
    assert.equal(t.lookups.known(isbn), undefined, 'kept as "not found" while Open Library was never asked');
    const [outage] = t.lookups.outages;
    assert.equal(outage?.source, 'openLibrary');
    assert.deepEqual(outage!.error.reason, { why: 'serverError', source: 'openLibrary', status: 503 });

    const start = performance.now();
    const again = await t.lookups.chain.lookupOne(isbn, { purpose: 'hover', urgent: true });
    const ms = performance.now() - start;
    assert.ok(ms < 500, `a look-up during the rest took ${Math.round(ms)} ms (about 1)`);
    assertUnreachable(again, ['openLibrary'], 'during the rest');
    assert.equal(host.requests, 1, 'asked during the rest');

    host.up = true;
    t.lookups.resume();
    const back = await t.lookups.chain.lookupOne(isbn, { purpose: 'hover', urgent: true });
    assert.equal(from(back), 'openLibrary', JSON.stringify(back));
    assert.equal(host.requests, 2);
    assert.deepEqual(t.lookups.outages, []);
    assert.equal(warnings(t, 'Open Library').length, 1, t.logLines.join('\n'));
    assert.equal(t.logLines.filter((l) => l === 'info: Open Library answers again.').length, 1, t.logLines.join('\n'));
  } finally {
    await t.close();
    await host.close();
  }
});

/** Hovers every ISBN of the file in turn; the slowest one's time. */
async function everyHover(lookups: Lookups, isbns: readonly string[]): Promise<number> {
  let slowest = 0;
  for (const isbn of isbns) slowest = Math.max(slowest, (await hoverAnswer(lookups, isbn)).ms);
  return slowest;
}

/** Polls `condition` until it holds, or fails after `ms`. */
async function waitUntil(condition: () => boolean, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > until) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
}

test('three windows on one key and one global storage folder, Open Library a black hole and Google Books 503: each finishes its 200 ISBNs with every book the service knows, the dead hosts get a probe per window at most', async (ctx) => {
  const hole = await blackHole();
  const unavailable = await failing(503);
  // One global storage folder, as three VS Code windows share it: the book service's rate file, the cache records.
  const dir = mkdtempSync(join(tmpdir(), 'isbn-lens-windows-'));
  const windows: TestLookups[] = [];
  try {
    for (let i = 0; i < 3; i++) windows.push(await keylessLookups(pointedAt(sb, { openLibrary: hole.url, googleBooks: unavailable.url }), { key: sb.keys.default, dir }));
    // 194 books the book service knows and the 6 ISBNs it lacks (keyless-only or nobody's), spread
    // through the list: some in each window's first batch, some in its second, when Open Library
    // already hangs or rests.
    const known = sb.catalogue.books.slice(0, 194).map((b) => b.isbn13);
    const lacking = [KEYLESS_DEMO.openLibraryOnly, KEYLESS_DEMO.googleBooksOnly, KEYLESS_DEMO.keylessBoth, KEYLESS_DEMO.lateImport, KEYLESS_DEMO.twoIsbn13, KEYLESS_DEMO.unknown];
    const document = [...known];
    lacking.forEach((isbn, i) => document.splice(i * 34 + 5, 0, isbn));
    assert.equal(new Set(document).size, 200);
    const mark = sb.log.length;

    const runs = await Promise.all(windows.map((w) => bulk(w.lookups, document)));
    const batches = sb.log.slice(mark).filter((r) => r.method === 'POST' && r.path === '/books');
    ctx.diagnostic(
      `windows finished after ${runs.map((r) => Math.round(r.ms)).join(', ')} ms (first answers ${runs.map((r) => Math.round(r.firstMs)).join(', ')} ms); ` +
        `${batches.length} batches to the book service, at most ${maxInWindow(batches.map((r) => r.time), 1000)} a second; ` +
        `black hole: ${hole.connections} connections; 503 host: ${unavailable.requests} requests`,
    );
    for (const [i, run] of runs.entries()) {
      const w = windows[i]!;
      // About the book service's 6 batches at the shared 1 request/s, or the 4 s stall and Google's answer
      // after it; it does not grow with the ISBNs a down source would have been asked for.
      assert.ok(run.ms < 15_000, `window ${i + 1} took ${Math.round(run.ms)} ms (about 6,000)`);
      assert.equal(run.results.size, 200);
      for (const isbn of known) assert.equal(from(run.results.get(isbn)), 'isbndb', `window ${i + 1}: ${isbn}: ${JSON.stringify(run.results.get(isbn))}`);
      for (const isbn of lacking) {
        const result = run.results.get(isbn);
        assert.deepEqual(result?.status === 'notFound' && result.asked, ['isbndb'], `window ${i + 1}: ${isbn}: ${JSON.stringify(result)}`);
        assertUnreachable(result, ['openLibrary', 'googleBooks'], `window ${i + 1}: ${isbn}`);
        assert.equal(w.lookups.known(isbn), undefined, `window ${i + 1}: ${isbn} kept while two sources were never asked`);
      }
      // Each window asked each dead host once (its probe), whatever the number of ISBNs.
      assert.ok(sentTo(w, 'Open Library') <= 1, `window ${i + 1} sent ${sentTo(w, 'Open Library')} requests to Open Library`);
      assert.equal(sentTo(w, 'Google Books'), 1, `window ${i + 1} sent ${sentTo(w, 'Google Books')} requests to Google Books`);
      assert.equal(warnings(w, 'Google Books').length, 1, w.logLines.join('\n'));
    }
    // Every ISBN went to the book service once per window, in two batches each.
    assert.equal(batches.length, 6, `${batches.length} batches`);
    assert.equal(batches.reduce((n, r) => n + (r.isbnCount ?? 0), 0), 600);
    // A handful in all: one probe per window at most (a black hole: one connection each, maybe one more
    // as undici drops it at the keyless timeout).
    assert.ok(hole.connections >= 1 && hole.connections <= 6, `${hole.connections} connections to the black hole`);
    assert.ok(unavailable.requests >= 1 && unavailable.requests <= 6, `${unavailable.requests} requests to the 503 host`);
  } finally {
    await Promise.all(windows.map((w) => w.close()));
    await Promise.all([hole.close(), unavailable.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
});
