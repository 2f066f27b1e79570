/** Any bibliography file's entries, by its format's part. */
import type { FormatId } from './formatId';
import { formatPart } from './registry';
import type { BibliographyEntry } from './shared/entry';

export function readBibliography(text: string, format: FormatId): BibliographyEntry[] {
  return formatPart(format).read(text);
}
