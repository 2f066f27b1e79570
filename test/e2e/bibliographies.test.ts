/**
 * Issue 15 in a real VS Code: hovering a cite key in a .tex file (through `\bibliography`) and in
 * Markdown with YAML front matter (through a CSL-JSON `bibliography:`) shows the book of the entry,
 * or the entry's own fields when it has no ISBN; Go to Definition opens the entry; "Insert
 * Bibliography Entry for ISBN" writes a CSL-JSON item in the file's style; a duplicate in a .bib is
 * flagged "also at line 1" with a quick fix that goes there; Annotate puts a linked ISBN's note
 * after the whole link, and refuses a CSL-JSON file nested 10,000 deep with a clear message; a FIFO,
 * /dev/zero, /etc/passwd and //host/share named by a .tex are not read while its other bibliography
 * resolves, and a .bibtex edited on disk is read again; a README's `@lovelace` mention searches no
 * bibliography (issue 24).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { DEMO_BOOKS } from '../sandbox/server';
import { activeTab, clearNotifications, dismissHover, focusEditor, goTo, hoverText, openFile, quickFixRow, quickInput, runCommand, visibleHover, waitFor, waitForNotification } from './harness';
import { apiRequests, mark, since } from './sandboxLog';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { enterApiKey } from './ui';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

const PAPER = ['\\documentclass{article}', '\\begin{document}', 'As \\citep[p.~3]{kr} shows, and \\textcite{lovelace} before it.', '\\bibliography{library}', '\\end{document}', ''].join('\n');
const LIBRARY = [
  '@book{kr,',
  '  title = {The C Programming Language},',
  '  isbn  = {0-13-110362-8},',
  '}',
  '',
  '@misc{lovelace,',
  '  author = {Lovelace, Ada},',
  '  title  = {Notes on the Analytical Engine},',
  '  year   = {1843},',
  '}',
  '',
  '@book{kr-again,',
  '  title = {C, the second copy},',
  `  isbn  = {978-0-13-110362-7},`,
  '}',
  '',
].join('\n');
const ESSAY = ['---', 'title: An essay', 'bibliography:', '  - sources.json', '---', '', 'The stranger [see @camus, p. 3] is no one we know.', ''].join('\n');
const SOURCES = JSON.stringify([{ id: 'camus', type: 'book', title: 'The Stranger (as we filed it)', ISBN: DEMO_BOOKS.stranger }], null, 2) + '\n';
const NEW_ITEMS = ['[', '  {', '    "id": "existing",', '    "type": "book",', '    "title": "Something else"', '  }', ']', ''].join('\n');
const RECORDS = ['TY  - BOOK', `SN  - ${DEMO_BOOKS.stranger}`, 'ER  - ', ''].join('\n');
const DATA = JSON.stringify({ shelf: 'ISBN 978-0-13-110362-7' }, null, 2) + '\n';
const DEEP = `[{"id": "deep", "type": "book", "ISBN": "${DEMO_BOOKS.cProgramming}", "note": ${'['.repeat(10_000)}${']'.repeat(10_000)}}]\n`;
// A Markdown document that names no bibliography searches the workspace only when it cites in Pandoc's bracketed form (issue 24).
const NOTES = ['# Notes', '', 'As @lovelace wrote; and later [see @hypatia, p. 2].', ''].join('\n');
// Issue 24 (7, 9): names that must not be read beside one that must, and a .bibtex file edited on disk.
const HOSTILE = ['\\documentclass{article}', '\\addbibresource{/dev/zero}', '\\addbibresource{/etc/passwd}', '\\addbibresource{pipe.bib}', '\\addbibresource{//host/share/refs.bib}', '\\addbibresource{kept.bibtex}', '\\begin{document}', 'As \\cite{babbage} wrote.', '\\end{document}', ''].join('\n');
const KEPT = (title: string) => `@book{babbage,\n  author = {Babbage, Charles},\n  title  = {${title}},\n  year   = {1864},\n}\n`;
// Issue 24 (8): a README's mention is not a citation: no bibliography of the workspace is read for it.
const README = ['# Project', '', 'Thanks to @lovelace for the review, and to ISBN 978-0-13-110362-7 for the examples.', ''].join('\n');
const LINKS = ['# Linked', '', '- [ISBN 0-13-110362-8](https://example.org/kr)', '- plain: ISBN 978-2-07-036002-4', ''].join('\n');

before(async () => {
  s = await E2eSession.start('bibliographies', {
    open: 'paper.tex',
    files: () => ({ 'paper.tex': PAPER, 'library.bib': LIBRARY, 'essay.md': ESSAY, 'sources.json': SOURCES, 'new-items.json': NEW_ITEMS, 'links.md': LINKS, 'notes.md': NOTES, 'records.ris': RECORDS, 'data.json': DATA, 'deep.json': DEEP, 'hostile.tex': HOSTILE, 'readme.md': README, 'kept.bibtex': KEPT('Passages from the Life of a Philosopher') }),
  });
  await enterApiKey(s.page, s.sandbox.keys.default, /works on the default plan/, { viaPalette: true });
  await clearNotifications(s.page);
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

async function statusBarText(): Promise<string> {
  return s.page.locator('.part.statusbar').innerText().catch(() => '');
}

test('LaTeX: a cite key shows the book of its entry, with the key and where the entry is', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'paper.tex');
    const hover = await hoverText(s.page, '{kr}', { contains: 'Brian W. Kernighan', timeout: 30_000 });
    t.diagnostic(`hover: ${hover}`);
    assert.match(hover, /The C Programming Language/);
    assert.match(hover, /Prentice Hall/, 'the book as the service knows it, not only the entry');
    assert.match(hover, /Cite key kr in library\.bib:1/);
    await s.shot('tex-cite-hover');
    await dismissHover(s.page);

    const own = await hoverText(s.page, '{lovelace}', { contains: 'Notes on the Analytical Engine' });
    assert.match(own, /Lovelace, Ada/);
    assert.match(own, /1843/);
    assert.match(own, /library\.bib:6/);
    await dismissHover(s.page);
  }),
);

test('Go to Definition on a cite key opens its entry', step, (t) =>
  s.step(t, async () => {
    const line = PAPER.split('\n').findIndex((l) => l.includes('{lovelace}')) + 1;
    await goTo(s.page, line, PAPER.split('\n')[line - 1]!.indexOf('{lovelace}') + 3);
    await s.page.keyboard.press('F12');
    await waitFor(async () => (await activeTab(s.page)) === 'library.bib' && /Ln 6, Col \d+/.test(await statusBarText()), {
      timeout: 15_000,
      message: 'Go to Definition did not open the entry at library.bib line 6',
      page: s.page,
    });
  }),
);

test('a duplicate in a .bib is flagged "also at line 1", and its quick fix goes there', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'library.bib');
    const hover = await hoverText(s.page, '978-0-13-110362-7', { contains: 'also at line 1' });
    t.diagnostic(`hover: ${hover}`);
    await s.shot('bib-duplicate');
    await dismissHover(s.page);
    const line = LIBRARY.split('\n').findIndex((l) => l.includes('978-0-13-110362-7')) + 1;
    await goTo(s.page, line, LIBRARY.split('\n')[line - 1]!.indexOf('978') + 2);
    const fix = await quickFixRow(s.page, 'Go to the first one (line 1)');
    await fix.click();
    // The first entry's key, `kr`, selected.
    await waitFor(async () => /Ln 1, Col 9 \(2 selected\)/.test(await statusBarText()), { timeout: 10_000, message: 'the quick fix did not go to the first entry', page: s.page });
  }),
);

test('Markdown with YAML front matter: a Pandoc citation resolves through its CSL-JSON bibliography', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'essay.md');
    const hover = await hoverText(s.page, '@camus', { contains: 'Cite key camus', timeout: 30_000 });
    t.diagnostic(`hover: ${hover}`);
    assert.match(hover, /L'Étranger/, 'the book as the service knows it');
    assert.match(hover, /Albert Camus|Camus, Albert/);
    assert.match(hover, /sources\.json:\d+/);
    await s.shot('markdown-cite-hover');
    await dismissHover(s.page);
  }),
);

test('a document that names no bibliography uses those of the workspace, kept up to date by the file watcher', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'notes.md');
    const hover = await hoverText(s.page, '@lovelace', { contains: 'Notes on the Analytical Engine' });
    assert.match(hover, /library\.bib:6/);
    await dismissHover(s.page);
    // A bibliography file made after the first look-up is seen through the watcher.
    fs.writeFileSync(path.join(s.workspace, 'later.bib'), '@misc{hypatia,\n  author = {Hypatia},\n  title  = {On the Conics of Apollonius},\n  year   = {400},\n}\n');
    const later = await hoverText(s.page, '@hypatia', { contains: 'On the Conics of Apollonius', timeout: 30_000 });
    t.diagnostic(`hover: ${later}`);
    assert.match(later, /later\.bib:1/);
    await dismissHover(s.page);
  }),
);

test('"Insert Bibliography Entry for ISBN" writes a CSL-JSON item in the file\'s own style', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'new-items.json');
    await goTo(s.page, 7, 1);
    await clearNotifications(s.page);
    await runCommand(s.page, 'ISBN Lens: Insert Bibliography Entry for ISBN');
    const qi = quickInput(s.page);
    await qi.waitPrompt('An ISBN-10 or ISBN-13');
    await qi.fill(DEMO_BOOKS.cProgramming);
    await qi.accept();
    const note = await waitForNotification(s.page, /ISBN Lens: inserted the CSL-JSON item kernighan1988programming/, 30_000);
    t.diagnostic(note);
    const written = await s.waitForDisk('new-items.json', (text) => text.includes('kernighan1988programming'), 'the item never reached the file');
    const items = JSON.parse(written) as Array<Record<string, unknown>>;
    assert.equal(items.length, 2);
    assert.equal(items[0]!.id, 'existing');
    assert.equal(items[1]!.id, 'kernighan1988programming');
    assert.equal(items[1]!.title, 'The C Programming Language');
    assert.equal(items[1]!.ISBN, '978-0-13-110362-7');
    assert.ok(written.startsWith(NEW_ITEMS.slice(0, NEW_ITEMS.indexOf('  }'))), 'the existing item is kept byte for byte');
    assert.match(written, /\n {2}\{\n {4}"id": "kernighan1988programming",/, 'the two-space indentation of the file');
    await s.shot('csl-json-inserted');
  }),
);

test('Annotate puts the note of a linked ISBN after the whole link', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'links.md');
    await clearNotifications(s.page);
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    t.diagnostic(await waitForNotification(s.page, /ISBN Lens: Annotated/, 30_000));
    const annotated = await s.waitForDisk('links.md', (text) => text.includes('The C Programming Language'), 'the annotations never reached the file');
    assert.match(annotated, /- \[ISBN 0-13-110362-8\]\(https:\/\/example\.org\/kr\) — \*The C Programming Language\*/);
    assert.match(annotated, /ISBN 978-2-07-036002-4 — \*L'Étranger\*/);
    await focusEditor(s.page);
  }),
);

test('Annotate fills a RIS record with its own tags, and leaves a file it does not understand alone', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'records.ris');
    await clearNotifications(s.page);
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    await quickInput(s.page).pick('Fill missing fields');
    t.diagnostic(await waitForNotification(s.page, /ISBN Lens: /, 30_000));
    const filled = await s.waitForDisk('records.ris', (text) => text.includes("L'Étranger"), 'the record was not filled');
    assert.match(filled, /^TY {2}- BOOK\n/);
    assert.match(filled, /\nTI {2}- L'Étranger\n/);
    assert.match(filled, /\nAU {2}- Camus, Albert\n/);
    assert.match(filled, /\nSN {2}- 9782070360024\n/, 'the ISBN line is kept as it was');
    assert.ok(!filled.includes(' — *'), 'no Markdown inside a RIS record');
    assert.match(filled, /\nER {2}- \n?$/);

    await openFile(s.page, 'data.json');
    await clearNotifications(s.page);
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    const message = await waitForNotification(s.page, /Annotate knows Markdown/, 15_000);
    t.diagnostic(message);
    assert.match(message, /CSL-JSON/);
    assert.equal(s.onDisk('data.json'), DATA, 'a file Annotate does not understand is left as it is');
  }),
);

test('Annotate refuses a CSL-JSON file nested 10,000 deep with a clear message, before any question or look-up', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'deep.json');
    await clearNotifications(s.page);
    const from = mark(s.sandbox);
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    const message = await waitForNotification(s.page, /ISBN Lens: /, 15_000);
    t.diagnostic(message);
    assert.match(message, /too deeply nested to edit safely/);
    assert.doesNotMatch(message, /something went wrong/);
    assert.equal(s.onDisk('deep.json'), DEEP, 'the file is left as it is');
    assert.deepEqual(apiRequests(since(s.sandbox, from)), [], 'a file refused costs no look-up');
  }),
);

test('a FIFO, /dev/zero, /etc/passwd and //host/share are not read, the other bibliography still resolves, and a .bibtex edited on disk is read again', step, (t) =>
  s.step(t, async () => {
    // Read, the FIFO would never answer, and every hover of the document would wait on it.
    execFileSync('mkfifo', [path.join(s.workspace, 'pipe.bib')]);
    try {
      await openFile(s.page, 'hostile.tex');
      const hover = await hoverText(s.page, '{babbage}', { contains: 'Passages from the Life of a Philosopher', timeout: 30_000 });
      t.diagnostic(`hover: ${hover}`);
      assert.match(hover, /kept\.bibtex:1/);
      await dismissHover(s.page);
      for (const line of [
        /Bibliography \/\/host\/share\/refs\.bib is skipped: it cannot be made into a file address/,
        /Bibliography \/dev\/zero is not read: its name has no bibliography extension/,
        /Bibliography \/etc\/passwd is not read: its name has no bibliography extension/,
        /Bibliography \S*pipe\.bib is not read: it is not a regular file/,
      ]) {
        t.diagnostic(await s.vscode.waitForOutput(line, 15_000));
      }
      fs.writeFileSync(path.join(s.workspace, 'kept.bibtex'), KEPT('Passages, as edited on disk'));
      const again = await hoverText(s.page, '{babbage}', { contains: 'Passages, as edited on disk', timeout: 30_000 });
      t.diagnostic(`hover after the edit: ${again}`);
      await dismissHover(s.page);
    } finally {
      fs.rmSync(path.join(s.workspace, 'pipe.bib'), { force: true });
    }
  }),
);

test('a README mention (@lovelace; no front matter, no bracketed citation) searches no bibliography of the workspace', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'readme.md');
    // Hovers work in this file: the ISBN's comes.
    await hoverText(s.page, '978-0-13-110362-7', { contains: 'The C Programming Language', timeout: 30_000 });
    await dismissHover(s.page);
    // library.bib has lovelace, and notes.md (which cites) found it; here it must not be looked for.
    const mention = await hoverText(s.page, '@lovelace', { contains: 'Cite key', timeout: 5000 }).catch(() => undefined);
    t.diagnostic(`hover over the mention: ${JSON.stringify(mention ?? (await visibleHover(s.page)))}`);
    assert.equal(mention, undefined, 'no citation hover for a mention in a document that does not cite');
    await dismissHover(s.page);
  }),
);
