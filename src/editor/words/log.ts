/**
 * The log's words for what the look-ups tell it (core/lookups/lookups.ts, LookupEvent), each at
 * its level: loaded with the look-ups, never at activation (src/lazyModules.ts).
 */
import * as vscode from 'vscode';
import type { LookupEvent, LookupLog } from '../../core/lookups/lookups';
import type { RequestRecord } from '../../core/model/answers';
import { sourceShortTitle, sourceTitle } from '../../core/sources/sourceNames';
import { describeFailure, lookupNotice, unreachable } from './failures';
import { both } from './index';

/** Where the lines go: the "ISBN Lens" channel (infrastructure/log.ts), or a test's list. */
export interface LogLines {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  request(record: RequestRecord): void;
}

/** The look-ups' log: each event said in the user's language, at its level. */
export function lookupLog(lines: LogLines): LookupLog {
  return {
    tell: (event) => {
      const said = eventLine(event);
      for (const line of said.lines ?? [said.line!]) lines[said.level](line);
    },
    request: (record) => lines.request(record),
  };
}

function eventLine(event: LookupEvent): { level: 'info' | 'warn' | 'error'; line?: string; lines?: string[] } {
  switch (event.kind) {
    case 'googleQuotaSpent':
      return { level: 'warn', line: lookupNotice({ kind: 'googleDailyQuota', until: event.until }).message };
    case 'cacheLoaded':
      return { level: 'info', line: vscode.l10n.t('Loaded {0} cached look-ups.', event.count) };
    case 'cacheNotRead':
      return { level: 'warn', line: vscode.l10n.t('Could not read the look-up cache: {0}', event.cause) };
    case 'cacheMerged':
      return { level: 'info', line: vscode.l10n.t('Took in {0} look-ups saved by other windows.', event.count) };
    case 'cacheNotSaved':
      return { level: 'warn', line: vscode.l10n.t('Could not save the look-up cache: {0}', event.cause) };
    case 'waitingForKey':
      return { level: 'info', line: vscode.l10n.t('No API key is set and no keyless source is chosen; look-ups wait for a key.') };
    case 'asking':
      return { level: 'info', line: vscode.l10n.t('Asking {0}.', event.sources.map(sourceTitle).join(vscode.l10n.t(', then '))) };
    case 'routes':
      // A line per registration group, in the order of the routes.
      return { level: 'info', lines: routesText(event.routes) };
    case 'catalogueBlocked':
      return { level: 'warn', line: describeFailure(event.error) };
    case 'noPlanAddress':
      return { level: 'error', line: vscode.l10n.t('The “isbnLens.isbndb.baseUrls” setting has no valid http(s) address for the {0} plan.', event.plan) };
    case 'usingPlan':
      return { level: 'info', line: vscode.l10n.t('Using the {0} plan at {1} ({2} requests/s).', event.plan, event.origin, event.perSecond) };
    case 'noSourceAddress':
      return { level: 'error', line: vscode.l10n.t('The “isbnLens.sourceUrls” setting has no valid https address for {0}; it is not asked.', sourceTitle(event.source)) };
    case 'rateNotShared':
      return { level: 'warn', line: vscode.l10n.t("Could not share the request rate with other windows ({0}); keeping to this window's own count.", event.cause) };
    case 'sourceResting':
      return { level: 'warn', line: vscode.l10n.t('{0} Meanwhile its ISBNs go on to the next source.', unreachable(describeFailure(event.cause).replace(/\.$/, ''), event.until)) };
    case 'sourceStalled':
      return { level: 'warn', line: vscode.l10n.t('{0} has not answered for {1} s: while it does not, what would go to it goes on to the next source.', sourceTitle(event.source), event.seconds) };
    case 'sourceAnswers':
      return { level: 'info', line: vscode.l10n.t('{0} answers again.', sourceTitle(event.source)) };
  }
}

/** The lines of the order chosen per registration group: "978-3…: asking DNB, then K10plus, then Open Library." */
export function routesText(routes: ReadonlyArray<{ prefixes: readonly string[]; sources: readonly string[] }>): string[] {
  return routes.map(({ prefixes, sources }) => {
    // A group as it is written: 978-3, 979-10 (the prefix after its first three digits).
    const group = prefixes.length ? vscode.l10n.t('{0}…', both(prefixes.map((p) => `${p.slice(0, 3)}-${p.slice(3)}`))) : vscode.l10n.t('Other groups');
    return sources.length
      ? vscode.l10n.t('{0}: asking {1}.', group, sources.map(sourceShortTitle).join(vscode.l10n.t(', then ')))
      : vscode.l10n.t('{0}: no source is asked.', group);
  });
}
