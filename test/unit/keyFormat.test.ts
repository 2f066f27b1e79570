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
  assert.equal(storedKeyFault('abc\r\ndef'), 'it has a line break at position 4');
  assert.equal(storedKeyFault('abc\u0000def'), 'it has an invisible control character at position 4');
  assert.equal(storedKeyFault('sécret'), 'it has a character that is not ASCII at position 2');
  assert.equal(storedKeyFault('a b'), 'it has a space at position 2');
});
