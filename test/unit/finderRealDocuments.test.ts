// Precision and recall of the finder on the realistic fixture set (issue 13):
// documents in the shapes of real exports, each with its ISBNs listed by hand
// in test/fixtures/finder/expected.json. Each fixture's ISBNs must be found
// exactly (no ISBN missed, none extra, every place found), read from the text
// alone and with the file's name; the aggregate figures are printed too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asciiDigit, CYRILLIC_X, fixtureFiles, lettersAsDigits, OTHER_DIGITS, scoreFixtures, tenOf } from '../helpers/finderFixtures';

const TARGET = 0.995;
const OCCURRENCE_TARGET = 0.99;

test('the hand-listed ISBNs are valid ISBN-13s, and every fixture holds each of them in some notation', () => {
  for (const { file, text, expected } of fixtureFiles()) {
    const digits = lettersAsDigits(text).normalize('NFKC').replace(OTHER_DIGITS, asciiDigit).replace(CYRILLIC_X, 'X').replace(/[^0-9Xx]/g, ''); // full-width and other scripts' digits as ASCII, a Cyrillic Х as X
    for (const isbn13 of expected) {
      // A 978/979 number with its check digit right, whether or not isbn3's ranges hold it (a test's 979-9…).
      const sum = [...isbn13].reduce((total, c, i) => total + Number(c) * (i % 2 ? 3 : 1), 0);
      assert.ok(/^97[89][0-9]{10}$/.test(isbn13) && !isbn13.startsWith('9790') && sum % 10 === 0, `${file}: ${isbn13}`);
      const ten = isbn13.startsWith('978') ? tenOf(isbn13) : undefined;
      assert.ok(digits.includes(isbn13) || (ten !== undefined && digits.includes(ten)), `${file}: ${isbn13} is not in the file`);
    }
  }
});

for (const withName of [false, true]) {
  test(`precision and recall on the fixture set, ${withName ? 'with the file name' : 'from the text alone'}`, (t) => {
    const { files, precision, recall, occurrenceRecall } = scoreFixtures(withName);
    for (const f of files) {
      const extra = f.falsePositives.length > 0 ? ` false positives ${f.falsePositives.join(' ')}` : '';
      const missed = f.missed.length > 0 ? ` missed ${f.missed.join(' ')}` : '';
      t.diagnostic(`${f.file}: ${f.truePositives} found${extra}${missed}`);
    }
    const found = files.reduce((n, f) => n + f.truePositives, 0);
    const line =
      `finder on ${files.length} documents (${found} true ISBNs found): precision ${(precision * 100).toFixed(1)} %, ` +
      `recall ${(recall * 100).toFixed(1)} %, occurrence recall ${(occurrenceRecall * 100).toFixed(1)} %`;
    t.diagnostic(line);
    console.log(line);
    assert.ok(precision >= TARGET, `precision ${precision}`);
    assert.ok(recall >= TARGET, `recall ${recall}`);
    assert.ok(occurrenceRecall >= OCCURRENCE_TARGET, `occurrence recall ${occurrenceRecall}`);
  });
}

for (const withName of [false, true]) {
  test(`each fixture: exactly its hand-listed ISBNs, at every place they are written, ${withName ? 'with the file name' : 'from the text alone'}`, () => {
    for (const f of scoreFixtures(withName).files) {
      assert.deepEqual({ file: f.file, falsePositives: f.falsePositives, missed: f.missed, places: f.foundPlaces }, { file: f.file, falsePositives: [], missed: [], places: f.places });
    }
  });
}
