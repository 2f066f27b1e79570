/**
 * Which ISBNs of a document deserve a diagnostic, and why, as kinds (the editor words them:
 * src/editor/words/). Invalid ones are reported only where an ISBN is meant (labelled or in an
 * isbn field: the finder reports no others); "not found" only when a look-up said so, never from
 * a spent quota or a failure, which the cache never holds.
 */
import { type IsbnProblem, isIssn, normalizeIsbn, tenWith978 } from '../isbn/parse';
import type { LineIsbn } from '../scan/lineScan';

export type ProblemCode = 'checksum' | 'length' | 'range' | 'notFound';

/**
 * Why a number is not an ISBN: `issn` a wrong length that is an ISSN; `length` another wrong
 * length (`digits` as written); `ismn` 979-0 (printed music); `otherEan` a checksum-valid EAN that
 * begins with neither 978 nor 979; `checkDigit` the check digit does not match.
 */
export type InvalidReason = { kind: 'issn' } | { kind: 'length'; digits: number } | { kind: 'ismn' } | { kind: 'otherEan' } | { kind: 'checkDigit' };

/** What is wrong with an invalid ISBN, and what it most likely is. */
export interface InvalidIsbn {
  reason: InvalidReason;
  /** `978-0-8053-7146-X`: 978 put before an ISBN-10 whose check digit was kept; written as the ISBN was (hyphens or not). */
  likely?: { isbn10: string; isbn13: string };
  /** Whether the quick fixes offer the likely intended ISBN (a check digit that does not match). */
  quickFixes: boolean;
}

export type IsbnProblemReport = {
  item: LineIsbn;
  /**
   * Shown as information whatever the severity setting: nothing is wrong with
   * what is written, only with where (a "not found" answer, an ISSN in an isbn field).
   */
  informational: boolean;
} & (
  | { code: Exclude<ProblemCode, 'notFound'>; invalid: InvalidIsbn }
  /** `isbn`: hyphenated; `rangeless`: in no range isbn3 knows (IsbnInfo.rangeless). */
  | { code: 'notFound'; isbn: string; rangeless: boolean }
);

/** An ISSN where an ISBN is meant: a wrong length, but a right number. */
function looksLikeIssn(item: LineIsbn): boolean {
  return item.problem === 'length' && isIssn(item.raw);
}

/**
 * Why a number is not an ISBN: the one reason the diagnostics, the hover and the ISBN input
 * boxes say. `text` is the number as written.
 */
export function whyNotValid(problem: IsbnProblem | undefined, text: string): InvalidReason {
  switch (problem) {
    case 'length':
      if (isIssn(text)) return { kind: 'issn' };
      return { kind: 'length', digits: text.replace(/[^0-9Xx]/g, '').length };
    case 'range':
      // Only a 13 gets here: a checksum-valid 10 meant as an ISBN is one (IsbnInfo.rangeless).
      return normalizeIsbn(text).startsWith('9790') ? { kind: 'ismn' } : { kind: 'otherEan' };
    default:
      return { kind: 'checkDigit' };
  }
}

/** What is wrong with an invalid ISBN as written, and what it most likely is. */
export function invalidIsbn(item: Pick<LineIsbn, 'problem' | 'raw'>): InvalidIsbn {
  const likely = likelyMeant(item.raw);
  return { reason: whyNotValid(item.problem, item.raw), ...(likely && { likely }), quickFixes: item.problem === 'checksum' || item.problem === undefined };
}

/** `978-0-8053-7146-X`: 978 put before an ISBN-10 whose check digit was kept. What it most likely is. */
function likelyMeant(raw: string): { isbn10: string; isbn13: string } | undefined {
  const ten = tenWith978(normalizeIsbn(raw));
  if (!ten) return undefined;
  const separated = /[^0-9Xx]/.test(raw);
  // `ten` is an ISBN-10's parse: it has both forms.
  return separated ? { isbn10: ten.hyphenated10!, isbn13: ten.hyphenated13 } : { isbn10: ten.isbn10!, isbn13: ten.isbn13 };
}

/** `isNotFound(isbn13)` answers from the look-up cache only. */
export function isbnProblems(items: readonly LineIsbn[], isNotFound: (isbn13: string) => boolean): IsbnProblemReport[] {
  const out: IsbnProblemReport[] = [];
  for (const item of items) {
    if (!item.valid) {
      out.push({ item, code: item.problem ?? 'checksum', invalid: invalidIsbn(item), informational: looksLikeIssn(item) });
    } else if (item.info && isNotFound(item.info.isbn13)) {
      out.push({ item, code: 'notFound', isbn: item.info.hyphenated13, rangeless: item.info.rangeless === true, informational: true });
    }
  }
  return out;
}
