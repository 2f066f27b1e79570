// The finder's one decision (src/core/isbn/decide.ts): its precedence, read from the evidence
// alone, labelled candidates and unlabelled; that every ISBN found carries the rule that
// decided (foundBy, explainIsbns); and that the cached fast path says what decide says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHECK_LENGTH, CHECK_NO_RANGE, CHECK_UNPARSED, CHECK_WRONG, decide, Evidence } from '../../src/core/isbn/decide';
import { foundBy, scanIsbns } from '../../src/core/isbn/find';
import { checkDigit, checksumTen, gluedToWord, groupedTen, isbn13Shape, phoneGroups } from '../../src/core/isbn/rules/candidates';
import { isbnField, isbnLabel, isbnOnLine, issnInField, labelledProblem, otherLabel, zerosPlaceholder } from '../../src/core/isbn/rules/labels';
import { cachedInfoId, clearIsbnCache, digitsKey } from '../../src/core/isbn/parse';
import { noIsbnKey, placeholder, tableColumnIsbn } from '../../src/core/isbn/rules/data';
import { callArgument } from '../../src/core/isbn/rules/code';
import { bookPath } from '../../src/core/isbn/rules/urls';
import { fixtureFiles } from '../helpers/finderFixtures';

const bareTen = () => new Evidence().reset(10, 1, 0);
/** A labelled candidate of `digits` digits whose check is `check`, labelled by the rule of `label`. */
const labelled = (digits: number, check: number, label = isbnLabel.code, facts: Partial<Evidence> = {}) =>
  Object.assign(new Evidence().reset(digits, 1, 0), { label, check }, facts);

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

test('decide: a label finds a valid candidate whatever else fired, and a checksum-valid 10 in no range', () => {
  assert.equal(decide(labelled(13, 0)), isbnLabel.code);
  assert.equal(decide(labelled(10, 0, isbnField.code)), isbnField.code);
  // Evidence against that only an unlabelled candidate is asked about does not outweigh a label.
  assert.equal(decide(labelled(10, 0, isbnLabel.code, { form: gluedToWord.code, context: -callArgument.code, placeholder: placeholder.code })), isbnLabel.code);
  assert.equal(decide(labelled(10, CHECK_NO_RANGE)), isbnLabel.code);
  assert.equal(decide(labelled(13, CHECK_NO_RANGE)), -labelledProblem.code);
});

test('decide: a labelled candidate that is no ISBN is reported with its problem, a priced 10 found, zeros left alone', () => {
  assert.equal(decide(labelled(13, CHECK_WRONG)), -labelledProblem.code);
  assert.equal(decide(labelled(11, CHECK_LENGTH)), -labelledProblem.code);
  assert.equal(decide(labelled(8, CHECK_LENGTH, isbnField.code)), -issnInField.code);
  assert.equal(decide(labelled(13, CHECK_WRONG, isbnField.code, { priced: true })), isbnField.code);
  assert.equal(decide(labelled(13, CHECK_WRONG, isbnLabel.code, { zeros: true })), -zerosPlaceholder.code);
  assert.equal(decide(labelled(10, CHECK_NO_RANGE, isbnLabel.code, { zeros: true })), isbnLabel.code);
});

test('the cached fast path (Scan.cachedHit) gives the rule decide gives for the same evidence', () => {
  const cases: Array<[string, Evidence]> = [
    ['ISBN 978-0-306-40615-7', labelled(13, 0)],
    ['ISBN 0306406152', labelled(10, 0)],
    ['ISBN 978 0 306 40615 7', labelled(13, 0)],
    ['@book{a, isbn = {978-0-306-40615-7}}', labelled(13, 0, isbnField.code)],
    ['see 9780306406157', new Evidence().reset(13, 1, 0)],
    ['see 978-0-306-40615-7', new Evidence().reset(13, 5, 0)],
  ];
  for (const [text, evidence] of cases) {
    clearIsbnCache();
    const decided = scanIsbns(text); // nothing cached: decided by decide
    assert.ok(cachedInfoId(evidence.digits === 13 ? digitsKey(9780306406157, 13, -1) : digitsKey(306406152, 10, -1)) >= 0, text);
    const cached = scanIsbns(text); // cached: taken by the fast path
    assert.equal(decided.length, 1, text);
    assert.equal(cached.length, 1, text);
    assert.equal(cached.ruleCode(0), decide(evidence), text);
    assert.equal(decided.ruleCode(0), decide(evidence), text);
  }
});

test('every valid ISBN found in the fixtures carries the rule that found it', () => {
  for (const { file, text } of fixtureFiles()) {
    const found = scanIsbns(text);
    for (let i = 0; i < found.length; i++) {
      if (found.valid(i)) assert.ok(foundBy(found, i), `${file}: ${found.raw(i)}`);
    }
  }
});
