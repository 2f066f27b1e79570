/**
 * The search tool: a title and/or an author (optionally a language and a year) → works with
 * their editions and ISBNs. What finds them is a `FindWorks`: the finding core's `findBooks`
 * (Open Library's search, works and editions; Google's title search), its answer made plain by
 * `worksFound`. Without one the tool says that search is not available, and gives no results:
 * never a guess.
 */
import type { WorkWithEditions } from '../finding/finder';
import { hyphenateIsbn } from '../isbn/parse';
import type { ToolAnswer } from './toolAnswer';
import type { FindQuery } from './toolInput';

export type { FindQuery } from './toolInput';

/** One edition of a work, as a source lists it. */
export interface WorkEdition {
  /** ISBN-13 digits (or hyphenated), where the edition has one. */
  isbn13?: string;
  isbn10?: string;
  title?: string;
  publisher?: string;
  year?: number;
  language?: string;
  pages?: number;
  binding?: string;
}

/** A work (the book across its editions) found for a query. */
export interface Work {
  title: string;
  authors: string[];
  /** The year it was first published, where the source says. */
  firstYear?: number;
  /** The source that found it (`openLibrary`) and its own id of the work, where it has one. */
  source: string;
  id?: string;
  /** How many editions the work has in all, where the source says (more than those listed). */
  editionCount?: number;
  editions: WorkEdition[];
}

/** The finding core's works, each with its first page of editions, as the tool lists them. */
export function worksFound(found: readonly WorkWithEditions[]): Work[] {
  return found.map(({ work, editions, total }) => ({
    title: work.subtitle ? `${work.title}: ${work.subtitle}` : work.title,
    authors: work.authors,
    ...(work.firstYear !== undefined && { firstYear: work.firstYear }),
    source: work.source,
    id: work.key,
    ...((total ?? work.editionCount) !== undefined && { editionCount: total ?? work.editionCount }),
    editions: editions.map((e) => {
      const edition: WorkEdition = {};
      for (const key of ['isbn13', 'isbn10', 'title', 'publisher', 'year', 'language', 'pages', 'binding'] as const) {
        if (e[key] !== undefined) (edition as Record<string, unknown>)[key] = e[key];
      }
      return edition;
    }),
  }));
}

/** What finds works: the finding core, connected by the lead; cancelled by `signal`. */
export type FindWorks = (query: FindQuery, signal: AbortSignal) => Promise<Work[]>;

/** Works shown at most, and editions of each. */
export const MAX_WORKS = 10;
export const MAX_EDITIONS = 20;

/** Said when no search is connected: no results, and what to do instead. */
export function searchUnavailable(query: FindQuery): ToolAnswer {
  return {
    text:
      `Searching for books by title or author is not available in this version of ISBN Lens, so nothing was searched for ${queryText(query)}. ` +
      'Do not guess ISBNs: ask the user for the ISBN, or look up ISBNs you have with isbnLens_lookUpBooks to see which book each is.',
    json: { available: false, query, works: [] },
  };
}

function queryText(query: FindQuery): string {
  const parts = [query.title && `title “${query.title}”`, query.author && `author “${query.author}”`, query.language && `language ${query.language}`, query.year !== undefined && `year ${query.year}`];
  return parts.filter(Boolean).join(', ');
}

function editionLine(edition: WorkEdition): string {
  const isbns = [edition.isbn13 && `ISBN-13 ${hyphenateIsbn(edition.isbn13) ?? edition.isbn13}`, edition.isbn10 && `ISBN-10 ${hyphenateIsbn(edition.isbn10) ?? edition.isbn10}`].filter(Boolean).join(', ');
  const details = [edition.title && `“${edition.title}”`, edition.publisher, edition.year, edition.language && `language ${edition.language}`, edition.pages !== undefined && `${edition.pages} pages`, edition.binding]
    .filter((d) => d !== undefined && d !== false && d !== '')
    .join(', ');
  return `  - ${isbns || 'no ISBN'}${details ? `: ${details}` : ''}`;
}

function editions(n: number): string {
  return n === 1 ? '1 edition' : `${n} editions`;
}

/** The works found, as text and JSON (at most MAX_WORKS works, MAX_EDITIONS editions each). */
export function findAnswer(query: FindQuery, works: readonly Work[]): ToolAnswer {
  if (works.length === 0) return { text: `No work was found for ${queryText(query)}.`, json: { available: true, query, works: [] } };
  // Left out: the editions the work has (listed, or counted by the source) beyond those shown.
  const shown = works.slice(0, MAX_WORKS).map((w) => {
    const editions = w.editions.slice(0, MAX_EDITIONS);
    return { ...w, editions, editionsLeftOut: Math.max(w.editions.length, w.editionCount ?? 0) - editions.length };
  });
  const lines = [`${works.length === 1 ? '1 work' : `${works.length} works`} found for ${queryText(query)}${works.length > MAX_WORKS ? ` (the first ${MAX_WORKS} shown)` : ''}:`];
  for (const work of shown) {
    lines.push(`- “${work.title}”${work.authors.length ? ` by ${work.authors.join(', ')}` : ''}${work.firstYear !== undefined ? ` (first published ${work.firstYear})` : ''}: ${editions(work.editions.length + work.editionsLeftOut)}`);
    lines.push(...work.editions.map(editionLine));
    if (work.editionsLeftOut > 0) lines.push(`  - and ${editions(work.editionsLeftOut)} more`);
  }
  return { text: lines.join('\n'), json: { available: true, query, works: shown } };
}
