/**
 * A reading of one text in one format: its entries, and how it moves on when the text is
 * edited. The readings owner (formats/readings.ts) keeps one per open document; every feature
 * asks it, so that a text is read once per version and an edit is read only where it was.
 */
import type { BibliographyEntry } from './entry';

/** What an edit left alone: the lengths of the text's unchanged start and end. */
export interface Unchanged {
  prefix: number;
  suffix: number;
}

export interface DocumentReading {
  readonly text: string;
  /** Its entries, in the order written. */
  entries(): readonly BibliographyEntry[];
  /** The reading of the text after an edit (`unchanged`: where the edit was not, when known); this reading is not used again. */
  edited(text: string, unchanged?: Unchanged): DocumentReading;
}

/** A reading of a format that reads its whole text again after any edit (CSL, RIS, reading lists: small files). */
export class WholeTextReading implements DocumentReading {
  private read: readonly BibliographyEntry[] | undefined;

  constructor(
    readonly text: string,
    private readonly readEntries: (text: string) => BibliographyEntry[],
  ) {}

  entries(): readonly BibliographyEntry[] {
    this.read ??= this.readEntries(this.text);
    return this.read;
  }

  edited(text: string): DocumentReading {
    return new WholeTextReading(text, this.readEntries);
  }
}
