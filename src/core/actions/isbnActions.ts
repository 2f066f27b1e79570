/**
 * What the code-action menu offers for an ISBN as written: for an invalid
 * one, the likely intended ISBNs (quick fixes); for a valid one, the other
 * length, the hyphenated form and the bare digits (refactorings). Each keeps
 * the writer's choices where it can: a hyphenated ISBN is corrected to a
 * hyphenated one, a 10 to a 10.
 */
import { hyphenateIsbn, normalizeIsbn, parseIsbn, suggestCorrections, tenWith978 } from '../isbn/parse';

export interface IsbnAction {
  /** What the action does (the editor names it: src/editor/words/, `isbnActionTitle`). */
  does: 'change' | 'toIsbn13' | 'toIsbn10' | 'hyphenate' | 'removeHyphens';
  kind: 'quickfix' | 'refactor';
  newText: string;
  /** The one obvious fix: editors apply it with a single shortcut. */
  preferred?: boolean;
}

export function isbnActions(raw: string): IsbnAction[] {
  const info = parseIsbn(raw);
  return info ? refactorings(raw) : corrections(raw);
}

function corrections(raw: string): IsbnAction[] {
  const normalized = normalizeIsbn(raw);
  const separated = /[^0-9Xx]/.test(raw.trim());
  // 978 put before an ISBN-10, its check digit kept: the one likely fix is that ISBN-10's ISBN-13.
  const ten = tenWith978(normalized);
  if (ten) {
    const isbn13 = separated ? ten.hyphenated13 : ten.isbn13;
    return [{ does: 'change', kind: 'quickfix', newText: isbn13, preferred: true }];
  }
  const candidates = suggestCorrections(raw).map((isbn13) => {
    const info = parseIsbn(isbn13)!;
    const ten = normalized.length === 10 && info.isbn10;
    if (separated) return ten ? info.hyphenated10! : info.hyphenated13;
    return ten ? info.isbn10! : info.isbn13;
  });
  const unique = [...new Set(candidates)];
  return unique.map((candidate) => ({ does: 'change', kind: 'quickfix', newText: candidate, preferred: unique.length === 1 }));
}

function refactorings(raw: string): IsbnAction[] {
  const info = parseIsbn(raw)!;
  const normalized = normalizeIsbn(raw);
  const separated = /[^0-9Xx]/.test(raw);
  const actions: IsbnAction[] = [];
  if (normalized.length === 10) {
    const isbn13 = separated ? info.hyphenated13 : info.isbn13;
    actions.push({ does: 'toIsbn13', kind: 'refactor', newText: isbn13 });
  } else if (info.isbn10) {
    const isbn10 = separated ? info.hyphenated10! : info.isbn10;
    actions.push({ does: 'toIsbn10', kind: 'refactor', newText: isbn10 });
  }
  const hyphenated = hyphenateIsbn(raw);
  if (hyphenated && hyphenated !== raw) actions.push({ does: 'hyphenate', kind: 'refactor', newText: hyphenated });
  if (separated) actions.push({ does: 'removeHyphens', kind: 'refactor', newText: normalized });
  return actions;
}
