/**
 * Issue 5 in a real VS Code: annotate a Markdown and a BibTeX file (one undo takes each back),
 * a quick fix on a mistyped ISBN, and the inline title beside a looked-up ISBN; then the
 * look-ups survive a restart of the window.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { DEMO_BOOKS } from '../sandbox/server';
import { clearNotifications, focusEditor, goTo, hoverText, openFile, quickFixRow, quickInput, runCommand, waitFor, waitForNotification } from './harness';
import { apiRequests, mark, since } from './sandboxLog';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { annotateAgainThenUndo, enterApiKey, waitForStatus } from './ui';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

const MARKDOWN = ['# To read', '', `- ISBN ${DEMO_BOOKS.cProgramming}`, `- ISBN 978-2-07-036002-4 and a typo: ISBN 978-0-13-110362-8`, ''].join('\n');
const BIBTEX = ['% kept as it is', '@book{kr,', '  isbn = {978-0-13-110362-7},', '}', '', '@book{camus,', '  title = "L\'Étranger",', '  isbn  = "9782070360024",', '}', ''].join('\n');

before(async () => {
  s = await E2eSession.start('annotate', { open: 'to-read.md', files: () => ({ 'to-read.md': MARKDOWN, 'refs.bib': BIBTEX }) });
  await enterApiKey(s.page, s.sandbox.keys.default, /works on the default plan/, { viaPalette: true });
  await clearNotifications(s.page);
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

test('Markdown: one command annotates every ISBN, one undo takes it all back', step, (t) =>
  s.step(t, async () => {
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    const note = await waitForNotification(s.page, /ISBN Lens: Annotated/, 30_000);
    t.diagnostic(`summary: ${note}`);
    const annotated = await s.waitForDisk('to-read.md', (text) => text.includes('The C Programming Language'), 'the annotations never reached the file');
    assert.match(annotated, /ISBN 9780131103627 — \*The C Programming Language\* \(Brian W\\?\. Kernighan, Dennis M\\?\. Ritchie; Prentice Hall, 1988\)/);
    assert.match(annotated, /978-2-07-036002-4 — \*L'Étranger\*/);
    assert.match(annotated, /ISBN 978-0-13-110362-8\n/, 'the invalid ISBN is left untouched');
    await s.shot('markdown-annotated');

    // Running it again on the unchanged file changes nothing; one undo takes it all back.
    await annotateAgainThenUndo(s, 'to-read.md', annotated, MARKDOWN);
    await clearNotifications(s.page);
  }),
);

test('a quick fix replaces a mistyped ISBN with the one intended', step, (t) =>
  s.step(t, async () => {
    const line = MARKDOWN.split('\n').findIndex((l) => l.includes('110362-8')) + 1;
    const col = MARKDOWN.split('\n')[line - 1]!.indexOf('978-0-13-110362-8') + 3;
    await goTo(s.page, line, col);
    const fix = await quickFixRow(s.page, 'Change to 978-0-13-110362-7');
    await s.shot('quick-fix-menu');
    await fix.click();
    const fixed = await s.waitForDisk('to-read.md', (text) => text.includes('a typo: ISBN 978-0-13-110362-7'), 'the quick fix did not change the ISBN');
    assert.ok(!fixed.includes('110362-8'));
  }),
);

test('an inline title appears beside an ISBN once its book is known', step, (t) =>
  s.step(t, async () => {
    const title = await waitFor(
      // The editor draws spaces as no-break spaces.
      () => s.page.evaluate(() => Array.from(document.querySelectorAll('.view-line')).map((l) => (l as HTMLElement).innerText.replace(/\u00a0/g, ' ')).find((t) => t.includes('9780131103627') && t.includes('The C Programming Language'))),
      { timeout: 20_000, message: 'no inline title beside ISBN 9780131103627', page: s.page },
    );
    t.diagnostic(`line with inline title: ${title}`);
    await s.shot('inline-title');
  }),
);

test('BibTeX: missing fields are filled as one edit; everything else stays byte for byte', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'refs.bib');
    await clearNotifications(s.page);
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    await quickInput(s.page).pick('Fill missing fields');
    await waitForNotification(s.page, /ISBN Lens: /, 30_000);
    const filled = await s.waitForDisk('refs.bib', (text) => text.includes('publisher'), 'no field was filled');
    assert.ok(filled.startsWith('% kept as it is\n@book{kr,\n  isbn = {978-0-13-110362-7},\n'), filled);
    assert.match(filled, /author\s*=\s*\{Kernighan, Brian W\. and Ritchie, Dennis M\.\}/);
    assert.match(filled, /title\s*=\s*\{The C Programming Language\}/);
    assert.match(filled, /title = "L'Étranger",\n  isbn  = "9782070360024",/, 'the existing title is kept as it was');
    assert.match(filled, /year\s*=\s*"?\{?\d{4}/);
    await s.shot('bibtex-filled');
    await focusEditor(s.page);
    await s.page.keyboard.press('Control+Z');
    assert.equal(await s.waitForDisk('refs.bib', (text) => !text.includes('publisher'), 'one undo did not take the fields back'), BIBTEX);
  }),
);

test('the look-ups survive a restart: after a reload a hover needs no request', step, (t) =>
  s.step(t, async () => {
    // The cache is written to global storage a moment after the last answer.
    const cacheFile = await waitFor(() => [...s.userDataFiles().keys()].find((f) => f.endsWith('book-cache.json') && s.userDataFiles().get(f)!.includes('9780131103627')), {
      timeout: 15_000,
      message: 'the look-up cache never reached global storage',
      page: s.page,
    });
    t.diagnostic(`cache file: ${cacheFile}`);
    await s.vscode.reloadWindow();
    await openFile(s.page, 'to-read.md');
    const from = mark(s.sandbox);
    const text = await hoverText(s.page, '9780131103627', { contains: 'The C Programming Language' });
    assert.match(text, /Brian W\. Kernighan, Dennis M\. Ritchie/);
    assert.deepEqual(apiRequests(since(s.sandbox, from)), [], 'the hover after a restart asked the service again');
    await s.shot('after-restart');
  }),
);

test('a settings change applies without a reload', step, (t) =>
  s.step(t, async () => {
    // As a user would: open the user settings JSON, change the plan, save.
    const file = path.join(s.vscode.userDataDir, 'User', 'settings.json');
    const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    await runCommand(s.page, 'Preferences: Open User Settings (JSON)');
    // VS Code 1.139 may open it in a tab or in a modal editor: click into its text either way.
    const firstLine = s.page.locator('.monaco-editor .view-line').filter({ hasText: 'telemetry.telemetryLevel' }).first();
    await firstLine.waitFor({ timeout: 15_000 });
    await firstLine.click();
    await s.page.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify({ ...settings, 'isbnLens.plan': 'premium' }, null, 2));
    await s.page.keyboard.press('Control+A');
    await s.page.keyboard.press('Control+V');
    await s.page.keyboard.press('Control+S');
    await waitFor(() => fs.readFileSync(file, 'utf8').includes('"premium"') || undefined, { timeout: 15_000, message: 'the settings were not saved', page: s.page });
    assert.equal(await waitForStatus(s.page, /^ISBN: premium$/, 20_000), 'ISBN: premium');
    t.diagnostic('status bar: ISBN: premium, without a reload');
  }),
);
