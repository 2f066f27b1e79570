/**
 * The one entry point of annotation: which ISBNs a file needs looked up, and
 * its edits for a set of look-up results, in the style documentKind.ts
 * decides for the file. The edits are a pure function
 * of (text, results), so when the user types during the look-up the editor
 * simply calls computeAnnotation again on the new text.
 */
import { fillCslJson, cslJsonIsbns } from '../bibliography/fillCslJson';
import { cslYamlIsbns, fillCslYaml } from '../bibliography/fillCslYaml';
import { fillRis, risIsbns } from '../bibliography/fillRis';
import { jsonTooDeep, TOO_DEEP_TO_ANNOTATE } from '../bibliography/nesting';
import { cslYamlTooDeep } from '../bibliography/readCslYaml';
import type { TextEdit } from '../edit/textEdit';
import type { LookupResult } from '../model/lookup';
import { bibtexIsbns, type FillMode, type FillOptions, fillEntries } from '../bibtex/fillEntries';
import { annotateMarkdown, markdownIsbns } from './annotateMarkdown';
import type { AnnotationFormat } from '../documentKind/documentKind';
import type { AnnotationReport } from '../model/fillReport';

export { unsupportedMessage } from './annotationStyle';

/** Why a file cannot be annotated safely whatever the look-ups find (a CSL file nested too deep), or undefined. */
export function annotationRefusal(text: string, format: AnnotationFormat): string | undefined {
  if (format === 'csl-json' && jsonTooDeep(text)) return TOO_DEEP_TO_ANNOTATE;
  if (format === 'csl-yaml' && cslYamlTooDeep(text)) return TOO_DEEP_TO_ANNOTATE;
  return undefined;
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
