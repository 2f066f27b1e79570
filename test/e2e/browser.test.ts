/**
 * Issue 22 in a real VS Code for the Web: the same .vsix, its browser build (package.json's
 * "browser") run in code-server's web-worker extension host, as on vscode.dev and github.dev.
 * It proves where it runs (the workbench's `=> LocalWebWorker` line), then, with no key: a hover
 * on an ISBN of samples/reading-list.md shows the book, its cover (inlined) and its source (Open
 * Library, asked with plain GETs: no preflight, no User-Agent of ours), and Look Up All keeps to
 * 1 request/s to Open Library in batches of at most 25; Look Up ISBN on a typed ISBN shows Open
 * Library's book in the details dialog; Look Up Author lists the books of Open Library's author
 * search (/search.json?author=), one of which is copied; Insert Bibliography Entry for ISBN writes
 * an @book entry with the book's title into a .bib file, the entry before it kept byte for byte;
 * with googleBooks added to isbnLens.sources (the user settings JSON, edited as a user would), a
 * hover on a book only Google Books knows shows it and "Source: Google Books". With a key for a
 * book service that sends no cross-origin permission: one plain message, no retry in a loop, the
 * keyless books still shown.
 * Once the service allows browsers: its books and covers, a cite key through the workspace's .bib
 * (read through workspace.fs), Annotate on Markdown, Look Up All within the plan's rate.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { DEMO_BOOKS, KEYLESS_DEMO, type KeylessLoggedRequest } from '../sandbox/server';
import { maxInWindow } from '../helpers/windows';
import { REPO_ROOT, clearNotifications, dismissHover, goTo, hoverText, notifications, openFile, quickInput, runCommand, sleep, waitFor, waitForNotification } from './harness';
import { manyIsbnsMarkdown } from './fixtures';
import { apiRequests, assertWithinRate, batchCalls, describeRequests, isCover, mark, since, waitForRequests } from './sandboxLog';
import { E2eSession, EXTENSION_ID, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { FINDER_FORMS, clickDialogButton, enterApiKey, hoverFinderForms, hoverImages, hoverWithCover, lookUpAuthorAndCopyIsbn, waitForDialog, waitForStatus } from './ui';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

const MANY = { found: 190, notFound: 10, invalid: 0 };
const BLOCKED = 'The book service does not accept requests from VS Code for the Web; the desktop app can use it.';
const SAMPLE = fs.readFileSync(path.join(REPO_ROOT, 'samples', 'reading-list.md'), 'utf8');
const PAPER = ['# Paper', '', 'As [@kr, p. 3] shows.', ''].join('\n');
const LIBRARY = ['@book{kr,', '  title = {The C Programming Language},', '  isbn  = {0-13-110362-8},', '}', ''].join('\n');
const TO_READ = ['# To read', '', `- ISBN ${DEMO_BOOKS.cProgramming}`, '- ISBN 978-2-07-036002-4 and a typo: ISBN 978-0-13-110362-8', ''].join('\n');
const NEW_BIB = ['@book{existing,', '  title = {Already Here},', '  year  = {2001},', '}', ''].join('\n');
const GOOGLE = ['# Google', '', `- Google Books only: ISBN ${KEYLESS_DEMO.googleBooksOnly}`, ''].join('\n');
const SHELF = ['# Shelf', '', `- Open Library only: ISBN ${KEYLESS_DEMO.openLibraryOnly}`, `- The book service only: ISBN ${KEYLESS_DEMO.serviceOnly}`, ''].join('\n');

before(async () => {
  s = await E2eSession.start('browser', {
    web: true,
    open: 'sample.md',
    // The book service (while a key is set), then Open Library; one step adds Google Books and puts this back.
    sources: 'all',
    settings: { 'isbnLens.sources': ['isbndb', 'openLibrary'] },
    viewport: { width: 1400, height: 1400 },
    files: (sandbox) => ({
      'sample.md': SAMPLE,
      'shelf.md': SHELF,
      'paper.md': PAPER,
      'library.bib': LIBRARY,
      'to-read.md': TO_READ,
      'many.md': manyIsbnsMarkdown(sandbox.catalogue, MANY).text,
      'new.bib': NEW_BIB,
      'google.md': GOOGLE,
      'forms.md': FINDER_FORMS.markdown,
    }),
  });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

const openLibrary = (): KeylessLoggedRequest[] => s.sandbox.keyless.log.filter((r) => r.host === 'openLibrary');

/** Sets isbnLens.sources as a user would: the user settings JSON edited and saved; the status bar follows without a reload. */
async function setSources(sources: string[]): Promise<void> {
  const file = path.join(s.vscode.userDataDir, 'User', 'settings.json');
  const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  await runCommand(s.page, 'Preferences: Open User Settings (JSON)');
  // VS Code may open it in a tab or in a modal editor: click into its text either way.
  const line = s.page.locator('.monaco-editor .view-line').filter({ hasText: 'telemetry.telemetryLevel' }).first();
  await line.waitFor({ timeout: 15_000 });
  await line.click();
  await s.page.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify({ ...settings, 'isbnLens.sources': sources }, null, 2));
  await s.page.keyboard.press('Control+A');
  await s.page.keyboard.press('Control+V');
  await s.page.keyboard.press('Control+S');
  const saved = (): boolean => JSON.stringify((JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)['isbnLens.sources']) === JSON.stringify(sources);
  await waitFor(() => saved() || undefined, { timeout: 15_000, message: 'the settings were not saved', page: s.page });
  // Closed once saved (code-server opens it in a modal editor, over the one the steps use). The file on
  // disk is written before the workbench hears that the save is done: on a busy machine it may still
  // call the editor dirty (the window title's `●`), and closing it would then ask to save.
  await waitFor(async () => !(await s.page.title()).startsWith('\u25cf') || undefined, { timeout: 10_000, message: 'the settings editor stayed dirty', page: s.page });
  await sleep(500);
  await s.page.keyboard.press('Control+W');
  const asked = await waitForDialog(s.page, 'Do you want to save', 2000).catch(() => undefined);
  if (asked !== undefined) await clickDialogButton(s.page, 'Save'); // what it saves is already on disk
  await line.waitFor({ state: 'hidden', timeout: 10_000 });
}

test('runs in the browser\'s web-worker extension host, from the browser build', step, (t) =>
  s.step(t, async () => {
    const where = s.vscode.workerConsole().find((l) => l.includes(`pickRunningLocation for ${EXTENSION_ID}`));
    t.diagnostic(`workbench: ${where}`);
    assert.match(where ?? '', /=> LocalWebWorker/, 'the workbench did not put ISBN Lens in the web worker');
    // The Node extension host never activated it: its log names no activation of ours.
    assert.doesNotMatch(s.vscode.exthostLog(), new RegExp(`_doActivateExtension ${EXTENSION_ID}`, 'i'));
    assert.ok(s.activationMs >= 0, 'the "Activated" line came from the worker\'s console');
    assert.equal(await waitForStatus(s.page, /^ISBN: Open Library$/), 'ISBN: Open Library');
  }),
);

test('no key: a hover on an ISBN of samples/reading-list.md shows the book, its cover and its source', step, (t) =>
  s.step(t, async () => {
    const text = await hoverWithCover(s.page, '978-0-13-110362-7', 'Source: Open Library');
    t.diagnostic(`hover: ${text}`);
    assert.match(text, /The C Programming Language/);
    assert.match(text, /Source: Open Library/);
    const images = await hoverImages(s.page);
    assert.ok(images.some((i) => i.shown && i.src.startsWith('data:image/')), 'the cover is inlined');
    await s.shot('keyless-hover-in-browser');
    const asked = openLibrary();
    assert.ok(asked.some((r) => r.path === '/api/books'), 'Open Library was not asked');
    for (const r of asked) {
      assert.notEqual(r.method, 'OPTIONS', 'a preflight went to Open Library: a request carried a custom header');
      assert.doesNotMatch(r.headers['user-agent'] ?? '', /ISBNLens/, 'a browser cannot name ISBN Lens in User-Agent');
      assert.equal(r.headers.authorization, undefined);
      assert.equal(r.refused, undefined, `${r.path} was refused (${r.refused})`);
    }
    assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
    await dismissHover(s.page);
  }),
);

test('the forms the finder learnt from real documents (Arabic-Indic digits, an amzn.com link, escaped hyphens, an EDIFACT line, a PICA+ field, a barcode with its add-on, a price typed on): a hover on each shows the book in the web worker too', step, (t) =>
  s.step(t, async () => {
    t.diagnostic(`hovers: ${(await hoverFinderForms(s.page, 'forms.md')).join(' | ')}`);
  }),
);

test('no key: Look Up All asks Open Library at most once a second, at most 25 ISBNs a request', step, (t) =>
  s.step(t, async () => {
    const from = openLibrary().length;
    await openFile(s.page, 'many.md');
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    const note = await waitForNotification(s.page, /ISBN Lens: \d+ found/, 60_000);
    t.diagnostic(`summary: ${note}`);
    const books = openLibrary().slice(from).filter((r) => r.path === '/api/books');
    const asked = books.reduce((n, r) => n + (r.bibkeyCount ?? 0), 0);
    const gaps = books.slice(1).map((r, i) => Math.round(r.time - books[i]!.time));
    t.diagnostic(`${books.length} Books API requests for ${asked} ISBNs; gaps (ms): ${gaps.join(', ')}`);
    assert.ok(asked >= MANY.found + MANY.notFound, `Open Library was asked ${asked} ISBNs`);
    assert.ok(books.every((r) => (r.bibkeyCount ?? 0) <= 25), 'a request of more than 25 ISBNs');
    assert.ok(maxInWindow(openLibrary().map((r) => r.time), 1000) <= 1, 'two requests to Open Library within a second');
    assert.ok(openLibrary().every((r) => r.refused === undefined), 'Open Library refused a request');
    await clearNotifications(s.page);
  }),
);

test('no key: Look Up ISBN on an ISBN typed in shows the book from Open Library', step, (t) =>
  s.step(t, async () => {
    const from = openLibrary().length;
    await runCommand(s.page, 'ISBN Lens: Look Up ISBN');
    const qi = quickInput(s.page);
    await qi.waitPrompt('ISBN Lens: Look Up ISBN');
    // The sandbox's Open Library (and Google Books, not asked here) know "Catalogues Compared"; the book service does not.
    await qi.fill(KEYLESS_DEMO.keylessBoth);
    await qi.accept();
    const details = await waitForDialog(s.page, 'Catalogues Compared', 30_000);
    t.diagnostic(`details: ${details}`);
    assert.match(details, /Priya Raman/);
    await s.shot('look-up-isbn-in-browser');
    await s.page.keyboard.press('Escape');
    const asked = openLibrary().slice(from).filter((r) => r.path === '/api/books');
    assert.ok(asked.some((r) => decodeURIComponent(r.query).includes(KEYLESS_DEMO.keylessBoth)), 'Open Library was not asked for it');
    assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
  }),
);

test('no key: Look Up Author lists the books of Open Library\'s author search', step, (t) =>
  s.step(t, async () => {
    const from = openLibrary().length;
    // The sandbox's Open Library lists "The Open Shelf" by Ada Whitlock (KEYLESS_DEMO.openLibraryOnly).
    await lookUpAuthorAndCopyIsbn(s.page, 'Ada Whitlock', 'The Open Shelf', KEYLESS_DEMO.openLibraryOnly);
    const search = openLibrary().slice(from).filter((r) => r.path === '/search.json');
    assert.equal(search.length, 1, 'one author search');
    assert.match(decodeURIComponent(search[0]!.query), /author=Ada Whitlock/);
    assert.ok(search.every((r) => r.method === 'GET' && r.refused === undefined), 'the author search was not a plain GET Open Library answered');
    assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
    await clearNotifications(s.page);
  }),
);

test('no key: Insert Bibliography Entry for ISBN writes an @book entry into a .bib file', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'new.bib');
    await goTo(s.page, 5, 1);
    await clearNotifications(s.page);
    await runCommand(s.page, 'ISBN Lens: Insert Bibliography Entry for ISBN');
    const qi = quickInput(s.page);
    await qi.waitPrompt('An ISBN-10 or ISBN-13');
    await qi.fill(KEYLESS_DEMO.twoIsbn13);
    await qi.accept();
    const note = await waitForNotification(s.page, /ISBN Lens: inserted @book\{[^}]+\} for “Two Formats”/, 30_000);
    t.diagnostic(note);
    const written = await s.waitForDisk('new.bib', (text) => text.includes('Two Formats'), 'the entry never reached the file');
    t.diagnostic(written);
    assert.ok(written.startsWith(NEW_BIB), 'the existing entry is kept byte for byte');
    assert.match(written, /@book\{[^,\s]+,[^@]*title\s*=\s*\{Two Formats\}/);
    assert.match(written, /author\s*=\s*\{Oswin, Clara\}/);
    assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
    await clearNotifications(s.page);
  }),
);

test('no key, Google Books among the sources: a hover on a book only Google knows shows it and names its source', step, (t) =>
  s.step(t, async () => {
    await setSources(['isbndb', 'openLibrary', 'googleBooks']);
    await openFile(s.page, 'google.md');
    const from = s.sandbox.keyless.log.length;
    const text = await hoverText(s.page, KEYLESS_DEMO.googleBooksOnly, { contains: 'Source: Google Books', timeout: 30_000 });
    t.diagnostic(`hover: ${text}`);
    assert.match(text, /Searching the Stacks/);
    assert.match(text, /Ada Whitlock/);
    await s.shot('google-books-hover-in-browser');
    const google = s.sandbox.keyless.log.slice(from).filter((r) => r.host === 'googleBooks');
    assert.ok(google.some((r) => r.path === '/books/v1/volumes'), 'Google Books was not asked');
    for (const r of google) assert.notEqual(r.method, 'OPTIONS', 'a preflight went to Google Books');
    assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
    await dismissHover(s.page);
    // Back to the session's sources: the steps after this one see only the book service and Open Library.
    await setSources(['isbndb', 'openLibrary']);
  }),
);

test('a key for a book service that refuses browsers: one plain message, no retry in a loop, the keyless books still shown', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'shelf.md');
    const from = mark(s.sandbox);
    await enterApiKey(s.page, s.sandbox.keys.default, new RegExp(BLOCKED.replace(/[.;]/g, '\\$&')), { viaPalette: true });
    const text = await hoverText(s.page, KEYLESS_DEMO.openLibraryOnly, { contains: 'Source: Open Library', timeout: 30_000 });
    t.diagnostic(`hover: ${text}`);
    assert.equal(await waitForStatus(s.page, /service refused by browser/), 'ISBN: service refused by browser');
    await s.shot('service-refused');
    // What reached the service: preflights only (the browser sent no request with the key), a few, not a stream.
    await sleep(5000);
    const reached = since(s.sandbox, from);
    t.diagnostic(`the service saw: ${reached.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    assert.ok(reached.length > 0 && reached.every((r) => r.method === 'OPTIONS'), 'only preflights reach a service without cross-origin permission');
    assert.ok(reached.length <= 3, `${reached.length} preflights: the extension retried`);
    const shown = await notifications(s.page);
    const said = shown.filter((n) => n.includes(BLOCKED));
    assert.equal(said.length, 1, `said ${said.length} times`);
    assert.ok(!shown.some((n) => n.includes('checking the key')), `the key check is still running: ${shown.join(' | ')}`);
    await clearNotifications(s.page);
    await dismissHover(s.page);
  }),
);

test('once the service allows browsers: its books, and its covers inlined, the key only in Authorization', step, (t) =>
  s.step(t, async () => {
    s.sandbox.setCors('allow');
    const from = mark(s.sandbox);
    await runCommand(s.page, 'ISBN Lens: Retry Now');
    const only = await hoverText(s.page, KEYLESS_DEMO.serviceOnly, { contains: 'Source: ISBNdb', timeout: 30_000 });
    t.diagnostic(`hover: ${only}`);
    assert.doesNotMatch(only, /does not accept requests/);
    await dismissHover(s.page);
    await openFile(s.page, 'to-read.md');
    const text = await hoverWithCover(s.page, DEMO_BOOKS.cProgramming, 'The C Programming Language');
    assert.match(text, /Brian W\. Kernighan/);
    await s.shot('hover-in-browser');
    const sent = since(s.sandbox, from);
    const posts = batchCalls(sent);
    assert.ok(posts.length >= 1, `no POST /books:\n${describeRequests(sent)}`);
    for (const p of posts) assert.equal(p.headers.authorization, s.sandbox.keys.default, 'the key goes in Authorization');
    for (const c of sent.filter(isCover)) assert.equal(c.headers.authorization, undefined, 'a cover is fetched without the key');
    for (const r of sent) assert.ok(!r.query.includes(s.sandbox.keys.default), 'the key is never in an address');
    await dismissHover(s.page);
  }),
);

test('a cite key in Markdown shows the book of its entry in the workspace\'s .bib', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'paper.md');
    const hover = await hoverText(s.page, '@kr', { contains: 'Kernighan', timeout: 30_000 });
    t.diagnostic(`hover: ${hover}`);
    assert.match(hover, /Cite key kr in library\.bib:1/);
    await dismissHover(s.page);
  }),
);

test('Annotate on a Markdown file writes each book after its ISBN', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'to-read.md');
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    await waitForNotification(s.page, /ISBN Lens: Annotated/, 30_000);
    const annotated = await s.waitForDisk('to-read.md', (text) => text.includes('— *L'), 'the annotations never reached the file');
    assert.match(annotated, /ISBN 9780131103627 — \*The C Programming Language\*/);
    assert.match(annotated, /978-2-07-036002-4 — \*L'Étranger\*/);
    assert.match(annotated, /ISBN 978-0-13-110362-8\n/, 'the invalid ISBN is left untouched');
    await clearNotifications(s.page);
  }),
);

test('Look Up All with the key keeps to the plan\'s rate (one tab, its own count)', step, (t) =>
  s.step(t, async () => {
    const from = mark(s.sandbox);
    await openFile(s.page, 'many.md');
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    const note = await waitForNotification(s.page, /190 found, 10 not found/, 60_000);
    t.diagnostic(`summary: ${note}`);
    const sent = await waitForRequests(s.sandbox, from, (r) => batchCalls(r).reduce((n, b) => n + (b.isbnCount ?? 0), 0) >= MANY.found + MANY.notFound, 'the batches of 200 ISBNs', 30_000);
    assertWithinRate(apiRequests(sent).filter((r) => r.method !== 'OPTIONS'), 1);
    assert.ok(sent.every((r) => !r.limited), 'a request was over the limit');
    await waitFor(async () => !(await notifications(s.page)).some((n) => n.includes('Looking up')), { timeout: 10_000, page: s.page, message: 'the progress stayed' }).catch(() => undefined);
  }),
);
