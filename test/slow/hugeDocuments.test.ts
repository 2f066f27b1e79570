/** Huge and odd documents: no crash, no hang, the same answers as a whole-text scan. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findIsbns } from '../../src/core/isbn/find';
import { SLICE_LINES, scanAll } from '../../src/core/scan/lineScan';

function source(text: string) {
  const lines = text.split(/\r?\n/);
  return { lineCount: lines.length, lineAt: (line: number) => lines[line]! };
}

/** Offsets of the whole-text scan as (line, column) pairs, to compare with the line index. */
function wholeTextAnswers(text: string): string[] {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  let line = 0;
  return findIsbns(text).map((m) => {
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= m.start) line++;
    return `${line}:${m.start - lineStarts[line]!}:${m.raw}:${m.valid}`;
  });
}

test('a 20 MB document is scanned in slices with the same result as one whole-text pass', () => {
  const block = [
    '# Reading list',
    '- ISBN 978-0-306-40615-7 and 0-306-40615-2',
    '@book{k, isbn = {978-3-16-148410-0,',
    '   9791090636071}, title = {T}}',
    'Call +1 555-123-4567 or see doi:10.1000/182; ISBN 978-0-306-40615-8 is a typo.',
    '\tTabbed\tline with 978 0 306 40615 7 and CRLF\r',
  ].join('\n');
  const text = Array.from({ length: Math.ceil((20 * 1024 * 1024) / block.length) }, () => block).join('\n');
  assert.ok(text.length >= 20 * 1024 * 1024);
  const items = scanAll(source(text));
  assert.ok(source(text).lineCount > SLICE_LINES * 10, 'many slices');
  const sliced = items.map((i) => `${i.line}:${i.start}:${i.raw}:${i.valid}`);
  const whole = wholeTextAnswers(text.replace(/\r\n/g, '\n'));
  assert.equal(sliced.length, whole.length);
  assert.deepEqual(sliced.slice(0, 50), whole.slice(0, 50));
  assert.deepEqual(sliced.slice(-50), whole.slice(-50));
  // An isbn field that straddles a slice border keeps its label.
  const straddling = items.filter((i) => i.raw === '9791090636071');
  assert.ok(straddling.every((i) => i.labelled));
});

test('a single 1 MB line with ISBNs at both ends', () => {
  const line = 'ISBN 978-0-306-40615-7 ' + 'lorem ipsum 12345 '.repeat(60_000) + ' ISBN 9783161484100';
  const matches = findIsbns(line);
  assert.deepEqual(matches.map((m) => m.raw), ['978-0-306-40615-7', '9783161484100']);
  assert.equal(matches[1]!.start, line.length - 13);
});

test('binary-looking content does not crash and finds no ISBN in noise', () => {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const bytes = Array.from({ length: 1_000_000 }, () => String.fromCharCode(Math.floor(random() * 256))).join('');
  const matches = findIsbns(bytes);
  for (const m of matches) assert.equal(bytes.slice(m.start, m.end), m.raw);
});

test('non-ASCII digits, full-width characters and right-to-left text', () => {
  // Arabic-Indic digits are not ISBN digits; full-width ones are (issue 25: Japanese text writes
  // them), reported as written; an ISBN inside RTL prose is still found.
  assert.deepEqual(findIsbns('ISBN ٩٧٨٠٣٠٦٤٠٦١٥٧').map((m) => m.raw), []);
  const wide = findIsbns('ＩＳＢＮ ９７８０３０６４０６１５７');
  assert.deepEqual(wide.map((m) => [m.raw, m.labelled, m.info?.isbn13]), [['９７８０３０６４０６１５７', true, '9780306406157']]);
  const rtl = 'كتاب جميل ISBN 978-0-306-40615-7 في المكتبة \u202Bנשמע\u202C';
  const [match] = findIsbns(rtl);
  assert.equal(match?.raw, '978-0-306-40615-7');
  assert.equal(rtl.slice(match!.start, match!.end), match!.raw);
});
