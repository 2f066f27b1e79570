import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { storedKeyFault, typedKeyFault } from '../../src/core/keyFormat';
import { keyFault } from '../../src/editor/words/commands';

/** What the key's input box says of a typed text: the core's fault, in the editor's words. */
function apiKeyProblem(typed: string): string | undefined {
  const fault = typedKeyFault(typed);
  return fault && keyFault(fault);
}

test('an ordinary key passes, surrounding spaces are trimmed', () => {
  assert.equal(apiKeyProblem('54321_0123456789abcdef0123456789abcdef'), undefined);
  assert.equal(apiKeyProblem('  demo-default-key \n'), undefined);
});

test('empty, spaced, control and non-ASCII keys are refused with the position', () => {
  assert.match(apiKeyProblem('   ')!, /Enter the key/);
  assert.match(apiKeyProblem('abc def')!, /space at position 4/);
  assert.match(apiKeyProblem('abc\u0000def')!, /control character at position 4/);
  assert.match(apiKeyProblem('abcé')!, /“é” at position 4/);
  assert.match(apiKeyProblem('key\u200b')!, /position 4/);
  assert.match(apiKeyProblem('x'.repeat(600))!, /600 characters/);
});

test('every accepted key can be sent as an HTTP header value', () => {
  const { validateHeaderValue } = require('node:http') as typeof import('node:http');
  for (const key of ['abc', 'A-Z_0.9~!', '{}[]|\\']) {
    assert.equal(apiKeyProblem(key), undefined);
    assert.doesNotThrow(() => validateHeaderValue('authorization', key));
  }
});

test('issue 24 (13): a stored key that cannot be sent is named by its fault, showing none of its characters', () => {
  assert.equal(storedKeyFault('demo-default-key'), undefined);
  assert.deepEqual(storedKeyFault('abc\r\ndef'), { kind: 'lineBreak', position: 4 });
  assert.deepEqual(storedKeyFault('abc\u0000def'), { kind: 'control', position: 4 });
  assert.deepEqual(storedKeyFault('sécret'), { kind: 'nonAscii', position: 2 }, 'no `shown`: the character is not told');
  assert.deepEqual(storedKeyFault('a b'), { kind: 'space', position: 2 });
});
