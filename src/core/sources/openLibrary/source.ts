/**
 * Open Library as a `BookSource`, without a key: the Books API in batches of at most 25, the
 * work search for Look Up Author, every request named by the User-Agent Open Library asks for.
 * At most 3 requests/s for the whole machine (its documented rate for identified callers,
 * counted per address). "Not found" is kept a day at most: an ISBN it misses may be imported
 * after it was asked.
 */
import type { AuthorPage, BatchAnswer } from '../../model/answers';
import { type Book, isObject, isbnDigits } from '../../model/book';
import { ServiceError } from '../../model/errors';
import type { BookSource, SourceCall, SourceRate } from '../bookSource';
import { endpointOf, keylessGet, parseJsonAnswer, type EndpointOptions, type KeylessEndpoint, type RawReply } from '../keyless/request';
import { openLibraryError } from './errors';
import { DEFAULT_SOURCE_URLS } from '../sourceSettings';
import { bookFromBooksApi, bookFromSearchDoc } from './mapping';
import { authorSearchPath, bibkey, booksApiPath, OPEN_LIBRARY_MAX_BATCH } from './request';
import type { EditionsPage, FindQuery, WorkOfIsbn, WorksPage } from '../../model/works';
import { editionsFromAnswer, editionsPath, workOfIsbnFromSearch, workOfIsbnPath, workSearchPath, worksFromSearch } from './works';

export const OPEN_LIBRARY_DEFAULT_URL = DEFAULT_SOURCE_URLS.openLibrary;
export const OPEN_LIBRARY_COVERS_DEFAULT_URL = DEFAULT_SOURCE_URLS.openLibraryCovers;
/** Requests per second, with the identifying User-Agent. */
export const OPEN_LIBRARY_RATE = 3;
/**
 * Without one (a browser cannot set User-Agent): 1 request/s, each counted over a window a little
 * longer than a second, so that requests that leave a second apart never arrive closer.
 */
export const OPEN_LIBRARY_UNIDENTIFIED_RATE = 1;
export const OPEN_LIBRARY_UNIDENTIFIED_WINDOW_MS = 1100;
/** How long "not found" is believed. */
export const NOT_FOUND_TTL_MS = 24 * 60 * 60 * 1000;

export interface OpenLibraryOptions extends EndpointOptions {
  coversUrl?: URL;
  now?: () => number;
}

export class OpenLibrarySource implements BookSource {
  readonly name = 'openLibrary';
  readonly rate: SourceRate;
  readonly maxBatch = OPEN_LIBRARY_MAX_BATCH;
  readonly notFoundTtlMs = NOT_FOUND_TTL_MS;
  private readonly endpoint: KeylessEndpoint;
  private readonly coversBase: string;
  private readonly now: () => number;

  constructor(options: OpenLibraryOptions) {
    this.endpoint = endpointOf(options, { url: OPEN_LIBRARY_DEFAULT_URL, source: 'openLibrary', maxBodyBytes: 8 * 1024 * 1024 });
    this.rate =
      options.userAgent === undefined
        ? { perSecond: OPEN_LIBRARY_UNIDENTIFIED_RATE, windowMs: OPEN_LIBRARY_UNIDENTIFIED_WINDOW_MS, sharedBy: 'machine', shareName: 'openLibrary' }
        : { perSecond: OPEN_LIBRARY_RATE, sharedBy: 'machine', shareName: 'openLibrary' };
    this.coversBase = (options.coversUrl ?? new URL(OPEN_LIBRARY_COVERS_DEFAULT_URL)).href;
    this.now = options.now ?? Date.now;
  }

  /**
   * Books for up to 25 ISBNs in one request. Each is looked for under its own bibkey, never by
   * position. A record that does not list the asked ISBN is kept only as another edition
   * (its own ISBN), one that lists no ISBN is left out.
   */
  async books(isbns: readonly string[], call: SourceCall): Promise<BatchAnswer> {
    const asked = isbns.map((isbn) => isbnDigits(isbn));
    const wrong = isbns.find((_, i) => !asked[i]);
    if (wrong !== undefined) throw new ServiceError('badResponse', { why: 'notAnIsbn', value: wrong });
    const unique = [...new Set(asked as string[])];
    if (unique.length === 0) return { found: new Map(), notFound: [] };
    if (unique.length > this.maxBatch) throw new ServiceError('tooLarge', { why: 'batchLimit', source: 'openLibrary', max: this.maxBatch });
    const body = this.json(await keylessGet(this.endpoint, call, booksApiPath(unique), {}, unique.length), unique.length);
    if (!isObject(body)) throw new ServiceError('badResponse', { why: 'unreadable', source: 'openLibrary', answer: 'booksApi' });

    const found = new Map<string, Book>();
    const notFound: string[] = [];
    isbns.forEach((isbn, i) => {
      const mapped = bookFromBooksApi(body[bibkey(asked[i]!)], asked[i]!);
      if (mapped) found.set(isbn, mapped.book);
      else notFound.push(isbn);
    });
    return { found, notFound };
  }

  /** One page of the works Open Library's search finds for an author's name. */
  async authorPage(name: string, page: number, pageSize: number, call: SourceCall): Promise<AuthorPage> {
    const body = this.json(await keylessGet(this.endpoint, call, authorSearchPath(name, page, pageSize)));
    if (!isObject(body) || !Array.isArray(body.docs)) throw new ServiceError('badResponse', { why: 'unreadable', source: 'openLibrary', answer: 'authorSearch' });
    const total = typeof body.numFound === 'number' ? body.numFound : typeof body.num_found === 'number' ? body.num_found : undefined;
    if (page === 1 && body.docs.length === 0) throw new ServiceError('notFound', { why: 'noAuthor', source: 'openLibrary', name }, { status: 200 });
    const books = body.docs.map((doc) => bookFromSearchDoc(doc, this.coversBase)).filter((b): b is Book => b !== undefined);
    return { name, books, page, pageSize, total, hasMore: total !== undefined ? page * pageSize < total : body.docs.length >= pageSize };
  }

  /** The works Open Library's search finds for a title, an author or both (only the fields a result shows). */
  async searchWorks(query: FindQuery, limit: number, call: SourceCall, readerLanguage?: string): Promise<WorksPage> {
    const path = workSearchPath(query, limit, readerLanguage);
    if (!path) return { works: [], total: 0 };
    const page = worksFromSearch(this.json(await keylessGet(this.endpoint, call, path)));
    if (!page) throw new ServiceError('badResponse', { why: 'unreadable', source: 'openLibrary', answer: 'search' });
    return page;
  }

  /** One page of a work's editions (`/works/OL…W/editions.json`); an unknown, merged or deleted work is `notFound`. */
  async workEditions(workKey: string, offset: number, limit: number, call: SourceCall): Promise<EditionsPage> {
    const reply = await keylessGet(this.endpoint, call, editionsPath(workKey, offset, limit));
    if (reply.status === 404) throw new ServiceError('notFound', { why: 'noWork', source: 'openLibrary', work: workKey }, { status: 404 });
    const page = editionsFromAnswer(this.json(reply), workKey, offset);
    if (!page) throw new ServiceError('badResponse', { why: 'unreadable', source: 'openLibrary', answer: 'editions' });
    return page;
  }

  /** The work an ISBN is an edition of, and that edition, in one search; undefined when Open Library knows none. */
  async workOfIsbn(isbn: string, call: SourceCall): Promise<WorkOfIsbn | undefined> {
    const digits = isbnDigits(isbn);
    if (!digits) throw new ServiceError('badResponse', { why: 'notAnIsbn', value: isbn });
    const found = workOfIsbnFromSearch(this.json(await keylessGet(this.endpoint, call, workOfIsbnPath(digits))));
    if (found === null) throw new ServiceError('badResponse', { why: 'unreadable', source: 'openLibrary', answer: 'search' });
    return found;
  }

  private json(reply: RawReply, isbnCount = 0): unknown {
    if (reply.status < 200 || reply.status >= 300) throw openLibraryError(reply, this.now(), isbnCount);
    return parseJsonAnswer(reply, 'openLibrary');
  }
}
