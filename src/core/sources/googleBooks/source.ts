/**
 * Google Books as a `BookSource`: one ISBN a request, at most 1 request/s, with or without a
 * key. Without one Google charges a shared anonymous quota that is often spent or zero, so the
 * look-ups ask it only for what Open Library lacks. Once the daily quota is spent it is not
 * asked again before the next Pacific midnight, whoever asks (the source remembers).
 */
import type { BatchAnswer } from '../../model/answers';
import { type Book, isObject, isbnDigits } from '../../model/book';
import { ServiceError, isServiceError } from '../../model/errors';
import type { BookSource, SourceCall, SourceRate } from '../bookSource';
import { endpointOf, keylessGet, parseJsonAnswer, type EndpointOptions, type KeylessEndpoint } from '../keyless/request';
import { googleBooksError } from './errors';
import { DEFAULT_SOURCE_URLS } from '../sourceSettings';
import { bookFromSearch } from './mapping';
import { keyHeader, volumesPath } from './request';
import type { FindQuery, WorksPage } from '../../model/works';
import { volumeSearchPath, worksFromVolumes } from './search';

export const GOOGLE_BOOKS_DEFAULT_URL = DEFAULT_SOURCE_URLS.googleBooks;
export const GOOGLE_BOOKS_RATE = 1;
/** How long "not found" is believed. */
export const NOT_FOUND_TTL_MS = 24 * 60 * 60 * 1000;

export interface GoogleBooksOptions extends EndpointOptions {
  /** The optional Google Books API key: sent only in X-Goog-Api-Key. */
  apiKey?: string;
  /** Names the key without holding it (its fingerprint): a keyed rate is shared per key. */
  keyId?: string;
  now?: () => number;
}

export class GoogleBooksSource implements BookSource {
  readonly name = 'googleBooks';
  readonly rate: SourceRate;
  readonly maxBatch = 1;
  readonly notFoundTtlMs = NOT_FOUND_TTL_MS;
  private readonly endpoint: KeylessEndpoint;
  private readonly now: () => number;
  /** The daily-quota error, until Google resets it. */
  private spent: ServiceError | undefined;

  constructor(private readonly options: GoogleBooksOptions) {
    this.endpoint = endpointOf(options, { url: GOOGLE_BOOKS_DEFAULT_URL, source: 'googleBooks', maxBodyBytes: 4 * 1024 * 1024 });
    this.now = options.now ?? Date.now;
    this.rate = options.apiKey
      ? { perSecond: GOOGLE_BOOKS_RATE, sharedBy: 'key', shareName: `googleBooks-${options.keyId ?? 'key'}` }
      : { perSecond: GOOGLE_BOOKS_RATE, sharedBy: 'machine', shareName: 'googleBooks' };
  }

  /** Until when the daily quota is known spent (ms since epoch), if it is. */
  get stoppedUntil(): number | undefined {
    const until = this.spent?.details.retryAt;
    return until !== undefined && until > this.now() ? until : undefined;
  }

  /** One request per ISBN, in order. */
  async books(isbns: readonly string[], call: SourceCall): Promise<BatchAnswer> {
    const found = new Map<string, Book>();
    const notFound: string[] = [];
    for (const isbn of isbns) {
      const book = await this.book(isbn, call);
      if (book) found.set(isbn, book);
      else notFound.push(isbn);
    }
    return { found, notFound };
  }

  /** Volumes found by title and author (`intitle:`, `inauthor:`), each a work of one edition. */
  async searchVolumes(query: FindQuery, limit: number, call: SourceCall): Promise<WorksPage> {
    const path = volumeSearchPath(query, limit);
    if (!path) return { works: [], total: 0 };
    if (this.stoppedUntil !== undefined) throw this.spent!;
    const reply = await keylessGet(this.endpoint, call, path, keyHeader(this.options.apiKey));
    if (reply.status < 200 || reply.status >= 300) {
      const error = googleBooksError(reply, this.now(), !!this.options.apiKey);
      if (isServiceError(error, 'quota') && error.details.daily) this.spent = error;
      throw error;
    }
    const page = worksFromVolumes(parseJsonAnswer(reply, 'googleBooks'));
    if (!page) throw new ServiceError('badResponse', { why: 'unreadable', source: 'googleBooks', answer: 'search' });
    return page;
  }

  private async book(isbn: string, call: SourceCall): Promise<Book | undefined> {
    const digits = isbnDigits(isbn);
    if (!digits) throw new ServiceError('badResponse', { why: 'notAnIsbn', value: isbn });
    if (this.stoppedUntil !== undefined) throw this.spent!;
    const reply = await keylessGet(this.endpoint, call, volumesPath(digits), keyHeader(this.options.apiKey), 1);
    if (reply.status < 200 || reply.status >= 300) {
      const error = googleBooksError(reply, this.now(), !!this.options.apiKey);
      if (isServiceError(error, 'quota') && error.details.daily) this.spent = error;
      throw error;
    }
    const body = parseJsonAnswer(reply, 'googleBooks');
    if (!isObject(body)) throw new ServiceError('badResponse', { why: 'unreadable', source: 'googleBooks', answer: 'any' });
    return bookFromSearch(body, digits);
  }
}
