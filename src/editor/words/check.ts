/**
 * The words of Check Bibliography: the diagnostics' messages, the hover's line above the book,
 * the quick fixes' titles, the command's messages and its closing summary. Loaded with the
 * check (the lazy bundle), every sentence through `vscode.l10n.t` as in index.ts.
 */
import * as vscode from 'vscode';
import type { CheckCounts } from '../../core/check/checkEntries';
import type { Difference } from '../../core/check/compare';
import type { Verdict } from '../../core/check/verdict';
import type { Book } from '../../core/model/book';
import { sourceTitle } from '../../core/sources/sourceNames';
import { bookService, both, count } from './index';

export const CHECK_WORDS = {
  useThisBook: () => vscode.l10n.t('Use the book of this ISBN'),
  writeThisEdition: () => vscode.l10n.t("Write this edition's details"),
  noEditor: () => vscode.l10n.t('ISBN Lens: open a bibliography (BibTeX, CSL-JSON, CSL-YAML, RIS) or a reading list to check it against its books.'),
  nothingToCheck: () => vscode.l10n.t('ISBN Lens: nothing to check here: no entry has both a valid ISBN and a title or author.'),
  cancelled: () => vscode.l10n.t('ISBN Lens: check cancelled. What was looked up is kept; the earlier results of the check stay.'),
  closed: () => vscode.l10n.t('ISBN Lens: the file was closed during the check.'),
  progress: (n: number) =>
    n === 1 ? vscode.l10n.t('ISBN Lens: checking 1 ISBN against its book') : vscode.l10n.t('ISBN Lens: checking {0} ISBNs against their books', count(n)),
};

/** `“Title” by A, B (1988)`. */
function bookLine(book: Book): string {
  const shown = book.authors.slice(0, 3).join(', ');
  const authors =
    book.authors.length === 0 ? '' : book.authors.length > 3 || book.authorsOmitted ? vscode.l10n.t(' by {0} et al.', shown) : vscode.l10n.t(' by {0}', shown);
  const year = book.year !== undefined ? ` (${book.year})` : '';
  return `“${book.title}”${authors}${year}`;
}

function fieldName(field: Difference['field']): string {
  switch (field) {
    case 'year':
      return vscode.l10n.t('year');
    case 'publisher':
      return vscode.l10n.t('publisher');
    case 'edition':
      return vscode.l10n.t('edition');
    case 'binding':
      return vscode.l10n.t('binding');
  }
}

function differencesLine(differences: readonly Difference[]): string {
  return differences.map((d) => vscode.l10n.t('{0} {1} (written: {2})', fieldName(d.field), d.record, d.written)).join(', ');
}

function sourcesList(asked: readonly string[]): string {
  return asked.length === 0 ? bookService() : both(asked.map(sourceTitle));
}

/** A flagged verdict's message, on the ISBN; undefined for a verdict that is not flagged. */
export function verdictMessage(verdict: Verdict, isbn: string, writtenTitle: string | undefined): string | undefined {
  switch (verdict.kind) {
    case 'other-book':
      return vscode.l10n.t('ISBN {0} is {1}, not “{2}”.', isbn, bookLine(verdict.book), writtenTitle ?? '');
    case 'other-edition':
      return vscode.l10n.t('ISBN {0} is another edition of this work: its record says {1}.', isbn, differencesLine(verdict.differences));
    case 'unknown-isbn':
      return vscode.l10n.t('No source asked knows ISBN {0} (asked: {1}). An invented ISBN passes its check digit about one time in ten.', isbn, sourcesList(verdict.asked));
    default:
      return undefined;
  }
}

/** The hover's line above the book for a checked ISBN; undefined where the check found nothing to say. */
export function verdictHoverLine(verdict: Verdict, writtenTitle: string | undefined): string | undefined {
  switch (verdict.kind) {
    case 'other-book':
      return vscode.l10n.t("This ISBN is another book than the entry's: {0}, not “{1}”.", bookLine(verdict.book), writtenTitle ?? '');
    case 'other-edition':
      return vscode.l10n.t("This ISBN is another edition than the entry's: {0}.", differencesLine(verdict.differences));
    case 'unknown-isbn':
      return vscode.l10n.t('No source asked knows this ISBN ({0}): an invented ISBN passes its check digit about one time in ten.', sourcesList(verdict.asked));
    default:
      return undefined;
  }
}

/** "120 entries checked", in the format's own term for an entry. */
function checkedHead(n: number, entryKind: 'entry' | 'item' | 'record' | 'isbn'): string {
  const one = n === 1;
  switch (entryKind) {
    case 'entry':
      return one ? vscode.l10n.t('1 entry checked') : vscode.l10n.t('{0} entries checked', count(n));
    case 'item':
      return one ? vscode.l10n.t('1 item checked') : vscode.l10n.t('{0} items checked', count(n));
    case 'record':
      return one ? vscode.l10n.t('1 record checked') : vscode.l10n.t('{0} records checked', count(n));
    case 'isbn':
      return one ? vscode.l10n.t('1 line checked') : vscode.l10n.t('{0} lines checked', count(n));
  }
}

/** "120 entries checked: 2 ISBNs belong to other books, 5 are other editions, 1 is known to no source, 3 could not be checked." */
export function checkSummary(counts: CheckCounts, entryKind: 'entry' | 'item' | 'record' | 'isbn'): string {
  const head = checkedHead(counts.entries, entryKind);
  const parts: string[] = [];
  // The first part names the ISBNs ("5 ISBNs are other editions"); the next ones read on ("5 are …").
  const add = (n: number, [namedOne, namedMany, one, many]: readonly [() => string, (n: string) => string, () => string, (n: string) => string]) => {
    if (n > 0) parts.push(parts.length === 0 ? (n === 1 ? namedOne() : namedMany(count(n))) : n === 1 ? one() : many(count(n)));
  };
  const otherBook = [() => vscode.l10n.t('1 ISBN belongs to another book'), (n: string) => vscode.l10n.t('{0} ISBNs belong to other books', n)] as const;
  add(counts.otherBook, [...otherBook, ...otherBook]);
  add(counts.otherEdition, [
    () => vscode.l10n.t('1 ISBN is another edition'),
    (n) => vscode.l10n.t('{0} ISBNs are other editions', n),
    () => vscode.l10n.t('1 is another edition'),
    (n) => vscode.l10n.t('{0} are other editions', n),
  ]);
  add(counts.unknown, [
    () => vscode.l10n.t('1 ISBN is known to no source'),
    (n) => vscode.l10n.t('{0} ISBNs are known to no source', n),
    () => vscode.l10n.t('1 is known to no source'),
    (n) => vscode.l10n.t('{0} are known to no source', n),
  ]);
  const couldNot = (n: string) => vscode.l10n.t('{0} could not be checked', n);
  add(counts.unchecked, [() => vscode.l10n.t('1 ISBN could not be checked'), (n) => vscode.l10n.t('{0} ISBNs could not be checked', n), () => couldNot(count(1)), couldNot]);
  if (parts.length === 0) return vscode.l10n.t('ISBN Lens: {0}: every ISBN is the book written.', head);
  return vscode.l10n.t('ISBN Lens: {0}: {1}.', head, parts.join(', '));
}
