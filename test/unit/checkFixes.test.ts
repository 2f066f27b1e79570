/** The quick fixes' edits in each format: the ISBN's book or edition written into the entry, nothing outside it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fixEdits } from '../../src/core/check/fixes';
import { applyEdits } from '../../src/core/edit/textEdit';
import { formatPart } from '../../src/core/formats/registry';
import type { FormatId } from '../../src/core/formats/formatId';
import { book } from '../helpers/books';

const RECORD = book('9780306990038', 'Catalogues Compared', ['Priya Raman'], { publisher: 'Plenum Press', year: 2015, datePublished: '2015-06-01', pages: 240, language: 'en' });

function fixed(format: FormatId, text: string, kind: 'other-book' | 'other-edition', entryIndex = 0): string {
  const part = formatPart(format);
  const reading = part.reading(text);
  const entry = reading.entries()[entryIndex]!;
  return applyEdits(text, fixEdits(part, reading, entry, RECORD.isbn13, RECORD, kind, { dialect: 'bibtex' }));
}

const BIB = `@book{a,
  author = {Whitlock, Ada},
  title  = {The Open Shelf},
  year   = {1999},
  isbn   = {9780306990038}
}

@book{b,
  title = {Other},
  isbn  = {9780306990038}
}
`;

test("BibTeX, other-book: title, authors, year and publisher of the ISBN's book, this entry only, nothing else of the record", () => {
  const out = fixed('bibtex', BIB, 'other-book');
  assert.match(out, /author = \{Raman, Priya\},\n {2}title {2}= \{Catalogues Compared\},\n {2}year {3}= \{2015\},\n {2}isbn {3}= \{9780306990038\},\n {2}publisher = \{Plenum Press\}\n\}/);
  assert.ok(!/pagetotal|language|langid/.test(out), out);
  assert.equal(out.slice(out.indexOf('@book{b,')), BIB.slice(BIB.indexOf('@book{b,')));
});

test("BibTeX, other-edition: only the edition's details; the title and authors as written", () => {
  const out = fixed('bibtex', BIB, 'other-edition');
  assert.match(out, /author = \{Whitlock, Ada\},\n {2}title {2}= \{The Open Shelf\},\n {2}year {3}= \{2015\},/);
  assert.match(out, /publisher = \{Plenum Press\}/);
});

test('CSL-JSON, other-book: the item takes the book', () => {
  const text = JSON.stringify([{ id: 'a', type: 'book', title: 'The Open Shelf', author: [{ family: 'Whitlock', given: 'Ada' }], ISBN: '9780306990038' }], null, 2);
  const item = (JSON.parse(fixed('csl-json', text, 'other-book')) as Array<Record<string, unknown>>)[0]!;
  assert.equal(item.title, 'Catalogues Compared');
  assert.deepEqual(item.author, [{ family: 'Raman', given: 'Priya' }]);
  assert.equal(item.publisher, 'Plenum Press');
});

test("a reading list: the written title gives way to the book's, in its emphasis or its table cell", () => {
  assert.equal(fixed('markdown', '- *The Open Shelf* by Ada Whitlock, ISBN 9780306990038\n', 'other-book'), '- *Catalogues Compared* by Ada Whitlock, ISBN 9780306990038\n');
  assert.equal(fixed('markdown', '| Title | Author | ISBN |\n|---|---|---|\n| The Open Shelf | Ada Whitlock | 9780306990038 |\n', 'other-book'), '| Title | Author | ISBN |\n|---|---|---|\n| Catalogues Compared | Ada Whitlock | 9780306990038 |\n');
  assert.equal(fixed('markdown', '- *The Open Shelf* (1999), ISBN 9780306990038\n', 'other-edition'), '- *The Open Shelf* (1999), ISBN 9780306990038\n');
});
