/**
 * Which annotation style a file gets: Markdown-style notes only in Markdown
 * and plain prose; bibliography files (BibTeX/BibLaTeX, CSL-JSON, CSL-YAML,
 * RIS) their own fields; any other file nothing. Kept apart from the
 * annotators so that deciding loads none of their parsers.
 */
import { looksLikeCsl } from '../bibliography/format';

export type AnnotationFormat = 'markdown' | 'bibtex' | 'csl-json' | 'csl-yaml' | 'ris';

const BIBTEX_LANGUAGES = new Set(['bibtex', 'biblatex']);
const MARKDOWN_LANGUAGES = new Set(['markdown', 'quarto', 'rmd', 'rmarkdown']);
const MARKDOWN_NAMES = /\.(?:md|markdown|mdown|mkd|qmd|rmd)$/i;
/** Plain text counts as prose only under these names (or none, as in an untitled file). */
const PROSE_NAMES = /(?:\.(?:txt|text)|(?:^|[\\/])[^.\\/]+)$/i;
/** A RIS record's first line, whatever the file is called. */
const RIS_START = /^\uFEFF?\s*TY {2}- /;

/**
 * The annotation style of a file by its language, name and text, or
 * undefined when Annotate must leave it alone (see unsupportedMessage).
 */
export function annotationFormat(languageId: string, fileName: string, text = ''): AnnotationFormat | undefined {
  if (BIBTEX_LANGUAGES.has(languageId) || /\.bib$/i.test(fileName)) return 'bibtex';
  if (languageId === 'ris' || /\.ris$/i.test(fileName) || RIS_START.test(text)) return 'ris';
  if (/\.json$/i.test(fileName) || languageId === 'json' || languageId === 'jsonc') return looksLikeCsl(text, 'csl-json') ? 'csl-json' : undefined;
  if (/\.ya?ml$/i.test(fileName) || languageId === 'yaml') return looksLikeCsl(text, 'csl-yaml') ? 'csl-yaml' : undefined;
  if (MARKDOWN_LANGUAGES.has(languageId) || MARKDOWN_NAMES.test(fileName)) return 'markdown';
  if (languageId === 'plaintext' && PROSE_NAMES.test(fileName)) return 'markdown';
  return undefined;
}

/** What the user reads when a file gets nothing. */
export function unsupportedMessage(languageId: string): string {
  return (
    `ISBN Lens: Annotate knows Markdown and plain text (a note after each ISBN) and bibliographies ` +
    `(BibTeX/BibLaTeX .bib, CSL-JSON .json, CSL-YAML .yaml, RIS .ris: their own fields). ` +
    `This file (${languageId}) is none of them, so it was left as it is.`
  );
}
