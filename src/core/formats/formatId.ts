/** The formats ISBN Lens reads and writes, by id: the bibliographies, and Markdown or plain-text reading lists. */
export type BibliographyFormatId = 'bibtex' | 'csl-json' | 'csl-yaml' | 'ris';
export type FormatId = BibliographyFormatId | 'markdown';
