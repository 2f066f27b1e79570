import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { lookupSummary } from '../../src/editor/words/commands';
import { emptyReport, countUnusable } from '../../src/core/model/fillReport';
import { summarize } from '../../src/core/lookupSummary';
import { ServiceError } from '../../src/core/model/errors';
import type { LookupResult } from '../../src/core/model/lookup';
import { book } from '../helpers/books';

const quota: LookupResult = { status: 'failed', error: new ServiceError('quota', { why: 'planLimit' }) };
const network: LookupResult = { status: 'failed', error: new ServiceError('network', { why: 'unreachable', source: 'isbndb', cause: 'failed' }) };
const results: LookupResult[] = [{ status: 'found', book: book('9780306406157') }, { status: 'notFound' }, quota, network, quota];

test('the look-up summary and the annotation report count results the same way', () => {
  const summary = summarize(results, 2);
  assert.equal(lookupSummary(summary), '1 found, 1 not found, 2 invalid, 2 skipped for quota, 1 failed.');
  const report = emptyReport();
  for (const result of results) if (result.status !== 'found') countUnusable(report, result);
  for (const counts of [summary, report]) {
    assert.deepEqual([counts.notFound, counts.skippedForQuota, counts.failed], [1, 2, 1]);
    assert.equal(counts.firstError?.kind, 'network', 'a failure other than the quota is the one told');
  }
  assert.equal(summarize([quota], 0).firstError?.kind, 'quota', 'the quota when that is all there is');
});
