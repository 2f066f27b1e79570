import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ISBN from 'isbn3';
import {
  classifyNormalized,
  clearIsbnCache,
  digitsKey,
  hasValidChecksum,
  hyphenateIsbn,
  isbn10CheckDigit,
  isbn13CheckDigit,
  normalizeIsbn,
  parseIsbn,
  suggestCorrections,
  toIsbn13,
} from '../../src/core/isbn/parse';

test('parseIsbn: ISBN-13 in any notation gives both forms, hyphenated per range data', () => {
  const expected = {
    isbn13: '9780306406157',
    isbn10: '0306406152',
    hyphenated13: '978-0-306-40615-7',
    hyphenated10: '0-306-40615-2',
    groupName: 'English language',
  };
  for (const raw of ['9780306406157', '978-0-306-40615-7', '978 0 306 40615 7', '978-0306406157', 'ISBN 978-0-306-40615-7']) {
    assert.deepEqual({ ...parseIsbn(raw) }, expected, raw);
  }
});

test('parseIsbn: ISBN-10 with X check digit, upper or lower case', () => {
  for (const raw of ['3-16-148410-X', '316148410x', '3 16 148410 X']) {
    const info = parseIsbn(raw);
    assert.equal(info?.isbn13, '9783161484100', raw);
    assert.equal(info?.isbn10, '316148410X', raw);
    assert.equal(info?.hyphenated10, '3-16-148410-X', raw);
    assert.equal(info?.groupName, 'German language', raw);
  }
});

test('parseIsbn: 979-10 (France) has no ISBN-10', () => {
  assert.deepEqual(
    { ...parseIsbn('979-10-90636-07-1') },
    { isbn13: '9791090636071', hyphenated13: '979-10-90636-07-1', groupName: 'France' },
    'no isbn10 keys at all',
  );
});

test('parseIsbn: other groups hyphenate as isbn3 does', () => {
  assert.equal(parseIsbn('99921-58-10-7')?.hyphenated13, '978-99921-58-10-4');
  assert.equal(parseIsbn('85-359-0277-5')?.groupName, 'Brazil');
  assert.equal(parseIsbn('979-8-3000-0000-4')?.hyphenated13, '979-8-3000-0000-4');
});

test('parseIsbn: undefined for wrong checksum, length, range, and non-ISBN input', () => {
  for (const raw of [
    '9780306406158', // checksum
    '0306406153', // checksum
    '978030640615', // 12 digits
    '97803064061577', // 14 digits
    '9790260000438', // ISMN (979-0)
    '4006381333931', // EAN-13, not a book
    '978030640615X', // X in a 13
    '',
    'not an isbn',
  ]) {
    assert.equal(parseIsbn(raw), undefined, raw);
  }
});

test('parse results are frozen and shared (cached), clearIsbnCache drops them', () => {
  const a = parseIsbn('978-0-306-40615-7');
  const b = parseIsbn('0-306-40615-2');
  assert.ok(a && Object.isFrozen(a));
  assert.equal(parseIsbn('9780306406157'), a, 'same ISBN-13, same cached object');
  assert.notEqual(b, a, 'the 10 has its own cache entry');
  assert.equal(b?.isbn13, a?.isbn13);
  clearIsbnCache();
  const c = parseIsbn('9780306406157');
  assert.notEqual(c, a);
  assert.deepEqual(c, a);
});

test('toIsbn13 / toIsbn10 / hyphenateIsbn', () => {
  assert.equal(toIsbn13('0-306-40615-2'), '9780306406157');
  assert.equal(toIsbn13('0306406152', true), '978-0-306-40615-7');
  assert.equal(parseIsbn('9780306406157')?.isbn10, '0306406152');
  assert.equal(parseIsbn('9783161484100')?.hyphenated10, '3-16-148410-X');
  assert.equal(parseIsbn('9791090636071')?.isbn10, undefined, '979 ISBNs have no ISBN-10');
  assert.equal(toIsbn13('9780306406158'), undefined);
  assert.equal(hyphenateIsbn('9780306406157'), '978-0-306-40615-7');
  assert.equal(hyphenateIsbn('0306406152'), '0-306-40615-2', 'a 10 stays a 10');
  assert.equal(hyphenateIsbn('978-03-0640-6157'), '978-0-306-40615-7', 'wrong hyphens are redone');
  assert.equal(hyphenateIsbn('0306406153'), undefined);
});

/** Why `raw` is not a valid ISBN, or undefined when it is one. */
function problemOf(raw: string) {
  const verdict = classifyNormalized(normalizeIsbn(raw));
  return verdict.valid ? undefined : verdict.problem;
}

test('the verdict tells checksum, length and range apart', () => {
  assert.equal(problemOf('978-0-306-40615-7'), undefined);
  assert.equal(problemOf('978-0-306-40615-8'), 'checksum');
  assert.equal(problemOf('0-306-40615-3'), 'checksum');
  assert.equal(problemOf('3-16-148410-0'), 'checksum');
  assert.equal(problemOf('978-0-306-40615'), 'length');
  assert.equal(problemOf('12345'), 'length');
  assert.equal(problemOf('9786999999990'), undefined, 'a 978 checksum-valid 13 in no range isbn3 knows is an ISBN');
  assert.equal(problemOf('9999999999'), undefined, 'and so is a 10 typed as one');
  assert.equal(problemOf('979-0-2600-0043-8'), 'range', 'ISMN');
  assert.equal(problemOf('4006381333931'), 'range', 'an EAN-13 of no book');
});

test('an ISBN in no range of isbn3\'s data (a range allocated since, a test value) is an ISBN written without hyphens', () => {
  assert.deepEqual(parseIsbn('978-6-999999-99-0'), { isbn13: '9786999999990', hyphenated13: '9786999999990', isbn10: '6999999996', hyphenated10: '6999999996', rangeless: true });
  assert.deepEqual(parseIsbn('9799012345674'), { isbn13: '9799012345674', hyphenated13: '9799012345674', rangeless: true }, 'a 979 has no ISBN-10');
  assert.deepEqual(parseIsbn('9999678270'), { isbn13: '9789999678278', hyphenated13: '9789999678278', isbn10: '9999678270', hyphenated10: '9999678270', rangeless: true });
  assert.equal(toIsbn13('999967827-0'), '9789999678278');
  assert.equal(hyphenateIsbn('9786999999990'), undefined, 'no range, no hyphens');
  assert.equal(hyphenateIsbn('9999678270'), undefined);
  assert.equal(parseIsbn('9786999999991'), undefined, 'the check digit still counts');
  assert.equal(parseIsbn('9790260000438'), undefined, 'an ISMN stays out');
  assert.equal(parseIsbn('9780306406157')?.rangeless, undefined, 'a ranged ISBN is not marked');
});

test('classifyNormalized works on normalized strings', () => {
  const ok = classifyNormalized('9780306406157');
  assert.equal(ok.valid, true);
  assert.equal(ok.valid && ok.info.isbn13, '9780306406157');
  assert.deepEqual(classifyNormalized('9780306406158'), { valid: false, problem: 'checksum' });
  assert.deepEqual(classifyNormalized('03064061'), { valid: false, problem: 'length' });
  assert.deepEqual(classifyNormalized('9790260000438'), { valid: false, problem: 'range' });
  assert.deepEqual(classifyNormalized('03064X6152'), { valid: false, problem: 'checksum' }, 'X not in last place');
});

test('check digits and checksums', () => {
  assert.equal(isbn13CheckDigit('978030640615'), '7');
  assert.equal(isbn13CheckDigit('979109063607'), '1');
  assert.equal(isbn10CheckDigit('030640615'), '2');
  assert.equal(isbn10CheckDigit('316148410'), 'X');
  assert.equal(hasValidChecksum('9780306406157'), true);
  assert.equal(hasValidChecksum('316148410X'), true);
  assert.equal(hasValidChecksum('9780306406158'), false);
  assert.equal(hasValidChecksum('978030640615'), false);
  assert.equal(hasValidChecksum('97803064061X7'), false);
  // Agreement with isbn3 on a sweep of check digits.
  for (let d = 0; d <= 9; d++) {
    const raw = `978030640615${d}`;
    assert.equal(hasValidChecksum(raw), ISBN.parse(raw) !== null, raw);
  }
});

test('normalizeIsbn keeps digits and X only', () => {
  assert.equal(normalizeIsbn('ISBN 3-16-148410-x'), '316148410X');
  assert.equal(normalizeIsbn(' 978 0 306 40615 7 '), '9780306406157');
});

test('digitsKey: distinct for 10, 10 with X and 13; 0 for non-ISBN shapes', () => {
  const keys = [
    digitsKey(306406152, 10, -1),
    digitsKey(316148410, 10, 9),
    digitsKey(9780306406157, 13, -1),
    digitsKey(1, 10, -1),
    digitsKey(0, 13, -1),
  ];
  assert.equal(new Set(keys).size, keys.length);
  assert.ok(keys.every((k) => k > 0 && Number.isSafeInteger(k)));
  assert.equal(digitsKey(12345, 5, -1), 0);
  assert.equal(digitsKey(3161484, 10, 4), 0, 'X not in check position');
  assert.equal(digitsKey(978030640615, 13, 12), 0, 'X in a 13');
});

test('suggestCorrections: wrong check digit, ISBN-10 too, and prefix mix-ups', () => {
  assert.deepEqual(suggestCorrections('978-0-306-40615-8'), ['9780306406157']);
  assert.deepEqual(suggestCorrections('0-306-40615-3'), ['9780306406157'], 'isbn3 audit misses ISBN-10 groups');
  assert.deepEqual(suggestCorrections('3-16-148410-0'), ['9783161484100']);
  assert.ok(suggestCorrections('979-0-306-40615-7').includes('9780306406157'), '979 typed for 978');
  assert.deepEqual(suggestCorrections('9780306406157'), [], 'valid: nothing to correct');
  assert.deepEqual(suggestCorrections('12345'), []);
  assert.deepEqual(suggestCorrections(''), []);
  for (const s of suggestCorrections('978-3-16-148410-1')) assert.ok(parseIsbn(s), `${s} is valid`);
});
