/**
 * What the five library catalogues share as `BookSource`s: no key, one request at a time and
 * about one a second each (no rate is documented: library-catalogues-facts.md), counted for the
 * whole machine; several ISBNs in one query where the service takes it; the ISBN-13 first and,
 * for a 978 book without a hit, its ISBN-10 in a second request; the records picked for each
 * ISBN by the edition rule (`catalogueBook.ts`). A record count past what the service sent
 * (more records than asked for) asks the ISBNs left without a record one by one. "0 records"
 * is "not in this catalogue", never an error.
 *
 * A subclass says how to search (`search`): SRU for K10plus, the DNB, the BnF and the Library of
 * Congress (`SruCatalogue`), lobid's JSON search.
 */
import type { BatchAnswer } from '../../model/answers';
import { type Book, isbnDigits, toIsbn13 } from '../../model/book';
import { ServiceError } from '../../model/errors';
import { isbn10CheckDigit } from '../../isbn/parse';
import type { BookSource, SourceCall, SourceRate } from '../bookSource';
import { retryAfterOf, type RawReply } from '../keyless/request';
import { bookFromRecords, namesIsbn } from './catalogueBook';
import type { CatalogueRecord } from './record';

/** Requests per second to each catalogue: no rate is documented, so about one a second. */
export const CATALOGUE_RATE = 1;
/** How long "not in this catalogue" is believed: a catalogue adds records daily. */
export const NOT_FOUND_TTL_MS = 24 * 60 * 60 * 1000;
/** How long to wait after a 429 or 503 that says nothing of when. */
export const CATALOGUE_BACKOFF_MS = 60 * 1000;

export interface CatalogueSearch {
  /** What the service says it holds for the query. */
  total: number;
  /** How many records it sent. */
  sent: number;
  records: CatalogueRecord[];
}

/** The ISBN-10 of a 978 ISBN-13. */
export function isbn10Of(isbn13: string): string | undefined {
  if (!/^978\d{10}$/.test(isbn13)) return undefined;
  const body = isbn13.slice(3, 12);
  return body + isbn10CheckDigit(body);
}

/** A catalogue's refusal as an error kind: 429 and 503 are limits (by their Retry-After), other 5xx failures, a redirect is not followed. */
export function catalogueError(reply: RawReply, source: string, now: number): ServiceError {
  const status = reply.status;
  const retryAt = retryAfterOf(reply, now);
  if (status === 429 || (status === 503 && retryAt !== undefined)) {
    return new ServiceError('quota', { why: 'slowDown', source, status }, { status, retryAt: retryAt ?? now + CATALOGUE_BACKOFF_MS });
  }
  if (status >= 500) return new ServiceError('server', { why: 'serverError', source, status }, { status });
  if (status >= 300 && status < 400) return new ServiceError('badResponse', { why: 'redirect', source, status }, { status });
  return new ServiceError('badResponse', { why: 'httpStatus', source, status }, { status });
}

export abstract class CatalogueSource implements BookSource {
  abstract readonly name: string;
  abstract readonly maxBatch: number;
  readonly notFoundTtlMs = NOT_FOUND_TTL_MS;
  /**
   * Whether a 978 ISBN-13 without a hit is asked again as its ISBN-10 in a second request: not
   * where the first request already names both forms (the BnF) or the index holds both (lobid).
   */
  protected readonly tenAfter: boolean = true;
  get rate(): SourceRate {
    return { perSecond: CATALOGUE_RATE, sharedBy: 'machine', shareName: this.name };
  }

  /** One request for these ISBN forms (digits, 10 or 13, at most `maxBatch`). */
  protected abstract search(isbns: readonly string[], call: SourceCall): Promise<CatalogueSearch>;

  async books(isbns: readonly string[], call: SourceCall): Promise<BatchAnswer> {
    const asked = isbns.map((isbn) => isbnDigits(isbn));
    const wrong = isbns.find((_, i) => !asked[i]);
    if (wrong !== undefined) throw new ServiceError('badResponse', { why: 'notAnIsbn', value: wrong });
    const wanted = [...new Set(asked.map((d) => toIsbn13(d!)))];
    if (wanted.length > this.maxBatch) throw new ServiceError('tooLarge', { why: 'batchLimit', source: this.name, max: this.maxBatch });
    const found = new Map<string, Book>();
    if (wanted.length > 0) await this.round(wanted, call, found);
    // A 978 book the catalogue holds under its ISBN-10 only (records older than 2007).
    const tens = this.tenAfter ? wanted.filter((i) => !found.has(i)).map(isbn10Of).filter((i): i is string => i !== undefined) : [];
    if (tens.length > 0) await this.round(tens, call, found);
    const answer: BatchAnswer = { found: new Map(), notFound: [] };
    isbns.forEach((isbn, i) => {
      const book = found.get(toIsbn13(asked[i]!));
      if (book) answer.found.set(isbn, book);
      else answer.notFound.push(isbn);
    });
    return answer;
  }

  /** Asks for `forms` together; what a cut-short answer left without a record is asked one by one. */
  private async round(forms: readonly string[], call: SourceCall, found: Map<string, Book>): Promise<void> {
    const answer = await this.search(forms, call);
    const unnamed: string[] = [];
    for (const form of forms) {
      const book = bookFromRecords(answer.records, form);
      if (book) found.set(toIsbn13(form), book);
      else if (!namesIsbn(answer.records, form)) unnamed.push(form);
    }
    if (forms.length > 1 && answer.total > answer.sent) {
      for (const form of unnamed) await this.round([form], call, found);
    }
  }
}
