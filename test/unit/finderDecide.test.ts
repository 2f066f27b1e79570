// The finder's one decision (src/core/isbn/decide.ts): its precedence, read from the evidence
// alone, and that every ISBN found carries the rule that decided (foundBy, explainIsbns).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHECK_NO_RANGE, CHECK_UNPARSED, CHECK_WRONG, decide, Evidence } from '../../src/core/isbn/decide';
import { foundBy, scanIsbns } from '../../src/core/isbn/find';
import { checkDigit, checksumTen, gluedToWord, groupedTen, isbn13Shape, phoneGroups } from '../../src/core/isbn/rules/candidates';
import { isbnOnLine, otherLabel } from '../../src/core/isbn/rules/labels';
import { noIsbnKey, placeholder, tableColumnIsbn } from '../../src/core/isbn/rules/data';
import { callArgument } from '../../src/core/isbn/rules/code';
import { bookPath } from '../../src/core/isbn/rules/urls';
import { fixtureFiles } from '../helpers/finderFixtures';

const bareTen = () => new Evidence().reset(10, 1, 0);

test('decide: with no evidence but its shape, the shape rule finds it', () => {
  assert.equal(decide(new Evidence().reset(13, 1, 0)), isbn13Shape.code);
  assert.equal(decide(new Evidence().reset(10, 4, 0)), groupedTen.code);
  assert.equal(decide(bareTen()), checksumTen.code);
});

test('decide: its form rules it out whatever its context says', () => {
  const e = new Evidence().reset(10, 3, phoneGroups.code);
  e.context = bookPath.code;
  assert.equal(decide(e), -phoneGroups.code);
  assert.equal(decide(Object.assign(bareTen(), { form: gluedToWord.code, context: tableColumnIsbn.code })), -gluedToWord.code);
});

test('decide: another number\'s label explains a wrong check digit; else the check digit rules it out', () => {
  assert.equal(decide(Object.assign(bareTen(), { check: CHECK_WRONG })), -checkDigit.code);
  assert.equal(decide(Object.assign(bareTen(), { check: CHECK_WRONG, otherLabel: otherLabel.code })), -otherLabel.code);
  assert.equal(decide(Object.assign(bareTen(), { check: CHECK_UNPARSED, context: -noIsbnKey.code })), -noIsbnKey.code);
});

test('decide: context against beats the checksum; context for beats the shape', () => {
  assert.equal(decide(Object.assign(bareTen(), { context: -callArgument.code })), -callArgument.code);
  assert.equal(decide(Object.assign(bareTen(), { context: bookPath.code })), bookPath.code);
});

test('decide: placeholder digits are ruled out unless a book\'s link or an ISBN column vouches for them', () => {
  assert.equal(decide(Object.assign(bareTen(), { placeholder: placeholder.code })), -placeholder.code);
  assert.equal(decide(Object.assign(bareTen(), { placeholder: placeholder.code, context: tableColumnIsbn.code })), tableColumnIsbn.code);
});

test('decide: a 10 in no range is found only by its context or the word ISBN on its line, and named by nothing else', () => {
  assert.equal(decide(Object.assign(bareTen(), { check: CHECK_NO_RANGE })), 0);
  assert.equal(decide(Object.assign(bareTen(), { check: CHECK_NO_RANGE, onLine: isbnOnLine.code })), isbnOnLine.code);
  assert.equal(decide(Object.assign(bareTen(), { check: CHECK_NO_RANGE, context: tableColumnIsbn.code })), tableColumnIsbn.code);
});

test('decide: a candidate read again from a run that is no ISBN as written is found only by its context', () => {
  assert.equal(decide(Object.assign(bareTen(), { reread: true })), 0);
  assert.equal(decide(Object.assign(bareTen(), { reread: true, context: tableColumnIsbn.code })), tableColumnIsbn.code);
});

test('every valid ISBN found in the fixtures carries the rule that found it', () => {
  for (const { file, text } of fixtureFiles()) {
    const found = scanIsbns(text);
    for (let i = 0; i < found.length; i++) {
      if (found.valid(i)) assert.ok(foundBy(found, i), `${file}: ${found.raw(i)}`);
    }
  }
});
