/**
 * What an annotation run did, counted per ISBN occurrence: written by every format's filler
 * (Markdown, BibTeX, CSL, RIS), said to the user by the editor (src/editor/words/, annotationSummary).
 */
import type { LookupResult } from './lookup';
import type { ServiceError } from './errors';
import { countResult } from './resultCounts';

export interface AnnotationReport {
  /** Markdown: ISBNs annotated or refreshed. BibTeX: entries that got fields. */
  changed: number;
  /** BibTeX: fields written (added or refreshed). */
  fields: number;
  /** Already up to date: nothing to write. */
  unchanged: number;
  notFound: number;
  invalid: number;
  skippedForQuota: number;
  notAsked: number;
  unreachable?: string[];
  failed: number;
  /** Valid ISBNs with no look-up result: typed while the look-up ran. */
  notLookedUp: number;
  /** Markdown: ISBNs in code, links or front matter. BibTeX: entries the parser could not read. */
  leftAlone: number;
  /** The first failure other than a spent quota, or the quota if that is all there is. */
  firstError?: ServiceError;
  /** Why the file was left as it is, when it cannot be edited safely (a file nested too deep). */
  refused?: 'tooDeep';
}

export function emptyReport(): AnnotationReport {
  return { changed: 0, fields: 0, unchanged: 0, notFound: 0, invalid: 0, skippedForQuota: 0, notAsked: 0, failed: 0, notLookedUp: 0, leftAlone: 0 };
}

/** Counts a look-up that produced nothing to write (not found, failed, missing). */
export function countUnusable(report: AnnotationReport, result: LookupResult | undefined): void {
  if (!result) report.notLookedUp++;
  else countResult(report, result);
}
