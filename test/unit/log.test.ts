import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logLines } from '../helpers/fakeVscode';
import { ServiceError } from '../../src/core/model/errors';
import { Log } from '../../src/editor/infrastructure/log';

test('an unexpected error keeps its stack in the log; an expected one is told by its message', () => {
  const log = new Log();
  logLines.length = 0;
  log.error('Command isbnLens.lookupIsbn failed', new TypeError('x is undefined'));
  assert.match(logLines[0]!, /^error: Command isbnLens\.lookupIsbn failed: TypeError: x is undefined\n\s+at /, 'the stack is there');
  log.error('Look-up failed', new ServiceError('network', 'Could not reach the book service.'));
  assert.equal(logLines[1], 'error: Look-up failed: Could not reach the book service.');
  log.dispose();
});
