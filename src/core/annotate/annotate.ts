/**
 * The one entry point of annotation: which format a document is, which ISBNs
 * it needs looked up, and its edits for a set of look-up results. The edits
 * are a pure function of (text, results), so when the user types during the
 * look-up the editor simply calls computeAnnotation again on the new text.
 */
import type { TextEdit } from '../edit/textEdit';
import type { LookupResult } from '../service/lookups/batcher';
import { bibtexIsbns, type FillMode, fillEntries } from '../bibtex/fillEntries';
import { annotateMarkdown, markdownIsbns } from './annotateMarkdown';
import type { AnnotationReport } from './report';

export type AnnotationFormat = 'markdown' | 'bibtex';

const BIBTEX_LANGUAGES = new Set(['bibtex', 'biblatex']);
const MARKDOWN_LANGUAGES = new Set(['markdown', 'plaintext']);

/** BibTeX by language or `.bib` name, Markdown for Markdown and plain text, else undefined. */
export function annotationFormat(languageId: string, fileName: string): AnnotationFormat | undefined {
  if (BIBTEX_LANGUAGES.has(languageId) || /\.bib$/i.test(fileName)) return 'bibtex';
  if (MARKDOWN_LANGUAGES.has(languageId)) return 'markdown';
  return undefined;
}

export function isbnsToAnnotate(text: string, format: AnnotationFormat): string[] {
  return format === 'bibtex' ? bibtexIsbns(text) : markdownIsbns(text);
}

export function computeAnnotation(
  text: string,
  format: AnnotationFormat,
  results: ReadonlyMap<string, LookupResult>,
  mode: FillMode = 'fill',
): { edits: TextEdit[]; report: AnnotationReport } {
  return format === 'bibtex' ? fillEntries(text, results, mode) : annotateMarkdown(text, results);
}
