/**
 * The book data service as a `BookSource`, exactly as specified: the key only in the
 * `Authorization` header, `POST /books` with the text `isbns=a,b,c` and `Content-Type:
 * application/json`, every request cancellable and timed. It speaks HTTP through the transport
 * each call brings (which sends when the plan's rate allows) and never holds a rate slot.
 */
import { type Book, isObject, isbnDigits, toIsbn13 } from '../../model/book';
import { normalizeBook } from './bookRecord';
import type { AuthorPage, BatchAnswer, RequestRecord } from '../../model/answers';
import { type FailureReason, ServiceError, cancelledError, isServiceError } from '../../model/errors';
import { parseKeyInfo } from './keyInfo';
import { storedKeyFault } from '../../keyFormat';
import type { KeyInfo } from '../../model/quota';
import { droppedConnection, type HttpResponse, HttpTimeoutError, networkCause, utf8 } from '../../host/http';
import type { BookSource, SourceCall, SourceRate } from '../bookSource';
import { PLAN_MAX_BATCH, PLAN_RATES, type PlanName } from '../../model/plans';
import { parseRetryAfter } from '../retryAfter';

export interface ClientOptions {
  baseUrl: URL;
  plan: PlanName;
  apiKey: string;
  /** Names the key without holding it (see `keyFingerprint`): the rate is shared per key and plan. */
  keyId: string;
  /** Whole request, from the first byte sent to the last received. */
  timeoutMs?: number;
  /** Answers larger than this are refused rather than held in memory. */
  maxBodyBytes?: number;
  onRequest?: (record: RequestRecord) => void;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
/** An ISBN the service surely knows nothing of in a way that matters: used only to ask whether a 404 was a limit. */
const PROBE_ISBN = '9780306406157';

export class BookServiceClient implements BookSource {
  readonly name = 'isbndb';
  readonly plan: PlanName;
  readonly rate: SourceRate;
  readonly maxBatch: number;
  readonly baseUrl: URL;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;

  constructor(private readonly options: ClientOptions) {
    this.plan = options.plan;
    this.baseUrl = options.baseUrl;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    // The service counts a key's requests on all its endpoints together, per second (spec §8).
    this.rate = { perSecond: PLAN_RATES[options.plan], sharedBy: 'key', shareName: `${options.plan}-${options.keyId}` };
    this.maxBatch = PLAN_MAX_BATCH[options.plan];
  }

  /** `GET /author/{name}?page=&pageSize=`, the name as one percent-encoded path segment. */
  async authorPage(name: string, page: number, pageSize: number, call: SourceCall): Promise<AuthorPage> {
    const query = `?page=${page}&pageSize=${pageSize}`;
    let body: unknown;
    try {
      body = await this.send(call, 'GET', `author/${pathSegment(name)}${query}`);
    } catch (e) {
      if (!isAmbiguous404(e)) throw e;
      // A limit answers a batch call with 404 as well; a batch that succeeds means the author is unknown.
      await this.books([PROBE_ISBN], call);
      throw new ServiceError('notFound', { why: 'noAuthor', source: 'isbndb', name }, { status: 404 });
    }
    if (!isObject(body) || !Array.isArray(body.books)) {
      throw new ServiceError('badResponse', { why: 'unreadable', source: 'isbndb', answer: 'authorRecord' });
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
   * position; requested ISBNs absent from the answer are not found.
   */
  async books(isbns: readonly string[], call: SourceCall): Promise<BatchAnswer> {
    const requested = isbns.map((isbn) => isbnDigits(isbn) ?? '');
    const wrong = isbns.find((_, i) => !requested[i]);
    if (wrong !== undefined || requested.length === 0) {
      if (wrong !== undefined) throw new ServiceError('badResponse', { why: 'notAnIsbn', value: wrong });
      return { found: new Map(), notFound: [] };
    }
    const body = await this.send(call, 'POST', 'books', `isbns=${requested.join(',')}`, requested.length);
    const records = isObject(body) && Array.isArray(body.data) ? body.data : Array.isArray(body) ? body : undefined;
    if (!records) throw new ServiceError('badResponse', { why: 'unreadable', source: 'isbndb', answer: 'batch' });

    // Linear in the answer: a batch of 1,000 answered with 100,000 unrelated records matched each
    // asked ISBN against every record's other ISBNs (46 s on the host thread); now two maps.
    const byIsbn = new Map<string, Book>();
    const books: Book[] = [];
    for (const record of records) {
      const book = normalizeBook(record);
      if (!book) continue;
      books.push(book);
      byIsbn.set(book.isbn13, book);
      if (book.isbn10) byIsbn.set(book.isbn10, book);
    }
    const found = new Map<string, Book>();
    const notFound: string[] = [];
    const unmatched: string[] = [];
    for (const isbn of requested) {
      const book = byIsbn.get(isbn) ?? byIsbn.get(toIsbn13(isbn));
      if (book) found.set(isbn, book);
      else unmatched.push(isbn);
    }
    // Else another edition that names it (shown as such), the first in the answer's order. A
    // record that matches no ISBN asked is never kept under one of them.
    const otherEdition = unmatched.length > 0 ? otherEditionsOf(books, new Set(unmatched.map(toIsbn13))) : new Map<string, Book>();
    for (const isbn of unmatched) {
      const book = otherEdition.get(toIsbn13(isbn));
      if (book) found.set(isbn, book);
      else notFound.push(isbn);
    }
    return { found, notFound };
  }

  /** One cheap request that tells whether the key works on this plan; throws the typed error if not. */
  async checkKey(call: SourceCall): Promise<void> {
    await this.books([PROBE_ISBN], call);
  }

  /**
   * `GET /key` (the current service; not in the spec): the key's plan host and today's
   * quota, from the configured address only. Undefined when the service has no such
   * endpoint (404) or its answer cannot be read.
   */
  async keyDetails(call: SourceCall): Promise<KeyInfo | undefined> {
    try {
      return parseKeyInfo(await this.send(call, 'GET', 'key'));
    } catch (e) {
      if (isServiceError(e) && e.details.status === 404) return undefined;
      if (isServiceError(e, 'badResponse')) return undefined;
      throw e;
    }
  }

  private async send(call: SourceCall, method: 'GET' | 'POST', path: string, body?: string, isbnCount?: number): Promise<unknown> {
    let started = performance.now();
    const record: RequestRecord = { method, path: '/' + path, ms: 0, isbnCount };
    const signal = call.signal;
    try {
      // Sent, such a key fails in the HTTP layer and reads as "the network failed".
      const fault = storedKeyFault(this.options.apiKey);
      if (fault) throw new ServiceError('auth', { why: 'malformedKey', fault }, { malformedKey: true });
      const response = await call.http.request({
        origin: this.baseUrl.origin,
        path: this.baseUrl.pathname.slice(0, this.baseUrl.pathname.lastIndexOf('/') + 1) + path,
        method,
        headers: {
          authorization: this.options.apiKey,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body,
        signal,
        timeoutMs: this.timeoutMs,
        maxBodyBytes: this.maxBodyBytes,
      });
      // Timed from when it was sent: the wait for the rate is not the service's.
      started = response.sentAt ?? started;
      record.status = response.status;
      const text = await readBody(response, this.maxBodyBytes);
      return interpret(response.status, response.headers, text, method, isbnCount, path === 'key');
    } catch (e) {
      const error = toServiceError(e, signal);
      record.error = error;
      throw error;
    } finally {
      record.ms = Math.round(performance.now() - started);
      this.options.onRequest?.(record);
    }
  }
}

/** For each wanted ISBN-13, the first record that lists it among its other ISBNs; one pass over the answer. */
function otherEditionsOf(books: readonly Book[], wanted: ReadonlySet<string>): Map<string, Book> {
  const byOther = new Map<string, Book>();
  for (const book of books) {
    for (const other of book.otherIsbns) {
      const other13 = toIsbn13(other.isbn);
      if (wanted.has(other13) && !byOther.has(other13)) byOther.set(other13, book);
    }
  }
  return byOther;
}

function isAmbiguous404(e: unknown): boolean {
  return isServiceError(e, 'quota') && e.details.status === 404;
}

async function readBody(response: HttpResponse, maxBytes: number): Promise<string> {
  const bytes = await response.read();
  if (!bytes) throw new ServiceError('badResponse', { why: 'tooBig', source: 'isbndb', megabytes: Math.round(maxBytes / 1048576) });
  return utf8(bytes);
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

const LIMIT_404_MESSAGE = 'Not Found';
const DAILY_QUOTA = /daily|quota|per day|tomorrow/i;
/** A 403 that is a spent daily quota ("Daily hits reached…"), not a key of another plan. */
const DAILY_LIMIT_403 = /daily[\s-]*(hits|limit|quota)|hits[\s-]*reached|limit[\s-]*reached|quota/i;

function interpret(status: number, headers: HttpResponse['headers'], text: string, method: string, isbnCount?: number, keyQuery = false): unknown {
  const json = parseJson(text);
  const retryAt = parseRetryAfter(headers['retry-after']);
  const message = messageOf(json);

  if (status >= 200 && status < 300) {
    if (json === undefined) throw new ServiceError('badResponse', { why: 'notJson', source: 'isbndb', truncated: false }, { status });
    return json;
  }
  if (status === 429) {
    return fail('quota', { why: 'planLimit' }, { status, retryAt, daily: DAILY_QUOTA.test(message) });
  }
  if (status === 404) {
    const limitShaped = isObject(json) && json.errorMessage === LIMIT_404_MESSAGE;
    // A batch never answers 404 for unknown ISBNs (it leaves them out), so there it is a limit (spec §7).
    // `GET /key` is not in the spec: a service without it answers 404, whatever the body.
    if (method === 'POST' || (limitShaped && !keyQuery)) {
      return fail('quota', { why: 'planLimit' }, { status, retryAt, daily: DAILY_QUOTA.test(message) });
    }
    return fail('notFound', { why: 'noRecord' }, { status });
  }
  if (status === 401) return fail('auth', { why: 'keyRefused', source: 'isbndb' }, { status });
  if (status === 403 && DAILY_LIMIT_403.test(message)) {
    return fail('quota', { why: 'dailyQuota' }, { status, retryAt, daily: true });
  }
  if (status === 403) return fail('wrongPlan', { why: 'wrongPlan' }, { status });
  if ((status === 400 || status === 413) && method === 'POST' && (isbnCount ?? 0) > 1) {
    return fail('tooLarge', { why: 'batchRefused', source: 'isbndb' }, { status });
  }
  if (status >= 300 && status < 400) {
    return fail('badResponse', { why: 'redirect', source: 'isbndb', status }, { status });
  }
  if (status >= 500) return fail('server', { why: 'serverError', source: 'isbndb', status }, { status, retryAt });
  return fail('badResponse', { why: 'httpStatus', source: 'isbndb', status }, { status });
}

function fail(kind: ServiceError['kind'], reason: FailureReason, details: ServiceError['details']): never {
  throw new ServiceError(kind, reason, details);
}

function toServiceError(e: unknown, signal: AbortSignal | undefined): ServiceError {
  if (e instanceof ServiceError) return e;
  if (signal?.aborted) return cancelledError();
  if (e instanceof HttpTimeoutError) return new ServiceError('network', { why: 'timeout', source: 'isbndb', seconds: Math.round(e.timeoutMs / 1000) });
  const code = (e as { code?: string } | undefined)?.code ?? '';
  if (code === 'FETCH_FAILED') {
    // In a browser: a service that answered before allows browsers, so this is most likely a limit
    // answer sent without the permission (slow down); one that never did does not take requests
    // from a browser, which retrying will not change.
    if ((e as { answeredBefore?: boolean }).answeredBefore) return new ServiceError('quota', { why: 'browserLimit', source: 'isbndb' });
    return new ServiceError('blocked', { why: 'browserRefused', source: 'isbndb' });
  }
  return new ServiceError('network', { why: 'unreachable', source: 'isbndb', cause: networkCause(e) }, { dropped: droppedConnection(e) });
}
