/** Where a merged book's fields came from: the words every feature shares, whichever sources answered. */
import type { Book } from './book';

/** The fields a later source may fill, and the word the user reads for each. */
export const FILLABLE_FIELDS = {
  titleLong: 'full title',
  authors: 'authors',
  publisher: 'publisher',
  datePublished: 'date',
  edition: 'edition',
  pages: 'pages',
  binding: 'binding',
  language: 'language',
  image: 'cover',
  synopsis: 'description',
  subjects: 'subjects',
  deweyDecimal: 'Dewey class',
  isbn10: 'ISBN-10',
  msrp: 'price',
  otherIsbns: 'other ISBNs',
  contributors: 'editors and translators',
  series: 'series',
} as const satisfies Partial<Record<keyof Book, string>>;

export type FillableField = keyof typeof FILLABLE_FIELDS;

export interface Provenance {
  /** The source of the record the book is built on (its title and every field not filled). */
  base: string;
  /** Later sources and the fields each filled, in the order asked. */
  filled: Array<{ source: string; fields: FillableField[] }>;
}
