/**
 * Each bundled CSL style formats books as its guide writes them. The expected references are
 * written by hand from the book patterns and examples of each guide (the APA Publication Manual,
 * 7th ed.; The Chicago Manual of Style, 18th ed., author-date and notes-bibliography; the MLA
 * Handbook, 9th ed.; the IEEE Reference Guide; Cite Them Right, 12th ed.; Citing Medicine (NLM)
 * for Vancouver), with the place of publication left out (the sources give none), never copied
 * from the processor's output.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { bookCsl } from '../../src/core/citation/cslItem';
import { bundledRenderer } from '../../src/core/citation/inThread';
import type { BundledLocale, BundledStyle } from '../../src/core/citation/styles';
import type { Book } from '../../src/core/model/book';

function book(fields: Partial<Book> & Pick<Book, 'isbn13' | 'title'>): Book {
  return { authors: [], subjects: [], deweyDecimal: [], otherIsbns: [], ...fields };
}

// Titles as library catalogues record them (sentence case): APA and Cite Them Right keep it, Chicago and MLA put titles in title case.
const KR = book({ isbn13: '9780131103627', title: 'The C programming language', authors: ['Brian W. Kernighan', 'Dennis M. Ritchie'], publisher: 'Prentice Hall', datePublished: '1988', year: 1988, edition: '2nd' });
const MORRISON = book({ isbn13: '9780394535975', title: 'Beloved', authors: ['Toni Morrison'], publisher: 'Knopf', year: 1987 });
const EDITED = book({
  isbn13: '9780128198117',
  title: 'Nanotechnology based approaches for tuberculosis treatment',
  contributors: [{ name: 'Prashant Kesharwani', role: 'editor' }],
  publisher: 'Academic Press',
  year: 2020,
});

async function references(style: BundledStyle, books: Book[], locale: BundledLocale = 'en-US'): Promise<string[]> {
  return (await bundledRenderer(style, locale)).bibliography(books.map((b) => bookCsl(b))).map((r) => r.markdown);
}

test('APA 7th: Author, A. A., & Author, B. B. (Year). *Title* (2nd ed.). Publisher.', async () => {
  assert.deepEqual(await references('apa', [KR]), ['Kernighan, B. W., & Ritchie, D. M. (1988). *The C programming language* (2nd ed.). Prentice Hall.']);
  assert.deepEqual(await references('apa', [MORRISON]), ['Morrison, T. (1987). *Beloved*. Knopf.']);
  // APA's pattern for an edited book: "Editor, E. (Ed.). (Year). *Title*. Publisher."
  assert.deepEqual(await references('apa', [EDITED]), ['Kesharwani, P. (Ed.). (2020). *Nanotechnology based approaches for tuberculosis treatment*. Academic Press.']);
});

test('APA orders a bibliography by author, whatever the order given', async () => {
  assert.deepEqual(await references('apa', [MORRISON, KR]), [
    'Kernighan, B. W., & Ritchie, D. M. (1988). *The C programming language* (2nd ed.). Prentice Hall.',
    'Morrison, T. (1987). *Beloved*. Knopf.',
  ]);
});

test('Chicago author-date (18th): Last, First, and First Last. Year. *Title*. 2nd ed. Publisher.', async () => {
  assert.deepEqual(await references('chicago-author-date', [KR]), ['Kernighan, Brian W., and Dennis M. Ritchie. 1988. *The C Programming Language*. 2nd ed. Prentice Hall.']);
  assert.deepEqual(await references('chicago-author-date', [MORRISON]), ['Morrison, Toni. 1987. *Beloved*. Knopf.']);
});

test('Chicago notes and bibliography (18th), the bibliography entry: Last, First. *Title*. 2nd ed. Publisher, Year.', async () => {
  assert.deepEqual(await references('chicago-notes-bibliography', [KR]), ['Kernighan, Brian W., and Dennis M. Ritchie. *The C Programming Language*. 2nd ed. Prentice Hall, 1988.']);
  assert.deepEqual(await references('chicago-notes-bibliography', [EDITED]), ['Kesharwani, Prashant, ed. *Nanotechnology Based Approaches for Tuberculosis Treatment*. Academic Press, 2020.']);
});

test('MLA 9th: Last, First, and First Last. *Title*. 2nd ed., Publisher, Year.', async () => {
  assert.deepEqual(await references('modern-language-association', [KR]), ['Kernighan, Brian W., and Dennis M. Ritchie. *The C Programming Language*. 2nd ed., Prentice Hall, 1988.']);
  assert.deepEqual(await references('modern-language-association', [MORRISON]), ['Morrison, Toni. *Beloved*. Knopf, 1987.']);
  assert.deepEqual(await references('modern-language-association', [EDITED]), ['Kesharwani, Prashant, editor. *Nanotechnology Based Approaches for Tuberculosis Treatment*. Academic Press, 2020.']);
});

test('IEEE: [n] A. Last and B. Last, *Title*, 2nd ed. Publisher, Year.', async () => {
  // The IEEE style changes no case: the guide's title case must be in the data (a catalogue's sentence case stays).
  assert.deepEqual(await references('ieee', [KR]), ['\\[1\\] B. W. Kernighan and D. M. Ritchie, *The C programming language*, 2nd ed. Prentice Hall, 1988.']);
  assert.deepEqual(await references('ieee', [{ ...KR, title: 'The C Programming Language' }]), ['\\[1\\] B. W. Kernighan and D. M. Ritchie, *The C Programming Language*, 2nd ed. Prentice Hall, 1988.']);
  assert.deepEqual(await references('ieee', [MORRISON]), ['\\[1\\] T. Morrison, *Beloved*. Knopf, 1987.']);
});

test('Harvard (Cite Them Right, 12th), British English: Last, I. and Last, I. (Year) *Title*. 2nd edn. Publisher.', async () => {
  assert.deepEqual(await references('harvard-cite-them-right', [KR], 'en-GB'), ['Kernighan, B\\.W. and Ritchie, D\\.M. (1988) *The C programming language*. 2nd edn. Prentice Hall.']);
  assert.deepEqual(await references('harvard-cite-them-right', [MORRISON], 'en-GB'), ['Morrison, T. (1987) *Beloved*. Knopf.']);
});

test('Vancouver (NLM, Citing Medicine): n. Last AB, Last CD. Title. 2nd ed. Publisher; Year.', async () => {
  assert.deepEqual(await references('vancouver', [MORRISON]), ['1. Morrison T. Beloved. Knopf; 1987.']);
  // Citing Medicine's optional extent: the number of pages, "272 p.".
  assert.deepEqual(await references('vancouver', [{ ...KR, pages: 272 }]), ['1. Kernighan BW, Ritchie DM. The C programming language. 2nd ed. Prentice Hall; 1988. 272 p.']);
});

test('the locale gives the terms: a German APA reference says "2. Aufl."', async () => {
  assert.deepEqual(await references('apa', [KR], 'de-DE'), ['Kernighan, B. W., & Ritchie, D. M. (1988). *The C programming language* (2. Aufl.). Prentice Hall.']);
});

test('plain text has no emphasis; Markdown escapes what the book text would otherwise make of it', async () => {
  const [reference] = (await bundledRenderer('apa', 'en-US')).bibliography([bookCsl(book({ isbn13: '9780000000002', title: 'Snake_case *stars* and [links]', authors: ['Ada Lovelace'], publisher: 'Pub', year: 2001 }))]);
  assert.equal(reference.text, 'Lovelace, A. (2001). Snake_case *stars* and [links]. Pub.');
  assert.equal(reference.markdown, 'Lovelace, A. (2001). *Snake\\_case \\*stars\\* and \\[links\\]*. Pub.');
});
