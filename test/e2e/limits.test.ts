/**
 * The plan's limit, in a real VS Code with the packaged extension: the sandbox refuses the key
 * for a few seconds, once with 429 and once with the ambiguous 404 {"errorMessage":"Not Found"}.
 * The hover and the status bar say the limit is reached and when ISBN Lens retries; it backs
 * off by itself, and once the limit passes the hover shows the book (a limit answer is never
 * remembered as "no such book").
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LimitMode } from '../sandbox/server';
import { clearNotifications, dismissHover, hoverText, openFile } from './harness';
import { apiRequests, assertWithinRate, describeRequests, mark, since } from './sandboxLog';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { enterApiKey, waitForStatus } from './ui';

/** Long enough to see the back-off at work (retries after 1 s, 2 s, 4 s), short enough for a test. */
const LIMITED_FOR_MS = 6000;
const LIMIT_HOVER = /ISBN [\d-]+: the request limit of the default plan is reached; ISBN Lens retries at \d{1,2}:\d\d:\d\d\./;
const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

before(async () => {
  s = await E2eSession.start('limits', { open: 'limit-429.md' });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

test('the key is set; the status bar shows the plan, idle', step, (t) =>
  s.step(t, async () => {
    t.diagnostic(`activation: "Activated in ${s.activationMs} ms."`);
    await enterApiKey(s.page, s.sandbox.keys.default, /works on the default plan/, { viaPalette: true });
    await clearNotifications(s.page);
    assert.equal(await waitForStatus(s.page, /^ISBN: default$/), 'ISBN: default');
  }),
);

/** Refuses the key for a while with `mode`; hovers `isbn` through it; returns what the sandbox got. */
async function hoverThroughLimit(t: { diagnostic(m: string): void }, mode: LimitMode, isbn: string, title: string) {
  s.sandbox.setLimitResponse(mode);
  const from = mark(s.sandbox);
  s.sandbox.exhaustKey(s.sandbox.keys.default, LIMITED_FOR_MS);

  // Each hover waits up to 1.5 s for its answer: give every try time to show it.
  const limited = await hoverText(s.page, isbn, { contains: LIMIT_HOVER, tryMs: 3000 });
  assert.match(limited, LIMIT_HOVER);
  assert.match(await waitForStatus(s.page, /^ISBN: limited until /), /^ISBN: limited until \d{1,2}:\d\d:\d\d$/);
  await s.shot(`limited-${mode}`);
  await dismissHover(s.page);

  const book = await hoverText(s.page, isbn, { contains: title, timeout: LIMITED_FOR_MS + 20_000 });
  assert.doesNotMatch(book, /knows no book/);
  await s.shot(`recovered-${mode}`);
  await dismissHover(s.page);
  assert.equal(await waitForStatus(s.page, /^ISBN: default$/), 'ISBN: default');

  const requests = apiRequests(since(s.sandbox, from));
  t.diagnostic(`${mode}: the sandbox answered ${requests.map((r) => `+${Math.round(r.time - requests[0]!.time)} ms ${r.status}`).join(', ')}`);
  const refused = requests.filter((r) => r.limited);
  const last = requests.at(-1)!;
  // Refused several times while the limit lasted, backing off, then answered once it passed.
  assert.ok(refused.length >= 2, `expected several refused tries:\n${describeRequests(requests)}`);
  assert.deepEqual([last.status, last.limited, last.body], [200, false, `isbns=${isbn.replace(/-/g, '')}`]);
  assert.ok(last.time - requests[0]!.time >= LIMITED_FOR_MS, 'a try went through before the limit passed');
  assertWithinRate(requests, 1);
  return refused;
}

test('429 for a while: the hover and the status bar say when ISBN Lens retries; afterwards the hover shows the book', step, (t) =>
  s.step(t, async () => {
    const refused = await hoverThroughLimit(t, '429', '978-0-13-110362-7', 'The C Programming Language');
    assert.ok(refused.every((r) => r.status === 429));
  }),
);

test('404 {"errorMessage":"Not Found"} for a while is the limit too, not "no such book"', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'limit-404.md');
    const refused = await hoverThroughLimit(t, '404', '978-2-07-036002-4', "L'Étranger");
    assert.ok(refused.every((r) => r.status === 404));
  }),
);

test('the log never holds the key', step, (t) =>
  s.step(t, async () => {
    assert.match(s.extensionLog(), /POST \/books \(1 ISBN\) → 429 in \d+ ms/);
    assert.match(s.extensionLog(), /POST \/books \(1 ISBN\) → 404 in \d+ ms/);
    s.assertKeysNowhere(Object.values(s.sandbox.keys));
    assertWithinRate(s.sandbox.log, 1);
  }),
);
