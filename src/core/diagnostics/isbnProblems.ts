/**
 * Which ISBNs of a document deserve a diagnostic, and its words. Invalid
 * ones are reported only where an ISBN is meant (labelled or in an isbn
 * field: the finder reports no others); "not found" only when a look-up said
 * so, never from a spent quota or a failure, which the cache never holds.
 */
import { type IsbnProblem, isIssn, normalizeIsbn, tenWith978 } from '../isbn/parse';
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

/**
 * Why a number is not an ISBN: the one wording used by the diagnostics, the hover and the
 * ISBN input boxes. `text` is the number as written.
 */
export function whyNotValid(problem: IsbnProblem | undefined, text: string): string {
  switch (problem) {
    case 'length':
      if (isIssn(text)) return 'wrong length: this looks like an ISSN (a journal or series number, 8 digits)';
      return `an ISBN has 10 or 13 digits, this one has ${text.replace(/[^0-9Xx]/g, '').length}`;
    case 'range':
      // Only a 13 gets here: a checksum-valid 10 meant as an ISBN is one (IsbnInfo.rangeless).
      if (normalizeIsbn(text).startsWith('9790')) return 'the checksum is right, but 979-0 begins an ISMN (printed music), not an ISBN';
      return 'the checksum is right, but an ISBN-13 begins with 978 or 979: this is another kind of EAN barcode';
    default:
      return 'the check digit does not match';
  }
}

export function problemMessage(item: LineIsbn): string {
  const quickFix = item.problem === 'checksum' || item.problem === undefined ? ' The quick fixes (Ctrl+.) offer the likely intended ISBN.' : '';
  return `Not a valid ISBN: ${whyNotValid(item.problem, item.raw)}.${likelyMeant(item.raw)}${quickFix}`;
}

/** `978-0-8053-7146-X`: 978 put before an ISBN-10 whose check digit was kept. What it most likely is, or ''. */
function likelyMeant(raw: string): string {
  const ten = tenWith978(normalizeIsbn(raw));
  if (!ten) return '';
  const separated = /[^0-9Xx]/.test(raw);
  const isbn10 = separated ? ten.hyphenated10 : ten.isbn10;
  return ` It looks like the ISBN-10 ${isbn10} with 978 in front and its old check digit kept; its ISBN-13 is ${separated ? ten.hyphenated13 : ten.isbn13}.`;
}

/** Said of an ISBN that no source knows and whose number is in no range of isbn3's data (IsbnInfo.rangeless). */
export const RANGELESS_NOTE = 'Its number is in no ISBN range that ISBN Lens knows: from a range allocated since, or made up.';

/** `isNotFound(isbn13)` answers from the look-up cache only. */
export function isbnProblems(items: readonly LineIsbn[], isNotFound: (isbn13: string) => boolean): IsbnProblemReport[] {
  const out: IsbnProblemReport[] = [];
  for (const item of items) {
    if (!item.valid) {
      out.push({ item, code: item.problem ?? 'checksum', message: problemMessage(item), informational: looksLikeIssn(item) });
    } else if (item.info && isNotFound(item.info.isbn13)) {
      const note = item.info.rangeless ? ` ${RANGELESS_NOTE}` : '';
      out.push({ item, code: 'notFound', message: `The book service knows no book with ISBN ${item.info.hyphenated13}.${note}`, informational: true });
    }
  }
  return out;
}
