/**
 * Works and their editions, as the finding sources answer them (Open Library's search, works and
 * editions APIs; Google Books' title search, whose volumes are editions without a work). Plain
 * values: the finding API (`core/finding/`) hands them to the editor and to the chat tool alike.
 */

/** What the user looks for: a title, an author or both (or free words), optionally a language and a year. */
export interface FindQuery {
  /** Free words (a title, an author or both), as typed. */
  text?: string;
  title?: string;
  author?: string;
  /** Two-letter ISO 639-1 code of the editions wanted (`de`), or undefined. */
  language?: string;
  year?: number;
}

/** One work found: the book as written, with the edition count its source gives. */
export interface WorkHit {
  /** `openLibrary`: `/works/OL…W`; `googleBooks`: `google:<volume id>` (a volume is one edition). */
  key: string;
  source: 'openLibrary' | 'googleBooks';
  title: string;
  subtitle?: string;
  authors: string[];
  /** Open Library: the earliest year among its catalogued editions. */
  firstYear?: number;
  editionCount?: number;
  /** Open Library's cover id of the work (`covers.openlibrary.org/b/id/<id>-M.jpg`). */
  coverId?: number;
  /** A Google volume is one edition: it comes with it. */
  editions?: Edition[];
}

/** One edition of a work: one publication, its publisher, year, language, binding, pages and ISBNs. */
export interface Edition {
  /** `/books/OL…M`, or `google:<volume id>`. */
  key: string;
  title: string;
  subtitle?: string;
  /** The edition's own authors where its source names them (Google); Open Library's are the work's. */
  authors?: string[];
  publisher?: string;
  /** As published, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, where it can be read. */
  date?: string;
  year?: number;
  /** Two-letter ISO 639-1 code where known (`fr`), else the source's three-letter one. */
  language?: string;
  binding?: string;
  pages?: number;
  isbn13?: string;
  isbn10?: string;
  /** The work it is an edition of, where the source says. */
  workKey?: string;
}

/** One page of a work's editions, in the source's order (see `orderEditions`). */
export interface EditionsPage {
  workKey: string;
  editions: Edition[];
  /** How many editions the work has, where the source says. */
  total?: number;
  offset: number;
  hasMore: boolean;
}

/** One page of works found. */
export interface WorksPage {
  works: WorkHit[];
  total?: number;
}

/** The work of an ISBN and how many editions it has. */
export interface WorkOfIsbn {
  work: WorkHit;
  /** The edition the ISBN is, where the source says (`/books/OL…M`). */
  editionKey?: string;
}

/**
 * The requests the finding API makes, through the same rates, User-Agent rules and health as
 * the look-ups (`Lookups.findingSources`). Each throws a `ServiceError`; whether a source may be
 * asked at all (chosen in `isbnLens.sources`, Google's daily quota not spent) is `can`.
 */
export interface FindingSources {
  /** Whether the source may be asked now (chosen in the settings; Google: its daily quota not spent). */
  can(source: 'openLibrary' | 'googleBooks'): boolean;
  /** `readerLanguage`: two letters, the edition Open Library shows first (`lang=`). */
  searchOpenLibrary(query: FindQuery, limit: number, signal?: AbortSignal, readerLanguage?: string): Promise<WorksPage>;
  searchGoogle(query: FindQuery, limit: number, signal?: AbortSignal): Promise<WorksPage>;
  editions(workKey: string, offset: number, limit: number, signal?: AbortSignal): Promise<EditionsPage>;
  workOfIsbn(isbn: string, signal?: AbortSignal): Promise<WorkOfIsbn | undefined>;
}
