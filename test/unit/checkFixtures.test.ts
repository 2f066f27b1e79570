/**
 * Check Bibliography on its hand-labelled fixtures (test/fixtures/check): no correctly written
 * entry is another book, every swapped or wrong ISBN is; the held-out file's figures are what
 * `npm run bench -- m` reports, kept here so that a change that worsens them is seen.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFixtures, scoreOf } from '../helpers/checkFixtures';

test('every fixture entry is labelled and checked', async () => {
  const verdicts = await checkFixtures();
  assert.equal(verdicts.filter((v) => v.label === undefined).length, 0);
  assert.ok(verdicts.length >= 90, `${verdicts.length} checked`);
});

test('the fixtures the rules were made on: other-book, other-edition and unknown-isbn exactly as labelled', async () => {
  const verdicts = (await checkFixtures()).filter((v) => !v.id.startsWith('heldout'));
  for (const code of ['other-book', 'other-edition', 'unknown-isbn'] as const) {
    const score = scoreOf(verdicts, code);
    assert.deepEqual([score.falsePositives, score.falseNegatives], [[], []], code);
  }
  assert.ok(verdicts.filter((v) => v.label === 'unfair').every((v) => v.checked.verdict.kind === 'unchecked'));
});

test('held out: no correctly written entry is another book; one same-titled book by another author is missed', async () => {
  const score = scoreOf((await checkFixtures()).filter((v) => v.id.startsWith('heldout')), 'other-book');
  assert.deepEqual(score.falsePositives, []);
  assert.deepEqual(score.falseNegatives, ['heldout.bib#spivak (other-edition)']);
});
