/**
 * The one entry point of annotation: which style a file gets, which ISBNs it
 * needs looked up, and its edits for a set of look-up results. Markdown-style
 * annotations go only into Markdown and plain prose; bibliography files get
 * their own fields; any other file gets nothing. The edits are a pure function
 * of (text, results), so when the user types during the look-up the editor
 * simply calls computeAnnotation again on the new text.
 */
import { fillCslJson, cslJsonIsbns } from '../bibliography/fillCslJson';
import { cslYamlIsbns, fillCslYaml } from '../bibliography/fillCslYaml';
import { fillRis, risIsbns } from '../bibliography/fillRis';
import { looksLikeCsl } from '../bibliography/format';
import type { TextEdit } from '../edit/textEdit';
import type { LookupResult } from '../service/batcher';
import { bibtexIsbns, type FillMode, type FillOptions, fillEntries } from '../bibtex/fillEntries';
import { annotateMarkdown, markdownIsbns } from './annotateMarkdown';
import type { AnnotationReport } from './report';

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

export function isbnsToAnnotate(text: string, format: AnnotationFormat): string[] {
  switch (format) {
    case 'bibtex':
      return bibtexIsbns(text);
    case 'csl-json':
      return cslJsonIsbns(text);
    case 'csl-yaml':
      return cslYamlIsbns(text);
    case 'ris':
      return risIsbns(text);
    case 'markdown':
      return markdownIsbns(text);
  }
}

export function computeAnnotation(
  text: string,
  format: AnnotationFormat,
  results: ReadonlyMap<string, LookupResult>,
  mode: FillMode = 'fill',
  options: FillOptions = {},
): { edits: TextEdit[]; report: AnnotationReport } {
  switch (format) {
    case 'bibtex':
      return fillEntries(text, results, mode, options);
    case 'csl-json':
      return fillCslJson(text, results, mode);
    case 'csl-yaml':
      return fillCslYaml(text, results, mode);
    case 'ris':
      return fillRis(text, results, mode);
    case 'markdown':
      return annotateMarkdown(text, results);
  }
}
