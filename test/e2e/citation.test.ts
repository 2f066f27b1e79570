/**
 * Issue 38 in a real VS Code: the hover over an ISBN shows the book's reference in APA (the
 * default style) with a "Copy" link, and so does the hover over a citation key, from the entry's
 * own fields (a key without an ISBN); the Copy link and "Copy Reference" put the reference on the
 * clipboard (Markdown emphasis from a Markdown file, plain text from LaTeX), pasted into a new
 * file; "Copy Bibliography of File" copies a .bib's entries in APA's order; Annotate with
 * `isbnLens.annotate.markdownForm: "reference"` writes the reference after each ISBN, a rerun
 * changes nothing, and one undo takes it back; a selection's ISBNs and keys are copied as one
 * bibliography; `isbnLens.citation.style` naming the workspace's own `.csl` changes the hover's
 * line to that style.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { DEMO_BOOKS } from '../sandbox/server';
import { clearNotifications, dismissHover, editorText, focusEditor, goTo, hoverText, openFile, runCommand, waitFor, waitForNotification } from './harness';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { annotateAgainThenUndo, enterApiKey } from './ui';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

// The sandbox's book service knows the C book as: Brian W. Kernighan, Dennis M. Ritchie; Prentice Hall, 1988-03-22, 2nd edition.
const APA_KR = 'Kernighan, B. W., & Ritchie, D. M. (1988). The C Programming Language (2nd ed.). Prentice Hall.';
const APA_KR_MARKDOWN = 'Kernighan, B. W., & Ritchie, D. M. (1988). *The C Programming Language* (2nd ed.). Prentice Hall.';
const APA_LOVELACE = 'Lovelace, A. (1843). Notes on the Analytical Engine.';

const BOOKS = ['# Books', '', `- The C book: ISBN ${DEMO_BOOKS.cProgramming}`, ''].join('\n');
const TO_ANNOTATE = ['# To read', '', `- ISBN ${DEMO_BOOKS.cProgramming}`, ''].join('\n');
const PAPER = ['\\documentclass{article}', '\\begin{document}', 'As \\textcite{lovelace} wrote, and \\cite{kr} after.', '\\bibliography{library}', '\\end{document}', ''].join('\n');
/** A journal's own style, in the workspace: "FAMILY, Given: Title (Year)." */
const MY_STYLE = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>House style</title><id>house</id><updated>2026-01-01T00:00:00+00:00</updated></info>
  <citation><layout><text variable="title"/></layout></citation>
  <bibliography>
    <layout suffix=".">
      <names variable="author"><name name-as-sort-order="all" delimiter="; "><name-part name="family" text-case="uppercase"/></name></names>
      <text variable="title" prefix=": " font-style="italic"/>
      <date variable="issued" prefix=" (" suffix=")"><date-part name="year"/></date>
    </layout>
  </bibliography>
</style>
`;

const LIBRARY = [
  '@misc{lovelace,',
  '  author = {Lovelace, Ada},',
  '  title  = {Notes on the Analytical Engine},',
  '  year   = {1843},',
  '}',
  '',
  '@book{kr,',
  '  author    = {Kernighan, Brian W. and Ritchie, Dennis M.},',
  '  title     = {The C Programming Language},',
  '  publisher = {Prentice Hall},',
  '  edition   = {2nd},',
  '  year      = {1988},',
  '  isbn      = {0-13-110362-8},',
  '}',
  '',
].join('\n');

before(async () => {
  s = await E2eSession.start('citation', {
    open: 'books.md',
    settings: { 'isbnLens.annotate.markdownForm': 'reference' },
    files: () => ({ 'books.md': BOOKS, 'to-read.md': TO_ANNOTATE, 'paper.tex': PAPER, 'library.bib': LIBRARY, 'styles/house.csl': MY_STYLE }),
  });
  await enterApiKey(s.page, s.sandbox.keys.default, /works on the default plan/, { viaPalette: true });
  await clearNotifications(s.page);
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

const clipboard = () => s.page.evaluate(() => navigator.clipboard.readText());

/** Runs a copy command and gives what it put on the clipboard, once it said `notice`. */
async function copiedBy(command: string, notice: string): Promise<string> {
  await s.page.evaluate(() => navigator.clipboard.writeText(''));
  await runCommand(s.page, command);
  await waitForNotification(s.page, notice);
  const copied = await clipboard();
  await clearNotifications(s.page);
  return copied;
}

test("the hover over an ISBN shows the book's APA reference with a Copy link, which copies it", step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'books.md');
    // The first hover looks the book up and has the processor made after it; a later hover shows the line.
    const hover = await hoverText(s.page, DEMO_BOOKS.cProgramming, { contains: APA_KR, timeout: 45_000 });
    t.diagnostic(`hover: ${hover}`);
    assert.match(hover, /APA: /);
    assert.match(hover, /Copy/);
    await s.shot('isbn-reference-hover');
    // The title is in italics, as APA writes it.
    const italic = await s.page.locator('.monaco-hover em', { hasText: 'The C Programming Language' }).count();
    assert.ok(italic > 0, 'the title is not in italics in the hover');

    await s.page.evaluate(() => navigator.clipboard.writeText(''));
    await s.page.locator('.monaco-hover a', { hasText: /^Copy$/ }).first().click();
    await waitForNotification(s.page, 'Reference copied.');
    assert.equal(await clipboard(), `${APA_KR_MARKDOWN}\n`, 'from a Markdown file, with Markdown emphasis');
    await dismissHover(s.page);
    await clearNotifications(s.page);
  }),
);

test("the hover over a citation key shows the entry's APA reference, a key without an ISBN too", step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'paper.tex');
    const own = await hoverText(s.page, '{lovelace}', { contains: APA_LOVELACE, timeout: 30_000 });
    t.diagnostic(`hover: ${own}`);
    assert.match(own, /Cite key lovelace in library\.bib:1/);
    await s.shot('key-reference-hover');
    await dismissHover(s.page);
    const kr = await hoverText(s.page, '{kr}', { contains: APA_KR, timeout: 30_000 });
    assert.match(kr, /Cite key kr in library\.bib:7/);
    await dismissHover(s.page);
  }),
);

test('Copy Reference at a cursor copies plain text from LaTeX; pasted into a new file it reads as APA', step, (t) =>
  s.step(t, async () => {
    const line = PAPER.split('\n').findIndex((l) => l.includes('{lovelace}')) + 1;
    await goTo(s.page, line, PAPER.split('\n')[line - 1]!.indexOf('{lovelace}') + 3);
    assert.equal(await copiedBy('ISBN Lens: Copy Reference', 'Reference copied.'), `${APA_LOVELACE}\n`);

    await runCommand(s.page, 'File: New Untitled Text File');
    await focusEditor(s.page);
    await s.page.keyboard.press('Control+V');
    const pasted = await waitFor(async () => {
      const text = (await editorText(s.page)).replace(/\r\n/g, '\n');
      return text.includes('Lovelace') ? text : undefined;
    }, { timeout: 10_000, message: 'the reference was not pasted', page: s.page });
    t.diagnostic(`pasted: ${pasted}`);
    assert.equal(pasted.trim(), APA_LOVELACE);
    await s.shot('reference-pasted');
    await clearNotifications(s.page);
  }),
);

test("Copy Bibliography of File copies a .bib's entries in APA's order", step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'library.bib');
    const copied = await copiedBy('ISBN Lens: Copy Bibliography of File', '2 references copied.');
    t.diagnostic(`copied: ${copied}`);
    assert.equal(copied, `${APA_KR}\n${APA_LOVELACE}\n`);
  }),
);

test('Annotate with the "reference" form writes the APA reference after the ISBN; a rerun changes nothing; one undo takes it back', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'to-read.md');
    await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
    await waitForNotification(s.page, /ISBN Lens: Annotated/, 30_000);
    const annotated = await s.waitForDisk('to-read.md', (text) => text.includes('Kernighan'), 'the reference never reached the file');
    t.diagnostic(`annotated: ${annotated}`);
    assert.equal(annotated, TO_ANNOTATE.replace(`ISBN ${DEMO_BOOKS.cProgramming}`, `ISBN ${DEMO_BOOKS.cProgramming} — ${APA_KR_MARKDOWN}`));
    await s.shot('markdown-annotated-reference');

    await annotateAgainThenUndo(s, 'to-read.md', annotated, TO_ANNOTATE);
    await clearNotifications(s.page);
  }),
);

test("Copy Reference on a selection copies every ISBN and key in it as one bibliography, in APA's order", step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'paper.tex');
    await goTo(s.page, 1, 1);
    await s.page.keyboard.press('Control+A');
    // The status bar says the selection ("Ln 6, Col 1 (… selected)") before the command runs on it.
    await waitFor(async () => /selected/.test(await s.page.locator('.part.statusbar').innerText().catch(() => '')) || undefined, {
      timeout: 10_000,
      message: 'the text was not selected',
      page: s.page,
    });
    const copied = await copiedBy('ISBN Lens: Copy Reference', '2 references copied.');
    t.diagnostic(`copied: ${copied}`);
    assert.equal(copied, `${APA_KR}\n${APA_LOVELACE}\n`);
  }),
);

test("a style file of the workspace (isbnLens.citation.style) gives the hover's line its form", step, (t) =>
  s.step(t, async () => {
    fs.mkdirSync(path.join(s.workspace, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(s.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'isbnLens.citation.style': 'styles/house.csl' }, null, 2));
    await openFile(s.page, 'books.md');
    const hover = await hoverText(s.page, DEMO_BOOKS.cProgramming, { contains: 'KERNIGHAN, Brian W.; RITCHIE, Dennis M.: The C Programming Language (1988).', timeout: 45_000 });
    t.diagnostic(`hover: ${hover}`);
    assert.match(hover, /house\.csl: /);
    await s.shot('house-style-hover');
    await dismissHover(s.page);
  }),
);
