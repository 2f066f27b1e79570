/**
 * Check Bibliography over a reading's entries: the ISBNs to look up, then each entry's verdicts,
 * in slices with the host let go between them (a 50,000-entry library is compared in ~1-2 s of
 * work that must never hold the host more than ~50 ms at a time).
 */
import type { Pause } from '../formats/part';
import type { BibliographyEntry } from '../formats/shared/entry';
import { parseIsbn } from '../isbn/parse';
import type { LookupResult } from '../model/lookup';
import { type Verdict, verdictFor, writesAboutBook } from './verdict';
import { writtenOf } from './written';

/** One checked ISBN: where it is written, its entry, and the verdict. */
export interface CheckedIsbn {
  start: number;
  end: number;
  entryStart: number;
  entryEnd: number;
  isbn13: string;
  /** As the user reads it: hyphenated where its range is known. */
  shown: string;
  verdict: Verdict;
  /** The title the entry writes (a part's book title), for the messages. */
  writtenTitle?: string;
}

export interface SliceOptions {
  /** The longest stretch of work between pauses. */
  sliceMs?: number;
  now?: () => number;
}

const SLICE_MS = 20;

/** Runs `each` over `items`, pausing whenever a slice has run `sliceMs`. */
async function inSlices<T>(items: readonly T[], each: (item: T) => void, pause: Pause, { sliceMs = SLICE_MS, now = () => performance.now() }: SliceOptions): Promise<void> {
  let sliceStart = now();
  for (let k = 0; k < items.length; k++) {
    each(items[k]!);
    // The clock is read every 16 items: reading it costs more than comparing one.
    if ((k & 15) === 15 && now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = now();
    }
  }
}

/** The valid ISBN-13s of the entries that write something about their book, each once, in the order written. */
export async function isbnsToCheck(entries: readonly BibliographyEntry[], isPart: (type: string) => boolean, pause: Pause, options: SliceOptions = {}): Promise<string[]> {
  const isbns = new Set<string>();
  await inSlices(
    entries,
    (entry) => {
      if (entry.isbns.length === 0 || !writesAboutBook(writtenOf(entry, isPart(entry.type)))) return;
      for (const written of entry.isbns) {
        const info = parseIsbn(written.raw);
        if (info) isbns.add(info.isbn13);
      }
    },
    pause,
    options,
  );
  return [...isbns];
}

/** One entry's checked ISBNs; undefined when it has no valid ISBN or writes nothing about its book. */
export function checkEntry(entry: BibliographyEntry, isPart: boolean, resultOf: (isbn13: string) => LookupResult | undefined): CheckedIsbn[] | undefined {
  const valid = entry.isbns.flatMap((written) => {
    const info = parseIsbn(written.raw);
    return info ? [{ written, info }] : [];
  });
  if (valid.length === 0) return undefined;
  const said = writtenOf(entry, isPart);
  if (!writesAboutBook(said)) return undefined;
  return valid.map(({ written, info }) => ({
    start: written.start,
    end: written.end,
    entryStart: entry.start,
    entryEnd: entry.end,
    isbn13: info.isbn13,
    shown: info.hyphenated13,
    verdict: verdictFor(said, info.isbn13, resultOf(info.isbn13)),
    writtenTitle: said.title,
  }));
}

/** What a check found, counted for its summary (the editor's words say it). */
export interface CheckCounts {
  /** Entries (or lines) with an ISBN and something written about its book. */
  entries: number;
  otherBook: number;
  otherEdition: number;
  unknown: number;
  unchecked: number;
}

export function emptyCounts(): CheckCounts {
  return { entries: 0, otherBook: 0, otherEdition: 0, unknown: 0, unchecked: 0 };
}

/** Adds one entry's verdicts to the counts. */
export function count(counts: CheckCounts, checked: readonly CheckedIsbn[]): void {
  counts.entries++;
  for (const { verdict } of checked) {
    if (verdict.kind === 'other-book') counts.otherBook++;
    else if (verdict.kind === 'other-edition') counts.otherEdition++;
    else if (verdict.kind === 'unknown-isbn') counts.unknown++;
    else if (verdict.kind === 'unchecked') counts.unchecked++;
  }
}

/** Every entry's verdicts, in slices. `isPart(type)`: the format's parts of books (chapters). */
export async function checkEntries(
  entries: readonly BibliographyEntry[],
  isPart: (type: string) => boolean,
  resultOf: (isbn13: string) => LookupResult | undefined,
  pause: Pause,
  options: SliceOptions = {},
): Promise<{ checked: CheckedIsbn[]; counts: CheckCounts }> {
  const checked: CheckedIsbn[] = [];
  const counts = emptyCounts();
  await inSlices(
    entries,
    (entry) => {
      const own = checkEntry(entry, isPart(entry.type), resultOf);
      if (!own) return;
      count(counts, own);
      checked.push(...own);
    },
    pause,
    options,
  );
  return { checked, counts };
}
