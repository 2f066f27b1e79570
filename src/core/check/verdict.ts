/**
 * The verdict on one ISBN of one entry: what the entry writes against what the sources know of
 * that ISBN. A pure function of the two: no entry's verdict depends on another's.
 *
 * - `other-book`: the titles disagree (nearly agreeing titles only when the people disagree too);
 *   another book by the same author is another book.
 * - `other-edition`: the same work, written with another year, publisher, edition or binding.
 * - `unknown-isbn`: every source asked says it knows no such ISBN.
 * - `unchecked`: no fair comparison (another script, too little written, a record of another
 *   edition to compare the details with) or no answer (a source out of reach, a failure).
 */
import type { Book } from '../model/book';
import { describesIsbn } from '../model/edition';
import type { LookupResult } from '../model/lookup';
import { compareFoldedPeople, compareFoldedTitles, type Difference, editionDifferences, foldPeople, otherScriptFolded, type Person, tooLittleFolded } from './compare';
import { type FoldedTitle, foldTitle } from './fold';
import type { Written } from './written';

/** More words than any title a bibliography writes (the longest real ones run to about 25). */
const MAX_TITLE_WORDS = 40;

export type VerdictCode = 'other-book' | 'other-edition' | 'unknown-isbn';

export type UncheckedReason = 'unreachable' | 'failed' | 'other-script' | 'too-little' | 'not-a-title' | 'not-looked-up';

export type Verdict =
  | { kind: 'agrees' }
  | { kind: 'other-book'; book: Book }
  | { kind: 'other-edition'; book: Book; differences: Difference[] }
  | { kind: 'unknown-isbn'; asked: string[] }
  | { kind: 'unchecked'; why: UncheckedReason };

/** Whether an entry writes enough about its book to be checked at all (a title or a person). */
export function writesAboutBook(written: Written): boolean {
  return Boolean(written.title) || written.people.length > 0;
}

export function verdictFor(written: Written, isbn13: string, result: LookupResult | undefined): Verdict {
  if (!result) return { kind: 'unchecked', why: 'not-looked-up' };
  if (result.status === 'failed') {
    if (result.error.kind === 'cancelled') return { kind: 'unchecked', why: 'not-looked-up' };
    return { kind: 'unchecked', why: result.error.kind === 'unreachable' || result.error.kind === 'network' ? 'unreachable' : 'failed' };
  }
  if (result.status === 'notFound') {
    // A source that could not answer might know it: "could not be checked", never "unknown".
    if (result.unanswered && result.unanswered.length > 0) return { kind: 'unchecked', why: 'unreachable' };
    return { kind: 'unknown-isbn', asked: result.asked ?? ['isbndb'] };
  }
  const book = result.book;
  const record = foldedRecord(book);
  const people = compareFoldedPeople(foldPeople(written.people), record.people);
  if (written.title && record.titles.length > 0) {
    const title = foldTitle(written.title);
    if (tooLittleFolded(title)) return { kind: 'unchecked', why: 'too-little' };
    // A sentence of prose around an ISBN is no title to compare (a reading list's line read whole).
    if (title.full.length > MAX_TITLE_WORDS) return { kind: 'unchecked', why: 'not-a-title' };
    if (otherScriptFolded(title, record.titles)) return { kind: 'unchecked', why: 'other-script' };
    const match = compareFoldedTitles(title, record.titles);
    if (match === 'different' || (match === 'close' && people === 'disagree')) return { kind: 'other-book', book };
  } else if (people !== 'agree') {
    return { kind: 'unchecked', why: 'too-little' };
  }
  // The same work. Its details are compared only with the record of this ISBN itself.
  if (!describesIsbn(book, isbn13)) return { kind: 'agrees' };
  const differences = editionDifferences(written, book);
  return differences.length > 0 ? { kind: 'other-edition', book, differences } : { kind: 'agrees' };
}

/** A record's titles and people, folded once for every entry that names its ISBN (the cache's books live as long as the cache). */
const FOLDED = new WeakMap<Book, { titles: FoldedTitle[]; people: Person[] }>();

function foldedRecord(book: Book): { titles: FoldedTitle[]; people: Person[] } {
  let folded = FOLDED.get(book);
  if (!folded) {
    const titles = [book.title, book.titleLong].filter((t): t is string => Boolean(t)).map(foldTitle);
    folded = { titles, people: foldPeople(book.authors) };
    FOLDED.set(book, folded);
  }
  return folded;
}
