/**
 * Every sentence the user reads of Check Bibliography, in one place: the diagnostics'
 * messages, the hover's line above the book, the quick fixes' titles, the command's messages
 * and its closing summary. (A later change can move them to vscode.l10n.t together.)
 */
import type { Book } from '../model/book';
import { sourceTitle } from '../sources/sourceNames';
import type { Difference } from './compare';
import type { Verdict } from './verdict';

export const CHECK_WORDS = {
  useThisBook: 'Use the book of this ISBN',
  writeThisEdition: "Write this edition's details",
  noEditor: 'ISBN Lens: open a bibliography (BibTeX, CSL-JSON, CSL-YAML, RIS) or a reading list to check it against its books.',
  nothingToCheck: 'ISBN Lens: nothing to check here: no entry has both a valid ISBN and a title or author.',
  cancelled: 'ISBN Lens: check cancelled. What was looked up is kept; the earlier results of the check stay.',
  closed: 'ISBN Lens: the file was closed during the check.',
  progress: (count: number) => `ISBN Lens: checking ${count.toLocaleString('en-US')} ISBN${count === 1 ? '' : 's'} against their books`,
} as const;

/** `“Title” by A, B (1988)`. */
function bookLine(book: Book): string {
  const authors = book.authors.length > 0 ? ` by ${book.authors.slice(0, 3).join(', ')}${book.authors.length > 3 || book.authorsOmitted ? ' et al.' : ''}` : '';
  const year = book.year !== undefined ? ` (${book.year})` : '';
  return `“${book.title}”${authors}${year}`;
}

const FIELD_WORDS: Readonly<Record<Difference['field'], string>> = { year: 'year', publisher: 'publisher', edition: 'edition', binding: 'binding' };

function differencesLine(differences: readonly Difference[]): string {
  return differences.map((d) => `${FIELD_WORDS[d.field]} ${d.record} (written: ${d.written})`).join(', ');
}

function sourcesList(asked: readonly string[]): string {
  const names = asked.map(sourceTitle);
  return names.length <= 1 ? (names[0] ?? 'the book service') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A flagged verdict's message, on the ISBN; undefined for a verdict that is not flagged. */
export function verdictMessage(verdict: Verdict, isbn: string, writtenTitle: string | undefined): string | undefined {
  switch (verdict.kind) {
    case 'other-book':
      return `ISBN ${isbn} is ${bookLine(verdict.book)}, not “${writtenTitle ?? ''}”.`;
    case 'other-edition':
      return `ISBN ${isbn} is another edition of this work: its record says ${differencesLine(verdict.differences)}.`;
    case 'unknown-isbn':
      return `No source asked knows ISBN ${isbn} (asked: ${sourcesList(verdict.asked)}). An invented ISBN passes its check digit about one time in ten.`;
    default:
      return undefined;
  }
}

/** The hover's line above the book for a checked ISBN; undefined where the check found nothing to say. */
export function verdictHoverLine(verdict: Verdict, writtenTitle: string | undefined): string | undefined {
  switch (verdict.kind) {
    case 'other-book':
      return `This ISBN is another book than the entry's: ${bookLine(verdict.book)}, not “${writtenTitle ?? ''}”.`;
    case 'other-edition':
      return `This ISBN is another edition than the entry's: ${differencesLine(verdict.differences)}.`;
    case 'unknown-isbn':
      return `No source asked knows this ISBN (${sourcesList(verdict.asked)}): an invented ISBN passes its check digit about one time in ten.`;
    default:
      return undefined;
  }
}

export interface CheckCounts {
  /** Entries (or lines) with an ISBN and something written about its book. */
  entries: number;
  otherBook: number;
  otherEdition: number;
  unknown: number;
  unchecked: number;
}

const KIND_PLURAL: Readonly<Record<'entry' | 'item' | 'record' | 'isbn', [string, string]>> = {
  entry: ['entry', 'entries'],
  item: ['item', 'items'],
  record: ['record', 'records'],
  isbn: ['line', 'lines'],
};

/** "120 entries checked: 2 ISBNs belong to other books, 5 are other editions, 1 is known to no source, 3 could not be checked." */
export function checkSummary(counts: CheckCounts, entryKind: 'entry' | 'item' | 'record' | 'isbn'): string {
  const [one, many] = KIND_PLURAL[entryKind];
  const head = `${counts.entries.toLocaleString('en-US')} ${counts.entries === 1 ? one : many} checked`;
  const parts: string[] = [];
  if (counts.otherBook > 0) parts.push(counts.otherBook === 1 ? '1 ISBN belongs to another book' : `${counts.otherBook} ISBNs belong to other books`);
  if (counts.otherEdition > 0) parts.push(counts.otherEdition === 1 ? '1 is another edition' : `${counts.otherEdition} are other editions`);
  if (counts.unknown > 0) parts.push(`${counts.unknown} ${counts.unknown === 1 ? 'is' : 'are'} known to no source`);
  if (counts.unchecked > 0) parts.push(`${counts.unchecked} could not be checked`);
  if (parts.length === 0) return `ISBN Lens: ${head}: every ISBN is the book written.`;
  // "1 is another edition" reads on only after a count of ISBNs.
  if (counts.otherBook === 0) parts[0] = parts[0]!.replace(/^(\d+) (is|are) /, (_, n: string, verb: string) => `${n} ISBN${n === '1' ? '' : 's'} ${verb} `).replace(/^(\d+) could/, (_, n: string) => `${n} ISBN${n === '1' ? '' : 's'} could`);
  return `ISBN Lens: ${head}: ${parts.join(', ')}.`;
}
