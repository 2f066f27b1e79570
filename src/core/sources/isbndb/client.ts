/**
 * The book data service, exactly as specified: the key only in the `Authorization`
 * header, `POST /books` with the text `isbns=a,b,c` and `Content-Type: application/json`,
 * every request through the plan's throttle, cancellable and timed.
 */
import { Agent, type Dispatcher } from 'undici';
import { type Book, isObject, isbnDigits, normalizeBook, toIsbn13 } from '../../model/book';
import type { AuthorPage, BatchAnswer, RequestRecord } from '../../model/answers';
import { describesIsbn, isOtherEditionOf } from '../../model/edition';
import { ServiceError, isServiceError } from '../../model/errors';
import { parseKeyInfo } from './keyInfo';
import type { KeyInfo } from '../../model/quota';
import { readBodyCapped } from '../../host/node/readBody';
import type { PlanName } from '../../model/plans';
import type { ReleaseSlot, Throttle } from '../../rate/throttle';

export interface ClientOptions {
  baseUrl: URL;
  plan: PlanName;
  apiKey: string;
  throttle: Throttle;
  /** Whole request, from the first byte sent to the last received. */
  timeoutMs?: number;
  /** Answers larger than this are refused rather than held in memory. */
  maxBodyBytes?: number;
  dispatcher?: Dispatcher;
  onRequest?: (record: RequestRecord) => void;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
/** An ISBN the service surely knows nothing of in a way that matters: used only to ask whether a 404 was a limit. */
const PROBE_ISBN = '9780306406157';

let sharedAgent: Agent | undefined;
function defaultDispatcher(): Agent {
  // Redirects are not followed (undici's default): the key must never reach another host.
  sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 10_000 } });
  return sharedAgent;
}

export class BookServiceClient {
  readonly plan: PlanName;
  readonly baseUrl: URL;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;

  constructor(private readonly options: ClientOptions) {
    this.plan = options.plan;
    this.baseUrl = options.baseUrl;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  }

  get throttle(): Throttle {
    return this.options.throttle;
  }

  /** `GET /book/{isbn}`. A 404 is ambiguous (spec §7), so a limit is told apart from an unknown book. */
  async getBook(isbn: string, signal?: AbortSignal): Promise<Book> {
    const digits = isbnDigits(isbn);
    if (!digits) throw new ServiceError('notFound', `"${isbn}" is not an ISBN.`);
    try {
      const body = await this.send('GET', `book/${digits}`, undefined, signal);
      const book = normalizeBook(body);
      if (!book) throw new ServiceError('badResponse', 'The service sent a book record that could not be read.');
      // A record of an unrelated book is never taken as this ISBN's; another edition that names it is.
      if (!describesIsbn(book, digits) && !isOtherEditionOf(book, digits)) {
        throw new ServiceError('badResponse', `The service answered ISBN ${digits} with the record of another book (ISBN ${book.isbn13}); it was not used.`);
      }
      return book;
    } catch (e) {
      if (!isAmbiguous404(e)) throw e;
      const answer = await this.getBooks([digits], signal);
      const book = answer.found.get(digits);
      if (book) return book;
      throw new ServiceError('notFound', `No book with ISBN ${digits} is known to the service.`, { status: 404 });
    }
  }

  /** `GET /author/{name}?page=&pageSize=`, the name as one percent-encoded path segment. */
  async getAuthor(name: string, page = 1, pageSize = 20, signal?: AbortSignal): Promise<AuthorPage> {
    const query = `?page=${page}&pageSize=${pageSize}`;
    let body: unknown;
    try {
      body = await this.send('GET', `author/${pathSegment(name)}${query}`, undefined, signal);
    } catch (e) {
      if (!isAmbiguous404(e)) throw e;
      // A limit answers a batch call with 404 as well; a batch that succeeds means the author is unknown.
      await this.getBooks([PROBE_ISBN], signal);
      throw new ServiceError('notFound', `The service knows no author named "${name}".`, { status: 404 });
    }
    if (!isObject(body) || !Array.isArray(body.books)) {
      throw new ServiceError('badResponse', 'The service sent an author record that could not be read.');
    }
    const books = body.books.map(normalizeBook).filter((b): b is Book => b !== undefined);
    const total = typeof body.total === 'number' ? body.total : undefined;
    return {
      name: typeof body.author === 'string' ? body.author : name,
      books,
      page,
      pageSize,
      total,
      hasMore: total !== undefined ? page * pageSize < total : body.books.length >= pageSize,
    };
  }

  /**
   * `POST /books`. Results are matched to the request by ISBN (13 or 10), never by
   * position; requested ISBNs absent from the answer are not found. `slot`: one the
   * caller took from the throttle already (the batcher forms its chunk when it has one).
   */
  async getBooks(isbns: readonly string[], signal?: AbortSignal, slot?: ReleaseSlot): Promise<BatchAnswer> {
    const requested = isbns.map((isbn) => isbnDigits(isbn) ?? '');
    const wrong = isbns.find((_, i) => !requested[i]);
    if (wrong !== undefined || requested.length === 0) {
      slot?.({ unused: true });
      if (wrong !== undefined) throw new ServiceError('badResponse', `"${wrong}" is not an ISBN.`);
      return { found: new Map(), notFound: [] };
    }
    const body = await this.send('POST', 'books', `isbns=${requested.join(',')}`, signal, requested.length, slot);
    const records = isObject(body) && Array.isArray(body.data) ? body.data : Array.isArray(body) ? body : undefined;
    if (!records) throw new ServiceError('badResponse', 'The service sent a batch answer that could not be read.');

    const books: Book[] = [];
    const byIsbn = new Map<string, Book>();
    for (const record of records) {
      const book = normalizeBook(record);
      if (!book) continue;
      books.push(book);
      byIsbn.set(book.isbn13, book);
      if (book.isbn10) byIsbn.set(book.isbn10, book);
    }
    const found = new Map<string, Book>();
    const notFound: string[] = [];
    for (const isbn of requested) {
      // Its own record first; else another edition that names it (shown as such). A record
      // that matches no ISBN asked is never kept under one of them.
      const book = byIsbn.get(isbn) ?? byIsbn.get(toIsbn13(isbn)) ?? books.find((b) => isOtherEditionOf(b, isbn));
      if (book) found.set(isbn, book);
      else notFound.push(isbn);
    }
    return { found, notFound };
  }

  /** One cheap request that tells whether the key works on this plan; throws the typed error if not. */
  async checkKey(signal?: AbortSignal): Promise<void> {
    await this.getBooks([PROBE_ISBN], signal);
  }

  /**
   * `GET /key` (the current service; not in the spec): the key's plan host and today's
   * quota, from the configured address only. Undefined when the service has no such
   * endpoint (404) or its answer cannot be read.
   */
  async getKeyInfo(signal?: AbortSignal): Promise<KeyInfo | undefined> {
    try {
      return parseKeyInfo(await this.send('GET', 'key', undefined, signal));
    } catch (e) {
      if (isServiceError(e) && e.details.status === 404) return undefined;
      if (isServiceError(e, 'badResponse')) return undefined;
      throw e;
    }
  }

  private async send(method: 'GET' | 'POST', path: string, body: string | undefined, signal?: AbortSignal, isbnCount?: number, slot?: ReleaseSlot): Promise<unknown> {
    const release = slot ?? (await this.options.throttle.acquire(signal));
    const started = performance.now();
    const record: RequestRecord = { method, path: '/' + path, ms: 0, isbnCount };
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      // The dispatcher takes the path as written: WHATWG URL parsing (new URL, undici's request)
      // would resolve an author segment `%2E%2E` to the folder above.
      const dispatcher = this.options.dispatcher ?? defaultDispatcher();
      const response = await dispatcher.request({
        origin: this.baseUrl.origin,
        path: this.baseUrl.pathname.slice(0, this.baseUrl.pathname.lastIndexOf('/') + 1) + path,
        method,
        headers: {
          authorization: this.options.apiKey,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body,
        signal: combined,
      });
      release();
      record.status = response.statusCode;
      const text = await readBody(response.body, this.maxBodyBytes);
      return interpret(response.statusCode, response.headers, text, method, isbnCount, path === 'key');
    } catch (e) {
      const error = toServiceError(e, signal, timeout, this.timeoutMs);
      record.error = error;
      throw error;
    } finally {
      release();
      record.ms = Math.round(performance.now() - started);
      this.options.onRequest?.(record);
    }
  }
}

function isAmbiguous404(e: unknown): boolean {
  return isServiceError(e, 'quota') && e.details.status === 404;
}

async function readBody(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const bytes = await readBodyCapped(body, maxBytes);
  if (!bytes) throw new ServiceError('badResponse', `The service sent more than ${Math.round(maxBytes / 1048576)} MB; the answer was refused.`);
  return bytes.toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A name as one percent-encoded path segment. encodeURIComponent leaves `.` as it is, and a path
 * resolver takes a segment of `.` or `..` for "here" or "up": `author/..` would ask for the base
 * path. A name of dots alone has them encoded; other names keep theirs as sent.
 */
export function pathSegment(name: string): string {
  return /^\.+$/.test(name) ? name.replace(/\./g, '%2E') : encodeURIComponent(name);
}

function messageOf(json: unknown): string {
  if (!isObject(json)) return '';
  const message = [json.message, json.errorMessage, json.error_message].find((m) => typeof m === 'string');
  return typeof message === 'string' ? message : '';
}

/** The longest wait a Retry-After can ask for: a header of years would stop look-ups for good. */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/** Retry-After in seconds or as an HTTP date, as an absolute time at most MAX_RETRY_AFTER_MS away. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header) return undefined;
  const seconds = Number(header);
  const at = Number.isFinite(seconds) && seconds >= 0 ? now + seconds * 1000 : Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(at, now), now + MAX_RETRY_AFTER_MS);
}

const LIMIT_404_MESSAGE = 'Not Found';
const DAILY_QUOTA = /daily|quota|per day|tomorrow/i;
/** A 403 that is a spent daily quota ("Daily hits reached…"), not a key of another plan. */
const DAILY_LIMIT_403 = /daily[\s-]*(hits|limit|quota)|hits[\s-]*reached|limit[\s-]*reached|quota/i;

function interpret(status: number, headers: Dispatcher.ResponseData['headers'], text: string, method: string, isbnCount?: number, keyQuery = false): unknown {
  const json = parseJson(text);
  const retryAt = parseRetryAfter(headers['retry-after']);
  const message = messageOf(json);

  if (status >= 200 && status < 300) {
    if (json === undefined) throw new ServiceError('badResponse', 'The service sent an answer that is not valid JSON.', { status });
    return json;
  }
  if (status === 429) {
    return fail('quota', 'The request limit of your plan is reached.', { status, retryAt, daily: DAILY_QUOTA.test(message) });
  }
  if (status === 404) {
    const limitShaped = isObject(json) && json.errorMessage === LIMIT_404_MESSAGE;
    // A batch never answers 404 for unknown ISBNs (it leaves them out), so there it is a limit (spec §7).
    // `GET /key` is not in the spec: a service without it answers 404, whatever the body.
    if (method === 'POST' || (limitShaped && !keyQuery)) {
      return fail('quota', 'The request limit of your plan is reached.', { status, retryAt, daily: DAILY_QUOTA.test(message) });
    }
    return fail('notFound', 'Not found.', { status });
  }
  if (status === 401) return fail('auth', 'The service refused the API key.', { status });
  if (status === 403 && DAILY_LIMIT_403.test(message)) {
    return fail('quota', 'The daily request quota of your key is spent.', { status, retryAt, daily: true });
  }
  if (status === 403) return fail('wrongPlan', 'The API key is denied on this plan\'s address.', { status });
  if ((status === 400 || status === 413) && method === 'POST' && (isbnCount ?? 0) > 1) {
    return fail('tooLarge', 'The service refused a batch of this size.', { status });
  }
  if (status >= 300 && status < 400) {
    return fail('badResponse', `The service answered with a redirect (${status}); it was not followed, so the key stays with the configured address.`, { status });
  }
  if (status >= 500) return fail('server', `The service failed (HTTP ${status}).`, { status, retryAt });
  return fail('badResponse', `The service answered HTTP ${status}.`, { status });
}

function fail(kind: ServiceError['kind'], message: string, details: ServiceError['details']): never {
  throw new ServiceError(kind, message, details);
}

function toServiceError(e: unknown, signal: AbortSignal | undefined, timeout: AbortSignal, timeoutMs: number): ServiceError {
  if (e instanceof ServiceError) return e;
  if (signal?.aborted) return new ServiceError('cancelled', 'Cancelled.');
  if (timeout.aborted) return new ServiceError('network', `The service did not answer within ${Math.round(timeoutMs / 1000)} s.`);
  const code = (e as { code?: string } | undefined)?.code ?? '';
  const reason =
    code === 'ECONNREFUSED' ? 'the connection was refused'
    : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'the host name could not be resolved'
    : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' ? 'the connection was dropped'
    : code.startsWith('UND_ERR_') && code.includes('TIMEOUT') ? 'it timed out'
    : 'the network failed';
  return new ServiceError('network', `Could not reach the book service: ${reason}.`);
}
