/** What the editor asks of a format's part, by the format's id: Annotate's steps and Insert Entry's. */
import type { TextEdit } from '../../src/core/edit/textEdit';
import type { BibliographyEntry } from '../../src/core/formats/shared/entry';
import type { FormatId } from '../../src/core/formats/formatId';
import type { FillMode, FormatRefusal, NewEntryResult, WriteOptions } from '../../src/core/formats/part';
import { formatPart } from '../../src/core/formats/registry';
import type { Book } from '../../src/core/model/book';
import type { AnnotationReport } from '../../src/core/model/fillReport';
import type { LookupResult } from '../../src/core/model/lookup';

export type { NewEntryResult } from '../../src/core/formats/part';

export function newEntryEdit(text: string, offset: number, book: Book, format: FormatId, options: WriteOptions = {}): NewEntryResult {
  const part = formatPart(format);
  return part.newEntry!(part.reading(text), offset, book, options);
}

export function isbnsToAnnotate(text: string, format: FormatId): string[] {
  const part = formatPart(format);
  return part.isbnsToAnnotate(part.reading(text));
}

export function annotationRefusal(text: string, format: FormatId): FormatRefusal | undefined {
  return formatPart(format).refusal(text);
}

export function computeAnnotation(text: string, format: FormatId, results: ReadonlyMap<string, LookupResult>, mode: FillMode = 'fill', options: WriteOptions = {}): { edits: TextEdit[]; report: AnnotationReport } {
  const part = formatPart(format);
  return part.fill(part.reading(text), results, mode, options);
}

/** A text's entries, read from scratch. */
export function readBibliography(text: string, format: FormatId): BibliographyEntry[] {
  return [...formatPart(format).reading(text).entries()];
}
