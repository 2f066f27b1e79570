/**
 * Which ISBNs of a document deserve a diagnostic, and its words. Invalid
 * ones are reported only where an ISBN is meant (labelled or in an isbn
 * field: the finder reports no others); "not found" only when a look-up said
 * so, never from a spent quota or a failure, which the cache never holds.
 */
import { isIssn } from '../isbn/parse';
import type { LineIsbn } from '../scan/lineScan';

export type ProblemCode = 'checksum' | 'length' | 'range' | 'notFound';

export interface IsbnProblemReport {
  item: LineIsbn;
  code: ProblemCode;
  message: string;
  /**
   * Shown as information whatever the severity setting: nothing is wrong with
   * what is written, only with where (a "not found" answer, an ISSN in an isbn field).
   */
  informational: boolean;
}

/** An ISSN where an ISBN is meant: a wrong length, but a right number. */
function looksLikeIssn(item: LineIsbn): boolean {
  return item.problem === 'length' && isIssn(item.raw);
}

export function problemMessage(item: LineIsbn): string {
  const digits = item.raw.replace(/[^0-9Xx]/g, '').length;
  switch (item.problem) {
    case 'length':
      if (looksLikeIssn(item)) return 'Not an ISBN: wrong length: this looks like an ISSN (a journal or series number, 8 digits).';
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
      out.push({ item, code: item.problem ?? 'checksum', message: problemMessage(item), informational: looksLikeIssn(item) });
    } else if (item.info && isNotFound(item.info.isbn13)) {
      out.push({ item, code: 'notFound', message: `The book service knows no book with ISBN ${item.info.hyphenated13}.`, informational: true });
    }
  }
  return out;
}
