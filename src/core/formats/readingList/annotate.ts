/**
 * Markdown and plain text: after each valid ISBN whose book was found, the
 * annotation of markdownAnnotation.ts; an existing one is refreshed in place,
 * an up-to-date one left as it is (a rerun on an unchanged file edits nothing).
 */
import { findIsbns, type IsbnMatch } from '../../isbn/find';
import type { LookupResult } from '../../model/lookup';
import { minimalEdit, type TextEdit } from '../../edit/textEdit';
import { annotationText, existingAnnotationLength } from './annotation';
import { existingReferenceLength, referenceAnnotation } from './referenceNote';
import { inZones, insertionPoint, protectedZones } from './context';
import { type AnnotationReport, countUnusable, emptyReport } from '../../model/fillReport';

interface Placed {
  match: IsbnMatch & { info: NonNullable<IsbnMatch['info']> };
  /** Where the annotation goes (or starts, if there is one). */
  at: number;
}

/** Valid ISBNs where an annotation may go, the invalid count, and how many were left alone. */
function place(text: string): { placed: Placed[]; invalid: number; leftAlone: number } {
  const zones = protectedZones(text);
  const placed: Placed[] = [];
  let invalid = 0;
  let leftAlone = 0;
  // No repeats (FindOptions.repeats): a cover's file name or a link is no place for an annotation, nor worth a "left alone".
  for (const match of findIsbns(text, { repeats: false })) {
    if (!match.valid || !match.info) {
      invalid++;
      continue;
    }
    const at = inZones(zones, match.start) ? -1 : insertionPoint(text, match.start, match.end);
    if (at < 0) leftAlone++;
    else placed.push({ match: match as Placed['match'], at });
  }
  return { placed, invalid, leftAlone };
}

/** The ISBN-13s an annotation run needs looked up. */
export function markdownIsbns(text: string): string[] {
  return [...new Set(place(text).placed.map((p) => p.match.info.isbn13))];
}

/** `references`: the reference form (`isbnLens.annotate.markdownForm`), each book's reference by ISBN-13; else the short note. */
export function annotateMarkdown(text: string, results: ReadonlyMap<string, LookupResult>, references?: ReadonlyMap<string, string>): { edits: TextEdit[]; report: AnnotationReport } {
  const { placed, invalid, leftAlone } = place(text);
  const report = emptyReport();
  report.invalid = invalid;
  report.leftAlone = leftAlone;
  const edits: TextEdit[] = [];
  let covered = -1; // end of the last annotation seen: ISBNs inside one are part of it
  for (const { match, at } of placed) {
    if (match.start < covered) continue;
    const result = results.get(match.info.isbn13);
    if (result?.status !== 'found') {
      countUnusable(report, result);
      continue;
    }
    // Either form is refreshed in place, so that a change of form or style replaces the old note.
    const reference = references?.get(match.info.isbn13);
    const existing = existingAnnotationLength(text, at, result.book) || existingReferenceLength(text, at, result.book, reference);
    covered = at + existing;
    const edit = minimalEdit(text, at, at + existing, reference ? referenceAnnotation(reference) : annotationText(result.book));
    if (edit) {
      edits.push(edit);
      report.changed++;
    } else {
      report.unchanged++;
    }
  }
  return { edits, report };
}
