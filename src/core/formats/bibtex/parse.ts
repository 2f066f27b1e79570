/**
 * BibTeX/BibLaTeX entries with their source offsets, through the project's
 * own linear reader (reader.ts). One reading per text version: the
 * citation-key index, duplicate checks, Annotate and Insert Entry all go
 * through readingOf, which keeps the last few readings and reads an edited
 * text again only where it changed.
 */
import { type BibEntry, type BibItem, type BibParseError, readAllItems, SlicedReader } from './reader';
import { type Reread, rereadItems, type Unchanged, unchangedParts } from './reread';

export type { BibEntry, BibField, BibItem, BibParseError, ValueKind } from './reader';

export interface BibParseResult {
  entries: BibEntry[];
  errors: BibParseError[];
}

/** One text's items. `attached` holds what other modules derived from them (readBibtex's entries). */
export interface Reading {
  readonly text: string;
  readonly items: readonly BibItem[];
  attached?: unknown;
}

const KEPT_READINGS = 4;
const readings: Reading[] = [];
const rereadHooks: ((from: Reading, to: Reading, change: Reread) => void)[] = [];

/**
 * The items of a text, read once per text. A text that differs from a kept
 * reading's by a small edit is read again only where it changed (reread.ts);
 * that older reading is then given up, its objects now belong to the new one.
 */
export function readingOf(text: string): Reading {
  const known = readings.find((r) => r.text.length === text.length && r.text === text);
  if (known) return known;
  const closest = closestReading(text);
  let reading: Reading;
  if (closest) {
    const base = closest.reading;
    const change = rereadItems(base.text, base.items, text, closest.unchanged);
    readings.splice(readings.indexOf(base), 1);
    reading = { text, items: change.items };
    for (const hook of rereadHooks) hook(base, reading, change);
  } else {
    reading = { text, items: readAllItems(text) };
  }
  keep(reading);
  return reading;
}

const inProgress: { text: string; done: Promise<Reading> }[] = [];

/**
 * The reading of a text made in slices of about `sliceMs`, with `pause()`
 * between them so that the thread that reads is never held long (the
 * extension host's: a hover elsewhere answers meanwhile). A text that is read
 * already, or a small edit away from a kept reading, is read at once; callers
 * asking for the same text while it is read share one reading.
 */
export function readingInSteps(text: string, pause: () => Promise<void>, sliceMs = 20): Promise<Reading> {
  const known = readings.find((r) => r.text.length === text.length && r.text === text);
  if (known || closestReading(text)) return Promise.resolve(readingOf(text));
  const pending = inProgress.find((r) => r.text.length === text.length && r.text === text);
  if (pending) return pending.done;
  const done = readInSlices(text, pause, sliceMs).finally(() => inProgress.splice(inProgress.findIndex((r) => r.done === done), 1));
  inProgress.push({ text, done });
  return done;
}

async function readInSlices(text: string, pause: () => Promise<void>, sliceMs: number): Promise<Reading> {
  const items: BibItem[] = [];
  const reader = new SlicedReader(text);
  for (let pos = 0; pos < text.length; ) {
    const until = performance.now() + sliceMs;
    let count = 0;
    pos = reader.read(pos, (item) => {
      items.push(item);
      return (++count & 63) !== 0 || performance.now() < until;
    });
    if (pos >= text.length) break;
    await pause();
    const meanwhile = readings.find((r) => r.text === text);
    if (meanwhile) return meanwhile; // read meanwhile by a synchronous caller
  }
  const read = { text, items };
  keep(read);
  return read;
}

/** Lets a module carry what it derived from a reading over to the reading an edit made of it. */
export function onReread(hook: (from: Reading, to: Reading, change: Reread) => void): void {
  rereadHooks.push(hook);
}

/** A reading of the text from its start, kept nowhere (to check the incremental one against). */
export function readingFromScratch(text: string): Reading {
  return { text, items: readAllItems(text) };
}

/** Forgets every reading (tests and benches that need a first read). */
export function forgetReadings(): void {
  readings.length = 0;
}

/** A kept reading that most of the text is unchanged from, if any. */
function closestReading(text: string): { reading: Reading; unchanged: Unchanged } | undefined {
  let best: { reading: Reading; unchanged: Unchanged } | undefined;
  let bestKept = 0;
  for (const reading of readings) {
    const unchanged = unchangedParts(reading.text, text);
    const kept = unchanged.prefix + unchanged.suffix;
    if (kept * 2 >= Math.max(reading.text.length, text.length) && kept > bestKept) {
      best = { reading, unchanged };
      bestKept = kept;
    }
  }
  return best;
}

function keep(reading: Reading): void {
  readings.unshift(reading);
  readings.length = Math.min(readings.length, KEPT_READINGS);
}

/**
 * Entries (never @string, @preamble or @comment) in order, and the items that
 * could not be read. `wanted` picks items by their text; by default all.
 */
export function parseBibtex(text: string, wanted?: (itemText: string) => boolean): BibParseResult {
  const entries: BibEntry[] = [];
  const errors: BibParseError[] = [];
  for (const item of readingOf(text).items) {
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
  for (const item of readingOf(text).items) {
    const key = item.kind === 'entry' ? item.entry.key : item.kind === 'error' ? item.key : undefined;
    if (key) keys.add(key.toLowerCase());
  }
  return keys;
}
