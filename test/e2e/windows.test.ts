/**
 * Issue 6, several windows and the daily quota: three VS Code windows (three extension
 * hosts) use one key and each looks up every ISBN of its own file at the same time. They
 * share the plan's rate through the ledger in global storage, so the service sees at most
 * one request a second and never a limit answer. Then the day's quota runs out: one request,
 * one message, the status bar says so, nothing more is sent until the user retries.
 * No file VS Code wrote holds the key.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Catalogue, type Sandbox, startSandbox } from '../sandbox/server';
import { type Page, clearNotifications, dismissHover, hoverText, notifications, openFile, runCommand, waitForNotification } from './harness';
import { assertWithinRate, batchCalls, describeRequests, mark, since } from './sandboxLog';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { enterApiKey, waitForStatus } from './ui';

const WINDOWS = 3;
const PER_FILE = 190;
const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;
/** Where the workspace's own settings try to send the key: it must never hear from us. */
let elsewhere: Sandbox;

/** File i: its own slice of the catalogue, so the windows' batches never overlap. */
function readingList(catalogue: Catalogue, i: number): string {
  const books = catalogue.books.slice(8 + i * PER_FILE, 8 + (i + 1) * PER_FILE);
  return ['# Window ' + (i + 1), '', ...books.map((b, n) => `${n + 1}. ISBN ${b.isbn13}`), ''].join('\n');
}

before(async () => {
  elsewhere = await startSandbox();
  s = await E2eSession.start('windows', {
    open: 'window-1.md',
    settings: { 'isbnLens.batchSize': 100, 'isbnLens.hover.lookupScope': 'hovered' },
    files: (sandbox) => ({
      ...Object.fromEntries(Array.from({ length: WINDOWS }, (_, i) => [`window-${i + 1}.md`, readingList(sandbox.catalogue, i)])),
      'daily.md': readingList(sandbox.catalogue, WINDOWS).split('\n').slice(0, 12).join('\n'),
      // A workspace that tries to redirect the key: application-scoped settings ignore it.
      '.vscode/settings.json': JSON.stringify({ 'isbnLens.plan': 'pro', 'isbnLens.baseUrls': { default: elsewhere.urls.default, pro: elsewhere.urls.pro } }),
    }),
  });
  await enterApiKey(s.page, s.sandbox.keys.default, /works on the default plan/, { viaPalette: true });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
  await elsewhere?.close();
});

test('three windows with one key stay within the plan together: no limit answer', { timeout: 180_000 }, (t) =>
  s.step(t, async () => {
    const pages: Page[] = [s.page];
    for (let i = 1; i < WINDOWS; i++) {
      const page = await s.vscode.openWindow();
      await openFile(page, `window-${i + 1}.md`);
      pages.push(page);
    }
    // Each window is its own extension host: wait until all three have activated.
    await s.vscode.waitForOutput(/Activated in/);
    const from = mark(s.sandbox);
    // All three at once, as three people (or three windows of one) would.
    await Promise.all(pages.map((page) => runCommand(page, 'ISBN Lens: Look Up All ISBNs in File')));
    const summaries = await Promise.all(pages.map((page) => waitForNotification(page, new RegExp(`${PER_FILE} found`), 120_000)));
    for (const summary of summaries) assert.match(summary, new RegExp(`ISBN Lens: ${PER_FILE} found, 0 not found, 0 invalid\\.`));
    await s.shot('three-windows');

    const requests = since(s.sandbox, from);
    const batches = batchCalls(requests);
    t.diagnostic(`requests: ${requests.length}, batches: ${batches.length}\n${describeRequests(requests)}`);
    assert.equal(batches.length, WINDOWS * Math.ceil(PER_FILE / 100), 'each window sent its ISBNs in full batches');
    assert.equal(requests.filter((r) => r.limited || r.status === 429).length, 0, 'a limit answer: the windows did not share the rate');
    assertWithinRate(requests, 1);
    assert.ok(requests.every((r) => r.plan === 'default'), 'the workspace settings changed the plan');
    // The windows really ran at the same time: their batches interleave at the service.
    const windowOf = (body: string) => pages.findIndex((_, i) => s.sandbox.catalogue.books.slice(8 + i * PER_FILE, 8 + (i + 1) * PER_FILE).some((b) => body.includes(b.isbn13)));
    const order = batches.map((r) => windowOf(r.body));
    t.diagnostic(`windows in the order their batches arrived: ${order.map((w) => w + 1).join(' ')}`);
    assert.ok(order.some((w, i) => i > 0 && w !== order[i - 1] && order.slice(i + 1).includes(order[i - 1]!)), 'the windows did not overlap');
  }),
);

test('a spent daily quota: one request, one message, the status bar says so, a retry resumes', step, (t) =>
  s.step(t, async () => {
    await clearNotifications(s.page);
    await openFile(s.page, 'daily.md');
    s.sandbox.exhaustKey(s.sandbox.keys.default, 10 * 60_000, 'daily');
    const from = mark(s.sandbox);
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    const said = await waitForNotification(s.page, /daily request quota of your key is spent/, 30_000);
    // The daily quota comes back at 00:00 UTC: the time, with the date when that is not today.
    const AT = String.raw`(?:[A-Z][a-z]{2} \d{1,2}, \d{4} )?\d\d:\d\d:\d\d`;
    assert.match(said, new RegExp(`Look-ups resume at ${AT}, or run “ISBN Lens: Retry Now”`));
    assert.match(await waitForNotification(s.page, /skipped for quota/), /0 found, 0 not found, 0 invalid, 10 skipped for quota/);
    assert.match(await waitForStatus(s.page, /quota spent until/), new RegExp(`ISBN: quota spent until ${AT}`));
    await s.shot('daily-quota');
    assert.equal(since(s.sandbox, from).length, 1, 'stopped after the first quota answer');
    const quotaToasts = (await notifications(s.page)).filter((n) => /daily request quota/.test(n));
    assert.equal(quotaToasts.length, 1, `said once: ${quotaToasts.join(' | ')}`);

    // Hovers say it too, and send nothing.
    const isbn = s.sandbox.catalogue.books[8 + WINDOWS * PER_FILE]!.isbn13;
    assert.match(await hoverText(s.page, isbn, { contains: 'quota' }), /daily request quota of your key is spent/);
    await dismissHover(s.page);
    assert.equal(since(s.sandbox, from).length, 1, 'a hover sent a request while the quota is spent');

    // The quota is back (a new day, or a plan upgrade): the user retries.
    s.sandbox.exhaustKey(s.sandbox.keys.default, 0);
    await runCommand(s.page, 'ISBN Lens: Retry Now');
    await waitForStatus(s.page, /^ISBN: default$/);
    await clearNotifications(s.page);
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    assert.match(await waitForNotification(s.page, /10 found/, 30_000), /10 found, 0 not found, 0 invalid\./);
  }),
);

test('no file VS Code wrote for the three windows holds the key, and the workspace could not redirect it', step, (t) =>
  s.step(t, async () => {
    assert.deepEqual(elsewhere.log, [], 'a request went where the workspace settings pointed');
    s.assertKeysNowhere(Object.values(s.sandbox.keys));
  }),
);
