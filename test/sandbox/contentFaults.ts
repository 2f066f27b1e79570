// Content faults: the request is served as usual, then its answer altered the way book
// services are known to go wrong (service-facts.md: "match results to requests by ISBN",
// "a returned record can belong to another edition than the ISBN asked for").

import type { Catalogue, RawBook } from './catalogue';
import { check13, isbn13to10, normaliseIsbn } from './isbn';
import type { Answer } from './limits';
import { parseBatchBody } from './routes';
import type { Fault } from './types';

export function isContentFault(fault: Pick<Fault, 'kind'>): boolean {
  return fault.kind === 'stray-record' || fault.kind === 'other-edition';
}

interface BookAnswer {
  book?: RawBook;
  total?: number;
  requested?: number;
  data?: RawBook[];
}

/** The answer altered by a content fault; other faults, and anything but a 200 with books, pass it unchanged. */
export function alterAnswer(fault: Fault, answer: Answer, catalogue: Catalogue, batchBody: string): Answer {
  const body = answer.body as BookAnswer;
  if (!isContentFault(fault) || answer.status !== 200 || (!body.book && !body.data)) return answer;
  const asked = body.book ? [body.book] : (parseBatchBody(batchBody) ?? []).map((i) => catalogue.byIsbn.get(i));
  const askedBooks = new Set(asked.filter((b): b is RawBook => !!b));

  if (fault.kind === 'stray-record') {
    const stray = catalogue.books.find((b) => !askedBooks.has(b));
    if (!stray) return answer;
    if (body.book) return { ...answer, body: { book: stray } };
    const data = [...body.data!, stray];
    return { ...answer, body: { ...body, total: data.length, data } };
  }

  // other-edition
  const wanted = fault.isbn === undefined ? undefined : catalogue.byIsbn.get(normaliseIsbn(fault.isbn) ?? '');
  const target = body.book ?? (wanted && askedBooks.has(wanted) ? wanted : [...askedBooks][0]);
  if (!target) return answer;
  const edition = otherEdition(target, catalogue);
  if (body.book) return { ...answer, body: { book: edition } };
  return { ...answer, body: { ...body, data: body.data!.map((b) => (b === target ? edition : b)) } };
}

/**
 * Another edition of `book`: a new ISBN (same registrant, free in the catalogue) whose
 * `other_isbns` lists the book's ISBN-13. Its cover is left out: the sandbox has none for it.
 */
export function otherEdition(book: RawBook, catalogue: Catalogue): RawBook {
  const isbn13 = freeIsbn13Near(book.isbn13, catalogue);
  const isbn10 = isbn13to10(isbn13);
  const { isbn10: _isbn10, image: _image, other_isbns: others = [], ...rest } = book;
  return {
    ...rest,
    isbn: isbn10 ?? isbn13,
    isbn13,
    ...(isbn10 && { isbn10 }),
    edition: 'Reissue',
    binding: book.binding === 'Hardcover' ? 'Paperback' : 'Hardcover',
    other_isbns: [{ isbn: book.isbn13, binding: book.binding ?? 'Paperback' }, ...others],
  };
}

/** Varies the last two article digits, so the registrant (and isbn3's hyphenation) stays. */
function freeIsbn13Near(isbn13: string, catalogue: Catalogue): string {
  const stem = isbn13.slice(0, 10);
  const start = Number(isbn13.slice(10, 12));
  for (let step = 1; step < 100; step++) {
    const first12 = stem + String((start + step) % 100).padStart(2, '0');
    const candidate = first12 + check13(first12);
    if (!catalogue.byIsbn.has(candidate)) return candidate;
  }
  throw new Error(`no free ISBN near ${isbn13}`);
}
