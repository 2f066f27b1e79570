/** Names read as BibTeX reads them: `and` splits only outside braces, `and others` is "et al.", the four parts in their places. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ET_AL, bibtexNameParts, readNameList } from '../../src/core/formats/bibtex/names';
import { readBibtex } from '../../src/core/formats/bibtex/reading';

test('a brace group is one name: a corporate author with "and" in it is not split', () => {
  assert.deepEqual(readNameList('{Barnes and Noble}'), ['Barnes and Noble']);
  assert.deepEqual(readNameList('{Barnes and Noble} and Doe, Jane'), ['Barnes and Noble', 'Doe, Jane']);
  assert.deepEqual(readNameList('Kernighan, Brian W. AND Ritchie, Dennis M.'), ['Kernighan, Brian W.', 'Ritchie, Dennis M.']);
  assert.deepEqual(readNameList('Anderson, Sandra and Andrews,\n  Sand'), ['Anderson, Sandra', 'Andrews, Sand'], 'and inside a word or across a line break');
});

test('"and others" is "et al."; protective braces, escapes and \\relax are gone', () => {
  assert.deepEqual(readNameList('Knuth, Donald E. and others'), ['Knuth, Donald E.', ET_AL]);
  assert.deepEqual(readNameList('{\\relax Ch}ristian Smith and {AT\\&T Bell Laboratories}'), ['Christian Smith', 'AT&T Bell Laboratories']);
  assert.deepEqual(readNameList(''), []);
});

test('the four parts: First von Last, von Last, First, von Last, Jr, First', () => {
  assert.deepEqual(bibtexNameParts('Ludwig van Beethoven'), { first: 'Ludwig', von: 'van', last: 'Beethoven' });
  assert.deepEqual(bibtexNameParts('Jean de la Fontaine'), { first: 'Jean', von: 'de la', last: 'Fontaine' });
  assert.deepEqual(bibtexNameParts('de la Fontaine, Jean'), { first: 'Jean', von: 'de la', last: 'Fontaine', jr: undefined });
  assert.deepEqual(bibtexNameParts('King, Jr, Martin Luther'), { first: 'Martin Luther', von: undefined, last: 'King', jr: 'Jr' });
  assert.deepEqual(bibtexNameParts('Brian W. Kernighan'), { first: 'Brian W.', last: 'Kernighan' });
  assert.deepEqual(bibtexNameParts('{Barnes and Noble}'), { last: 'Barnes and Noble' });
  assert.deepEqual(bibtexNameParts('{von Neumann}, John'), { first: 'John', von: undefined, last: 'von Neumann', jr: undefined }, 'a braced von stays in the last name');
  assert.deepEqual(bibtexNameParts("Charles Louis Xavier Joseph de la Vall{\\'e}e Poussin"), { first: 'Charles Louis Xavier Joseph', von: 'de la', last: 'Vallée Poussin' });
});

test('an entry\'s authors and editors are read so', () => {
  const [entry] = readBibtex('@book{bn, author = {{Barnes and Noble} and Smith, John and others}, editor = "{Staff of the Library}"}\n');
  assert.deepEqual(entry!.authors, ['Barnes and Noble', 'Smith, John', ET_AL]);
  assert.deepEqual(entry!.editors, ['Staff of the Library']);
});
