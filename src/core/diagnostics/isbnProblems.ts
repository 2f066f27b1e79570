/**
 * Which ISBNs of a document deserve a diagnostic, and its words. Invalid
 * ones are reported only where an ISBN is meant (labelled or in an isbn
 * field: the finder reports no others); "not found" only when a look-up said
 * so, never from a spent quota or a failure, which the cache never holds.
 */
import type { LineIsbn } from '../scan/lineScan';

export type ProblemCode = 'checksum' | 'length' | 'range' | 'notFound';

export interface IsbnProblemReport {
  item: LineIsbn;
  code: ProblemCode;
  message: string;
}

export function problemMessage(item: LineIsbn): string {
  const digits = item.raw.replace(/[^0-9Xx]/g, '').length;
  switch (item.problem) {
    case 'length':
      return `Not a valid ISBN: an ISBN has 10 or 13 digits, this one has ${digits}.`;
    case 'range':
      return 'Not a valid ISBN: the checksum is right, but no ISBN agency has assigned this group or publisher range.';
    default:
      return 'Not a valid ISBN: the check digit does not match. The quick fixes (Ctrl+.) offer the likely intended ISBN.';
  }
}

/** `isNotFound(isbn13)` answers from the look-up cache only. */
export function isbnProblems(items: readonly LineIsbn[], isNotFound: (isbn13: string) => boolean): IsbnProblemReport[] {
  const out: IsbnProblemReport[] = [];
  for (const item of items) {
    if (!item.valid) {
      out.push({ item, code: item.problem ?? 'checksum', message: problemMessage(item) });
    } else if (item.info && isNotFound(item.info.isbn13)) {
      out.push({ item, code: 'notFound', message: `The book service knows no book with ISBN ${item.info.hyphenated13}.` });
    }
  }
  return out;
}
