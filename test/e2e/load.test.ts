/**
 * Issue 6, load: a file with 10,000 unique ISBNs on the pro plan (5 requests/s, batch 100)
 * is looked up in ⌈10,000 ÷ 100⌉ requests within the plan's rate and no limit answer; typing
 * latency before and during the look-up is printed (a figure, not an assertion). Cancel
 * stops a long look-up at once.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Page, clearNotifications, clickNotificationButton, focusEditor, notifications, openFile, runCommand, waitFor, waitForNotification } from './harness';
import { check13 } from '../sandbox/isbn';
import { manyIsbnsMarkdown } from './fixtures';
import { assertWithinRate, batchCalls, mark, since } from './sandboxLog';
import { E2eSession, SESSION_TIMEOUT_MS } from './session';
import { enterApiKey } from './ui';

const TOTAL = 10_000;
let s: E2eSession;

before(async () => {
  s = await E2eSession.start('load', {
    open: 'ten-thousand.md',
    settings: { 'isbnLens.plan': 'pro', 'isbnLens.batchSize': 100, 'isbnLens.hover.lookupScope': 'hovered' },
    files: (sandbox) => ({
      'ten-thousand.md': manyIsbnsMarkdown(sandbox.catalogue, { found: 500, notFound: TOTAL - 500, invalid: 0 }).text,
      'three-thousand.md': threeThousand(),
    }),
  });
  await enterApiKey(s.page, s.sandbox.keys.pro, /works on the pro plan/, { viaPalette: true });
  await clearNotifications(s.page);
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

/** 3,000 valid ISBNs of another registrant (978-0-8044), none looked up before. */
function threeThousand(): string {
  return Array.from({ length: 3000 }, (_, i) => {
    const first12 = `97808044${String(i).padStart(4, '0')}`;
    return `- ISBN ${first12}${check13(first12)}`;
  }).join('\n');
}

/** Milliseconds from a key press to the character on screen, for `count` presses (median, max). */
async function typingLatency(page: Page, count = 15): Promise<{ median: number; max: number }> {
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = await firstLine(page);
    const t0 = performance.now();
    await page.keyboard.type('z');
    await waitFor(async () => (await firstLine(page)) !== before, { timeout: 5000, interval: 2, message: 'a typed character never appeared', page });
    times.push(performance.now() - t0);
  }
  for (let i = 0; i < count; i++) await page.keyboard.press('Backspace');
  times.sort((a, b) => a - b);
  return { median: Math.round(times[Math.floor(count / 2)]!), max: Math.round(times.at(-1)!) };
}

const firstLine = (page: Page) => page.evaluate(() => (document.querySelector('.view-lines .view-line') as HTMLElement | null)?.innerText ?? '');

test('10,000 ISBNs in ⌈10,000 ÷ 100⌉ requests at the plan\'s rate, no 429; typing stays quick', { timeout: 240_000 }, (t) =>
  s.step(t, async () => {
    const baseline = await typingLatency(s.page);
    const from = mark(s.sandbox);
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    await waitFor(() => batchCalls(since(s.sandbox, from)).length >= 5 || undefined, { timeout: 60_000, message: 'the look-up did not get going', page: s.page });
    const during = await typingLatency(s.page);
    const summary = await waitForNotification(s.page, /500 found/, 120_000);
    assert.match(summary, new RegExp(`500 found, ${TOTAL - 500} not found, 0 invalid\\.`));
    const requests = since(s.sandbox, from);
    const batches = batchCalls(requests);
    t.diagnostic(`typing latency: before ${baseline.median} ms median (max ${baseline.max}), during the look-up ${during.median} ms median (max ${during.max})`);
    t.diagnostic(`requests: ${batches.length} batches over ${((batches.at(-1)!.time - batches[0]!.time) / 1000).toFixed(1)} s`);
    assert.equal(batches.length, TOTAL / 100);
    assert.equal(new Set(batches.flatMap((r) => r.body.slice('isbns='.length).split(','))).size, TOTAL, 'each ISBN sent once');
    assert.equal(requests.filter((r) => r.limited || r.status === 429).length, 0);
    assertWithinRate(requests, 5);
    await s.shot('ten-thousand-done');
    await clearNotifications(s.page);
  }),
);

test('cancel stops a long look-up at once', { timeout: 120_000 }, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'three-thousand.md');
    const from = mark(s.sandbox);
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    await waitFor(() => batchCalls(since(s.sandbox, from)).length >= 5 || undefined, { timeout: 60_000, message: 'the look-up did not get going', page: s.page });
    // A click that lands while the toast re-renders its progress can go unseen (a CI run under
    // load): while the look-up still shows its progress and has not said it is cancelled,
    // Cancel is clicked again, at most twice.
    let cancelledAt = 0;
    for (let click = 1; ; click++) {
      await clickNotificationButton(s.page, /looking up 3000 ISBNs/, 'Cancel');
      cancelledAt = Date.now();
      await new Promise((r) => setTimeout(r, 2500));
      const shown = await notifications(s.page);
      if (click === 3 || shown.some((n) => /look-up cancelled/.test(n)) || !shown.some((n) => /looking up 3000 ISBNs/.test(n))) break;
      t.diagnostic(`cancel: click ${click} was not taken, clicking again`);
    }
    await waitForNotification(s.page, /look-up cancelled/, 10_000);
    // Wait as long as ten more requests would take, then count what came after the cancel.
    await new Promise((r) => setTimeout(r, 2000));
    const sent = batchCalls(since(s.sandbox, from));
    const after = sent.filter((r) => r.time > cancelledAt + 250).length;
    t.diagnostic(`cancel: ${sent.length - after} batches before it, ${after} after it`);
    assert.equal(after, 0, 'requests went on after the cancel');
    assert.ok(sent.length < 30, `${sent.length} of 30 batches were sent`);
  }),
);
