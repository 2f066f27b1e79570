/**
 * One reading of a BibTeX/BibLaTeX text through the project's own linear reader (reader.ts): its
 * items, and the entries made of them on first use. A reading belongs to whoever made it (the
 * readings owner keeps one per open document, formats/readings.ts); an edited text's reading is
 * made from the old one, reading again only where the edit was (reread.ts), and the old one is
 * given up: its objects, moved, now belong to the new one. No state outside the reading.
 */
import type { BibliographyEntry } from '../shared/entry';
import type { DocumentReading } from '../shared/documentReading';
import { type BibEntry, type BibItem, type BibParseError, readAllItems, SlicedReader } from './reader';
import { attachEntries, type Attached, carryEntries } from './readEntries';
import { rereadItems, type Unchanged, unchangedParts } from './reread';

export type { BibEntry, BibField, BibItem, BibParseError, ValueKind } from './reader';

export interface BibParseResult {
  entries: BibEntry[];
  errors: BibParseError[];
}

export class BibtexReading implements DocumentReading {
  private attached: Attached | undefined;

  private constructor(
    readonly text: string,
    readonly items: readonly BibItem[],
  ) {}

  /** The text read from its start, at once. */
  static of(text: string): BibtexReading {
    return new BibtexReading(text, readAllItems(text));
  }

  /**
   * The text read in slices of about `sliceMs`, with `pause()` between them, so that the thread
   * that reads is never held long (the extension host's: a hover elsewhere answers meanwhile).
   */
  static async inSteps(text: string, pause: () => Promise<void>, sliceMs = 20): Promise<BibtexReading> {
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
    }
    return new BibtexReading(text, items);
  }

  /**
   * The reading of the text after an edit, read again only where it changed; `unchanged`, when
   * the editor said where the edit was, spares comparing the texts. This reading is given up.
   */
  edited(text: string, unchanged: Unchanged = unchangedParts(this.text, text)): BibtexReading {
    const change = rereadItems(this.text, this.items, text, unchanged);
    const next = new BibtexReading(text, change.items);
    if (this.attached) next.attached = carryEntries(this.attached, text, change.items, change);
    return next;
  }

  /** The entries, made once per reading; those an edit left alone are carried over. */
  entries(): BibliographyEntry[] {
    this.attached ??= attachEntries(this.text, this.items);
    return this.attached.entries;
  }

  /** Entries as read (never @string, @preamble or @comment) in order, and the items that could not be read; `wanted` picks items by their text. */
  parse(wanted?: (itemText: string) => boolean): BibParseResult {
    const entries: BibEntry[] = [];
    const errors: BibParseError[] = [];
    for (const item of this.items) {
      if (item.kind !== 'entry' && item.kind !== 'error') continue;
      if (wanted && !wanted(this.text.slice(item.start, item.end))) continue;
      if (item.kind === 'entry') entries.push(item.entry);
      else errors.push(item.error);
    }
    return { entries, errors };
  }

  /** Cite keys already used in the text (lower-cased: BibTeX compares them without case). */
  citeKeys(): Set<string> {
    const keys = new Set<string>();
    for (const item of this.items) {
      const key = item.kind === 'entry' ? item.entry.key : item.kind === 'error' ? item.key : undefined;
      if (key) keys.add(key.toLowerCase());
    }
    return keys;
  }
}

/** A text's entries, read from scratch. */
export function readBibtex(text: string): BibliographyEntry[] {
  return BibtexReading.of(text).entries();
}

/** A text's entries and unreadable items, read from scratch. */
export function parseBibtex(text: string, wanted?: (itemText: string) => boolean): BibParseResult {
  return BibtexReading.of(text).parse(wanted);
}

/** The reading given, or one of the text given. */
export function bibtexReadingOf(text: string | DocumentReading): BibtexReading {
  if (text instanceof BibtexReading) return text;
  return BibtexReading.of(typeof text === 'string' ? text : text.text);
}
