/** The one-line summary after looking up many ISBNs. */
import type { LookupResult } from './model/lookup';
import { type ResultCounts, countResult } from './model/resultCounts';
import { notAskedText } from './sources/sourceText';

export interface LookupSummary extends ResultCounts {
  found: number;
  invalid: number;
  text: string;
}

export function summarize(results: Iterable<LookupResult>, invalid: number): LookupSummary {
  const counts: ResultCounts = { notFound: 0, skippedForQuota: 0, notAsked: 0, failed: 0 };
  let found = 0;
  for (const result of results) {
    if (result.status === 'found') found++;
    else countResult(counts, result);
  }
  const { notFound, skippedForQuota, failed } = counts;
  const parts = [`${found} found`, `${notFound} not found`, `${invalid} invalid`];
  if (skippedForQuota > 0) parts.push(`${skippedForQuota} skipped for quota`);
  if (counts.notAsked > 0) parts.push(notAskedPart(counts));
  if (failed > 0) parts.push(`${failed} failed`);
  return { found, ...counts, invalid, text: parts.join(', ') + '.' };
}

/** "1 ISBN not asked: Open Library and Google Books could not be reached". */
export function notAskedPart(counts: Pick<ResultCounts, 'notAsked' | 'unreachable'>): string {
  return `${counts.notAsked} ${counts.notAsked === 1 ? 'ISBN' : 'ISBNs'} not asked: ${notAskedText(counts.unreachable ?? [])}`;
}
