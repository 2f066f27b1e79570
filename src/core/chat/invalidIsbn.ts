/**
 * What the tools say of a number given as an ISBN that is none: why (the diagnostics' reasons)
 * and the ISBNs it most likely was meant to be (the quick fixes' candidates: 978 put before an
 * ISBN-10 that kept its old check digit, or isbn3's corrections of a wrong check digit).
 */
import { whyNotValid, type InvalidReason } from '../diagnostics/isbnProblems';
import { classifyNormalized, type IsbnInfo, normalizeIsbn, parseIsbn, suggestCorrections, tenWith978 } from '../isbn/parse';

export type WrittenIsbn = { written: string; valid: true; info: IsbnInfo } | { written: string; valid: false; reason: string; likely: string[] };

const REASONS: Readonly<Record<InvalidReason['kind'], (reason: InvalidReason) => string>> = {
  issn: () => 'wrong length: this looks like an ISSN (a journal or series number, 8 digits)',
  length: (r) => `an ISBN has 10 or 13 digits, this one has ${(r as Extract<InvalidReason, { kind: 'length' }>).digits}`,
  ismn: () => 'the checksum is right, but 979-0 begins an ISMN (printed music), not an ISBN',
  otherEan: () => 'the checksum is right, but an ISBN-13 begins with 978 or 979: this is another kind of EAN barcode',
  checkDigit: () => 'the check digit does not match',
};

/** An ISBN as written: valid with its forms, or why not and what it likely is (hyphenated ISBN-13s). */
export function readIsbn(written: string): WrittenIsbn {
  const normalized = normalizeIsbn(written);
  const verdict = classifyNormalized(normalized);
  if (verdict.valid) return { written, valid: true, info: verdict.info };
  const reason = whyNotValid(verdict.problem, normalized);
  return { written, valid: false, reason: REASONS[reason.kind](reason), likely: likelyIntended(normalized, verdict.problem) };
}

function likelyIntended(normalized: string, problem: string): string[] {
  const ten = tenWith978(normalized);
  if (ten) return [ten.hyphenated13];
  if (problem !== 'checksum') return [];
  return suggestCorrections(normalized).map((isbn13) => parseIsbn(isbn13)?.hyphenated13 ?? isbn13);
}

/** `not a valid ISBN: the check digit does not match; likely intended: 978-…`. */
export function invalidLine(item: Extract<WrittenIsbn, { valid: false }>): string {
  const likely = item.likely.length === 0 ? '' : item.likely.length === 1 ? `; likely intended: ${item.likely[0]}` : `; likely intended, one of: ${item.likely.join(', ')}`;
  return `not a valid ISBN: ${item.reason}${likely}`;
}
