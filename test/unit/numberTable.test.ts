import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ABSENT, NumberTable } from '../../src/core/isbn/numberTable';

test('NumberTable answers as a Map would while it grows, for keys of ISBN size', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 2 ** 44 }), fc.integer({ min: -(2 ** 31) + 1, max: 2 ** 31 - 1 })), { maxLength: 3000 }), (entries) => {
      const table = new NumberTable(4, 14);
      const map = new Map<number, number>();
      for (const [key, value] of entries) {
        table.set(key + 1e13, value);
        map.set(key + 1e13, value);
      }
      assert.equal(table.size, map.size);
      for (const [key, value] of map) assert.equal(table.get(key), value);
      assert.equal(table.get(1), ABSENT);
    }),
    { numRuns: 50 },
  );
});

test('NumberTable keeps negative and zero values apart from missing keys, and never stores key 0', () => {
  const table = new NumberTable(2, 4);
  table.set(9780306406157, -1);
  table.set(9780306406158, 0);
  table.set(0, 7);
  assert.equal(table.get(9780306406157), -1);
  assert.equal(table.get(9780306406158), 0);
  assert.equal(table.get(9780306406159), ABSENT);
  assert.equal(table.get(0), ABSENT);
  assert.equal(table.size, 2);
});

test('NumberTable starts over when its largest size is half full (bounded), and clear empties it', () => {
  const table = new NumberTable(2, 4); // at most 8 entries
  for (let k = 1; k <= 8; k++) table.set(k * 1e10 + k, k);
  assert.equal(table.size, 8);
  assert.ok(table.full);
  for (let k = 1; k <= 8; k++) assert.equal(table.get(k * 1e10 + k), k);
  table.set(99, 99);
  assert.equal(table.size, 1, 'the 9th key starts a new table');
  assert.equal(table.get(99), 99);
  assert.equal(table.get(1e10 + 1), ABSENT);
  assert.ok(!table.full);
  table.clear();
  assert.equal(table.size, 0);
  assert.equal(table.get(99), ABSENT);
});
