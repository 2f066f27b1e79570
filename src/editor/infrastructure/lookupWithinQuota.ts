/**
 * A big look-up that would spend more calls than are left of the key's daily quota asks
 * first (modal): look up the first ones that fit, all anyway, or cancel. The ISBNs it
 * leaves out count as skipped for quota. Without a known quota (no `GET /key`) it just looks up.
 */
import * as vscode from 'vscode';
import { ServiceError } from '../../core/model/errors';
import { quotaShortfall } from '../../core/model/quota';
import type { LookupResult } from '../../core/model/lookup';
import type { LookupService } from './lookupService';
import { lookupWithProgress } from './lookupWithProgress';
import * as words from '../words/index';
import * as commandWords from '../words/commands';

/** Like `lookupWithProgress`; undefined when the user cancelled, here or during the look-up. */
export async function lookupWithinQuota(service: LookupService, isbns: readonly string[], title: string): Promise<Map<string, LookupResult> | undefined> {
  const chosen = await chooseWithinQuota(service, isbns);
  if (!chosen) return undefined;
  const results = await lookupWithProgress(service, chosen, title);
  if (!results || chosen.length === isbns.length) return results;
  const skipped = new ServiceError('quota', { why: 'quotaShortfall' }, { daily: true });
  for (const isbn of isbns) if (!results.has(isbn)) results.set(isbn, { status: 'failed', error: skipped });
  return results;
}

async function chooseWithinQuota(service: LookupService, isbns: readonly string[]): Promise<readonly string[] | undefined> {
  // Each ISBN not yet known costs one call; a cached one costs nothing.
  const uncached = [...new Set(isbns)].filter((isbn) => service.known(isbn) === undefined);
  const shortfall = quotaShortfall(uncached.length, service.keyQuota.quota);
  if (!shortfall) return isbns;
  const { left, unlooked } = shortfall;
  const first = words.buttons.lookUpFirst(left);
  const all = words.buttons.lookUpAllAnyway();
  const choice = await vscode.window.showWarningMessage(
    commandWords.quotaShortfall.question(uncached.length, left),
    { modal: true, detail: commandWords.quotaShortfall.detail(unlooked) },
    ...(left > 0 ? [first] : []),
    all,
  );
  if (choice === all) return isbns;
  if (choice !== first) return undefined;
  const take = new Set(uncached.slice(0, left));
  return isbns.filter((isbn) => take.has(isbn) || service.known(isbn) !== undefined);
}
