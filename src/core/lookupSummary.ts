/** The one-line summary after looking up many ISBNs. */
import type { LookupResult } from './model/lookup';
import { type ResultCounts, countResult } from './model/resultCounts';

export interface LookupSummary extends ResultCounts {
  found: number;
  invalid: number;
  text: string;
}

export function summarize(results: Iterable<LookupResult>, invalid: number): LookupSummary {
  const counts: ResultCounts = { notFound: 0, skippedForQuota: 0, failed: 0 };
  let found = 0;
  for (const result of results) {
    if (result.status === 'found') found++;
    else countResult(counts, result);
  }
  const { notFound, skippedForQuota, failed } = counts;
  const parts = [`${found} found`, `${notFound} not found`, `${invalid} invalid`];
  if (skippedForQuota > 0) parts.push(`${skippedForQuota} skipped for quota`);
  if (failed > 0) parts.push(`${failed} failed`);
  return { found, ...counts, invalid, text: parts.join(', ') + '.' };
}
