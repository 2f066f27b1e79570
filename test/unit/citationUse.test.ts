/**
 * Issue 38 around the processor: which locale a display language gets, what a user's `.csl` must
 * be (and that a style file is read only as the read policy allows), a user's own style formatting
 * books, and Annotate's reference form in Markdown, written and refreshed in place.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { type BibliographyFileAccess, readStyleFile } from '../../src/core/bibliography/readPolicy';
import { bookCsl } from '../../src/core/citation/cslItem';
import { StyleError } from '../../src/core/citation/render';
import { makeRenderer } from '../../src/core/citation/inThread';
import { chooseLocale } from '../../src/core/citation/styles';
import { styleProblem } from '../../src/core/citation/styleText';
import { applyEdits } from '../../src/core/edit/textEdit';
import { annotateMarkdown } from '../../src/core/formats/readingList/annotate';
import { BOOKS, results } from '../helpers/books';
import { withDir } from '../helpers/tempDir';
import { readFile, stat } from 'node:fs/promises';

test('the locale: the setting, else the display language where a locale is bundled, else en-US', () => {
  assert.equal(chooseLocale('auto', 'de'), 'de-DE');
  assert.equal(chooseLocale(undefined, 'fr'), 'fr-FR');
  assert.equal(chooseLocale('auto', 'es'), 'es-ES');
  assert.equal(chooseLocale('auto', 'en-gb'), 'en-GB');
  assert.equal(chooseLocale('auto', 'en'), 'en-US');
  assert.equal(chooseLocale('auto', 'ja'), 'en-US');
  assert.equal(chooseLocale('de-DE', 'en'), 'de-DE');
  assert.equal(chooseLocale('fr-CA', 'en'), 'fr-FR');
});

/** A small style of the user's: "Family, G. — Title (Year)". */
const MY_STYLE = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>Mine</title><id>mine</id><updated>2026-01-01T00:00:00+00:00</updated></info>
  <citation><layout><text variable="title"/></layout></citation>
  <bibliography>
    <sort><key variable="title"/></sort>
    <layout suffix=".">
      <names variable="author"><name name-as-sort-order="all" initialize-with=". " delimiter="; "/></names>
      <text value=" — "/>
      <text variable="title" font-style="italic"/>
      <date variable="issued" prefix=" (" suffix=")"><date-part name="year"/></date>
    </layout>
  </bibliography>
</style>`;

test("a user's style formats books as it says, sorted by its own key", async () => {
  const refs = (await makeRenderer(MY_STYLE, 'en-US')).bibliography([bookCsl(BOOKS.knuth), bookCsl(BOOKS.kr)]);
  assert.deepEqual(
    refs.map((r) => r.markdown),
    ['Kernighan, B. W.; Ritchie, D. M. — *The C Programming Language* (1988).', 'Knuth, D. E. — *The TeXbook* (1984).'],
  );
  assert.equal(refs[0].text, 'Kernighan, B. W.; Ritchie, D. M. — The C Programming Language (1988).');
});

test('a style file must be a CSL style: XML, a <style> root in the CSL namespace, no document type, bounded', async () => {
  assert.equal(styleProblem(MY_STYLE), undefined);
  assert.equal(styleProblem('\uFEFF' + MY_STYLE), undefined);
  assert.equal(styleProblem('{"style": 1}'), 'notXml');
  assert.equal(styleProblem('<html><body/></html>'), 'notCsl');
  assert.equal(styleProblem('<style xmlns="http://example.org/">'), 'notCsl');
  const entities = `<?xml version="1.0"?><!DOCTYPE style [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>${MY_STYLE.replace(/^<\?xml[^>]*>/, '')}`;
  assert.equal(styleProblem(entities), 'doctype');
  assert.equal(styleProblem(`<?xml version="1.0"?><?xml-stylesheet href="x"?>${MY_STYLE.replace(/^<\?xml[^>]*>/, '')}`), 'notXml');
  assert.equal(styleProblem(`${MY_STYLE}${' '.repeat(5 * 1024 * 1024)}`), 'tooLarge');
  await assert.rejects(makeRenderer('<html/>', 'en-US'), (e: unknown) => e instanceof StyleError && e.problem === 'notCsl');
});

test('a style is data: a "style" holding script or a template literal runs nothing', async () => {
  const globals = globalThis as unknown as Record<string, unknown>;
  delete globals.__cslRan;
  const hostile = MY_STYLE.replace('<text value=" — "/>', '<text value="${globalThis.__cslRan = 1}"/><text value="&lt;script&gt;globalThis.__cslRan = 2&lt;/script&gt;"/>');
  const [ref] = (await makeRenderer(hostile, 'en-US')).bibliography([bookCsl(BOOKS.knuth)]);
  assert.equal(globals.__cslRan, undefined);
  assert.ok(ref.text.includes('${globalThis.__cslRan = 1}'), ref.text);
});

function fileAccess(): BibliographyFileAccess<string> {
  return {
    location: (path) => `file://${path}`,
    openText: () => undefined,
    async stat(path) {
      try {
        const s = await stat(path);
        return { kind: s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other', size: s.size };
      } catch {
        return undefined;
      }
    },
    realLocation: async (path) => `file://${path}`,
    readHead: async (path, bytes) => (await readFile(path, 'utf8')).slice(0, bytes),
    readText: (path) => readFile(path, 'utf8'),
  };
}

test('a style file is read as the read policy allows: a .csl name, a regular file, inside the workspace in Restricted Mode', async () => {
  await withDir(async (dir) => {
    const workspace = join(dir, 'ws');
    await mkdir(join(workspace, 'styles'), { recursive: true });
    await writeFile(join(workspace, 'styles', 'mine.csl'), MY_STYLE);
    await writeFile(join(dir, 'outside.csl'), MY_STYLE);
    await writeFile(join(workspace, 'mine.xml'), MY_STYLE);
    const restricted = { trusted: false, folders: [`file://${workspace}`], realFolders: [`file://${workspace}`] };
    const access = fileAccess();
    assert.deepEqual(await readStyleFile(join(workspace, 'styles', 'mine.csl'), restricted, access), { text: MY_STYLE });
    assert.equal(((await readStyleFile(join(dir, 'outside.csl'), restricted, access)) as { refused: string }).refused, 'outsideTheWorkspace');
    assert.ok('text' in (await readStyleFile(join(dir, 'outside.csl'), { trusted: true, folders: [], realFolders: [] }, access)));
    assert.equal(((await readStyleFile(join(workspace, 'mine.xml'), restricted, access)) as { refused: string }).refused, 'notABibliographyName');
    assert.equal(((await readStyleFile(join(workspace, 'styles'), restricted, access)) as { refused: string }).refused, 'notABibliographyName');
    assert.equal(((await readStyleFile(join(workspace, 'none.csl'), restricted, access)) as { refused: string }).refused, 'missing');
    await mkdir(join(workspace, 'dir.csl'));
    assert.equal(((await readStyleFile(join(workspace, 'dir.csl'), restricted, access)) as { refused: string }).refused, 'notARegularFile');
  });
});

const REFERENCES = new Map([
  ['9780131103627', 'Kernighan, B. W., & Ritchie, D. M. (1988). *The C Programming Language*. Prentice Hall.'],
  ['9780201134476', 'Knuth, D. E. (1984). *The TeXbook*. Addison-Wesley.'],
]);

test('Annotate in the reference form writes " — " and the reference after each ISBN; a rerun changes nothing', () => {
  const text = '# Reading\n\n- ISBN 978-0-13-110362-7\n- ISBN 9780201134476 (lent to Sam)\n';
  const lookups = results([BOOKS.kr, BOOKS.knuth]);
  const { edits, report } = annotateMarkdown(text, lookups, REFERENCES);
  const annotated = applyEdits(text, edits);
  assert.equal(
    annotated,
    '# Reading\n\n- ISBN 978-0-13-110362-7 — Kernighan, B. W., & Ritchie, D. M. (1988). *The C Programming Language*. Prentice Hall.\n- ISBN 9780201134476 — Knuth, D. E. (1984). *The TeXbook*. Addison-Wesley. (lent to Sam)\n',
  );
  assert.equal(report.changed, 2);
  const again = annotateMarkdown(annotated, lookups, REFERENCES);
  assert.deepEqual(again.edits, []);
  assert.equal(again.report.unchanged, 2);
});

test('the forms replace each other in place: short → reference (another style) → short', () => {
  const lookups = results([BOOKS.kr]);
  const short = applyEdits('ISBN 9780131103627\n', annotateMarkdown('ISBN 9780131103627\n', lookups).edits);
  assert.equal(short, 'ISBN 9780131103627 — *The C Programming Language* (Brian W. Kernighan, Dennis M. Ritchie; Prentice Hall, 1988)\n');
  const reference = applyEdits(short, annotateMarkdown(short, lookups, REFERENCES).edits);
  assert.equal(reference, 'ISBN 9780131103627 — Kernighan, B. W., & Ritchie, D. M. (1988). *The C Programming Language*. Prentice Hall.\n');
  const mla = new Map([['9780131103627', 'Kernighan, Brian W., and Dennis M. Ritchie. *The C Programming Language*. Prentice Hall, 1988.']]);
  const restyled = applyEdits(reference, annotateMarkdown(reference, lookups, mla).edits);
  assert.equal(restyled, 'ISBN 9780131103627 — Kernighan, Brian W., and Dennis M. Ritchie. *The C Programming Language*. Prentice Hall, 1988.\n');
  assert.equal(applyEdits(restyled, annotateMarkdown(restyled, lookups).edits), short);
});

test("a user's own note after an ISBN that does not name the book is never taken for a reference", () => {
  const text = 'ISBN 9780131103627 — my favourite.\n';
  const annotated = applyEdits(text, annotateMarkdown(text, results([BOOKS.kr]), REFERENCES).edits);
  assert.equal(annotated, 'ISBN 9780131103627 — Kernighan, B. W., & Ritchie, D. M. (1988). *The C Programming Language*. Prentice Hall. — my favourite.\n');
});

test('one renderer formats one book after another: nothing of an earlier run is kept for a later one', async () => {
  const renderer = (await makeRenderer(MY_STYLE, 'en-US'));
  const ids = (refs: Array<{ id: string; text: string }>) => refs.map((r) => `${r.id}: ${r.text}`);
  assert.deepEqual(ids(renderer.bibliography([{ ...bookCsl(BOOKS.kr), id: 'same' }])), ['same: Kernighan, B. W.; Ritchie, D. M. — The C Programming Language (1988).']);
  assert.deepEqual(ids(renderer.bibliography([{ ...bookCsl(BOOKS.knuth), id: 'same' }])), ['same: Knuth, D. E. — The TeXbook (1984).']);
});
