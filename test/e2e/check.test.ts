/**
 * Issue 35 in a real VS Code: Check Bibliography on a BibTeX library, a CSL-JSON list and a
 * Markdown reading list, first without a key (the sandbox's Open Library and Google Books answer),
 * then with one (the book service first). Each file has entries that are right in several allowed
 * spellings (LaTeX accents, "Last, First", initials, `and others`, a subtitle, another script),
 * two entries whose ISBNs are swapped, an ISBN of another book by the same author, another
 * edition, and an ISBN no source knows: every wrong one is flagged with its code (read in the
 * Problems panel), nothing else above Information; the hover says the verdict above the book;
 * a quick fix (Ctrl+.) writes the ISBN's book into the entry and one Ctrl+Z takes it back.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEMO_BOOKS, KEYLESS_DEMO } from '../sandbox/server';
import { type Page, clearNotifications, dismissHover, focusEditor, goTo, hoverText, openFile, quickFixRow, runCommand, waitFor, waitForNotification } from './harness';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { enterApiKey } from './ui';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

const K = KEYLESS_DEMO;
/** What each file's entries are, and what the check should say of each ISBN. */
const EXPECTED: ReadonlyArray<{ isbn: string; code?: 'other-book' | 'other-edition' | 'unknown-isbn' }> = [
  { isbn: DEMO_BOOKS.cProgramming }, // right: "Kernighan, Brian W. and others", a title with its edition
  { isbn: DEMO_BOOKS.eitherOr }, // right: a hyphen for the record's dash, diacritics
  { isbn: DEMO_BOOKS.norwegianWood }, // another script than the record's: not compared
  { isbn: K.openLibraryOnly, code: 'other-book' }, // swapped with the next
  { isbn: K.keylessBoth, code: 'other-book' },
  { isbn: K.googleBooksOnly, code: 'other-book' }, // another book by the same author
  { isbn: DEMO_BOOKS.stranger, code: 'other-edition' }, // the first edition's year on the Folio's ISBN
  { isbn: K.unknown, code: 'unknown-isbn' },
];

const BIBTEX = `% A library to check
@book{kernighan1988,
  author    = {Kernighan, Brian W. and others},
  title     = {The {C} Programming Language},
  edition   = {2nd},
  publisher = {Prentice-Hall},
  year      = 1988,
  isbn      = {978-0-13-110362-7}
}

@book{kierkegaard,
  author = {Kierkegaard, S{\\o}ren},
  title  = {Entweder-Oder},
  isbn   = {${DEMO_BOOKS.eitherOr}}
}

@book{murakami,
  author = {Murakami, Haruki},
  title  = {Norwegian Wood},
  isbn   = {${DEMO_BOOKS.norwegianWood}}
}

@book{raman,
  author = {Raman, Priya},
  title  = {Catalogues Compared},
  isbn   = {${K.openLibraryOnly}}
}

@book{whitlock,
  author = {Whitlock, Ada},
  title  = {The Open Shelf},
  isbn   = {${K.keylessBoth}}
}

@book{whitlock2,
  author = {A. Whitlock},
  title  = {The Open Shelf: A Second Look},
  isbn   = {${K.googleBooksOnly}}
}

@book{camus1942,
  author    = {Camus, Albert},
  title     = {L'{\\'E}tranger},
  publisher = {Gallimard},
  year      = {1942},
  isbn      = {978-2-07-036002-4}
}

@book{invented,
  author = {Vance, Eleanor},
  title  = {A Book Nobody Wrote},
  isbn   = {${K.unknown}}
}
`;

const CSL_JSON = `${JSON.stringify(
  [
    { id: 'kr', type: 'book', title: 'C programming language', author: [{ family: 'Kernighan', given: 'B. W.' }, { family: 'Ritchie', given: 'D. M.' }], publisher: 'Prentice Hall', issued: { 'date-parts': [[1988]] }, ISBN: DEMO_BOOKS.cProgramming },
    { id: 'kierkegaard', type: 'book', title: 'Entweder &ndash; Oder', author: [{ literal: 'Søren Kierkegaard' }], ISBN: DEMO_BOOKS.eitherOr },
    { id: 'murakami', type: 'book', title: 'Norwegian Wood', author: [{ family: 'Murakami', given: 'Haruki' }], ISBN: DEMO_BOOKS.norwegianWood },
    { id: 'raman', type: 'book', title: 'Catalogues compared', author: [{ family: 'Raman', given: 'Priya' }], ISBN: K.openLibraryOnly },
    { id: 'whitlock', type: 'book', title: 'The open shelf', author: [{ family: 'Whitlock', given: 'Ada' }], ISBN: K.keylessBoth },
    { id: 'whitlock2', type: 'book', title: 'The Open Shelf', author: [{ family: 'Whitlock', given: 'Ada' }], ISBN: K.googleBooksOnly },
    { id: 'camus', type: 'book', title: "L'Étranger", author: [{ family: 'Camus', given: 'Albert' }], publisher: 'Gallimard', issued: { 'date-parts': [[1942]] }, ISBN: '2-07-036002-4' },
    { id: 'invented', type: 'book', title: 'A Book Nobody Wrote', author: [{ family: 'Vance', given: 'Eleanor' }], ISBN: K.unknown },
  ],
  null,
  2,
)}\n`;

const MARKDOWN = [
  '# Shelf',
  '',
  '- *The C Programming Language* by Kernighan & Ritchie, ISBN 978-0-13-110362-7',
  `- **Entweder-Oder** by Søren Kierkegaard, ISBN ${DEMO_BOOKS.eitherOr}`,
  `- "Norwegian Wood" by Haruki Murakami, ISBN ${DEMO_BOOKS.norwegianWood}`,
  '',
  '| Title | Author | ISBN |',
  '|---|---|---|',
  `| Catalogues Compared | Priya Raman | ${K.openLibraryOnly} |`,
  `| The Open Shelf | Ada Whitlock | ${K.keylessBoth} |`,
  '',
  `- [The Open Shelf](https://example.org/shelf) by Ada Whitlock, ISBN ${K.googleBooksOnly}`,
  "- *L'Étranger* by Albert Camus (1942), ISBN 978-2-07-036002-4",
  `- *A Book Nobody Wrote* by Eleanor Vance, ISBN ${K.unknown}`,
  '',
].join('\n');

const FILES: ReadonlyArray<{ name: string; text: string; shown: (isbn: string) => string }> = [
  { name: 'library.bib', text: BIBTEX, shown: (isbn) => (isbn === DEMO_BOOKS.cProgramming ? '978-0-13-110362-7' : isbn === DEMO_BOOKS.stranger ? '978-2-07-036002-4' : isbn) },
  { name: 'items.json', text: CSL_JSON, shown: (isbn) => (isbn === DEMO_BOOKS.stranger ? '2-07-036002-4' : isbn) },
  { name: 'reading-list.md', text: MARKDOWN, shown: (isbn) => (isbn === DEMO_BOOKS.cProgramming ? '978-0-13-110362-7' : isbn === DEMO_BOOKS.stranger ? '978-2-07-036002-4' : isbn) },
];

before(async () => {
  s = await E2eSession.start('check', {
    open: 'library.bib',
    sources: 'all',
    // Open Library and Google Books (and the book service once a key is set): the verdicts name the sources asked.
    settings: { 'isbnLens.sources': ['isbndb', 'openLibrary', 'googleBooks'] },
    viewport: { width: 1400, height: 1100 },
    files: () => Object.fromEntries(FILES.map((f) => [f.name, f.text])),
  });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

/** The Problems panel's rows for one file: each its text (message, `ISBN Lens(code)`, place) and its severity. */
async function problemsOf(page: Page, file: string): Promise<Array<{ text: string; severity: string }>> {
  await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
  // Only this file's rows, so that all are drawn (the list draws only the rows in view).
  const filter = page.locator('.viewpane-filter input').first();
  await filter.waitFor({ timeout: 10_000 });
  await filter.fill(`**/${file}`);
  return waitFor(
    async () => {
      const rows = await page.locator('.markers-panel .monaco-list-row').evaluateAll((els) =>
        els.map((el) => ({
          text: (el as HTMLElement).innerText.replace(/\s+/g, ' '),
          severity: el.querySelector('.codicon-warning, .codicon-error, .codicon-info')?.className.match(/codicon-(warning|error|info)/)?.[1] ?? '',
          file: el.querySelector('.file-icon, .monaco-icon-label')?.textContent ?? '',
        })),
      );
      // The rows under the file's row, up to the next file's.
      const at = rows.findIndex((r) => r.severity === '' && r.text.includes(file));
      if (at < 0) return undefined;
      const next = rows.findIndex((r, k) => k > at && r.severity === '');
      return rows.slice(at + 1, next < 0 ? undefined : next).map(({ text, severity }) => ({ text, severity }));
    },
    { timeout: 15_000, message: `no problems of ${file} in the Problems panel`, page },
  );
}

async function checkFile(t: { diagnostic(message: string): void }, file: (typeof FILES)[number], mode: string, session = s): Promise<void> {
  const s = session;
  await openFile(s.page, file.name);
  await clearNotifications(s.page);
  await runCommand(s.page, 'ISBN Lens: Check Bibliography');
  const summary = await waitForNotification(s.page, /ISBN Lens: \d+ (entries|items|lines) checked/, 60_000);
  t.diagnostic(`${mode} ${file.name}: ${summary}`);
  assert.match(summary, /8 (entries|items|lines) checked: 3 ISBNs belong to other books, 1 is another edition, 1 is known to no source/);
  const rows = await waitFor(
    async () => {
      const found = await problemsOf(s.page, file.name);
      return found.filter((r) => OUR_CODE.test(r.text)).length >= 5 ? found : undefined;
    },
    { timeout: 20_000, message: `the check's problems of ${file.name} never showed`, page: s.page },
  );
  t.diagnostic(rows.map((r) => `${r.severity}: ${r.text}`).join('\n'));
  for (const { isbn, code } of EXPECTED) {
    const shown = file.shown(isbn);
    const about = rows.filter((r) => OUR_CODE.test(r.text) && rowIsAbout(r.text, file.text, shown));
    if (code) assert.ok(about.some((r) => OUR_CODE.exec(r.text)?.[1] === code), `${file.name}: ${shown} is not flagged ${code}: ${JSON.stringify(about)}`);
    else assert.equal(about.length, 0, `${file.name}: ${shown} is flagged though right: ${JSON.stringify(about)}`);
  }
  // Without a key the keyless sources alone were asked; with one, the book service first.
  const unknown = rows.find((r) => OUR_CODE.exec(r.text)?.[1] === 'unknown-isbn')!;
  assert.match(unknown.text, mode === 'with a key' ? /asked: ISBNdb, Open Library and Google Books/ : /asked: Open Library and Google Books/);
  // Nothing else above Information: only the other books are warnings, and no error at all.
  const warnings = rows.filter((r) => r.severity === 'warning' || r.severity === 'error');
  assert.ok(warnings.every((r) => OUR_CODE.exec(r.text)?.[1] === 'other-book'), `flagged above Information: ${JSON.stringify(warnings)}`);
  assert.equal(warnings.length, 3, JSON.stringify(warnings));
  // Back to the editor, the panel out of the way.
  await runCommand(s.page, 'View: Toggle Panel Visibility');
  await focusEditor(s.page);
}

/** Waits until the Problems panel shows `count` other-book rows for a file; the panel is closed again. */
async function otherBooksIn(file: string, count: number): Promise<number> {
  const found = await waitFor(
    async () => {
      const n = (await problemsOf(s.page, file)).filter((r) => OUR_CODE.exec(r.text)?.[1] === 'other-book').length;
      return n === count ? n : undefined;
    },
    { timeout: 15_000, message: `${file} never showed ${count} other-book problems`, page: s.page },
  );
  await runCommand(s.page, 'View: Toggle Panel Visibility');
  await focusEditor(s.page);
  return found;
}

const OUR_CODE = /ISBN Lens\s*\(?(other-book|other-edition|unknown-isbn)\)?/;

/** Whether a Problems row is on the line where `shown` is written. */
function rowIsAbout(row: string, text: string, shown: string): boolean {
  const line = text.slice(0, text.indexOf(shown)).split('\n').length;
  return new RegExp(`\\[Ln ${line}, Col \\d+\\]`).test(row);
}

test('without a key: every wrong ISBN of a BibTeX file, a CSL-JSON file and a reading list is flagged with its code, nothing else', step, (t) =>
  s.step(t, async () => {
    for (const file of FILES) await checkFile(t, file, 'keyless');
    await s.shot('check-problems-keyless');
  }),
);

test('the hover says the verdict above the book', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'library.bib');
    const text = await hoverText(s.page, K.keylessBoth, { contains: "This ISBN is another book than the entry's" });
    t.diagnostic(text);
    assert.match(text, /This ISBN is another book than the entry's: “Catalogues Compared” by Priya Raman/);
    // VS Code puts the problem's own hover first; ours says the verdict, then the book.
    const verdictAt = text.indexOf("This ISBN is another book than the entry's");
    const bookAt = text.indexOf('Catalogues Compared\nPriya Raman');
    assert.ok(verdictAt >= 0 && bookAt > verdictAt, 'the verdict is not above the book');
    await s.shot('check-hover');
    await dismissHover(s.page);
  }),
);

test('a quick fix writes the ISBN’s book into the entry; one undo takes it back', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'library.bib');
    const lines = BIBTEX.split('\n');
    const line = lines.findIndex((l) => l.includes(K.keylessBoth)) + 1;
    await goTo(s.page, line, lines[line - 1]!.indexOf(K.keylessBoth) + 3);
    const fix = await quickFixRow(s.page, 'Use the book of this ISBN');
    await s.shot('check-quick-fix');
    await fix.click();
    const fixed = await s.waitForDisk('library.bib', (text) => text.slice(text.indexOf('@book{whitlock,'), text.indexOf('@book{whitlock2,')).includes('Catalogues Compared'), 'the quick fix did not write the book into the entry');
    const entry = fixed.slice(fixed.indexOf('@book{whitlock,'), fixed.indexOf('@book{whitlock2,'));
    t.diagnostic(entry);
    assert.match(entry, /author\s*=\s*\{Raman, Priya\}/);
    assert.match(entry, /title\s*=\s*\{Catalogues Compared\}/);
    assert.equal(fixed.slice(0, fixed.indexOf('@book{whitlock,')), BIBTEX.slice(0, BIBTEX.indexOf('@book{whitlock,')), 'the fix changed another entry');
    // The edited entry is checked again from the cache: it now agrees; the others keep theirs.
    assert.equal(await otherBooksIn('library.bib', 2), 2);
    await focusEditor(s.page);
    await s.page.keyboard.press('Control+Z');
    assert.equal(await s.waitForDisk('library.bib', (text) => text.includes('title  = {The Open Shelf},\n  isbn   = {' + K.keylessBoth), 'one undo did not take the fix back'), BIBTEX);
    assert.equal(await otherBooksIn('library.bib', 3), 3);
  }),
);

test('with a key: the book service asked first, the same verdicts', step, (t) =>
  s.step(t, async () => {
    await enterApiKey(s.page, s.sandbox.keys.default, /works on the default plan/, { viaPalette: true });
    await clearNotifications(s.page);
    for (const file of FILES) await checkFile(t, file, 'with a key');
    await s.shot('check-problems-key');
  }),
);

test('in the browser (VS Code for the Web), without a key: the same verdicts from the web worker', step, (t) =>
  s.step(t, async () => {
    const web = await E2eSession.start('check-web', {
      web: true,
      open: 'library.bib',
      sources: 'all',
      settings: { 'isbnLens.sources': ['isbndb', 'openLibrary', 'googleBooks'] },
      viewport: { width: 1400, height: 1100 },
      files: () => ({ 'library.bib': BIBTEX }),
    });
    try {
      await checkFile(t, FILES[0]!, 'in the browser', web);
      await web.shot('check-problems-web');
    } finally {
      await web.close();
    }
  }),
);
