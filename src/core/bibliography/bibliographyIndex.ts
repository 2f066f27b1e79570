/**
 * Cite key → entry over the bibliography files the editor knows. Each file is
 * parsed once when it is set and again only when its text changes (a BibTeX
 * file only where it changed: bibtex/reread.ts); a hover then costs a map
 * look-up. Files are named by any string the editor likes
 * (a URI). BibTeX keys compare without case, as BibTeX does; CSL and RIS keys
 * with case.
 */
import type { BibliographyEntry } from '../formats/shared/entry';
import type { FormatId as BibliographyFormat } from '../formats/formatId';
import { entriesFollow } from '../formats/bibtex/readEntries';
import { readBibliography } from '../formats/readBibliography';
import { formatPart } from '../formats/registry';

export interface IndexedEntry {
  file: string;
  entry: BibliographyEntry;
}

interface IndexedFile {
  text: string;
  format: BibliographyFormat;
  entries: readonly BibliographyEntry[];
  /** Built at the first look-up after a change, not at each keystroke's update. */
  byKey?: Map<string, BibliographyEntry>;
}

export class BibliographyIndex {
  private readonly files = new Map<string, IndexedFile>();

  constructor(private readonly read: (text: string, format: BibliographyFormat) => BibliographyEntry[] = readBibliography) {}

  /** Sets a file's text; parses it only when the text differs from what is indexed. Returns its entries. */
  update(file: string, text: string, format: BibliographyFormat): readonly BibliographyEntry[] {
    const known = this.files.get(file);
    // BibTeX entries are shared and follow edits: another reader of an edited text may have moved them.
    if (known && known.text === text && known.format === format && entriesFollow(known.entries, text)) return known.entries;
    let entries: readonly BibliographyEntry[];
    try {
      entries = this.read(text, format);
    } catch {
      entries = []; // a file the parser cannot read has no keys, and never breaks the index
    }
    this.files.set(file, { text, format, entries });
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
