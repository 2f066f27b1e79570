import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lazy } from '../../src/core/lazy';

test('lazy() makes its value on the first call only, then returns the same value', () => {
  let made = 0;
  const pattern = lazy(() => {
    made++;
    return /x/g;
  });
  assert.equal(made, 0, 'nothing is made before the first use');
  const first = pattern();
  assert.equal(made, 1);
  assert.equal(pattern(), first);
  assert.equal(made, 1);
});
