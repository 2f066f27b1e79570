/**
 * Issue 38 in VS Code for the Web: the same .vsix's browser build in code-server's web-worker
 * extension host (citeproc-js and the bundled styles inlined in dist/web/extension.js). With no
 * key, the hover over an ISBN shows Open Library's book with its APA reference line and a Copy
 * link, and the hover over a Pandoc citation key shows its entry's reference (the workspace's .bib
 * read through workspace.fs). The engine is built in a Worker nested in the extension host's
 * (core/host/citationEngines.browser.ts): the workbench lists it as "ExtensionHostWorker -> <id>".
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEMO_BOOKS } from '../sandbox/server';
import { dismissHover, hoverText, openFile } from './harness';
import { E2eSession, EXTENSION_ID, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

const SHELF = ['# Shelf', '', `- The C book: ISBN ${DEMO_BOOKS.cProgramming}`, ''].join('\n');
const PAPER = ['# Paper', '', 'As [@lovelace, p. 3] wrote.', ''].join('\n');
const LIBRARY = ['@misc{lovelace,', '  author = {Lovelace, Ada},', '  title  = {Notes on the Analytical Engine},', '  year   = {1843},', '}', ''].join('\n');

before(async () => {
  s = await E2eSession.start('browser-citation', {
    web: true,
    open: 'shelf.md',
    sources: 'all',
    settings: { 'isbnLens.sources': ['openLibrary'] },
    files: () => ({ 'shelf.md': SHELF, 'paper.md': PAPER, 'library.bib': LIBRARY }),
  });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

test('in the web worker, the hover over an ISBN shows the APA reference line with a Copy link', step, (t) =>
  s.step(t, async () => {
    const where = s.vscode.workerConsole().find((l) => l.includes(`pickRunningLocation for ${EXTENSION_ID}`));
    assert.match(where ?? '', /=> LocalWebWorker/, 'the workbench did not put ISBN Lens in the web worker');
    await openFile(s.page, 'shelf.md');
    // The first hover has the processor made after it; a later one shows the line.
    const hover = await hoverText(s.page, DEMO_BOOKS.cProgramming, { contains: /APA: Kernighan, B\. W\., & Ritchie, D\. M\. \(1988\)\. The C Programming Language/, timeout: 60_000 });
    t.diagnostic(`hover: ${hover}`);
    assert.match(hover, /Source: Open Library/);
    assert.match(hover, /Copy/);
    // The workbench names its workers (ExtensionHostWorker, editorWorkerService, TextMateWorker…), and one the extension host starts "ExtensionHostWorker -> <id>".
    const names = await Promise.all(s.page.workers().map((w) => w.evaluate(() => (self as unknown as { name?: string }).name ?? '').catch(() => '?')));
    t.diagnostic(`workers: ${JSON.stringify(names)}`);
    assert.ok(names.includes('ExtensionHostWorker'), 'the extension host worker is listed');
    assert.ok(names.some((n) => n.startsWith('ExtensionHostWorker -> ')), 'no citation worker nested in the extension host');
    await s.shot('browser-reference-hover');
    await dismissHover(s.page);
  }),
);

test("in the web worker, the hover over a citation key shows its entry's APA reference", step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'paper.md');
    const hover = await hoverText(s.page, '@lovelace', { contains: 'APA: Lovelace, A. (1843). Notes on the Analytical Engine.', timeout: 30_000 });
    t.diagnostic(`hover: ${hover}`);
    await dismissHover(s.page);
  }),
);
