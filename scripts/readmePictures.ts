/**
 * `npm run pictures`: the README's pictures, taken in a real VS Code (code-server and Chromium, as
 * the end-to-end tests drive it) with the packaged .vsix, no key, and the sandbox's Open Library and
 * Google Books (test/sandbox/keyless). One session for all of them; each picture is cropped to the
 * part of the window it is about and written to media/:
 *
 *   media/hover.png      a reading list and the hover over The Little Prince: the book, its cover,
 *                        "Source: Open Library", "14 editions of this work" and the APA reference
 *   media/find-book.png  Find Book… with "little prince saint-exupéry" typed and the work found,
 *                        above the list of its editions
 *   media/check.png      Check Bibliography on a small .bib: an ISBN of another book underlined,
 *                        another edition's marked, and the hover with the verdict above the book
 *
 * The .vsix must be current: `npm run pictures` packages it first. Takes about a minute once the
 * end-to-end host is installed (test/e2e/setup.sh, which the harness runs when it is missing).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PNG } from 'pngjs';
import { hyphenateIsbn } from '../src/core/isbn/parse';
import { check13 } from '../test/sandbox/isbn';
import { FINDING_DEMO } from '../test/sandbox/keyless/works';
import { DEMO_BOOKS } from '../test/sandbox/server';
import { type Page, REPO_ROOT, clearNotifications, dismissHover, editorText, hoverText, openFile, quickInput, runCommand, sleep, waitFor, waitForNotification } from '../test/e2e/harness';
import { E2eSession } from '../test/e2e/session';
import { hoverImages, hoverRegion } from '../test/e2e/ui';

const MEDIA = path.join(REPO_ROOT, 'media');
/** Rows of the editions list shown in find-book.png. */
const EDITION_ROWS = 9;
/** A picture in the README should load fast: warn above this. */
const MAX_BYTES = 150 * 1024;

const isbn = (first12: string) => hyphenateIsbn(first12 + check13(first12))!;
/** The Little Prince, Harcourt's hardcover of 2000 (with a cover in the sandbox's Open Library). */
const LITTLE_PRINCE = isbn('978015202398');
const PERIODIC_TABLE = isbn('978080523896');
const STRANGER = hyphenateIsbn(DEMO_BOOKS.stranger)!;
const C_BOOK = hyphenateIsbn(DEMO_BOOKS.cProgramming)!;

const READING_LIST = [
  '# Reading list',
  '',
  `- Primo Levi, *The Periodic Table*, ISBN ${PERIODIC_TABLE}`,
  `- Albert Camus, *L'Étranger*, ISBN ${STRANGER}`,
  `- Kernighan & Ritchie, *The C Programming Language*, ISBN ${C_BOOK}`,
  `- Saint-Exupéry, *The Little Prince*, ISBN ${LITTLE_PRINCE}`,
  `- A typo: ISBN ${C_BOOK.slice(0, -1)}8`,
  '',
].join('\n');

/** A right entry; Penguin's Periodic Table of 2000 on an entry for Schocken's of 1984; the C book's ISBN on Woolf's essay. */
const LITTLE_PRINCE_PAPERBACK = hyphenateIsbn(FINDING_DEMO.littlePrinceHarcourt)!;
const PENGUIN_2000 = isbn('978014118535');
const LIBRARY = `@book{saintexupery2000,
  author    = {Saint-Exupéry, Antoine de},
  title     = {The Little Prince},
  year      = {2000},
  isbn      = {${LITTLE_PRINCE_PAPERBACK}}
}

@book{levi1984,
  author    = {Levi, Primo},
  title     = {The Periodic Table},
  publisher = {Schocken Books},
  year      = {1984},
  isbn      = {${PENGUIN_2000}}
}

@book{woolf,
  author    = {Woolf, Virginia},
  title     = {A Room of One's Own},
  isbn      = {${C_BOOK}}
}
`;

type Region = { x: number; y: number; width: number; height: number };

async function main(): Promise<void> {
  const started = Date.now();
  const s = await E2eSession.start('pictures', {
    open: 'reading-list.md',
    sources: 'all',
    // Tall: VS Code gives a hover at most a quarter of the editor's height (or 250 px), and the
    // hovers here are taller than that. Not wide: a hover may take two thirds of the editor's
    // width (at least 750 px), and a narrow picture stays readable in the README. Each is cropped.
    viewport: { width: 1200, height: 2400 },
    files: () => ({ 'reading-list.md': READING_LIST, 'library.bib': LIBRARY }),
  });
  try {
    // The editor alone: no side bar beside it, so that the hovers never reach the scroll bar.
    await runCommand(s.page, 'View: Close Primary Side Bar');
    await hoverPicture(s);
    await findBookPicture(s);
    await checkPicture(s);
  } catch (e) {
    const dir = await s.vscode.saveArtifacts('pictures-failure').catch(() => undefined);
    if (dir) console.error(`the workbench's screenshot and logs: ${path.relative(REPO_ROOT, dir)}`);
    throw e;
  } finally {
    await s.close();
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** media/hover.png: the hover as the second one shows it, with the editions line and the reference. */
async function hoverPicture(s: E2eSession): Promise<void> {
  await openFile(s.page, 'reading-list.md');
  // The first hover looks the file's ISBNs up and starts the citation processor; the editions
  // line waits on Open Library's work. Hover, move away, and hover again until all are in.
  await hoverText(s.page, LITTLE_PRINCE, { contains: 'The Little Prince', timeout: 60_000 });
  await dismissHover(s.page);
  await waitFor(async () => /110362-7\s*The C Programming Language/.test(await editorText(s.page)), { timeout: 30_000, message: 'no inline titles', page: s.page });
  const complete = /^(?=[\s\S]*Source: )(?=[\s\S]*editions of this work)(?=[\s\S]*APA: .*Harcourt)/;
  const text = await waitFor(
    async () => {
      const hover = await hoverText(s.page, LITTLE_PRINCE, { contains: complete, timeout: 60_000, tryMs: 3000 });
      const covered = await waitFor(async () => (await hoverImages(s.page)).some((i) => i.src.startsWith('data:image/') && i.shown), { timeout: 3000 }).catch(() => false);
      return covered ? hover : undefined;
    },
    { timeout: 90_000, message: 'the hover never showed the cover, the editions line and the reference', page: s.page },
  );
  console.log(`hover:\n${indent(text)}`);
  await picture(s, 'hover.png', await hoverRegion(s.page));
  await dismissHover(s.page);
}

/** media/find-book.png: the works found for a title and an author, above the editions of the one chosen. */
async function findBookPicture(s: E2eSession): Promise<void> {
  await openFile(s.page, 'reading-list.md');
  await runCommand(s.page, 'ISBN Lens: Find Book…');
  const qi = quickInput(s.page);
  await qi.waitPrompt('ISBN Lens: Find Book');
  await qi.type('little prince saint-exupéry');
  await qi.waitPrompt(/works: Enter to see the editions/, 30_000);
  await waitFor(async () => (await qi.items()).includes('The Little Prince'), { timeout: 30_000, message: 'the work was not listed', page: s.page });
  await settle(s.page);
  const works = await shoot(s.page, await quickInputRegion(s.page));
  await qi.pick('The Little Prince', 10_000);
  await qi.waitPrompt(/editions, your language first/, 30_000);
  await settle(s.page);
  // The first rows of the list (cut between two rows): enough to show the languages and bindings.
  const editions = await shoot(s.page, await quickInputRegion(s.page, EDITION_ROWS));
  console.log(`find book: ${(await qi.items()).join(' | ')}`);
  await qi.cancel();
  await qi.waitClosed();
  write('find-book.png', stacked(works, editions));
}

/** media/check.png: Check Bibliography's marks in a .bib and the hover over an ISBN of another book. */
async function checkPicture(s: E2eSession): Promise<void> {
  await openFile(s.page, 'library.bib');
  await clearNotifications(s.page);
  await runCommand(s.page, 'ISBN Lens: Check Bibliography');
  const summary = await waitForNotification(s.page, /ISBN Lens: \d+ entries checked/, 60_000);
  console.log(`check: ${summary}`);
  await clearNotifications(s.page);
  const text = await hoverText(s.page, C_BOOK, { contains: /another book than the entry's[\s\S]*APA: /, timeout: 60_000, tryMs: 3000 });
  console.log(`check hover:\n${indent(text)}`);
  await picture(s, 'check.png', await hoverRegion(s.page));
  await dismissHover(s.page);
}

/** The quick input widget, or its top down to the end of its list's row number `rows`. */
async function quickInputRegion(page: Page, rows?: number): Promise<Region> {
  const box = await page.locator('.quick-input-widget').boundingBox();
  if (!box) throw new Error('the quick input is not shown');
  if (rows === undefined) return box;
  const row = await page.locator('.quick-input-widget .quick-input-list .monaco-list-row').nth(rows - 1).boundingBox();
  if (!row) throw new Error(`the quick input's list has no row ${rows}`);
  return { ...box, height: Math.min(box.height, row.y + row.height + 4 - box.y) };
}

/** Lets the list's rows and the widget's animations finish, and the mouse out of the way (no row highlighted by it). */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(1, 999);
  await sleep(400);
}

async function shoot(page: Page, clip: Region): Promise<PNG> {
  return PNG.sync.read(await page.screenshot({ clip }));
}

async function picture(s: E2eSession, name: string, clip: Region): Promise<void> {
  write(name, await shoot(s.page, clip));
}

/** Two pictures one above the other, a white gap between them. */
function stacked(top: PNG, bottom: PNG, gap = 14): PNG {
  const out = new PNG({ width: Math.max(top.width, bottom.width), height: top.height + gap + bottom.height });
  out.data.fill(255);
  PNG.bitblt(top, out, 0, 0, top.width, top.height, 0, 0);
  PNG.bitblt(bottom, out, 0, 0, bottom.width, bottom.height, 0, top.height + gap);
  return out;
}

function write(name: string, png: PNG): void {
  const file = path.join(MEDIA, name);
  const bytes = PNG.sync.write(png, { colorType: 2, deflateLevel: 9 });
  fs.writeFileSync(file, bytes);
  const kb = Math.round(bytes.length / 1024);
  console.log(`${path.relative(REPO_ROOT, file)}: ${png.width}x${png.height}, ${kb} KB${bytes.length > MAX_BYTES ? ` (over ${MAX_BYTES / 1024} KB: crop it tighter)` : ''}`);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exitCode = 1;
});
