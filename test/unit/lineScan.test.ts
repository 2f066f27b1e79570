import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { contextLines, FIELD_LINES, kindReach, type LineChange, type LineIsbn, type LineSource, itemsInLines, rescan, scanAll, SLICE_LINES } from '../../src/core/scan/lineScan';
import { registeredRules } from '../../src/core/isbn/rules';
import { TEXT_SHAPE } from '../../src/core/isbn/textShape';
import { HEAD_SNIFF_CHARS } from '../../src/core/isbn/find';

function source(text: string): LineSource {
  const lines = text.split(/\r\n|\r|\n/);
  return { lineCount: lines.length, lineAt: (line) => lines[line] };
}

/** Applies a change given in line/column coordinates, as VS Code reports it. */
function applyChange(text: string, change: { startLine: number; startCol: number; endLine: number; endCol: number; text: string }): string {
  const lines = text.split('\n');
  const offset = (line: number, col: number) => lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + Math.min(col, lines[line].length);
  return text.slice(0, offset(change.startLine, change.startCol)) + change.text + text.slice(offset(change.endLine, change.endCol));
}

const DOC = ['# Notes', 'ISBN 978-0-13-110362-7 is fine', 'ISBN 978-0-13-110362-8 is not', '', '@book{x,', '  isbn =', '    {0-306-40615-3},', '}', 'plain 9780306406157 here'].join('\n');

test('a full scan finds ISBNs by line with columns', () => {
  const items = scanAll(source(DOC));
  assert.deepEqual(
    items.map((i) => [i.line, i.start, i.end, i.valid]),
    [
      [1, 5, 22, true],
      [2, 5, 22, false],
      [6, 5, 18, false],
      [8, 6, 19, true],
    ],
  );
});

test('typing in one line rescans only around it and shifts the rest', () => {
  const before = scanAll(source(DOC));
  // Insert a line break in line 0: everything below moves down by one.
  const change: LineChange = { startLine: 0, endLine: 0, text: '\n' };
  const text = applyChange(DOC, { startLine: 0, startCol: 7, endLine: 0, endCol: 7, text: '\n' });
  const after = rescan(before, [change], source(text));
  assert.deepEqual(after, scanAll(source(text)));
  assert.equal(after[3].line, 9);
});

test('a keystroke in a 10,000-line file reads only a few lines', () => {
  const lines = Array.from({ length: 10_000 }, (_, i) => (i % 10 === 0 ? `- Book ${i}, ISBN 978-0-306-40615-7` : `Some prose on line ${i}.`));
  const items = scanAll(source(lines.join('\n')));
  lines[5001] = 'Some prose on line 5001!';
  let reads = 0;
  const counting: LineSource = { lineCount: lines.length, lineAt: (line) => (reads++, lines[line]) };
  const after = rescan(items, [{ startLine: 5001, endLine: 5001, text: '!' }], counting);
  // As many whatever the document's length: the lines around the edit as far as the rules for its kind
  // reach (the lines an edit may change, and as far again around them: lines, and characters across
  // lines, each line here 24 or 25 characters long), read by a few passes (the reach's walks, the
  // fields', the scan); its first 8 lines, which tell its kind; and its start (HEAD_SNIFF_CHARS), which tells its script.
  const reach = kindReach(TEXT_SHAPE);
  const around = 2 * (2 * (reach.lines + Math.ceil(reach.across / 24)) + 1);
  assert.ok(reads <= 4 * around + FIELD_LINES + 8 + Math.ceil(HEAD_SNIFF_CHARS / 24), `read ${reads} lines`);
  assert.equal(after.length, 1000);
  assert.deepEqual(after, scanAll(source(lines.join('\n'))));
});

test('fixing a check digit clears the problem; breaking one adds it', () => {
  const before = scanAll(source(DOC));
  const fixed = applyChange(DOC, { startLine: 2, startCol: 21, endLine: 2, endCol: 22, text: '7' });
  const after = rescan(before, [{ startLine: 2, endLine: 2, text: '7' }], source(fixed));
  assert.ok(after.filter((i) => i.line === 2).every((i) => i.valid));
  assert.deepEqual(after, scanAll(source(fixed)));
});

test('an isbn field whose label is on an earlier line is still seen (context lines)', () => {
  const before = scanAll(source(DOC));
  const edited = applyChange(DOC, { startLine: 6, startCol: 17, endLine: 6, endCol: 18, text: '2' });
  const after = rescan(before, [{ startLine: 6, endLine: 6, text: '2' }], source(edited));
  assert.deepEqual(after, scanAll(source(edited)));
  assert.ok(after.find((i) => i.line === 6)?.valid);
});

const visible = ({ labelLine: _, ...item }: LineIsbn) => item;

test('an edit above a field that spans a blank line rescans the whole field, not the lines down to its ISBN', () => {
  // The field opened on line 5 closes on line 9, with a nested {…} on line 8: rescanning lines 0-8
  // as one slice cut the field at its first line's end and lost the nested ISBN's label.
  const text = [
    'ISBN 978-0-13-110362-7 is fine',
    'ISBN 978-0-13-110362-8 is not',
    'isbn =',
    ' {978-0-13-110362-8,',
    '',
    ' 0-306-40615-2}isbn =',
    ' {978-0-13-110362-8,',
    '',
    '    {0-306-40615-3},',
    '}',
    'plain 9780306406157 here',
  ].join('\n');
  const before = scanAll(source(text));
  assert.ok(before.some((i) => i.line === 8 && i.labelled && i.problem === 'checksum'));
  const after = rescan(before, [{ startLine: 0, endLine: 0, text: '' }], source(text));
  assert.deepEqual(after.map(visible), before.map(visible));
});

test('an ISBN broken at a hyphen by a line end (text from a PDF) ends on the next line: its range, its rescan, and the lines that ask for it', () => {
  const text = ['[1] Kernighan, Ritchie. The C Programming Language.', '    1988. ISBN 978-', '    0131103627. Second edition.', 'next'].join('\n');
  const items = scanAll(source(text));
  assert.deepEqual(
    items.map((i) => [i.line, i.start, i.endLine, i.end, i.valid]),
    [[1, 15, 2, 14, true]],
  );
  // Both lines find it; an edit on its second line rescans it whole.
  assert.equal(itemsInLines(items, 2, 2).length, 1);
  assert.equal(itemsInLines(items, 1, 1).length, 1);
  const edited = text.replace('Second', 'Third');
  assert.deepEqual(rescan(items, [{ startLine: 2, endLine: 2, text: '    0131103627. Third edition.' }], source(edited)), scanAll(source(edited)));
  // One starting on a slice's last line is read whole by a full scan.
  const long = [...Array.from({ length: SLICE_LINES - 1 }, () => 'filler'), 'ISBN 978-', '0131103627', 'end'].join('\n');
  assert.deepEqual(scanAll(source(long)).map((i) => [i.line, i.endLine, i.valid]), [[SLICE_LINES - 1, SLICE_LINES, true]]);
});

test('itemsInLines returns the items of a line range', () => {
  const items = scanAll(source(DOC));
  assert.deepEqual(itemsInLines(items, 2, 6).map((i) => i.line), [2, 6]);
  assert.deepEqual(itemsInLines(items, 9, 20), []);
});

// Documents whose braces balance: while an isbn field is open and unclosed,
// the finder ends it at its line end, a state that lasts until the user
// types the closing brace (and that the editor clears with a full rescan on save).
function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) if ((depth += c === '{' ? 1 : c === '}' ? -1 : 0) < 0) return false;
  return depth === 0;
}

test('an ISBN glued to a word, written again lower down: a rescan of the lines around it finds what a full scan finds', () => {
  // Found by the property below: the finder's repeats (a glued number that is an ISBN found elsewhere) are off in the index.
  const text = applyChange(DOC, { startLine: 0, startCol: 0, endLine: 1, endCol: 0, text: '978-0-306-40615-\n7' });
  const after = rescan(scanAll(source(DOC)), [{ startLine: 0, endLine: 1, text: '978-0-306-40615-\n7' }], source(text));
  assert.deepEqual(after.map(visible), scanAll(source(text)).map(visible));
});

test('property: after any sequence of edits, the incremental index equals a full rescan', () => {
  const pieces = ['ISBN 978-0-13-110362-7', 'ISBN 978-0-13-110362-8', '\n', 'x', ' ', '0-306-40615-2', '-', '7', 'isbn = {0-306-40615-3}', 'isbn =\n {978-0-13-110362-8,\n\n 0-306-40615-2}', 'ISBN: ', '\n\n', '{', '}', 'ISBN 978-\n  0131103627', '978-0-306-40615-\n7'];
  const edit = fc.record({
    line: fc.nat(),
    col: fc.nat(40),
    spanLines: fc.nat(2),
    endCol: fc.nat(40),
    text: fc.array(fc.constantFrom(...pieces), { maxLength: 3 }).map((a) => a.join('')),
  });
  fc.assert(
    fc.property(fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), (events) => {
      let text = DOC;
      let items = scanAll(source(text));
      for (const event of events) {
        // One change event may hold several changes, each in the coordinates the previous left.
        const changes: LineChange[] = [];
        for (const e of event) {
          const lineCount = text.split('\n').length;
          const startLine = e.line % lineCount;
          const endLine = Math.min(lineCount - 1, startLine + e.spanLines);
          const startCol = e.col;
          const endCol = endLine === startLine ? Math.max(startCol, e.endCol) : e.endCol;
          text = applyChange(text, { startLine, startCol, endLine, endCol, text: e.text });
          changes.push({ startLine, endLine, text: e.text });
        }
        items = rescan(items, changes, source(text));
        if (!balanced(text)) return; // see balanced()
        // labelLine is bookkeeping for later rescans; with fields nested in fields it may differ harmlessly.
        assert.deepEqual(items.map(visible), scanAll(source(text)).map(visible));
      }
    }),
    { numRuns: 3000 },
  );
});

test('a field opener that ends its line (`  isbn =`) labels no number on the next one, in a rescan as in a full scan (the edit property\'s counterexample, seed -1448498873)', () => {
  // The property's events, as it applies them: line numbers are taken modulo the text's lines.
  const events = [
    [{ line: 1353472521, text: '978-0-306-40615-\n7' }, { line: 0, text: '' }],
    [{ line: 0, text: 'isbn =\n {978-0-13-110362-8,\n\n 0-306-40615-2}' }, { line: 1372482772, text: '' }],
  ];
  let text = DOC;
  let items = scanAll(source(text));
  for (const event of events) {
    const changes: LineChange[] = [];
    for (const e of event) {
      const startLine = e.line % text.split('\n').length;
      text = applyChange(text, { startLine, startCol: 0, endLine: startLine, endCol: 0, text: e.text });
      changes.push({ startLine, endLine: startLine, text: e.text });
    }
    items = rescan(items, changes, source(text));
  }
  assert.deepEqual(items.map(visible), scanAll(source(text)).map(visible));
});

test('a rescan reads around an edit as many lines as the finder\'s rules reach for the document\'s kind, and fields as long as the longest a rule reads', () => {
  const most = (data: boolean) => Math.max(...registeredRules().filter((r) => r.kinds.some((k) => (k === 'data') === data)).map((r) => r.reach.lines));
  assert.equal(contextLines(TEXT_SHAPE), most(false));
  assert.equal(contextLines({ kind: 'json' }), most(true));
  assert.equal(FIELD_LINES, Math.max(...registeredRules().map((r) => r.reach.field ?? 0)));
  // The rules that read across a line's end say so.
  assert.ok(['label.isbnWord', 'candidate.lineBreakHyphen', 'label.isbnField'].every((id) => registeredRules().some((r) => r.id === id && (r.reach.lines || r.reach.field || 0) > 0)));
});

test('an ISBN broken at a line\'s end whose run goes on into another ISBN is rescanned from its first line (the edit property\'s counterexample, seed 1588109946)', () => {
  const events = [
    [{ line: 826318721, spanLines: 1, endCol: 0, text: '' }],
    [{ line: 42352985, spanLines: 0, endCol: 5, text: 'ISBN: 978-0-306-40615-\n7' }, { line: 0, spanLines: 0, endCol: 0, text: '' }],
    [{ line: 306896116, spanLines: 0, endCol: 0, text: '' }],
    [{ line: 0, spanLines: 0, endCol: 0, text: '' }],
  ];
  let text = DOC;
  let items = scanAll(source(text));
  for (const event of events) {
    const changes: LineChange[] = [];
    for (const e of event) {
      const lineCount = text.split('\n').length;
      const startLine = e.line % lineCount;
      const endLine = Math.min(lineCount - 1, startLine + e.spanLines);
      text = applyChange(text, { startLine, startCol: 0, endLine, endCol: e.endCol, text: e.text });
      changes.push({ startLine, endLine, text: e.text });
    }
    items = rescan(items, changes, source(text));
    assert.deepEqual(items.map(visible), scanAll(source(text)).map(visible));
  }
});

test('property: in data (YAML, JSON), after any sequence of edits, the incremental index equals a full rescan: a rescan reads as far as the data rules reach (a YAML list\'s key, an array\'s)', () => {
  // With the bare 2 lines of context this failed at once: an `isbn:` key a few lines above an edited list item.
  const named = (text: string, fileName: string): LineSource => ({ ...source(text), fileName });
  const docs: Array<[string, string, string[]]> = [
    ['a.yaml', ['books:', '  - title: Dune', '    isbn:', '      - 0306406152', '      - 0441013597', '    oclc:', '      - 1000000001', '  - title: X', '    id: 0306406152'].join('\n'), ['isbn:\n', 'oclc:\n', '  - 0306406152\n', '0441013597', '\n', ' ', 'x']],
    ['a.json', ['{', '  "isbn": [', '    "0306406152",', '    "0441013597"', '  ],', '  "id": "1000000001",', '  "isbn_10": "0306406152"', '}'].join('\n'), ['"isbn": [\n', '"id": [\n', '"0306406152",\n', ']', '\n', ' ', '9780306406157']],
  ];
  for (const [fileName, doc, pieces] of docs) {
    const edit = fc.record({ line: fc.nat(), col: fc.nat(20), spanLines: fc.nat(2), endCol: fc.nat(20), text: fc.array(fc.constantFrom(...pieces), { maxLength: 3 }).map((a) => a.join('')) });
    fc.assert(
      fc.property(fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }), (events) => {
        let text = doc;
        let items = scanAll(named(text, fileName));
        for (const event of events) {
          const changes: LineChange[] = [];
          for (const e of event) {
            const lineCount = text.split('\n').length;
            const startLine = e.line % lineCount;
            const endLine = Math.min(lineCount - 1, startLine + e.spanLines);
            const endCol = endLine === startLine ? Math.max(e.col, e.endCol) : e.endCol;
            text = applyChange(text, { startLine, startCol: e.col, endLine, endCol, text: e.text });
            changes.push({ startLine, endLine, text: e.text });
          }
          items = rescan(items, changes, named(text, fileName));
          assert.deepEqual(items.map(visible), scanAll(named(text, fileName)).map(visible), fileName);
        }
      }),
      { numRuns: 500 },
    );
  }
});
