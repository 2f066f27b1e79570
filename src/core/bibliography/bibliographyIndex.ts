/**
 * Cite key → entry over the bibliography files the editor knows, each set from its reading
 * (the readings owner's, formats/readings.ts, which reads a file once per version and an edit
 * only where it was); a hover then costs a map look-up, the key map built at the first look-up
 * after a change. Files are named by any string the editor likes (a URI). BibTeX keys compare
 * without case, as BibTeX does; CSL and RIS keys with case.
 */
import type { BibliographyEntry } from '../formats/shared/entry';
import type { FormatId as BibliographyFormat } from '../formats/formatId';
import type { DocumentReading } from '../formats/shared/documentReading';
import { formatPart } from '../formats/registry';

export interface IndexedEntry {
  file: string;
  entry: BibliographyEntry;
}

interface IndexedFile {
  format: BibliographyFormat;
  entries: readonly BibliographyEntry[];
  /** Built at the first look-up after a change, not at each keystroke's update. */
  byKey?: Map<string, BibliographyEntry>;
}

export class BibliographyIndex {
  private readonly files = new Map<string, IndexedFile>();

  /** A file's entries, from its reading (the readings owner's: formats/readings.ts). A reading the format cannot make has no keys, and never breaks the index. */
  set(file: string, format: BibliographyFormat, reading: Pick<DocumentReading, 'entries'> | undefined): readonly BibliographyEntry[] {
    let entries: readonly BibliographyEntry[];
    try {
      entries = reading?.entries() ?? [];
    } catch {
      entries = [];
    }
    this.files.set(file, { format, entries });
    return entries;
  }

  remove(file: string): void {
    this.files.delete(file);
  }

  has(file: string): boolean {
    return this.files.has(file);
  }

  entries(file: string): readonly BibliographyEntry[] {
    return this.files.get(file)?.entries ?? [];
  }

  /** The entry of `key` in the given files (in their order), or in all files when none are given. */
  find(key: string, inFiles?: readonly string[]): IndexedEntry | undefined {
    for (const file of inFiles ?? [...this.files.keys()]) {
      const indexed = this.files.get(file);
      const entry = indexed && keysOf(indexed).get(normalKey(key, indexed.format));
      if (entry) return { file, entry };
    }
    return undefined;
  }

  get size(): number {
    return this.files.size;
  }
}

function keysOf(indexed: IndexedFile): Map<string, BibliographyEntry> {
  if (!indexed.byKey) {
    indexed.byKey = new Map();
    for (const entry of indexed.entries) {
      const key = normalKey(entry.key, indexed.format);
      if (key && !indexed.byKey.has(key)) indexed.byKey.set(key, entry);
    }
  }
  return indexed.byKey;
}

function normalKey(key: string, format: BibliographyFormat): string {
  return formatPart(format).normalKey(key);
}
