/**
 * The real service (ISBNdb API v2 beyond the spec) in a real VS Code: the sandbox in its
 * real mode answers GET /key. A key of another plan is named as such and one click switches
 * `isbnLens.plan` in the user settings; the status bar's tooltip shows today's quota; the key
 * goes only to the configured addresses.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { clearNotifications, clickNotificationButton, waitFor, waitForNotification } from './harness';
import { mark, since } from './sandboxLog';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { enterApiKey, waitForStatus } from './ui';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

before(async () => {
  s = await E2eSession.start('real-service', { open: 'reading-list.md' });
  s.sandbox.setMode('real');
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

function userSettings(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(s.vscode.userDataDir, 'User', 'settings.json'), 'utf8')) as Record<string, unknown>;
}

test('a key of another plan: the message names its plan and one click switches "isbnLens.plan"', step, (t) =>
  s.step(t, async () => {
    assert.equal(userSettings()['isbnLens.plan'], 'default');
    const from = mark(s.sandbox);
    const note = await enterApiKey(s.page, s.sandbox.keys.premium, /The key belongs to the premium plan/, { viaPalette: true });
    assert.match(note, /API key saved\. The key belongs to the premium plan, but “isbnLens\.isbndb\.plan” is default/);
    await s.shot('other-plan-offer');
    // Until the user chose, the key went to the configured (default) address only, and only to ask GET /key.
    const before = since(s.sandbox, from);
    assert.ok(before.length > 0 && before.every((r) => r.plan === 'default' && r.path === '/key'), JSON.stringify(before.map((r) => [r.plan, r.path])));
    await clickNotificationButton(s.page, /The key belongs to the premium plan/, 'Switch to premium');
    const switched = await waitForNotification(s.page, /switched to the premium plan/);
    assert.match(switched, /Today's quota: 5,000 of 5,000 calls left today \(0 spent\)\./);
    await waitFor(() => userSettings()['isbnLens.plan'] === 'premium', { timeout: 10_000, message: 'isbnLens.plan was not switched in the user settings', page: s.page });
    assert.equal(await waitForStatus(s.page, /^ISBN: premium$/), 'ISBN: premium');
    assert.ok(since(s.sandbox, from).every((r) => r.plan === 'default' || r.plan === 'premium'), 'no other host got the key');
    await clearNotifications(s.page);
  }),
);

test('the status bar\'s tooltip shows today\'s quota, counted per ISBN', step, (t) =>
  s.step(t, async () => {
    const key = s.sandbox.keys.premium;
    s.sandbox.setQuota(key, 5000, 1234);
    // Set API Key reads GET /key again and says the quota in its message.
    const note = await enterApiKey(s.page, key, /It works on the premium plan/, { viaPalette: true });
    assert.match(note, /Today's quota: 3,766 of 5,000 calls left today \(1,234 spent\)\./);
    const tooltip = await waitFor(async () => {
      await s.page.locator('.part.statusbar .statusbar-item a[aria-label^="ISBN Lens:"]').first().hover();
      const text = await s.page.evaluate(() =>
        Array.from(document.querySelectorAll('.monaco-hover, .workbench-hover, .monaco-hover-content'))
          .map((e) => (e as HTMLElement).innerText)
          .find((x) => x.includes('Quota:')),
      );
      return text;
    }, { timeout: 10_000, message: 'the status bar tooltip never showed the quota', page: s.page });
    assert.match(tooltip, /Quota: 3,766 of 5,000 calls left today \(1,234 spent\)\./);
    await s.shot('quota-tooltip');
    await s.page.mouse.move(10, 10);
    await clearNotifications(s.page);
  }),
);
