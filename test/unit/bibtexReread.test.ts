/** Issue 23: an edited BibTeX text read again only where it changed gives what a reading from scratch gives. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { BibliographyIndex } from '../../src/core/bibliography/bibliographyIndex';
import { BibtexReading } from '../../src/core/formats/bibtex/reading';
import { Readings } from '../../src/core/formats/readings';
import { formatPart } from '../../src/core/formats/registry';
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

function plain(entries: readonly { toJSON?: () => unknown }[]): unknown {
  return JSON.parse(JSON.stringify(entries, (_k, v: unknown) => (v instanceof Map ? [...v] : v)));
}

/** The owner as the editor drives it: each edit reported with where it was, then the reading asked for. */
function owner() {
  const readings = new Readings(formatPart);
  let version = 0;
  return {
    open: (text: string) => readings.now('f', ++version, 'bibtex', text) as BibtexReading,
    edit: (before: string, e: Edit) => {
      const at = e.at % (before.length + 1);
      const removed = Math.min(e.remove, before.length - at);
      readings.changed('f', [{ offset: at, removed, inserted: e.insert.length }]);
      const text = before.slice(0, at) + e.insert + before.slice(at + removed);
      return { text, reading: readings.now('f', ++version, 'bibtex', text) as BibtexReading };
    },
  };
}

test('any edit sequence, reported as the editor reports it, gives the same items and entries as reading the text from scratch', () => {
  fc.assert(
    fc.property(fc.array(edit, { minLength: 1, maxLength: 12 }), (edits) => {
      const index = new BibliographyIndex();
      const o = owner();
      let text = base;
      index.set('f', 'bibtex', o.open(text));
      for (const e of edits) {
        const next = o.edit(text, e);
        text = next.text;
        const entries = index.set('f', 'bibtex', next.reading);
        const fresh = BibtexReading.of(text);
        assert.deepEqual(plain(next.reading.items as never), plain(fresh.items as never));
        assert.deepEqual(plain(entries as never), plain(fresh.entries() as never));
        for (const entry of fresh.entries()) if (entry.key) assert.equal(index.find(entry.key, ['f'])?.entry.key.toLowerCase(), entry.key.toLowerCase());
      }
    }),
    { numRuns: 300, seed: 23 },
  );
});

test('an edit the owner was not told of is found by comparing the texts, with the same result', () => {
  const readings = new Readings(formatPart);
  const text = zoteroLibrary(50, 3);
  readings.now('f', 1, 'bibtex', text);
  const edited = `@misc{typed, title = {x}}\n${text.slice(0, 500)}${text.slice(600)}`;
  const reading = readings.now('f', 2, 'bibtex', edited) as BibtexReading;
  assert.deepEqual(plain(reading.entries() as never), plain(BibtexReading.of(edited).entries() as never));
});

test('one character typed in one entry of a library: the other entries are the same objects, moved', () => {
  const text = zoteroLibrary(300);
  const o = owner();
  const before = [...o.open(text).entries()];
  const at = text.indexOf('title = {', text.length >> 1) + 9;
  const after = o.edit(text, { at, remove: 0, insert: 'X' }).reading.entries();
  assert.equal(after.length, before.length);
  const changed = after.findIndex((e) => e.start < at && at < e.end);
  assert.ok(changed > 0);
  assert.equal(after[0], before[0]);
  assert.equal(after[after.length - 1], before[before.length - 1], 'an entry after the edit is kept, its offsets moved');
  assert.equal(after[changed]!.title?.startsWith('X'), true);
  assert.deepEqual(plain(after as never), plain(BibtexReading.of(text.slice(0, at) + 'X' + text.slice(at)).entries() as never));
});

test('a library read in steps lets the thread go between slices; callers meanwhile share the one reading', async () => {
  const readings = new Readings(formatPart);
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
  const first = readings.of('lib', 1, 'bibtex', text, pause, 1);
  const second = readings.of('lib', 1, 'bibtex', text, pause, 1);
  // Work queued on the thread runs between slices, before the reading is done.
  setImmediate(() => (sync = pauses));
  const [a, b] = await Promise.all([first, second]);
  assert.equal(a, b, 'one reading for both callers');
  assert.ok(pauses > 1, `the reading paused (${pauses} times)`);
  assert.ok(sync < pauses, 'other work ran while the reading was under way');
  assert.deepEqual(plain((a as BibtexReading).items as never), plain(BibtexReading.of(text).items as never));
  assert.equal(readings.now('lib', 1, 'bibtex', text), a, 'the synchronous readers that follow take that reading');
});

test('two documents keep their own readings: an edit of one never moves the other\'s entries', () => {
  const readings = new Readings(formatPart);
  const t1 = zoteroLibrary(50, 3);
  const a = readings.now('a', 1, 'bibtex', t1);
  const before = plain(a.entries() as never);
  // Another document with the edited text (once, the shared cache moved the first one's entries).
  readings.now('b', 1, 'bibtex', `@misc{typed, title = {x}}\n${t1}`);
  assert.deepEqual(plain(readings.now('a', 1, 'bibtex', t1).entries() as never), before);
});
