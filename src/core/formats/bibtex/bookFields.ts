/**
 * The BibTeX/BibLaTeX fields a book fills, in the order they are written,
 * each value escaped for the inside of a field. Only what maps cleanly: the
 * service's `edition` is free text ("2nd", "Reprint", "Deluxe") that styles
 * would print differently, so it is left out; the language is written only
 * for the codes languages.ts maps. The page count goes to BibLaTeX's
 * `pagetotal`; BibTeX has no field for it (`pages` is a range).
 */
import { babelLanguage } from '../../model/languages';
import type { Book } from '../../model/book';
import type { BibtexDialect } from './dialect';
import { type BookFact, factsOf, fieldFor } from './entryTypes';
import { escapeBibtex } from './escape';
import { bibtexAuthors } from './names';

export interface FieldValue {
  /** Lower-case field name. */
  name: string;
  /** Escaped for the inside of a braced field. */
  value: string;
  /** Plain digits: may be written without delimiters. */
  numeric: boolean;
}

/** The fields of a book in an entry of `entryType` (a new entry is a `book`). */
export function bookFields(book: Book, dialect: BibtexDialect = 'bibtex', entryType = 'book'): FieldValue[] {
  const fields: FieldValue[] = [];
  for (const fact of factsOf(entryType)) {
    const name = fieldFor(fact, entryType, dialect);
    const value = name === undefined ? undefined : factValue(book, fact, dialect);
    if (name !== undefined && value !== undefined) fields.push({ name, ...value });
  }
  return fields;
}

function factValue(book: Book, fact: BookFact, dialect: BibtexDialect): Omit<FieldValue, 'name'> | undefined {
  const text = (value: string | undefined) => (value ? { value: escapeBibtex(value), numeric: false } : undefined);
  const number = (value: number | undefined) => (value ? { value: String(value), numeric: true } : undefined);
  switch (fact) {
    case 'people':
      // BibTeX's own word for names left out: styles print it as "et al.".
      return book.authors.length > 0 ? { value: bibtexAuthors(book.authors) + (book.authorsOmitted ? ' and others' : ''), numeric: false } : undefined;
    case 'title':
      return text(book.title);
    case 'publisher':
      return text(book.publisher);
    case 'year':
      return dialect === 'biblatex' && isoDate(book.datePublished) ? text(book.datePublished) : number(book.year);
    case 'pageCount':
      return number(book.pages);
    case 'language':
      return text(babelLanguage(book.language));
  }
}

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`: what BibLaTeX's `date` reads. */
export function isoDate(date: string | undefined): date is string {
  return date !== undefined && /^[0-9]{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12][0-9]|3[01]))?)?$/.test(date);
}
