import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { bookHover, otherEditionNote } from '../../src/editor/words/index';
import { bookDetails } from '../../src/editor/words/commands';
import { describesIsbn, isOtherEditionOf } from '../../src/core/model/edition';
import { book } from '../helpers/books';

const asked = '9780306406157';
const own = book(asked, 'Data Reduction', [], { isbn10: '0306406152' });
const reissue = book('9780071198790', 'Data Reduction', [], { binding: 'Hardcover', edition: 'Reissue', otherIsbns: [{ isbn: asked, binding: 'Paperback' }] });
const reissueBy10 = book('9780071198790', 'Data Reduction', [], { otherIsbns: [{ isbn: '0306406152' }] });
const stranger = book('9780131103627', 'The C Programming Language');

test('a record describes the ISBN asked, another edition of it, or neither', () => {
  assert.ok(describesIsbn(own, asked));
  assert.ok(describesIsbn(own, '0306406152'), 'asked by its ISBN-10');
  assert.ok(!isOtherEditionOf(own, asked));
  assert.ok(isOtherEditionOf(reissue, asked));
  assert.ok(isOtherEditionOf(reissueBy10, asked), 'listed by its ISBN-10');
  assert.ok(!isOtherEditionOf(stranger, asked));
  assert.ok(!describesIsbn(stranger, asked));
});

test('another edition is named in the hover and the details; the book\'s own record says nothing more', () => {
  const note = otherEditionNote(reissue, asked);
  assert.equal(note, 'This record describes another edition: ISBN 978-0-07-119879-0 (Hardcover, Reissue edition).');
  assert.equal(otherEditionNote(own, asked), undefined);
  assert.match(bookHover(reissue, { asked }), /another edition: ISBN 978\\-0\\-07\\-119879\\-0/);
  assert.doesNotMatch(bookHover(own, { asked }), /another edition/);
  assert.doesNotMatch(bookHover(reissue), /another edition/, 'no asked ISBN, no note');
  assert.match(bookDetails(reissue, asked), /^Data Reduction\nThis record describes another edition/);
});
