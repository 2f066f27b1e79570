/**
 * The BibTeX fields a book fills, in the order they are written, each value
 * escaped for the inside of a field. Only what maps cleanly: the service's
 * `edition` is free text ("2nd", "Reprint", "Deluxe") that BibTeX and
 * BibLaTeX styles would print differently, so it is left out; `language` is
 * written only for the codes mapped below.
 */
import type { Book } from '../service/book';
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

/** Field names whose presence stands in for ours: BibLaTeX `date` carries the year, `pagetotal` the pages. */
export const ALIASES: Record<string, readonly string[]> = {
  year: ['date'],
  pages: ['pagetotal'],
};

// ISO 639-1 codes as the service sends them → babel language names, which BibLaTeX's `language` expects.
const LANGUAGES: Record<string, string> = {
  en: 'english',
  fr: 'french',
  de: 'german',
  es: 'spanish',
  it: 'italian',
  pt: 'portuguese',
  nl: 'dutch',
  sv: 'swedish',
  da: 'danish',
  no: 'norwegian',
  fi: 'finnish',
  pl: 'polish',
  cs: 'czech',
  ru: 'russian',
  el: 'greek',
  la: 'latin',
  ja: 'japanese',
  zh: 'chinese',
  ko: 'korean',
  tr: 'turkish',
  hu: 'hungarian',
};

export function bookFields(book: Book): FieldValue[] {
  const fields: FieldValue[] = [];
  const text = (name: string, value: string | undefined) => {
    if (value) fields.push({ name, value: escapeBibtex(value), numeric: false });
  };
  const number = (name: string, value: number | undefined) => {
    if (value) fields.push({ name, value: String(value), numeric: true });
  };
  if (book.authors.length > 0) fields.push({ name: 'author', value: bibtexAuthors(book.authors), numeric: false });
  text('title', book.title);
  text('publisher', book.publisher);
  number('year', book.year);
  number('pages', book.pages);
  text('language', LANGUAGES[book.language?.trim().toLowerCase() ?? '']);
  return fields;
}
