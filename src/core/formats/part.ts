/**
 * A bibliography format as one part with one shape: what ISBN Lens does with a file of that
 * format, whatever the feature. Each format is one folder of `formats/` implementing it, listed
 * in `registry.ts`; how a file is recognised as one is its entry in `recognition.ts` (cheap, in
 * the activation bundle), what it does is here (loaded on first use, with its parsers).
 * Outside the two registries nothing asks which format a file is.
 *
 * How to add a format: ARCHITECTURE.md, "Adding a format".
 */
import type { TextEdit } from '../edit/textEdit';
import type { AnnotationReport } from '../model/fillReport';
import type { Book } from '../model/book';
import type { LookupResult } from '../model/lookup';
import type { FormatId } from './formatId';
import type { CslItem } from './shared/csl';
import type { BibliographyEntry } from './shared/entry';
import type { DocumentReading } from './shared/documentReading';

export type { FormatId } from './formatId';

export type { FillMode } from './shared/fillPlan';
import type { FillMode } from './shared/fillPlan';

/** What filling and writing entries may need to know beyond the text (the BibTeX dialect, the cite-key pattern). */
export interface WriteOptions {
  /** `isbnLens.bibtex.dialect`, for .bib files. */
  dialect?: 'auto' | 'bibtex' | 'biblatex';
  /** A .tex of the workspace loads biblatex (for `auto`). */
  texLoadsBiblatex?: boolean;
  /** `isbnLens.citeKey.pattern`. */
  keyPattern?: string;
  /**
   * `isbnLens.annotate.markdownForm` `"reference"`: each book's reference in the user's citation
   * style (Markdown), by ISBN-13; a reading list writes it instead of the short note.
   */
  references?: ReadonlyMap<string, string>;
}

/**
 * Why a format leaves a file as it is, as a value (the editor's words say it): `tooDeep`, nested too
 * deep to edit safely (shared/nesting.ts); `notCslJsonList` and `notCslYamlList`, no list of items to
 * add to; `noPlace`, no place found for the new entry.
 */
export type FormatRefusal = 'tooDeep' | 'notCslJsonList' | 'notCslYamlList' | 'noPlace';

export type NewEntryResult = { key: string; edit: TextEdit } | { refused: FormatRefusal };

/** Two places of the same book: a later entry of it, or an ISBN written again (a reading list). */
export interface Repeat {
  /** Where the repeat is flagged, and where the first one is. */
  at: { start: number; end: number };
  firstAt: { start: number; end: number };
  /** The 0-based line of the first one (the editor says "also at line N"). */
  firstLine: number;
  /** True for an entry that repeats another; false for an ISBN written again. */
  entry: boolean;
}

/** Lets the host run what waits between slices of long work. */
export type Pause = () => Promise<void>;

export interface FormatPart {
  readonly id: FormatId;
  /** What one of its entries is, for the words the user reads: an entry, an item, a record, or an ISBN of a list. */
  readonly entryKind: 'entry' | 'item' | 'record' | 'isbn';
  /** A reading of a text: its entries (key, type, the ISBNs each holds with their places, authors, title, year, fields), moved on by edits. */
  reading(text: string): DocumentReading;
  /** The same, read in slices with `pause` between them; absent where reading is quick (only BibTeX libraries grow to 50 MB). */
  readingInSteps?(text: string, pause: Pause, sliceMs?: number): Promise<DocumentReading>;
  /** A cite key as the format compares it (BibTeX's without case). */
  normalKey(key: string): string;
  /** Whether an entry of this type is part of a book (a chapter): it carries the book's ISBN and repeats no entry. */
  isPart(type: string): boolean;
  /** Why a file cannot be edited safely whatever the look-ups find (nested too deep), or undefined. */
  refusal(text: string): FormatRefusal | undefined;
  /** An entry as a CSL-JSON item, for references in a citation style: its type, fields and names as the format reads them. */
  cslItem(entry: BibliographyEntry, id: string): CslItem;
  /** The ISBN-13s Annotate looks up, in the order written, each once. */
  isbnsToAnnotate(reading: DocumentReading): string[];
  /** Annotate's edits for the look-ups' results: each entry's missing fields, or a note after each ISBN; a pure function of its inputs. */
  fill(reading: DocumentReading, results: ReadonlyMap<string, LookupResult>, mode: FillMode, options: WriteOptions): { edits: TextEdit[]; report: AnnotationReport };
  /** A new entry for a book at (or right after the entry at) `offset`; absent where the format has no entries to add. */
  newEntry?(reading: DocumentReading, offset: number, book: Book, options: WriteOptions): NewEntryResult;
  /** The same book twice in the file, flagged on the later one; `pause` lets a long check go in slices. */
  repeats(reading: DocumentReading, pause: Pause): Promise<Repeat[]>;
}
