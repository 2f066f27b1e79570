/**
 * Which book facts an entry of each type takes, and in which field, so that a
 * fill writes only what the entry's type has and the entry does not already
 * say in a field of the same meaning:
 * - a whole book (`@book`, `@manual`…) takes them all;
 * - an edited volume (`@collection`, `@proceedings`) names editors, never authors;
 * - a part (`@incollection`, `@inbook`, `@inproceedings`…) has its own title,
 *   authors and page range: the book's title goes to `booktitle`, its page
 *   count nowhere;
 * - other types (`@article`, `@online`…) are not books and get nothing.
 */
import type { BibtexDialect } from './dialect';

export type BookFact = 'people' | 'title' | 'publisher' | 'year' | 'pageCount' | 'language';

type Shape = 'whole' | 'edited' | 'part';

const SHAPES = new Map<string, Shape>([
  ...['book', 'mvbook', 'booklet', 'manual', 'reference', 'mvreference', 'report', 'techreport', 'misc'].map((t) => [t, 'whole'] as const),
  ...['collection', 'mvcollection', 'proceedings', 'mvproceedings'].map((t) => [t, 'edited'] as const),
  ...['incollection', 'inbook', 'bookinbook', 'inproceedings', 'conference', 'inreference', 'suppbook', 'suppcollection'].map((t) => [t, 'part'] as const),
]);

const FACTS: Record<Shape, readonly BookFact[]> = {
  whole: ['people', 'title', 'publisher', 'year', 'pageCount', 'language'],
  edited: ['title', 'publisher', 'year', 'pageCount', 'language'],
  part: ['title', 'publisher', 'year', 'language'],
};

/** Fields whose presence means the fact is already said (any one of them). */
const SAME_MEANING = new Map<string, readonly string[]>([
  ['author', ['author', 'editor']],
  ['title', ['title']],
  ['booktitle', ['booktitle']],
  ['publisher', ['publisher']],
  ['year', ['year', 'date']],
  ['date', ['date', 'year']],
  ['pagetotal', ['pagetotal']],
  ['language', ['language', 'langid']],
  ['langid', ['langid', 'language']],
]);

/** A part of a book (a chapter, a paper in proceedings): it carries the whole book's ISBN. */
export function isBibtexPart(entryType: string): boolean {
  return SHAPES.get(entryType.toLowerCase()) === 'part';
}

/** The facts an entry type takes (none for types that are not books). */
export function factsOf(entryType: string): readonly BookFact[] {
  const shape = SHAPES.get(entryType.toLowerCase());
  return shape ? FACTS[shape] : [];
}

/** The field a fact is written to in an entry of this type and dialect; undefined where it has none. */
export function fieldFor(fact: BookFact, entryType: string, dialect: BibtexDialect): string | undefined {
  const part = SHAPES.get(entryType.toLowerCase()) === 'part';
  switch (fact) {
    case 'people':
      return 'author';
    case 'title':
      return part ? 'booktitle' : 'title';
    case 'publisher':
      return 'publisher';
    case 'year':
      return dialect === 'biblatex' ? 'date' : 'year';
    case 'pageCount':
      // A page count is not a page range: BibTeX has no field for it.
      return dialect === 'biblatex' ? 'pagetotal' : undefined;
    case 'language':
      return dialect === 'biblatex' ? 'langid' : 'language';
  }
}

/** Field names that say the same as `field` (itself included). */
export function sameMeaning(field: string): readonly string[] {
  return SAME_MEANING.get(field) ?? [field];
}
