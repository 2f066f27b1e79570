/** Counting look-up results that gave no book: shared by the look-up summary and the annotation report. */
import type { ServiceError } from './errors';
import type { LookupResult } from './lookup';

export interface ResultCounts {
  notFound: number;
  skippedForQuota: number;
  failed: number;
  /** The first failure other than a spent quota, or the quota if that is all there is. */
  firstError?: ServiceError;
}

/** Counts a not-found or failed result; a found one counts nothing here. */
export function countResult(counts: ResultCounts, result: LookupResult): void {
  if (result.status === 'notFound') {
    counts.notFound++;
  } else if (result.status === 'failed') {
    if (result.error.kind === 'quota') counts.skippedForQuota++;
    else counts.failed++;
    if (!counts.firstError || (counts.firstError.kind === 'quota' && result.error.kind !== 'quota')) counts.firstError = result.error;
  }
}
