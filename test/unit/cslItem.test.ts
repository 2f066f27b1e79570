/**
 * Books and entries as CSL-JSON items: the names (people split, organisations whole, BibTeX's
 * braces and `and others`, RIS's one name a line), dates, editions, editors and translators, and
 * each format's own fields.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { bookCsl, cslDate, cslEdition, cslName, entryCsl } from '../../src/core/citation/cslItem';
import type { Book } from '../../src/core/model/book';
import { readBibliography } from '../helpers/formats';

function book(fields: Partial<Book> & Pick<Book, 'isbn13' | 'title'>): Book {
  return { authors: [], subjects: [], deweyDecimal: [], otherIsbns: [], ...fields };
}

test('a book from the sources is a CSL book: people, date, publisher, edition, pages, series, ISBN hyphenated', () => {
  const item = bookCsl(
    book({
      isbn13: '9783518124567',
      title: 'Die Gesellschaft der Gesellschaft',
      authors: ['Niklas Luhmann'],
      contributors: [
        { name: 'Dirk Baecker', role: 'editor' },
        { name: 'Rhodes Barrett', role: 'translator' },
      ],
      publisher: 'Suhrkamp',
      datePublished: '1997-03',
      year: 1997,
      edition: '3. Aufl.',
      pages: 1164,
      series: 'Edition Suhrkamp ; 2456',
      language: 'de',
    }),
  );
  assert.deepEqual(item, {
    id: '9783518124567',
    type: 'book',
    title: 'Die Gesellschaft der Gesellschaft',
    author: [{ family: 'Luhmann', given: 'Niklas' }],
    editor: [{ family: 'Baecker', given: 'Dirk' }],
    translator: [{ family: 'Barrett', given: 'Rhodes' }],
    issued: { 'date-parts': [[1997, 3]] },
    publisher: 'Suhrkamp',
    edition: 3,
    'number-of-pages': '1164',
    'collection-title': 'Edition Suhrkamp',
    'collection-number': '2456',
    language: 'de',
    ISBN: '978-3-518-12456-7',
  });
});

test('names: "Last, First" and "First Last" with particles and suffixes; organisations stay whole', () => {
  assert.deepEqual(cslName('Kernighan, Brian W.'), { family: 'Kernighan', given: 'Brian W.' });
  assert.deepEqual(cslName('Ludwig van Beethoven'), { family: 'van Beethoven', given: 'Ludwig' });
  assert.deepEqual(cslName('Martin Luther King Jr.'), { family: 'King', given: 'Martin Luther', suffix: 'Jr.' });
  assert.deepEqual(cslName('World Health Organization'), { literal: 'World Health Organization' });
  assert.deepEqual(cslName('American Psychological Association'), { literal: 'American Psychological Association' });
  assert.deepEqual(cslName('Homer'), { literal: 'Homer' });
});

test('editions: ordinals and words are numbers (the style words them); other statements stay as written', () => {
  assert.equal(cslEdition('2nd'), 2);
  assert.equal(cslEdition('2nd ed.'), 2);
  assert.equal(cslEdition('3. Aufl.'), 3);
  assert.equal(cslEdition('Second edition'), 2);
  assert.equal(cslEdition('4'), 4);
  assert.equal(cslEdition('Rev. ed.'), 'Rev. ed.');
  assert.equal(cslEdition(' '), undefined);
});

test('dates: ISO dates in parts, a year found in free text, else the year', () => {
  assert.deepEqual(cslDate('1988-04-01'), { 'date-parts': [[1988, 4, 1]] });
  assert.deepEqual(cslDate('c1988'), { 'date-parts': [[1988]] });
  assert.deepEqual(cslDate(undefined, 2001), { 'date-parts': [[2001]] });
  assert.equal(cslDate('n.d.'), undefined);
});

test('a BibTeX book: braced organisation, `and others`, LaTeX decoded, address, edition', () => {
  const [entry] = readBibliography(
    String.raw`@book{kr,
  author = {Kernighan, Brian W. and Ritchie, Dennis M. and others},
  editor = {{World Health Organization}},
  title = {The {C} Programming Language},
  publisher = {Prentice Hall},
  address = {Englewood Cliffs, NJ},
  edition = {Second},
  year = 1988,
  isbn = {0-13-110362-8}
}`,
    'bibtex',
  );
  assert.deepEqual(entryCsl(entry), {
    id: 'kr',
    type: 'book',
    title: 'The C Programming Language',
    publisher: 'Prentice Hall',
    'publisher-place': 'Englewood Cliffs, NJ',
    edition: 2,
    issued: { 'date-parts': [[1988]] },
    author: [
      { family: 'Kernighan', given: 'Brian W.' },
      { family: 'Ritchie', given: 'Dennis M.' },
    ],
    editor: [{ literal: 'World Health Organization' }],
    ISBN: '0-13-110362-8',
  });
});

test("BibTeX's own name rules: a brace group is an organisation, `von` a particle, `Jr` a suffix, `and others` left to the style", () => {
  const [entry] = readBibliography(
    String.raw`@book{names,
  author = {{Apple Computer} and van Beethoven, Ludwig and King, Jr., Martin Luther and Homer and others},
  translator = {de la Fontaine, Jean},
  title = {Names},
  year = 2000
}`,
    'bibtex',
  );
  const item = entryCsl(entry);
  assert.deepEqual(item.author, [
    { literal: 'Apple Computer' },
    { family: 'Beethoven', given: 'Ludwig', 'non-dropping-particle': 'van' },
    { family: 'King', given: 'Martin Luther', suffix: 'Jr.' },
    { literal: 'Homer' },
  ]);
  assert.deepEqual(item.translator, [{ family: 'Fontaine', given: 'Jean', 'non-dropping-particle': 'de la' }]);
});

test('a BibLaTeX chapter: its book as container, date, location, subtitle, pages as a range', () => {
  const [entry] = readBibliography(
    String.raw`@incollection{ch,
  author = {Lovelace, Ada},
  title = {Notes},
  subtitle = {On the Analytical Engine},
  booktitle = {Scientific Memoirs},
  editor = {Taylor, Richard},
  location = {London},
  publisher = {Taylor},
  date = {1843-08},
  pages = {666--731}
}`,
    'bibtex',
  );
  assert.deepEqual(entryCsl(entry), {
    id: 'ch',
    type: 'chapter',
    title: 'Notes: On the Analytical Engine',
    'container-title': 'Scientific Memoirs',
    publisher: 'Taylor',
    'publisher-place': 'London',
    issued: { 'date-parts': [[1843, 8]] },
    page: '666–731',
    author: [{ family: 'Lovelace', given: 'Ada' }],
    editor: [{ family: 'Taylor', given: 'Richard' }],
  });
});

test('a CSL-JSON item is CSL already: its variables, its names as read, its year', () => {
  const [entry] = readBibliography(
    JSON.stringify([
      {
        id: 'camus',
        type: 'book',
        title: 'The Plague',
        author: [{ family: 'Camus', given: 'Albert' }],
        translator: [{ family: 'Gilbert', given: 'Stuart' }],
        publisher: 'Vintage',
        'publisher-place': 'New York',
        edition: '2',
        issued: { 'date-parts': [[1991]] },
        ISBN: '9780679720218',
      },
    ]),
    'csl-json',
  );
  assert.deepEqual(entryCsl(entry), {
    id: 'camus',
    type: 'book',
    title: 'The Plague',
    publisher: 'Vintage',
    'publisher-place': 'New York',
    edition: '2',
    ISBN: '9780679720218',
    author: [{ family: 'Camus', given: 'Albert' }],
    issued: { 'date-parts': [[1991]] },
  });
});

test('a CSL-YAML item: an organisation as author (literal)', () => {
  const [entry] = readBibliography(
    `references:
- id: who2019
  type: report
  title: World health statistics
  author:
    - literal: World Health Organization
  publisher: WHO
  issued:
    - year: 2019
`,
    'csl-yaml',
  );
  assert.deepEqual(entryCsl(entry), {
    id: 'who2019',
    type: 'report',
    title: 'World health statistics',
    publisher: 'WHO',
    author: [{ literal: 'World Health Organization' }],
    issued: { 'date-parts': [[2019]] },
  });
});

test('a RIS record: one name a line, editors, city, pages of a book as its extent', () => {
  const [entry] = readBibliography(
    `TY  - BOOK
AU  - Saramago, José
A2  - Costa, Margaret Jull
TI  - Blindness
PB  - Harcourt
CY  - New York
PY  - 1997
ET  - 1st
SP  - 326
SN  - 9780151002511
ER  - 
`,
    'ris',
  );
  assert.deepEqual(entryCsl(entry), {
    id: 'entry-1',
    type: 'book',
    title: 'Blindness',
    publisher: 'Harcourt',
    'publisher-place': 'New York',
    edition: 1,
    issued: { 'date-parts': [[1997]] },
    'number-of-pages': '326',
    author: [{ family: 'Saramago', given: 'José' }],
    editor: [{ family: 'Costa', given: 'Margaret Jull' }],
    ISBN: '9780151002511',
  });
});

test('a RIS chapter: its book (T2) as container, SP–EP as the page range', () => {
  const [entry] = readBibliography(`TY  - CHAP\nID  - ch1\nAU  - Doe, Jane\nTI  - A chapter\nT2  - The book\nSP  - 10\nEP  - 20\nPY  - 2000\nER  - \n`, 'ris');
  assert.deepEqual(entryCsl(entry), {
    id: 'ch1',
    type: 'chapter',
    title: 'A chapter',
    'container-title': 'The book',
    issued: { 'date-parts': [[2000]] },
    page: '10–20',
    author: [{ family: 'Doe', given: 'Jane' }],
  });
});
