/**
 * The bibliography file formats ISBN Lens reads and writes, and the names they
 * may have. Which one a file is (by its name, language id and text) is decided
 * in documentKind/documentKind.ts.
 */
export type BibliographyFormat = 'bibtex' | 'csl-json' | 'csl-yaml' | 'ris';

/** The names a bibliography may have; nothing else is read as one (see readPolicy). */
export const BIBLIOGRAPHY_EXTENSIONS = ['bib', 'bibtex', 'json', 'yaml', 'yml', 'ris'] as const;

/** Every bibliography file of a workspace, for VS Code's search and file watcher. */
export const BIBLIOGRAPHY_GLOB = `**/*.{${BIBLIOGRAPHY_EXTENSIONS.join(',')}}`;
