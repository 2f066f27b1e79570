/** A check's results moved with an edit: the others keep theirs, an edited entry is dropped and marked to be checked again. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterEdit } from '../../src/core/check/afterEdit';
import type { CheckedIsbn } from '../../src/core/check/checkEntries';

const item = (entryStart: number, entryEnd: number, start: number): CheckedIsbn => ({ start, end: start + 13, entryStart, entryEnd, isbn13: '9780131103627', shown: '978-0-13-110362-7', verdict: { kind: 'agrees' } });
const A = item(0, 100, 50);
const B = item(110, 200, 150);
const C = item(210, 300, 250);

test('an edit before an entry moves it; after it, leaves it', () => {
  const { items, dirty } = afterEdit([A, B, C], [], [{ offset: 105, removed: 0, inserted: 3 }]);
  assert.deepEqual(items, [A, { ...B, start: 153, end: 166, entryStart: 113, entryEnd: 203 }, { ...C, start: 253, end: 266, entryStart: 213, entryEnd: 303 }]);
  assert.deepEqual(dirty, [{ start: 105, end: 108 }]);
});

test("an edit inside an entry drops its results and marks the entry's new extent", () => {
  const { items, dirty } = afterEdit([A, B, C], [], [{ offset: 120, removed: 10, inserted: 2 }]);
  assert.deepEqual(items.map((i) => i.entryStart), [0, 202]);
  assert.deepEqual(dirty, [{ start: 110, end: 192 }]);
});

test('marks made before move with later edits, and join an edit over them', () => {
  const first = afterEdit([A, B, C], [], [{ offset: 120, removed: 0, inserted: 5 }]);
  const second = afterEdit(first.items, first.dirty, [{ offset: 0, removed: 0, inserted: 10 }]);
  assert.deepEqual(second.dirty, [
    { start: 120, end: 215 },
    // Typed at the start of the first entry: that entry is checked again too.
    { start: 0, end: 110 },
  ]);
  const third = afterEdit(second.items, second.dirty, [{ offset: 130, removed: 2, inserted: 0 }]);
  assert.deepEqual(third.dirty[0], { start: 120, end: 213 });
});

test('several changes at once (multi-cursor) are each in the offsets before the edit', () => {
  const { items } = afterEdit([A, B, C], [], [
    { offset: 105, removed: 0, inserted: 1 },
    { offset: 205, removed: 0, inserted: 1 },
  ]);
  assert.deepEqual(items.map((i) => [i.entryStart, i.start]), [[0, 50], [111, 151], [212, 252]]);
});
