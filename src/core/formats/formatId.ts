/** The formats ISBN Lens reads and writes, by id: the bibliographies, and Markdown or plain-text reading lists. */
export type BibliographyFormatId = 'bibtex' | 'csl-json' | 'csl-yaml' | 'ris';
export type FormatId = BibliographyFormatId | 'markdown';

/** Whether a format's files hold entries with fields (a bibliography), not ISBNs on lines (a reading list). */
export function hasEntries(format: FormatId): format is BibliographyFormatId {
  return format !== 'markdown';
}
