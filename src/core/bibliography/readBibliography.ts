/** Any bibliography file's entries, by its format's part. */
import type { FormatId } from '../formats/formatId';
import { formatPart } from '../formats/registry';
import type { BibliographyEntry } from './entry';

export function readBibliography(text: string, format: FormatId): BibliographyEntry[] {
  return formatPart(format).read(text);
}
