import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { bookHover } from '../../src/editor/words/index';
import { book } from '../helpers/books';

test('the hover shows an https cover and leaves out an http one, which VS Code would show broken', () => {
  const base = book('9780131103627', 'The C Programming Language', ['Brian W. Kernighan']);
  assert.match(bookHover({ ...base, image: 'https://images.example/c.jpg' }), /!\[Cover of The C Programming Language\]\(https:\/\/images\.example\/c\.jpg\|height=140\)/);
  assert.doesNotMatch(bookHover({ ...base, image: 'http://127.0.0.1:8080/covers/9780131103627.svg' }), /Cover of|http:/);
});

test('an inlined cover is shown whatever the record\'s address', () => {
  const base = book('9780131103627', 'The C Programming Language', ['Brian W. Kernighan']);
  const markdown = bookHover({ ...base, image: 'http://127.0.0.1:8080/covers/x.svg' }, { cover: 'data:image/svg+xml;base64,PHN2Zz4=' });
  assert.match(markdown, /!\[Cover of [^\]]+\]\(data:image\/svg\+xml;base64,PHN2Zz4=\|height=140\)/);
});
