import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyWhenStable } from '../../src/core/edit/applyStable';
import { applyEdits, lineBreakOf, minimalEdit, type TextEdit } from '../../src/core/edit/textEdit';
import { computeAnnotation } from '../helpers/formats';
import { BOOKS, results } from '../helpers/books';

test('minimalEdit leaves out the common prefix and suffix', () => {
  assert.deepEqual(minimalEdit('say hello world', 4, 9, 'jello'), { start: 4, end: 5, newText: 'j' });
  assert.equal(minimalEdit('same', 0, 4, 'same'), undefined);
  assert.deepEqual(minimalEdit('abc', 3, 3, 'def'), { start: 3, end: 3, newText: 'def' });
});

test('minimalEdit never splits a surrogate pair or a CRLF', () => {
  // '😀' and '😁' share their high surrogate.
  const edit = minimalEdit('x😀y', 1, 3, '😁')!;
  assert.deepEqual([edit.start, edit.end, edit.newText], [1, 3, '😁']);
  const crlf = minimalEdit('a\r\nb', 1, 3, '\n')!;
  assert.equal(applyEdits('a\r\nb', [crlf]), 'a\nb');
  assert.ok(crlf.start === 1, 'the CR is not kept apart from its LF');
});

test('applyEdits applies edits in any order and refuses overlaps', () => {
  assert.equal(applyEdits('abcdef', [{ start: 4, end: 5, newText: 'E' }, { start: 0, end: 1, newText: 'A' }]), 'AbcdEf');
  assert.throws(() => applyEdits('abc', [{ start: 0, end: 2, newText: '' }, { start: 1, end: 3, newText: '' }]));
});

test('lineBreakOf tells CRLF from LF', () => {
  assert.equal(lineBreakOf('a\r\nb'), '\r\n');
  assert.equal(lineBreakOf('a\nb'), '\n');
  assert.equal(lineBreakOf('none'), '\n');
});

/** A document whose user types `typed` (once per entry) right after each compute, as during a look-up. */
function typingDocument(initial: string, typing: Array<(text: string) => string>) {
  let text = initial;
  let version = 1;
  return {
    get version() {
      return version;
    },
    getText: () => text,
    typeNext() {
      const next = typing.shift();
      if (next) {
        text = next(text);
        version++;
      }
    },
    apply(edits: readonly TextEdit[], at: number) {
      if (at !== version) return false;
      text = applyEdits(text, edits);
      version++;
      return true;
    },
  };
}

test('concurrent edits: typing while computing makes the edits be computed again on the new text', async () => {
  const doc = typingDocument('ISBN 978-0-13-110362-7\n', [(t) => 'Typed first.\n' + t, (t) => t + 'ISBN 978-0-201-13447-6\n']);
  const lookups = results([BOOKS.kr, BOOKS.knuth]);
  const { applied, attempts, result } = await applyWhenStable(
    doc,
    (text) => {
      const out = computeAnnotation(text, 'markdown', lookups);
      doc.typeNext(); // the user types while we compute
      return out;
    },
    async (edits, version) => doc.apply(edits, version),
  );
  assert.ok(applied);
  assert.equal(attempts, 3);
  assert.equal(result.report.changed, 2);
  assert.equal(
    doc.getText(),
    'Typed first.\nISBN 978-0-13-110362-7 — *The C Programming Language* (Brian W. Kernighan, Dennis M. Ritchie; Prentice Hall, 1988)\nISBN 978-0-201-13447-6 — *The TeXbook* (Donald E. Knuth; Addison-Wesley, 1984)\n',
  );
});

test('concurrent edits: an apply refused because the document moved on is retried; a user who never stops typing wins', async () => {
  let version = 1;
  let text = 'ISBN 978-0-13-110362-7\n';
  const doc = { get version() { return version; }, getText: () => text };
  let refusals = 0;
  const { applied } = await applyWhenStable(
    doc,
    (t) => computeAnnotation(t, 'markdown', results([BOOKS.kr])),
    async () => {
      // The editor refuses: a keystroke arrived between our check and the apply.
      text += 'x';
      version++;
      refusals++;
      return false;
    },
    3,
  );
  assert.equal(applied, false);
  assert.equal(refusals, 3);
  assert.ok(text.endsWith('xxx'), 'what was typed is all there');
});

test('nothing to write: no apply at all', async () => {
  let applies = 0;
  const { applied, attempts } = await applyWhenStable({ version: 1, getText: () => 'no isbn' }, () => ({ edits: [] }), async () => ++applies > 0);
  assert.deepEqual([applied, attempts, applies], [false, 1, 0]);
});
