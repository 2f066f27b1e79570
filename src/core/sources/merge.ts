/**
 * One book from several sources' answers, and where each of its fields came from. The sources
 * are taken in the order they are asked: the first record of the asked ISBN itself is the base,
 * and a later one only fills the fields the earlier lack (a cover, a page count, a description,
 * subjects); it never replaces one. Only records of the same ISBN fill each other: another
 * edition's page count or cover is not this edition's.
 *
 * Where no source has the asked ISBN's own record, the first other-edition record is the answer
 * (the hover says which: `otherEdition`), filled only from records of that same edition.
 *
 * One exception to "never replaces": a national catalogue's title and persons are preferred for
 * its own group's books (the DNB's for 978-3, the BnF's for 978-2 and 979-10: `routing.ts`), as
 * catalogued from the book itself, over what another source was asked first for (the book
 * service's); the provenance says the catalogue gave them. The caller names that catalogue
 * (`preferred`, from `routing.ts`'s `nationalCatalogueOf`).
 */
import type { Book } from '../model/book';
import { describesIsbn } from '../model/edition';
import { FILLABLE_FIELDS, type FillableField, type Provenance } from '../model/provenance';

export interface SourcedBook {
  /** The source's `BookSource.name`. */
  source: string;
  book: Book;
}

export { FILLABLE_FIELDS, type FillableField, type Provenance } from '../model/provenance';

export interface MergedBook {
  book: Book;
  provenance: Provenance;
}

/** Whether the book has no value for the field (an empty list counts as none). */
export function lacks(book: Book, field: FillableField): boolean {
  const value = book[field];
  return value === undefined || (Array.isArray(value) && value.length === 0);
}

/**
 * The merged book for `asked`, or undefined when no source answered. `answers` in the order the
 * sources were asked; `preferred`: the source whose title and persons win for this ISBN.
 */
export function mergeBooks(asked: string, answers: readonly SourcedBook[], preferred?: string): MergedBook | undefined {
  const base = answers.find((a) => describesIsbn(a.book, asked)) ?? answers[0];
  if (!base) return undefined;
  const book: Book = { ...base.book };
  const provenance: Provenance = { base: base.source, filled: [] };
  const national = preferred && preferred !== base.source && describesIsbn(book, asked) ? answers.find((a) => a.source === preferred && describesIsbn(a.book, asked)) : undefined;
  const preferredFields = national ? preferPersonsAndTitle(book, national.book) : [];
  for (const other of answers) {
    if (other === base || other.book.isbn13 !== book.isbn13) continue;
    const fields: FillableField[] = other === national ? [...preferredFields] : [];
    for (const field of FILLABLE_FIELDS) {
      if (!lacks(book, field) || lacks(other.book, field)) continue;
      Object.assign(book, { [field]: other.book[field] });
      if (field === 'datePublished') book.year = other.book.year;
      if (field === 'authors' && other.book.authorsOmitted) book.authorsOmitted = other.book.authorsOmitted;
      fields.push(field);
    }
    if (fields.length) provenance.filled.push({ source: other.source, fields });
  }
  return { book, provenance };
}

/** Takes the catalogue's title and persons into `book`; returns the fields that changed. */
function preferPersonsAndTitle(book: Book, catalogue: Book): FillableField[] {
  const fields: FillableField[] = [];
  if (catalogue.title !== book.title || catalogue.titleLong !== book.titleLong) {
    book.title = catalogue.title;
    book.titleLong = catalogue.titleLong;
    fields.push('titleLong');
  }
  if (catalogue.authors.length > 0 && catalogue.authors.join('\n') !== book.authors.join('\n')) {
    book.authors = catalogue.authors;
    book.authorsOmitted = catalogue.authorsOmitted;
    fields.push('authors');
  }
  if (catalogue.contributors?.length) {
    book.contributors = catalogue.contributors;
    fields.push('contributors');
  }
  return fields;
}
