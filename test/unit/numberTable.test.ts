import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { NumberTable } from '../../src/core/isbn/numberTable';

test('NumberTable answers as a Map would while it grows, for keys of ISBN size', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 2 ** 44 }), fc.integer()), { maxLength: 3000 }), (entries) => {
      const table = new NumberTable<number>(4, 14);
      const map = new Map<number, number>();
      for (const [key, value] of entries) {
        table.set(key + 1e13, value);
        map.set(key + 1e13, value);
      }
      assert.equal(table.size, map.size);
      for (const [key, value] of map) assert.equal(table.get(key), value);
      assert.equal(table.get(1), undefined);
    }),
    { numRuns: 50 },
  );
});

test('NumberTable keeps null values apart from missing keys, and never stores key 0', () => {
  const table = new NumberTable<string | null>(2, 4);
  table.set(9780306406157, null);
  table.set(0, 'never');
  assert.equal(table.get(9780306406157), null);
  assert.equal(table.get(9780306406158), undefined);
  assert.equal(table.get(0), undefined);
  assert.equal(table.size, 1);
});

test('NumberTable starts over when its largest size is half full (bounded), and clear empties it', () => {
  const table = new NumberTable<number>(2, 4); // at most 8 entries
  for (let k = 1; k <= 8; k++) table.set(k * 1e10 + k, k);
  assert.equal(table.size, 8);
  for (let k = 1; k <= 8; k++) assert.equal(table.get(k * 1e10 + k), k);
  table.set(99, 99);
  assert.equal(table.size, 1, 'the 9th key starts a new table');
  assert.equal(table.get(99), 99);
  assert.equal(table.get(1e10 + 1), undefined);
  table.clear();
  assert.equal(table.size, 0);
  assert.equal(table.get(99), undefined);
});
