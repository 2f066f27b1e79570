// The rescan property against the rules' declared reach (rules/rule.ts, Reach): each rule's
// examples, both ways, stand among other lines (some above, some below), and random edits near
// them and far from them (characters and lines typed and deleted, pieces of the example among
// them) are followed each by an incremental rescan, which must find what a full scan of the
// edited text finds. The index re-decides the lines within the reach the rules for the
// document's kind declare: a rule that reads further than it says fails here. A rule whose reach
// is the whole text (`document: 'text'`) is one the index handles by name (WHOLE_TEXT_RULES): it
// runs here too, and one the index leaves out is checked to find nothing in the index's scans
// (ARCHITECTURE.md, "The finder's rules").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type LineChange, type LineIsbn, type LineSource, rescan, scanAll, WHOLE_TEXT_RULES } from '../../src/core/scan/lineScan';
import { registeredRules } from '../../src/core/isbn/rules';
import { docsOf } from '../../src/core/isbn/rules/docs';

const visible = ({ labelLine: _, ...item }: LineIsbn) => item;

function source(text: string, fileName?: string): LineSource {
  const lines = text.split(/\r\n|\r|\n/);
  return { lineCount: lines.length, lineAt: (line) => lines[line], ...(fileName === undefined ? {} : { fileName }) };
}

/** Lines around an example: prose, a blank line, a heading, indentation. */
const FILLER = ['Some words about a book.', '', 'More words, and the year 1999.', '  indented prose', '# A heading'];

for (const rule of registeredRules()) {
  test(`rule ${rule.id}: around its examples, after any edits, a rescan finds what a full scan finds`, () => {
    const examples = [...docsOf(rule).yes, ...docsOf(rule).no];
    for (const example of examples) {
      const exampleLines = example.text.split(/\r\n|\r|\n/);
      const pieces = ['\n', ' ', 'x', '|', ':', '"', '-', '9', ...exampleLines.slice(0, 3).map((l) => l.slice(0, 12))];
      const edit = fc.record({
        near: fc.boolean(),
        line: fc.nat(),
        col: fc.nat(30),
        spanLines: fc.nat(2),
        endCol: fc.nat(30),
        text: fc.array(fc.constantFrom(...pieces), { maxLength: 3 }).map((a) => a.join('')),
      });
      fc.assert(
        fc.property(fc.nat(40), fc.nat(40), fc.array(fc.array(edit, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 4 }), (above, below, events) => {
          let text = [...Array.from({ length: above }, (_, i) => FILLER[i % FILLER.length]), example.text, ...Array.from({ length: below }, (_, i) => FILLER[i % FILLER.length])].join('\n');
          let items = scanAll(source(text, example.name));
          for (const event of events) {
            const changes: LineChange[] = [];
            for (const e of event) {
              const lines = text.split('\n');
              const startLine = e.near ? Math.min(lines.length - 1, above + (e.line % (exampleLines.length + 4))) : e.line % lines.length;
              const endLine = Math.min(lines.length - 1, startLine + e.spanLines);
              const startCol = Math.min(e.col, lines[startLine].length);
              const endCol = endLine === startLine ? Math.max(startCol, Math.min(e.endCol, lines[endLine].length)) : Math.min(e.endCol, lines[endLine].length);
              const offset = (l: number, c: number) => lines.slice(0, l).reduce((n, s) => n + s.length + 1, 0) + c;
              text = text.slice(0, offset(startLine, startCol)) + e.text + text.slice(offset(endLine, endCol));
              changes.push({ startLine, endLine, text: e.text });
            }
            items = rescan(items, changes, source(text, example.name));
            assert.deepEqual(items.map(visible), scanAll(source(text, example.name)).map(visible), JSON.stringify(text));
          }
        }),
        { numRuns: 40 },
      );
    }
  });
}

test('every rule that reads the whole text is one the index handles by name, and one it leaves out finds nothing in its scans', () => {
  const whole = registeredRules().filter((rule) => rule.reach.document === 'text');
  assert.deepEqual(whole.map((rule) => rule.id).sort(), Object.keys(WHOLE_TEXT_RULES).sort());
  for (const rule of whole.filter((r) => WHOLE_TEXT_RULES[r.id] === 'leftOut')) {
    for (const example of [...docsOf(rule).yes, ...docsOf(rule).no]) {
      assert.ok(scanAll(source(example.text, example.name)).every((item) => item.foundBy !== rule.id), `${rule.id}: ${example.text}`);
    }
  }
});
