/**
 * The same book twice: in a bibliography, two entries whose ISBNs are the
 * same book (ISBN-10 or -13, hyphenated or not), flagged on the later entry;
 * in Markdown and plain text, an ISBN written again. Pure: ranges and
 * messages, which the editor turns into diagnostics with related information.
 * Parts of a book (chapters, papers) carry the whole book's ISBN, so they are
 * never duplicates of it or of each other.
 */
import type { FormatPart, Pause, Repeat } from '../part';
import type { DocumentReading } from './documentReading';
import { findIsbns } from '../../isbn/find';
import { parseIsbn } from '../../isbn/parse';
import type { BibliographyEntry } from './entry';

export interface Span {
  start: number;
  end: number;
}

export interface DuplicateEntry {
  isbn13: string;
  /** The later entry, and the ISBN in it to flag. */
  entry: BibliographyEntry;
  at: Span;
  /** The first entry of the same book, and its key (or start) to point at. */
  first: BibliographyEntry;
  firstAt: Span;
}

export interface RepeatedIsbn {
  isbn13: string;
  at: Span;
  firstAt: Span;
  /** 0-based line of the first occurrence. */
  firstLine: number;
}

export function duplicateEntries(entries: readonly BibliographyEntry[], isPart: (type: string) => boolean): DuplicateEntry[] {
  const finder = new DuplicateFinder(isPart);
  for (const entry of entries) finder.add(entry);
  return finder.found;
}

/** How long a slice of the check runs before the host is let go (a 50,000-entry library takes ~90 ms in all). */
const SLICE_MS = 20;

/**
 * The later entries of a book already in the file, as a format's repeats: read, then checked in
 * slices with `pause` between them. A text the format cannot read has nothing to compare.
 */
export async function entryRepeats(part: Pick<FormatPart, 'isPart'>, reading: DocumentReading, pause: Pause): Promise<Repeat[]> {
  let entries: readonly BibliographyEntry[];
  try {
    entries = reading.entries();
  } catch {
    return [];
  }
  const finder = new DuplicateFinder((type) => part.isPart(type));
  let until = performance.now() + SLICE_MS;
  for (const entry of entries) {
    finder.add(entry);
    if (performance.now() < until) continue;
    await pause();
    until = performance.now() + SLICE_MS;
  }
  return finder.found.map((d) => ({ at: d.at, firstAt: d.firstAt, firstLine: d.first.line, entry: true }));
}

/** duplicateEntries one entry at a time, so that a caller can let its thread go between slices of a large file. */
export class DuplicateFinder {
  readonly found: DuplicateEntry[] = [];
  private readonly firstOf = new Map<string, BibliographyEntry>();

  /** `isPart`: the format's test for an entry type that is part of a book (a chapter). */
  constructor(private readonly isPart: (type: string) => boolean) {}

  add(entry: BibliographyEntry): void {
    if (this.isPart(entry.type)) return;
    const flagged = new Set<BibliographyEntry>();
    for (const isbn of entry.isbns) {
      const isbn13 = parseIsbn(isbn.raw)?.isbn13;
      if (!isbn13) continue;
      const first = this.firstOf.get(isbn13);
      if (!first) {
        this.firstOf.set(isbn13, entry);
        continue;
      }
      if (first === entry || flagged.has(first)) continue; // one entry listing both forms of its ISBN
      flagged.add(first);
      this.found.push({
        isbn13,
        entry,
        at: { start: isbn.start, end: isbn.end },
        first,
        firstAt: first.keyEnd > first.keyStart ? { start: first.keyStart, end: first.keyEnd } : { start: first.start, end: first.start },
      });
    }
  }
}

/** Valid ISBNs written again in a reading list (not those in URLs, which repeat a link's text). */
export function repeatedIsbns(text: string): RepeatedIsbn[] {
  const first = new Map<string, Span & { line: number }>();
  const out: RepeatedIsbn[] = [];
  let line = 0;
  let counted = 0;
  for (const match of findIsbns(text)) {
    if (!match.valid || !match.info || inUrl(text, match.start)) continue;
    for (let k = text.indexOf('\n', counted); k >= 0 && k < match.start; k = text.indexOf('\n', k + 1)) line++;
    counted = match.start;
    const seen = first.get(match.info.isbn13);
    if (!seen) {
      first.set(match.info.isbn13, { start: match.start, end: match.end, line });
      continue;
    }
    out.push({
      isbn13: match.info.isbn13,
      at: { start: match.start, end: match.end },
      firstAt: { start: seen.start, end: seen.end },
      firstLine: seen.line,
    });
  }
  return out;
}

/** Glued to a URL path or query: `…/isbn/978…`, `?isbn=978…`. */
function inUrl(text: string, start: number): boolean {
  const glued = /\S*$/.exec(text.slice(Math.max(0, start - 200), start))![0];
  return /[/=]/.test(glued);
}
