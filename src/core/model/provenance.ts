/** Where a merged book's fields came from, whichever sources answered. */
import type { Book } from './book';

/** The fields a later source may fill (the editor names each: src/editor/words/). */
export const FILLABLE_FIELDS = [
  'titleLong',
  'authors',
  'publisher',
  'datePublished',
  'edition',
  'pages',
  'binding',
  'language',
  'image',
  'synopsis',
  'subjects',
  'deweyDecimal',
  'isbn10',
  'msrp',
  'otherIsbns',
  'contributors',
  'series',
] as const satisfies ReadonlyArray<keyof Book>;

export type FillableField = (typeof FILLABLE_FIELDS)[number];

export interface Provenance {
  /** The source of the record the book is built on (its title and every field not filled). */
  base: string;
  /** Later sources and the fields each filled, in the order asked. */
  filled: Array<{ source: string; fields: FillableField[] }>;
}
