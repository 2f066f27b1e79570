/**
 * The bibliography file formats ISBN Lens reads and writes. Which one a file
 * is (by its name, language id and text) is decided in documentKind/documentKind.ts.
 */
export type BibliographyFormat = 'bibtex' | 'csl-json' | 'csl-yaml' | 'ris';
