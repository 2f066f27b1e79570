/**
 * Finding the book you mean (issue 36), without a key, in a real VS Code: on the Node extension
 * host, then the same steps in the web worker (VS Code for the Web's browser build). Find Book by
 * title and author through its quick picks (works as they are typed, then the work's editions),
 * the chosen edition written into a Markdown reading list as its other items are, into a .bib as a
 * complete entry, into a CSL-JSON file as a new item; Show Other Editions switches an ISBN to
 * another edition in the form it was written (in the .bib with the old record's year and
 * publisher refreshed, as accepted); the quick fix "Find this book's ISBN…" fills an entry's
 * missing ISBN, and Find Missing ISBNs writes only the proposal ticked. Every search asks only the
 * fields it shows, every request names ISBN Lens and carries no key.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { KEYLESS_DEMO, type KeylessLoggedRequest } from '../sandbox/server';
import { FINDING_DEMO } from '../sandbox/keyless/works';
import { check13 } from '../sandbox/isbn';
import { hyphenateIsbn } from '../../src/core/isbn/parse';
import { clearNotifications, clickNotificationButton, goTo, hoverText, openFile, quickFixRow, quickInput, runCommand, waitForNotification } from './harness';
import { clickHoverLink } from './ui';
import { E2eSession, EXTENSION_ID, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';

const step = { timeout: STEP_TIMEOUT_MS };

const isbn = (first12: string) => hyphenateIsbn(first12 + check13(first12))!;
const FOLIO = hyphenateIsbn(FINDING_DEMO.petitPrinceFolio)!;
const HARCOURT = hyphenateIsbn(FINDING_DEMO.littlePrinceHarcourt)!;
const DTV = hyphenateIsbn(FINDING_DEMO.kleinePrinzDtv)!;
const SCHOCKEN = isbn('978080523896');
const PENGUIN = isbn('978014118535');
const GALLIMARD_2007 = isbn('978207061263');
const SHELF = hyphenateIsbn(KEYLESS_DEMO.openLibraryOnly)!;

const READING = ['# To read', '', `- [x] *The Open Shelf* by Ada Whitlock (2015), ISBN ${SHELF}`, ''].join('\n');
const LIBRARY = ['@book{shelf,', '  author = {Whitlock, Ada},', '  title  = {The Open Shelf},', `  isbn   = {${SHELF}},`, '}', ''].join('\n');
const REFS = ['[', '  {', '    "id": "shelf",', '    "type": "book",', '    "title": "The Open Shelf",', `    "ISBN": "${SHELF}"`, '  }', ']', ''].join('\n');
const MISSING = [
  '@book{saint,',
  '  author = {Saint-Exupéry, Antoine de},',
  '  title  = {Le Petit Prince},',
  '  year   = {2007},',
  '}',
  '',
  '@book{levi,',
  '  author = {Levi, Primo},',
  '  title  = {The Periodic Table},',
  '  year   = {1984},',
  '}',
  '',
].join('\n');

/** Find Book: types `text`, takes the work titled `work`, then the edition found by its ISBN (typed to filter), then the action. */
async function findAndChoose(s: E2eSession, text: string, work: string, editionIsbn: string, edition: RegExp, action: RegExp): Promise<void> {
  await runCommand(s.page, 'ISBN Lens: Find Book…');
  const qi = quickInput(s.page);
  await qi.waitPrompt('ISBN Lens: Find Book');
  await qi.fill(text);
  await qi.pick(work, 30_000);
  await chooseEdition(s, work, editionIsbn, edition);
  await qi.waitPrompt(/What to do with/);
  await qi.pick(action);
  await qi.waitClosed();
}

async function chooseEdition(s: E2eSession, work: string, editionIsbn: string, edition: RegExp): Promise<void> {
  const qi = quickInput(s.page);
  await qi.waitPrompt(`Editions of “${work}”`);
  await qi.waitPrompt(/editions, your language first/, 30_000);
  await qi.fill(editionIsbn);
  await qi.pick(edition, 15_000);
}

/** Show Other Editions at the cursor, the edition found by its ISBN, then "Use this edition". */
async function useOtherEdition(s: E2eSession, work: string, editionIsbn: string, edition: RegExp): Promise<void> {
  await clearNotifications(s.page);
  await runCommand(s.page, 'ISBN Lens: Show Other Editions');
  await chooseEdition(s, work, editionIsbn, edition);
  const qi = quickInput(s.page);
  await qi.waitPrompt(/What to do with/);
  await qi.pick(/Use this edition/);
}

function keylessChecks(log: readonly KeylessLoggedRequest[]): void {
  const searches = log.filter((r) => r.host === 'openLibrary' && r.path === '/search.json');
  assert.ok(searches.length > 0, 'Open Library was never searched');
  for (const r of searches) {
    const query = new URLSearchParams(r.query);
    assert.ok(query.get('fields'), `a search asked every field: ${r.query}`);
    assert.ok(Number(query.get('limit')) <= 40, `a search without a small limit: ${r.query}`);
  }
  for (const r of log) {
    assert.equal(r.headers.authorization, undefined, 'an Authorization header went to a keyless source');
    assert.equal(r.headers['x-goog-api-key'], undefined, 'a key went to a keyless source');
    assert.equal(r.refused, undefined, `${r.host} ${r.path}?${r.query} was refused (${r.refused})`);
  }
}

function findSteps(web: boolean): void {
  let s: E2eSession;

  before(async () => {
    s = await E2eSession.start(web ? 'find-web' : 'find', {
      web,
      open: 'wishlist.md',
      sources: 'all',
      settings: { 'isbnLens.sources': ['openLibrary', 'googleBooks'] },
      viewport: { width: 1400, height: 1100 },
      files: () => ({ 'wishlist.md': READING, 'library.bib': LIBRARY, 'refs.json': REFS, 'missing.bib': MISSING }),
    });
  }, { timeout: SESSION_TIMEOUT_MS });

  after(async () => {
    await s?.close();
  });

  if (web) {
    test("runs in the browser's web-worker extension host, from the browser build", step, (t) =>
      s.step(t, async () => {
        const where = s.vscode.workerConsole().find((l) => l.includes(`pickRunningLocation for ${EXTENSION_ID}`));
        t.diagnostic(`workbench: ${where}`);
        assert.match(where ?? '', /=> LocalWebWorker/, 'the workbench did not put ISBN Lens in the web worker');
        assert.doesNotMatch(s.vscode.exthostLog(), new RegExp(`_doActivateExtension ${EXTENSION_ID}`, 'i'));
      }),
    );
  }

  test('Find Book by title and author: the chosen edition added to a Markdown list as its other items are', step, (t) =>
    s.step(t, async () => {
      await openFile(s.page, 'wishlist.md');
      await goTo(s.page, 4, 1);
      await findAndChoose(s, 'little prince saint-exupéry', 'The Little Prince', FOLIO, /^Le Petit Prince \(1999\)$/, /Add it to this list/);
      const written = await s.waitForDisk('wishlist.md', (text) => text.includes('Le Petit Prince'), 'the item never reached the file');
      t.diagnostic(written);
      assert.equal(written, `${READING}- [ ] *Le Petit Prince* by Antoine de Saint-Exupéry (1999), ISBN ${FOLIO}`);
      const search = s.sandbox.keyless.log.find((r) => r.path === '/search.json')!;
      assert.match(search.query, /fields=key,title,subtitle,author_name,first_publish_year,edition_count,cover_i/);
      assert.ok(s.sandbox.keyless.log.some((r) => r.path === `/works/${FINDING_DEMO.littlePrince.work}/editions.json`), 'the editions were not asked');
      await s.shot('find-markdown');
    }),
  );

  test('Find Book into a .bib: a complete entry with its key, the entry before it untouched', step, (t) =>
    s.step(t, async () => {
      await openFile(s.page, 'library.bib');
      await goTo(s.page, 6, 1);
      await clearNotifications(s.page);
      await findAndChoose(s, 'periodic table by levi', 'The Periodic Table', SCHOCKEN, /^The Periodic Table \(1984\)$/, /Insert an entry for it here/);
      await waitForNotification(s.page, /ISBN Lens: inserted @book\{levi1984[^}]*\} for “The Periodic Table”/, 30_000);
      const written = await s.waitForDisk('library.bib', (text) => text.includes('Schocken'), 'the entry never reached the file');
      t.diagnostic(written);
      assert.ok(written.startsWith(LIBRARY), 'the existing entry is kept byte for byte');
      assert.match(written, /@book\{levi1984\w*,[^@]*author\s*=\s*\{Levi, Primo\}/);
      assert.match(written, /publisher\s*=\s*\{Schocken Books\}/);
      assert.match(written, new RegExp(`isbn\\s*=\\s*\\{${SCHOCKEN}\\}`));
    }),
  );

  test('Find Book into CSL-JSON: a new item after the existing one', step, (t) =>
    s.step(t, async () => {
      await openFile(s.page, 'refs.json');
      await goTo(s.page, 8, 1);
      await findAndChoose(s, 'little prince', 'The Little Prince', DTV, /^Der kleine Prinz \(2015\)$/, /Insert an entry for it here/);
      const written = await s.waitForDisk('refs.json', (text) => text.includes('Der kleine Prinz'), 'the item never reached the file');
      t.diagnostic(written);
      const items = JSON.parse(written) as Array<Record<string, unknown>>;
      assert.equal(items.length, 2);
      assert.equal(items[0]!.id, 'shelf');
      assert.equal(items[1]!.title, 'Der kleine Prinz');
      assert.equal(items[1]!.ISBN, DTV);
      assert.equal(items[1]!.publisher, 'dtv');
    }),
  );

  test("from the hover: the work's editions counted, its link opens them, and the ISBN switches to another edition in the form it was written", step, (t) =>
    s.step(t, async () => {
      await openFile(s.page, 'wishlist.md');
      await clearNotifications(s.page);
      // Open Library answers the look-up, then the hover asks it for the ISBN's work (kept for the next hover).
      const hover = await hoverText(s.page, FOLIO, { contains: 'editions of this work', timeout: 30_000 });
      t.diagnostic(hover);
      assert.match(hover, new RegExp(`${FINDING_DEMO.littlePrince.editions} editions of this work`));
      await clickHoverLink(s.page, 'editions of this work');
      await chooseEdition(s, 'The Little Prince', HARCOURT, /^The Little Prince \(2000\)$/);
      const qi = quickInput(s.page);
      await qi.waitPrompt(/What to do with/);
      await qi.pick(/Use this edition/);
      await waitForNotification(s.page, `ISBN Lens: ${FOLIO} replaced by ${HARCOURT}.`, 20_000);
      const written = await s.waitForDisk('wishlist.md', (text) => text.includes(HARCOURT), 'the ISBN was not replaced');
      t.diagnostic(written);
      assert.equal(written, `${READING}- [ ] *Le Petit Prince* by Antoine de Saint-Exupéry (1999), ISBN ${HARCOURT}`);
    }),
  );

  test("Show Other Editions in a .bib: the old record's year and publisher refreshed, as accepted, in one edit", step, (t) =>
    s.step(t, async () => {
      await openFile(s.page, 'library.bib');
      const lines = s.onDisk('library.bib').split('\n');
      const line = lines.findIndex((l) => l.includes(SCHOCKEN));
      await goTo(s.page, line + 1, lines[line]!.indexOf(SCHOCKEN) + 3);
      await useOtherEdition(s, 'The Periodic Table', PENGUIN, /^The Periodic Table \(2000\)$/);
      const question = await waitForNotification(s.page, /The old edition’s record filled the year, the publisher in this entry/, 30_000);
      t.diagnostic(question);
      await clickNotificationButton(s.page, /The old edition’s record filled/, 'Refresh');
      const written = await s.waitForDisk('library.bib', (text) => text.includes(PENGUIN) && text.includes('Penguin Classics'), 'the edition was not switched');
      t.diagnostic(written);
      assert.ok(written.startsWith(LIBRARY), 'the entry before it is kept byte for byte');
      assert.doesNotMatch(written, /Schocken/);
      assert.match(written, /year\s*=\s*\{2000\}/);
    }),
  );

  test("the quick fix \"Find this book's ISBN…\" fills an entry's missing ISBN; Find Missing ISBNs writes only the ticked one", step, (t) =>
    s.step(t, async () => {
      await openFile(s.page, 'missing.bib');
      await goTo(s.page, 3, 5);
      const row = await quickFixRow(s.page, 'Find this book’s ISBN…');
      await row.click();
      const qi = quickInput(s.page);
      await qi.waitPrompt('ISBN Lens: Find Book');
      assert.equal(await qi.value(), 'Le Petit Prince Saint-Exupéry');
      await qi.pick('The Little Prince', 30_000);
      await chooseEdition(s, 'The Little Prince', GALLIMARD_2007, /^Le Petit Prince \(2007\)$/);
      await qi.waitClosed();
      const filled = await s.waitForDisk('missing.bib', (text) => text.includes(GALLIMARD_2007), 'the ISBN never reached the entry');
      t.diagnostic(filled);
      assert.match(filled, new RegExp(`year\\s*= \\{2007\\},\\n {2}isbn\\s*= \\{${GALLIMARD_2007}\\},?\\n\\}`));

      await clearNotifications(s.page);
      await runCommand(s.page, 'ISBN Lens: Find Missing ISBNs');
      await qi.waitPrompt('Tick the ISBNs to write', 60_000);
      await qi.pick(SCHOCKEN, 15_000);
      await qi.accept();
      await waitForNotification(s.page, 'ISBN Lens: wrote 1 ISBN.', 20_000);
      const written = await s.waitForDisk('missing.bib', (text) => text.includes(SCHOCKEN), 'the ISBN never reached the entry');
      t.diagnostic(written);
      assert.match(written, new RegExp(`title\\s*= \\{The Periodic Table\\},\\n {2}year\\s*= \\{1984\\},\\n {2}isbn\\s*= \\{${SCHOCKEN}\\},?\\n\\}`));
      keylessChecks(s.sandbox.keyless.log);
      assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
    }),
  );
}

describe('on the Node extension host', () => findSteps(false));
describe('in the web worker (VS Code for the Web)', () => findSteps(true));
