/** Counting look-up results that gave no book: shared by the look-up summary and the annotation report. */
import type { ServiceError } from './errors';
import type { LookupResult } from './lookup';

export interface ResultCounts {
  notFound: number;
  skippedForQuota: number;
  /** Not asked of every source: one or more could not be reached (they may know it); not "not found". */
  notAsked: number;
  /** The sources those were not asked of (`BookSource.name`), in the order first met. */
  unreachable?: string[];
  failed: number;
  /** The first failure other than a spent quota or an unreachable source, or one of those if that is all there is. */
  firstError?: ServiceError;
}

/** Counts a not-found or failed result; a found one counts nothing here. */
export function countResult(counts: ResultCounts, result: LookupResult): void {
  if (result.status === 'found') return;
  const unreachable = unreachableSources(result);
  if (unreachable.length > 0) {
    counts.notAsked++;
    const names = (counts.unreachable ??= []);
    for (const name of unreachable) if (!names.includes(name)) names.push(name);
    return;
  }
  if (result.status === 'notFound') {
    counts.notFound++;
  } else {
    if (result.error.kind === 'quota') counts.skippedForQuota++;
    else counts.failed++;
    if (!counts.firstError || (counts.firstError.kind === 'quota' && result.error.kind !== 'quota')) counts.firstError = result.error;
  }
}

/** The sources a result could not ask because they were out of reach. */
export function unreachableSources(result: LookupResult): string[] {
  if (result.status === 'found') return [];
  const unanswered = result.unanswered ?? (result.status === 'failed' ? [{ source: result.source ?? 'isbndb', error: result.error }] : []);
  return unanswered.filter((u) => u.error.kind === 'unreachable').map((u) => u.source);
}
