/** What a look-up of many ISBNs found, counted (the editor says it: src/editor/words/, lookupSummary). */
import type { LookupResult } from './model/lookup';
import { type ResultCounts, countResult } from './model/resultCounts';

export interface LookupSummary extends ResultCounts {
  found: number;
  invalid: number;
}

export function summarize(results: Iterable<LookupResult>, invalid: number): LookupSummary {
  const counts: ResultCounts = { notFound: 0, skippedForQuota: 0, notAsked: 0, failed: 0 };
  let found = 0;
  for (const result of results) {
    if (result.status === 'found') found++;
    else countResult(counts, result);
  }
  return { found, ...counts, invalid };
}
