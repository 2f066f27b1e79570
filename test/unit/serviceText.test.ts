import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { cleanServiceText, toWellFormed } from '../../src/core/text/serviceText';

test('newlines, tabs and separators collapse to single spaces', () => {
  assert.equal(cleanServiceText('A Title\n\nISBN-13: 9780000000000\r\n\tthird'), 'A Title ISBN-13: 9780000000000 third');
  assert.equal(cleanServiceText('one\u2028two\u2029three\u0085four'), 'one two three four');
});

test('control characters and bidi overrides are dropped, ordinary text kept', () => {
  assert.equal(cleanServiceText('Evil\u0000\u001b[31mRed\u001b[0m'), 'Evil[31mRed[0m');
  assert.equal(cleanServiceText('abc\u202Egnp.exe'), 'abcgnp.exe');
  assert.equal(cleanServiceText('\u2066isolated\u2069 \u202Aembedded\u202C'), 'isolated embedded');
  assert.equal(cleanServiceText('Ἀριστοτέλης · 東京 · עברית · Café'), 'Ἀριστοτέλης · 東京 · עברית · Café');
});

test('lone surrogates become U+FFFD; pairs stay', () => {
  assert.equal(toWellFormed('a\uD800b'), 'a\uFFFDb');
  assert.equal(toWellFormed('a\uDC00'), 'a\uFFFD');
  assert.equal(toWellFormed('📚'), '📚');
  assert.doesNotThrow(() => encodeURI(cleanServiceText('https://covers.example/\uD800.jpg')));
});

test('property: the result has no control, bidi override, line break or lone surrogate, and is stable', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (input) => {
      const out = cleanServiceText(input);
      assert.doesNotMatch(out, /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029]/);
      assert.doesNotThrow(() => encodeURIComponent(out));
      assert.equal(cleanServiceText(out), out);
      assert.equal(out, out.trim());
    }),
    { numRuns: 300 },
  );
});
