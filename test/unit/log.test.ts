import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logLines } from '../helpers/fakeVscode';
import { ServiceError } from '../../src/core/model/errors';
import { Log } from '../../src/editor/infrastructure/log';
import { describeFailure } from '../../src/editor/words/failures';

test('an unexpected error keeps its stack in the log; an expected one is told by its reason, in the words', () => {
  const log = new Log();
  log.describeFailuresWith(describeFailure);
  logLines.length = 0;
  log.error('Command isbnLens.lookupIsbn failed', new TypeError('x is undefined'));
  assert.match(logLines[0]!, /^error: Command isbnLens\.lookupIsbn failed: TypeError: x is undefined\n\s+at /, 'the stack is there');
  log.error('Look-up failed', new ServiceError('network', { why: 'unreachable', source: 'isbndb', cause: 'refused' }));
  assert.equal(logLines[1], 'error: Look-up failed: Could not reach the book service: the connection was refused.');
  log.dispose();
});
