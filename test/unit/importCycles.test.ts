import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCycles, importGraph } from '../lint/importCycles';

test('the cycle check finds a cycle, each once, and none in src/', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a', 'd']],
    ['d', []],
    ['e', ['e']],
  ]);
  assert.deepEqual(findCycles(graph), [['a', 'b', 'c'], ['e']]);
  assert.deepEqual(findCycles(importGraph()), []);
});
