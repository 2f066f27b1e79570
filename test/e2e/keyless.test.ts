/**
 * No key at all, in a real VS Code with the packaged extension and the default sources: the
 * sandbox's Open Library and Google Books answer. A hover shows an Open Library book with its
 * source named and its cover; a book only Google Books knows; a merged book (Open Library's
 * record, Google's description); a book nobody knows names the sources asked and says the book
 * service may know more; "Look Up All" on 120 ISBNs asks Open Library in batches of at most 25
 * at most 3 a second, and Google Books, one at a time at most 1 a second, only for the ISBNs Open
 * Library lacks. No key prompt opens, every request names ISBN Lens in its User-Agent and carries
 * no key, and the log names the source of each request.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { KEYLESS_DEMO, type KeylessLoggedRequest } from '../sandbox/server';
import { maxInWindow } from '../helpers/windows';
import { clearNotifications, dismissHover, hoverText, notifications, openFile, quickInput, runCommand, waitForNotification } from './harness';
import { manyIsbnsMarkdown, type ManyIsbns } from './fixtures';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { FINDER_FORMS, hoverFinderForms, hoverWithCover, lookUpAuthorAndCopyIsbn, waitForDialog, waitForStatus } from './ui';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;
let many: ManyIsbns;

/** A 979-9 ISBN-13 with its check digit right: no agency has that group yet, so no range data holds it. */
const RANGELESS = '9799012345674';

const DEMO_FILE = [
  '# Keyless',
  '',
  `- Open Library only: ISBN ${KEYLESS_DEMO.openLibraryOnly}`,
  `- Google Books only: ISBN ${KEYLESS_DEMO.googleBooksOnly}`,
  `- Both, merged: ISBN ${KEYLESS_DEMO.keylessBoth}`,
  `- Nobody: ISBN ${KEYLESS_DEMO.unknown}`,
  `- In no range ISBN Lens knows (a test's number): ISBN ${RANGELESS}`,
  '',
].join('\n');

const BIBTEX = `@book{shelf,\n  isbn = {${KEYLESS_DEMO.openLibraryOnly}},\n}\n`;
const PAPER = ['\\documentclass{article}', '\\begin{document}', 'As shown in \\cite{shelf}.', '\\bibliography{refs}', '\\end{document}', ''].join('\n');

before(async () => {
  s = await E2eSession.start('keyless', {
    open: 'keyless.md',
    // Open Library and Google Books, as the defaults were before the library catalogues (issue 37,
    // test/e2e/catalogues.test.ts); the book service is skipped while no key is set.
    sources: 'all',
    // One ISBN per hover: each step sees the requests of its own book.
    settings: { 'isbnLens.hover.lookupScope': 'hovered', 'isbnLens.sources': ['isbndb', 'openLibrary', 'googleBooks'] },
    viewport: { width: 1400, height: 1200 },
    files: (sandbox) => {
      many = manyIsbnsMarkdown(sandbox.catalogue, { found: 120, notFound: 0, invalid: 0 });
      return { 'keyless.md': DEMO_FILE, 'many.md': many.text, 'refs.bib': BIBTEX, 'paper.tex': PAPER, 'forms.md': FINDER_FORMS.markdown };
    },
  });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

const keylessLog = (): KeylessLoggedRequest[] => s.sandbox.keyless.log;
const booksApi = (log: readonly KeylessLoggedRequest[]) => log.filter((r) => r.host === 'openLibrary' && r.path === '/api/books');
const volumes = (log: readonly KeylessLoggedRequest[]) => log.filter((r) => r.host === 'googleBooks' && r.path === '/books/v1/volumes');
const askedOfGoogle = (r: KeylessLoggedRequest) => /q=isbn:(\w+)/.exec(decodeURIComponent(r.query))?.[1] ?? '';

test('no key: the status bar names the first keyless source, and no key prompt opens', step, (t) =>
  s.step(t, async () => {
    assert.equal(await waitForStatus(s.page, /^ISBN: Open Library$/), 'ISBN: Open Library');
    assert.ok(!(await notifications(s.page)).some((n) => /API key/.test(n)), 'a key prompt opened on its own');
  }),
);

test('a hover shows an Open Library book, its source named and its cover (by cover id), without a key', step, (t) =>
  s.step(t, async () => {
    const text = await hoverWithCover(s.page, KEYLESS_DEMO.openLibraryOnly, 'Source: Open Library');
    assert.doesNotMatch(text, /Set an API key/);
    assert.match(text, /Source: Open Library/);
    await s.shot('keyless-open-library');
    const requests = booksApi(keylessLog());
    assert.ok(requests.length >= 1, 'Open Library was not asked');
    const covers = keylessLog().filter((r) => r.host === 'openLibraryCovers');
    assert.ok(covers.length >= 1, 'no cover was fetched');
    for (const cover of covers) assert.match(cover.path, /^\/b\/id\/\d+-[SML]\.jpg$/, 'a cover asked by something else than its cover id');
    for (const r of keylessLog()) {
      // The APIs' requests name ISBN Lens (Open Library refuses contact-less agents); covers are plain image requests.
      if (r.host === 'openLibrary' || r.host === 'googleBooks') assert.match(r.headers['user-agent'] ?? '', /^ISBNLens\/\d+\.\d+\.\d+ \(https:\/\/\S+\)$/, `${r.host} ${r.path}: the User-Agent does not name ISBN Lens and a contact`);
      assert.equal(r.headers.authorization, undefined, 'an Authorization header went to a keyless source');
      assert.equal(r.headers['x-goog-api-key'], undefined, 'a key went to a keyless source without one set');
      assert.equal(r.refused, undefined, `${r.host} ${r.path} was refused (${r.refused})`);
    }
    assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
    await dismissHover(s.page);
  }),
);

test('a book only Google Books knows', step, (t) =>
  s.step(t, async () => {
    const text = await hoverText(s.page, KEYLESS_DEMO.googleBooksOnly, { contains: 'Source: Google Books', timeout: 30_000 });
    assert.doesNotMatch(text, /Open Library/, 'Open Library does not know it');
    assert.ok(volumes(keylessLog()).some((r) => askedOfGoogle(r) === KEYLESS_DEMO.googleBooksOnly), 'Google Books was not asked for it');
    await s.shot('keyless-google-only');
    await dismissHover(s.page);
  }),
);

test('a merged book: Open Library\'s record, Google Books\' description, each named', step, (t) =>
  s.step(t, async () => {
    const text = await hoverText(s.page, KEYLESS_DEMO.keylessBoth, { contains: 'Google Books ·', timeout: 30_000 });
    assert.match(text, /Source: Open Library; Google Books · [^\n]*description/);
    await s.shot('keyless-merged');
    await dismissHover(s.page);
  }),
);

test('a citation key shows its keyless book, with its source', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'paper.tex');
    const hover = await hoverText(s.page, '{shelf}', { contains: 'The Open Shelf', timeout: 30_000 });
    assert.match(hover, /Ada Whitlock/);
    assert.match(hover, /Source: Open Library/);
    assert.match(hover, /Cite key shelf in refs\.bib:1/);
    await dismissHover(s.page);
  }),
);

test('Annotate a BibTeX file without a key: the entry gets the fields it lacks', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'refs.bib');
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    await quickInput(s.page).pick('Fill missing fields');
    await waitForNotification(s.page, /ISBN Lens: /, 30_000);
    const filled = await s.waitForDisk('refs.bib', (text) => text.includes('The Open Shelf'), 'the entry was not filled');
    assert.match(filled, /title\s*=\s*\{The Open Shelf\}/);
    assert.match(filled, /author\s*=\s*\{Whitlock, Ada\}|author\s*=\s*\{Ada Whitlock\}/);
    await clearNotifications(s.page);
  }),
);

test('a book nobody knows names the sources asked, and says the book service may know more; one in no known range says why that may be', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'keyless.md');
    const text = await hoverText(s.page, KEYLESS_DEMO.unknown, { contains: 'not in', timeout: 30_000 });
    assert.match(text, /not in Open Library or Google Books\./);
    assert.match(text, /The book service \(ISBNdb\) may know more: it needs an API key\./);
    await s.shot('keyless-not-found');
    await dismissHover(s.page);
    // An ISBN in no range of the range data is still looked up, and its hover says why nobody may know it.
    const rangeless = await hoverText(s.page, RANGELESS, { contains: 'not in', timeout: 30_000 });
    assert.match(rangeless, /^ISBN 9799012345674: not in Open Library or Google Books\./);
    assert.match(rangeless, /Its number is in no ISBN range that ISBN Lens knows: from a range allocated since, or made up\./);
    await dismissHover(s.page);
  }),
);

test('the forms the finder learnt from real documents (Arabic-Indic digits, an amzn.com link, escaped hyphens, an EDIFACT line, a PICA+ field, a barcode with its add-on, a price typed on): a hover on each shows the book', step, (t) =>
  s.step(t, async () => {
    t.diagnostic(`hovers: ${(await hoverFinderForms(s.page, 'forms.md')).join(' | ')}`);
  }),
);

test('"Look Up All" on 120 ISBNs: Open Library in batches of ≤ 25 at ≤ 3/s, Google only for what Open Library lacks, at ≤ 1/s', { timeout: 150_000 }, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'many.md');
    const from = keylessLog().length;
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    const summary = await waitForNotification(s.page, /found, .* not found/, 120_000);
    t.diagnostic(summary);
    const log = keylessLog().slice(from);
    const ol = booksApi(log);
    const google = volumes(log);
    t.diagnostic(`${ol.length} Open Library requests (${ol.map((r) => r.bibkeyCount).join(', ')} ISBNs), ${google.length} Google Books requests`);
    assert.ok(ol.length <= Math.ceil(120 / 25), `${ol.length} Open Library requests for 120 ISBNs`);
    assert.ok(ol.every((r) => (r.bibkeyCount ?? 0) <= 25), 'an Open Library request named more than 25 ISBNs');
    assert.equal(ol.reduce((n, r) => n + (r.bibkeyCount ?? 0), 0), 120 - 0, 'each ISBN asked of Open Library once');
    assert.ok(maxInWindow(ol.map((r) => r.time), 999) <= 3, 'more than 3 Open Library requests within a second');
    assert.ok(maxInWindow(google.map((r) => r.time), 999) <= 1, 'more than 1 Google Books request within a second');
    for (const r of log) {
      assert.notEqual(r.status, 403, `${r.host} ${r.path} answered 403`);
      assert.notEqual(r.status, 429, `${r.host} ${r.path} answered 429`);
    }
    // Google only for what Open Library lacks: ask Open Library (as ISBN Lens does) which it knows.
    const asked = google.map(askedOfGoogle);
    assert.equal(new Set(asked).size, asked.length, 'Google Books asked twice for one ISBN');
    assert.ok(asked.length < 120, 'Google Books was asked for every ISBN');
    const olUrl = s.sandbox.keyless.urls.openLibrary;
    for (let i = 0; i < asked.length; i += 25) {
      const chunk = asked.slice(i, i + 25);
      const response = await fetch(`${olUrl}/api/books?bibkeys=${chunk.map((isbn) => `ISBN:${isbn}`).join(',')}&format=json&jscmd=data`, {
        headers: { 'user-agent': 'ISBNLens-e2e/1.0.0 (https://github.com/isbnlens/isbn-lens)' },
      });
      const known = (await response.json()) as Record<string, { identifiers?: Record<string, string[]> }>;
      for (const isbn of chunk) {
        const record = known[`ISBN:${isbn}`];
        const ids = Object.values(record?.identifiers ?? {}).flat();
        assert.ok(!record || !ids.includes(isbn), `Google Books was asked for ${isbn}, which Open Library has`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const [, found, notFound] = /(\d+) found, (\d+) not found/.exec(summary) ?? [];
    assert.equal(Number(found) + Number(notFound), 120);
    await s.shot('keyless-look-up-all');
    await clearNotifications(s.page);
  }),
);

test('Annotate without a key: Open Library\'s and Google\'s books are written into the Markdown file', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'keyless.md');
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    await waitForNotification(s.page, /ISBN Lens: Annotated/, 30_000);
    const annotated = await s.waitForDisk('keyless.md', (text) => text.includes(' — *'), 'the annotations never reached the file');
    assert.match(annotated, new RegExp(`ISBN ${KEYLESS_DEMO.openLibraryOnly} — \\*The Open Shelf\\* \\(Ada Whitlock`));
    assert.match(annotated, new RegExp(`ISBN ${KEYLESS_DEMO.googleBooksOnly} — \\*Searching the Stacks\\*`));
    assert.match(annotated, new RegExp(`ISBN ${KEYLESS_DEMO.unknown}\n`), 'the book nobody knows is left as it is');
    await clearNotifications(s.page);
  }),
);

test('Look Up Author without a key: Open Library\'s author search fills the quick pick', step, (t) =>
  s.step(t, async () => {
    const from = keylessLog().length;
    // The sandbox's Open Library lists "The Open Shelf" by Ada Whitlock (KEYLESS_DEMO.openLibraryOnly).
    await lookUpAuthorAndCopyIsbn(s.page, 'Ada Whitlock', 'The Open Shelf', KEYLESS_DEMO.openLibraryOnly);
    const search = keylessLog().slice(from).filter((r) => r.host === 'openLibrary' && r.path === '/search.json');
    assert.equal(search.length, 1, 'one author search');
    assert.match(decodeURIComponent(search[0]!.query), /author=Ada Whitlock/);
    assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
    await clearNotifications(s.page);
  }),
);

test('Look Up ISBN without a key: a book only Google Books knows, in the details dialog', step, (t) =>
  s.step(t, async () => {
    await runCommand(s.page, 'ISBN Lens: Look Up ISBN');
    const qi = quickInput(s.page);
    await qi.waitPrompt('ISBN Lens: Look Up ISBN');
    await qi.fill(KEYLESS_DEMO.googleBooksOnly);
    await qi.accept();
    const details = await waitForDialog(s.page, 'Searching the Stacks', 20_000);
    assert.match(details, /Ada Whitlock/);
    await s.page.keyboard.press('Escape');
  }),
);

test('the log names the source of every request', step, (t) =>
  s.step(t, async () => {
    const log = s.extensionLog();
    assert.match(log, /Open Library: GET \/api\/books\?bibkeys=ISBN:\d+.* \(\d+ ISBNs?\) → 200 in \d+ ms/);
    assert.match(log, /Google Books: GET \/books\/v1\/volumes\?q=isbn:\d+ \(1 ISBN\) → 200 in \d+ ms/);
    const requestLines = log.split('\n').filter((line) => / (GET|POST) \/\S* .*→/.test(line));
    for (const line of requestLines) assert.match(line, /(Open Library|Google Books|ISBNdb): (GET|POST) /, `a request line without its source: ${line}`);
  }),
);
