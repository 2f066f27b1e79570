/** The bibliography file formats ISBN Lens reads and writes, told apart by name and, for JSON and YAML, by content. */

export type BibliographyFormat = 'bibtex' | 'csl-json' | 'csl-yaml' | 'ris';

/** The names bibliographyFormatOf knows; nothing else is read as a bibliography (see readPolicy). */
export const BIBLIOGRAPHY_EXTENSIONS = ['bib', 'bibtex', 'json', 'yaml', 'yml', 'ris'] as const;

/** Every bibliography file of a workspace, for VS Code's search and file watcher. */
export const BIBLIOGRAPHY_GLOB = `**/*.{${BIBLIOGRAPHY_EXTENSIONS.join(',')}}`;

/** The format a bibliography file's name says, or undefined for names no bibliography has. */
export function bibliographyFormatOf(fileName: string): BibliographyFormat | undefined {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.bib') || lower.endsWith('.bibtex')) return 'bibtex';
  if (lower.endsWith('.json')) return 'csl-json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'csl-yaml';
  if (lower.endsWith('.ris')) return 'ris';
  return undefined;
}

/**
 * Whether a .json or .yaml text looks like CSL data (an array of items, or
 * Pandoc's `references:`, with `id` and `type`), so that package.json or a
 * CI file is never taken for a bibliography.
 */
export function looksLikeCsl(text: string, format: 'csl-json' | 'csl-yaml'): boolean {
  const head = text.slice(0, 4000);
  if (format === 'csl-json') return /^\s*\[/.test(head) && /"id"\s*:/.test(head) && /"type"\s*:/.test(head);
  return /^(?:references\s*:|-\s+id\s*:|\s+-?\s*id\s*:)/m.test(head) && /^\s*-?\s*type\s*:/m.test(head);
}
