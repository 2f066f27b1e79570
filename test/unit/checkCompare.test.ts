/** Check Bibliography: what counts as the same, one test per rule, and the verdicts. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareTitles, comparePeople, editionDifferences, otherScript, samePublisher, tooLittle } from '../../src/core/check/compare';
import { decodeHtmlEntities, foldWords } from '../../src/core/check/fold';
import { verdictFor } from '../../src/core/check/verdict';
import { splitWrittenNames, type Written } from '../../src/core/check/written';
import { ServiceError } from '../../src/core/model/errors';
import { book } from '../helpers/books';

const same = (a: string, b: string) => assert.equal(compareTitles(a, [b]), 'same', `${a} / ${b}`);
const notDifferent = (a: string, b: string) => assert.notEqual(compareTitles(a, [b]), 'different', `${a} / ${b}`);
const different = (a: string, b: string) => assert.equal(compareTitles(a, [b]), 'different', `${a} / ${b}`);

test('titles: case and punctuation', () => same('THE C PROGRAMMING LANGUAGE!', 'The C programming language'));
test('titles: diacritics (NFKD, marks stripped) and letters NFKD keeps', () => {
  same("L'Etranger", "L'Étranger");
  same('Strasse der Besten', 'Straße der Besten');
});
test('titles: leading articles in English, German, French, Spanish, Italian, Dutch, Portuguese', () => {
  same('Hobbit', 'The Hobbit');
  same('Zauberberg', 'Der Zauberberg');
  same('Étranger', "L'Étranger");
  same('Nombre de la rosa', 'El nombre de la rosa');
  same('Nome della rosa', 'Il nome della rosa');
  same('Avond', 'De avond');
  same('Alquimista', 'O Alquimista');
});
test('titles: a subtitle on one side only, or joined by ":" or "."', () => {
  notDifferent('Gödel, Escher, Bach', 'Gödel, Escher, Bach: an Eternal Golden Braid');
  same('Gödel, Escher, Bach. An Eternal Golden Braid', 'Gödel, Escher, Bach: An Eternal Golden Braid');
  notDifferent('Thinking, Fast and Slow: a subtitle the record lacks', 'Thinking, Fast and Slow');
  assert.equal(verdictFor({ title: 'Gödel, Escher, Bach', people: ['Hofstadter, D. R.'] }, '9780465026562', { status: 'found', book: book('9780465026562', 'Gödel, Escher, Bach: an Eternal Golden Braid', ['Douglas R. Hofstadter']) }).kind, 'agrees');
});
test('titles: "&" for "and"', () => same('Pride & Prejudice', 'Pride and Prejudice'));
test('titles: numerals and ordinals', () => {
  assert.deepEqual(foldWords('Second 2nd II two 2'), ['2', '2', '2', '2', '2']);
  same("Ocean's Eleven", "Ocean's 11");
});
test('titles: a series or volume statement on one side only', () => {
  same('The Fellowship of the Ring (The Lord of the Rings, Book 1)', 'The Fellowship of the Ring');
  same('The Art of Computer Programming, Vol. 1', 'The Art of Computer Programming');
  different('The Art of Computer Programming, Volume 1', 'The Art of Computer Programming, Vol. 3');
});
test('titles: an edition statement is no part of the title', () => same('The C Programming Language, 2nd Edition', 'The C Programming Language'));
test('titles: HTML entities and Markdown emphasis', () => {
  assert.equal(decodeHtmlEntities('Fran&ccedil;ois &amp; &#233;&#xE9; &hellip;'), 'François & éé …');
  same('Pride &amp; Prejudice', 'Pride and Prejudice');
  same('*Moby-Dick*', 'Moby Dick');
});
test('titles: another title is different', () => {
  different('The Plague', 'The Stranger');
  different('Structure and Interpretation of Computer Programs', 'The C Programming Language');
});
test('titles: nearly the same is close', () => assert.equal(compareTitles('Introduction to Algorithms', ['Introduction to Algorithms: A Creative Approach']), 'close'));
test('titles: another script is no fair comparison', () => {
  assert.equal(otherScript('Война и мир', ['War and Peace']), true);
  assert.equal(otherScript('War and Peace', ['War and Peace']), false);
});
test('titles: too little written', () => {
  assert.equal(tooLittle('A'), true);
  assert.equal(tooLittle(''), true);
  assert.equal(tooLittle('It'), false);
});

const agree = (a: string[], b: string[]) => assert.equal(comparePeople(a, b), 'agree', `${a.join(';')} / ${b.join(';')}`);
const disagree = (a: string[], b: string[]) => assert.equal(comparePeople(a, b), 'disagree', `${a.join(';')} / ${b.join(';')}`);

test('names: "Last, First" or "First Last"', () => agree(['Kernighan, Brian W.'], ['Brian W. Kernighan', 'Dennis M. Ritchie']));
test('names: initials', () => {
  agree(['Tolkien, J. R. R.'], ['John Ronald Reuel Tolkien']);
  disagree(['Brontë, Emily'], ['Charlotte Brontë']);
});
test('names: particles', () => {
  agree(['Beethoven, Ludwig van'], ['Ludwig van Beethoven']);
  agree(['de la Vallée Poussin, Charles'], ['Charles de la Vallee Poussin']);
});
test('names: diacritics', () => agree(['Kierkegaard, Soren'], ['Søren Kierkegaard']));
test('names: a name written family first', () => agree(['Murakami Haruki'], ['Haruki Murakami']));
test('names: "and others" / "et al." are no one', () => {
  assert.equal(comparePeople(['et al.'], ['Someone Else']), 'unknown');
  agree(['Kernighan, Brian', 'et al.'], ['Brian Kernighan']);
  assert.deepEqual(splitWrittenNames('Kernighan and Ritchie'), ['Kernighan', 'Ritchie']);
  assert.deepEqual(splitWrittenNames('Gamma, Helm, Johnson & Vlissides et al.'), ['Gamma, Helm, Johnson', 'Vlissides']);
});
test('names: corporate names', () => {
  agree(['{World Health Organization}'.replace(/[{}]/g, '')], ['World Health Organization']);
  disagree(['World Health Organization'], ['United Nations Development Programme']);
});
test('names: another person disagrees', () => disagree(['Albert Camus'], ['Jean-Paul Sartre']));

test('edition: year, publisher, edition and binding differ only where both give one', () => {
  assert.deepEqual(editionDifferences({ year: '1978' }, { year: 1988 }), [{ field: 'year', written: '1978', record: '1988' }]);
  assert.deepEqual(editionDifferences({ year: '1988', publisher: 'Prentice-Hall, Inc.' }, { year: 1988, publisher: 'Prentice Hall PTR' }), []);
  assert.deepEqual(editionDifferences({ edition: 'Second' }, { edition: '2nd ed.' }), []);
  assert.equal(editionDifferences({ edition: '1st' }, { edition: '2nd' })[0]?.field, 'edition');
  assert.equal(editionDifferences({ binding: 'Hardcover' }, { binding: 'Paperback' })[0]?.field, 'binding');
  assert.deepEqual(editionDifferences({}, { year: 1988, publisher: 'X' }), []);
});
test('publishers: the words that name no one are set aside', () => {
  assert.equal(samePublisher('Addison-Wesley Professional', 'Addison Wesley'), true);
  assert.equal(samePublisher('Penguin Books', 'Gallimard'), false);
});

const KR = book('9780131103627', 'The C Programming Language', ['Brian W. Kernighan', 'Dennis M. Ritchie'], { publisher: 'Prentice Hall', year: 1988 });
const found = (b = KR) => ({ status: 'found' as const, book: b });
const w = (over: Partial<Written>): Written => ({ people: [], ...over });

test('verdict: agrees in an allowed spelling', () => {
  assert.deepEqual(verdictFor(w({ title: 'C programming language', people: ['Kernighan, B.'], year: '1988' }), KR.isbn13, found()), { kind: 'agrees' });
});
test('verdict: another book, authors disagreeing or not written', () => {
  assert.equal(verdictFor(w({ title: 'The Stranger', people: ['Albert Camus'] }), KR.isbn13, found()).kind, 'other-book');
  assert.equal(verdictFor(w({ title: 'The Stranger' }), KR.isbn13, found()).kind, 'other-book');
});
test('verdict: another book by the same author is another book', () => {
  assert.equal(verdictFor(w({ title: 'The UNIX Programming Environment', people: ['Kernighan, Brian'] }), KR.isbn13, found()).kind, 'other-book');
});
test('verdict: a close title is another book only when the people disagree', () => {
  const algorithms = book('9780262033848', 'Introduction to Algorithms', ['Thomas H. Cormen']);
  assert.equal(verdictFor(w({ title: 'Introduction to Algorithms: A Creative Approach', people: ['Udi Manber'] }), algorithms.isbn13, found(algorithms)).kind, 'other-book');
  assert.equal(verdictFor(w({ title: 'Introduction to Algorithms: Third Edition', people: ['Cormen, T.'] }), algorithms.isbn13, found(algorithms)).kind, 'agrees');
});
test('verdict: another edition names the fields that differ', () => {
  const v = verdictFor(w({ title: 'The C Programming Language', year: '1978', publisher: 'Prentice Hall' }), KR.isbn13, found());
  assert.equal(v.kind, 'other-edition');
  assert.deepEqual(v.kind === 'other-edition' && v.differences, [{ field: 'year', written: '1978', record: '1988' }]);
});
test("verdict: a record of another edition is no ground for the details", () => {
  const other = { ...KR, isbn13: '9780131101630' };
  assert.equal(verdictFor(w({ title: 'The C Programming Language', year: '1978' }), KR.isbn13, found(other)).kind, 'agrees');
});
test('verdict: unknown to every source asked', () => {
  assert.deepEqual(verdictFor(w({ title: 'Anything' }), KR.isbn13, { status: 'notFound', asked: ['openLibrary', 'googleBooks'] }), { kind: 'unknown-isbn', asked: ['openLibrary', 'googleBooks'] });
});
test('verdict: a source out of reach is "could not be checked", never unknown', () => {
  const unreachable = new ServiceError('unreachable', { why: 'notAnswering', source: 'openLibrary' });
  assert.deepEqual(verdictFor(w({ title: 'X y' }), KR.isbn13, { status: 'notFound', asked: ['openLibrary'], unanswered: [{ source: 'googleBooks', error: unreachable }] }), { kind: 'unchecked', why: 'unreachable' });
  assert.deepEqual(verdictFor(w({ title: 'X y' }), KR.isbn13, { status: 'failed', error: unreachable }), { kind: 'unchecked', why: 'unreachable' });
  assert.deepEqual(verdictFor(w({ title: 'X y' }), KR.isbn13, undefined), { kind: 'unchecked', why: 'not-looked-up' });
});
test('verdict: another script or too little written is not compared', () => {
  assert.deepEqual(verdictFor(w({ title: 'Язык программирования Си' }), KR.isbn13, found()), { kind: 'unchecked', why: 'other-script' });
  assert.deepEqual(verdictFor(w({ title: 'C' }), KR.isbn13, found()), { kind: 'unchecked', why: 'too-little' });
  assert.deepEqual(verdictFor(w({ people: ['Albert Camus'] }), KR.isbn13, found()), { kind: 'unchecked', why: 'too-little' });
});
test('verdict: a line of prose around an ISBN is no title to compare', () => {
  const prose = 'In this long paragraph of notes I mention that the copy on my shelf, which I bought second hand years ago in a small shop by the harbour after a long walk in the rain with friends, has the number printed inside the cover and many pencil marks throughout';
  assert.deepEqual(verdictFor(w({ title: prose }), KR.isbn13, found()), { kind: 'unchecked', why: 'not-a-title' });
});
test('verdict: editors of an edited volume stand for its authors', () => {
  const handbook = book('9780521452694', 'The Cambridge Handbook of Physics Formulas', ['Graham Woan']);
  assert.equal(verdictFor(w({ title: 'Cambridge Handbook of Physics Formulas', people: ['Woan, G.'] }), handbook.isbn13, found(handbook)).kind, 'agrees');
});
