/** Issue 23: an edited BibTeX text read again only where it changed gives what a reading from scratch gives. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { BibliographyIndex } from '../../src/core/bibliography/bibliographyIndex';
import { bibtexEntriesOf } from '../../src/core/formats/bibtex/readEntries';
import { forgetReadings, readingFromScratch, readingInSteps, readingOf } from '../../src/core/formats/bibtex/parse';
import { zoteroLibrary } from '../helpers/zoteroLibrary';

const PIECES = [
  '@book{k1,\n  title = {A {B} C},\n  isbn = {978-0-13-110362-7},\n}\n',
  '@article{k2, author = "X and Y", year = 1999}\n',
  '@comment{\n@book{c, isbn = {9780306406157}}\n}\n',
  '@string{pub = "P"}\n',
  '{', '}', '"', ',', '=', '#', '@', '\n@', '\n', ' ', '%', 'isbn = {9780306406157}', '@book{', '@comment{', '\uFEFF', 'title = {{{{',
];

const base = PIECES.slice(0, 4).join('\n') + PIECES[0].replace('k1', 'k3');

type Edit = { at: number; remove: number; insert: string };
const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 12 }), insert: fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }).map((p) => p.join('')) });

function apply(text: string, e: Edit): string {
  const at = e.at % (text.length + 1);
  return text.slice(0, at) + e.insert + text.slice(at + e.remove);
}

function plain(entries: readonly { toJSON?: () => unknown }[]): unknown {
  return JSON.parse(JSON.stringify(entries, (_k, v: unknown) => (v instanceof Map ? [...v] : v)));
}

test('any edit sequence gives the same items and entries as reading the text from scratch', () => {
  fc.assert(
    fc.property(fc.array(edit, { minLength: 1, maxLength: 12 }), (edits) => {
      const index = new BibliographyIndex();
      let text = base;
      index.update('f', text, 'bibtex');
      for (const e of edits) {
        text = apply(text, e);
        const entries = index.update('f', text, 'bibtex');
        const fresh = readingFromScratch(text);
        assert.deepEqual(plain(readingOf(text).items as never), plain(fresh.items as never));
        assert.deepEqual(plain(entries as never), plain(bibtexEntriesOf(fresh) as never));
        for (const entry of bibtexEntriesOf(fresh)) if (entry.key) assert.equal(index.find(entry.key, ['f'])?.entry.key.toLowerCase(), entry.key.toLowerCase());
      }
    }),
    { numRuns: 300, seed: 23 },
  );
});

test('one character typed in one entry of a library: the other entries are the same objects, moved', () => {
  const text = zoteroLibrary(300);
  const index = new BibliographyIndex();
  const before = [...index.update('lib', text, 'bibtex')];
  const at = text.indexOf('title = {', text.length >> 1) + 9;
  const after = index.update('lib', text.slice(0, at) + 'X' + text.slice(at), 'bibtex');
  assert.equal(after.length, before.length);
  const changed = after.findIndex((e) => e.start < at && at < e.end);
  assert.ok(changed > 0);
  assert.equal(after[0], before[0]);
  assert.equal(after[after.length - 1], before[before.length - 1], 'an entry after the edit is kept, its offsets moved');
  assert.equal(after[changed].title?.startsWith('X'), true);
  assert.deepEqual(plain(after as never), plain(bibtexEntriesOf(readingFromScratch(text.slice(0, at) + 'X' + text.slice(at))) as never));
});

test('a library read in steps lets the thread go between slices; callers meanwhile share the one reading', async () => {
  forgetReadings();
  const text = zoteroLibrary(2000);
  let pauses = 0;
  let sync = 0;
  const pause = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        pauses++;
        resolve();
      }),
    );
  const first = readingInSteps(text, pause, 1);
  const second = readingInSteps(text, pause, 1);
  // Work queued on the thread runs between slices, before the reading is done.
  setImmediate(() => (sync = pauses));
  const [a, b] = await Promise.all([first, second]);
  assert.equal(a, b, 'one reading for both callers');
  assert.ok(pauses > 1, `the reading paused (${pauses} times)`);
  assert.ok(sync < pauses, 'other work ran while the reading was under way');
  assert.deepEqual(plain(a.items as never), plain(readingFromScratch(text).items as never));
  assert.equal(readingOf(text), a, 'the synchronous readers that follow take that reading');
});

test('a text edited elsewhere and then undone: the index gives the undone text\'s offsets, not the edit\'s', () => {
  const index = new BibliographyIndex();
  const t1 = zoteroLibrary(50, 3);
  const before = plain(index.update('lib', t1, 'bibtex') as never);
  // Duplicate checks read the edited text (its reading moves the shared entries) …
  const t2 = `@misc{typed, title = {x}}\n${t1}`;
  readingOf(t2);
  // … then the edit is undone before the next hover.
  const after = index.update('lib', t1, 'bibtex');
  assert.deepEqual(plain(after as never), before);
  assert.equal(index.find(bibtexEntriesOf(readingFromScratch(t1))[10].key, ['lib'])?.entry.start, bibtexEntriesOf(readingFromScratch(t1))[10].start);
});
