/**
 * BibTeX/BibLaTeX entries with their source offsets, through the project's
 * own linear reader (reader.ts). One reading per text: the citation-key
 * index, duplicate checks, Annotate and Insert Entry all go through
 * readingOf, which keeps the last few readings.
 */
import { type BibEntry, type BibItem, type BibParseError, readAllItems } from './reader';

export type { BibEntry, BibField, BibItem, BibParseError, ValueKind } from './reader';

export interface BibParseResult {
  entries: BibEntry[];
  errors: BibParseError[];
}

const KEPT_READINGS = 4;
const readings: { text: string; items: readonly BibItem[] }[] = [];

/** The items of a text, read once per text (an incremental reader may hand its own in through rememberReading). */
export function readingOf(text: string): readonly BibItem[] {
  const known = readings.find((r) => r.text.length === text.length && r.text === text);
  if (known) return known.items;
  const items = readAllItems(text);
  rememberReading(text, items);
  return items;
}

export function rememberReading(text: string, items: readonly BibItem[]): void {
  const at = readings.findIndex((r) => r.text === text);
  if (at >= 0) readings.splice(at, 1);
  readings.unshift({ text, items });
  readings.length = Math.min(readings.length, KEPT_READINGS);
}

/**
 * Entries (never @string, @preamble or @comment) in order, and the items that
 * could not be read. `wanted` picks items by their text; by default all.
 */
export function parseBibtex(text: string, wanted?: (itemText: string) => boolean): BibParseResult {
  const entries: BibEntry[] = [];
  const errors: BibParseError[] = [];
  for (const item of readingOf(text)) {
    if (item.kind !== 'entry' && item.kind !== 'error') continue;
    if (wanted && !wanted(text.slice(item.start, item.end))) continue;
    if (item.kind === 'entry') entries.push(item.entry);
    else errors.push(item.error);
  }
  return { entries, errors };
}

/** Cite keys already used in the text (lower-cased: BibTeX compares them without case). */
export function citeKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const item of readingOf(text)) {
    const key = item.kind === 'entry' ? item.entry.key : item.kind === 'error' ? item.key : undefined;
    if (key) keys.add(key.toLowerCase());
  }
  return keys;
}
