/** An edition chosen from a work as the model's Book, for the formats to write (an entry, a list item). */
import type { Book } from '../model/book';
import type { Edition, WorkHit } from '../model/works';

/** Undefined for an edition without an ISBN (nothing to write it by). */
export function bookOfEdition(edition: Edition, work: Pick<WorkHit, 'authors' | 'title' | 'subtitle'>): Book | undefined {
  if (!edition.isbn13) return undefined;
  const authors = edition.authors?.length ? edition.authors : work.authors;
  const subtitle = edition.subtitle ?? (edition.title === work.title ? work.subtitle : undefined);
  return {
    isbn13: edition.isbn13,
    ...(edition.isbn10 ? { isbn10: edition.isbn10 } : {}),
    title: edition.title,
    ...(subtitle ? { titleLong: `${edition.title}: ${subtitle}` } : {}),
    authors: [...authors],
    ...(edition.publisher ? { publisher: edition.publisher } : {}),
    ...(edition.date ? { datePublished: edition.date } : {}),
    ...(edition.year ? { year: edition.year } : {}),
    ...(edition.pages ? { pages: edition.pages } : {}),
    ...(edition.binding ? { binding: edition.binding } : {}),
    ...(edition.language ? { language: edition.language } : {}),
    subjects: [],
    deweyDecimal: [],
    otherIsbns: [],
  };
}
