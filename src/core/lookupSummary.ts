/** The one-line summary after looking up many ISBNs. */
import type { LookupResult } from './service/lookups/batcher';
import type { ServiceError } from './service/errors';

export interface LookupSummary {
  found: number;
  notFound: number;
  invalid: number;
  skippedForQuota: number;
  failed: number;
  /** The first failure other than a spent limit, or the limit if that is all there is. */
  firstError?: ServiceError;
  text: string;
}

export function summarize(results: Iterable<LookupResult>, invalid: number): LookupSummary {
  let found = 0;
  let notFound = 0;
  let skippedForQuota = 0;
  let failed = 0;
  let firstError: ServiceError | undefined;
  let quotaError: ServiceError | undefined;
  for (const result of results) {
    if (result.status === 'found') found++;
    else if (result.status === 'notFound') notFound++;
    else if (result.error.kind === 'quota') {
      skippedForQuota++;
      quotaError ??= result.error;
    } else {
      failed++;
      firstError ??= result.error;
    }
  }
  const parts = [`${found} found`, `${notFound} not found`, `${invalid} invalid`];
  if (skippedForQuota > 0) parts.push(`${skippedForQuota} skipped for quota`);
  if (failed > 0) parts.push(`${failed} failed`);
  return { found, notFound, invalid, skippedForQuota, failed, firstError: firstError ?? quotaError, text: parts.join(', ') + '.' };
}
