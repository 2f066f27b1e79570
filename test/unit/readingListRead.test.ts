/** A reading list's lines as entries: the title and author each line gives its ISBN, and where the title is written. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readReadingList } from '../../src/core/formats/readingList/read';

function said(text: string) {
  return readReadingList(text).map((e) => ({ title: e.title, authors: e.authors, at: e.titleAt ? text.slice(e.titleAt.start, e.titleAt.end) : undefined }));
}

test('emphasis, bold, a link or quotes mark the title; "by" the author, a trailing dash left out', () => {
  assert.deepEqual(said('- *Thinking, Fast and Slow* by Daniel Kahneman — ISBN 9780374533557\n'), [{ title: 'Thinking, Fast and Slow', authors: ['Daniel Kahneman'], at: 'Thinking, Fast and Slow' }]);
  assert.deepEqual(said('- [Designing Data-Intensive Applications](https://x.org/) by Martin Kleppmann (ISBN 9781449373320)\n')[0]!.at, 'Designing Data-Intensive Applications');
  assert.deepEqual(said('- "Domain-Driven Design" by Eric Evans, ISBN: 9780321125217\n')[0], { title: 'Domain-Driven Design', authors: ['Eric Evans'], at: 'Domain-Driven Design' });
});

test('a marked title then a dash and the author', () => {
  assert.deepEqual(said('2. *La Chute* — Albert Camus — ISBN 9782070360420\n'), [{ title: 'La Chute', authors: ['Albert Camus'], at: 'La Chute' }]);
});

test('plain words: "Title — Author" and "Author — Title", told by which reads as a name', () => {
  assert.deepEqual(said("1. L'Étranger — Albert Camus — ISBN 9782070360024\n"), [{ title: "L'Étranger", authors: ['Albert Camus'], at: "L'Étranger" }]);
  assert.deepEqual(said('- Albert Camus — The Plague of the Town, ISBN 9782070360420\n')[0]!.title, 'The Plague of the Town');
  assert.deepEqual(said('- The Pragmatic Programmer by Dave Thomas and Andy Hunt, ISBN 9780135957059\n')[0], { title: 'The Pragmatic Programmer', authors: ['Dave Thomas and Andy Hunt'], at: 'The Pragmatic Programmer' });
});

test("a table row by its header's Title and Author columns, a number for a title too", () => {
  const table = '| ISBN | Title | Author |\n|---:|---|---|\n| `9780451524935` | 1984 | George Orwell |\n| `9780441172719` | Dune | Frank Herbert |\n';
  assert.deepEqual(said(table), [
    { title: '1984', authors: ['George Orwell'], at: '1984' },
    { title: 'Dune', authors: ['Frank Herbert'], at: 'Dune' },
  ]);
  const authorFirst = '| Author | Title | ISBN |\n|---|---|---|\n| Frank Herbert | Dune | 9780441172719 |\n';
  assert.deepEqual(said(authorFirst), [{ title: 'Dune', authors: ['Frank Herbert'], at: 'Dune' }]);
});

test("an annotation ISBN Lens wrote is no part of what the line says", () => {
  assert.deepEqual(said('- Dune, ISBN 9780441172719 — *Dune* (Frank Herbert; Ace, 1990)\n')[0]!.title, 'Dune');
});

test('a year in brackets is the year written', () => {
  assert.equal(readReadingList("- *L'Étranger* by Albert Camus (1942), ISBN 9782070360024\n")[0]!.year, '1942');
  assert.equal(readReadingList('- [Dune (1965)](https://x.org/dune) by Frank Herbert, ISBN 9780441172719\n')[0]!.year, undefined);
});
