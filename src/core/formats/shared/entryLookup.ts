/** The book an entry's ISBNs found, for a fill run, counting in the report why there is none. */
import { type AnnotationReport, countUnusable } from '../../model/fillReport';
import { parseIsbn } from '../../isbn/parse';
import type { LookupResult } from '../../model/lookup';
import type { Book } from '../../model/book';
import type { TextEdit } from '../../edit/textEdit';
import type { EntryIsbn } from './entry';
import type { FillPlan } from './fillPlan';

/** The ISBN-13s of the valid ISBNs, in order, without repeats. */
export function validIsbn13s(isbns: readonly EntryIsbn[]): string[] {
  return [...new Set(isbns.flatMap((i) => parseIsbn(i.raw)?.isbn13 ?? []))];
}

/** The ISBN-13s a fill run over these entries needs looked up. */
export function isbnsOfEntries(entries: ReadonlyArray<{ isbns: readonly EntryIsbn[] }>): string[] {
  return [...new Set(entries.flatMap((e) => validIsbn13s(e.isbns)))];
}

export function foundBook(isbns: readonly EntryIsbn[], results: ReadonlyMap<string, LookupResult>, report: AnnotationReport): Book | undefined {
  const valid = validIsbn13s(isbns);
  if (valid.length === 0) {
    if (isbns.length > 0) report.invalid++;
    return undefined;
  }
  const lookups = valid.map((isbn) => results.get(isbn));
  const found = lookups.find((r) => r?.status === 'found');
  if (found?.status === 'found') return found.book;
  countUnusable(report, lookups.find((r) => r?.status === 'failed') ?? lookups[0]);
  return undefined;
}

/** Adds one entry's edits to a run's, counting the entry as changed (with the fields it planned) or up to date. */
export function addEntryEdits<V>(edits: TextEdit[], entryEdits: readonly TextEdit[], plan: FillPlan<V>, report: AnnotationReport): void {
  if (entryEdits.length === 0) {
    report.unchanged++;
    return;
  }
  edits.push(...entryEdits);
  report.changed++;
  report.fields += plan.add.length + plan.replace.length;
}
