/**
 * "Check Bibliography": every entry (or reading-list line) of the active document that has an
 * ISBN and something written about its book is looked up through the same batched, throttled
 * queue as Look Up All (the cache first, with a cancellable progress notification), then compared
 * with what the sources know, in slices with the host let go between them. The verdicts become
 * diagnostics on the ISBNs (BibliographyChecks); a message says what was found.
 */
import * as vscode from 'vscode';
import { checkEntries, isbnsToCheck } from '../../../core/check/checkEntries';
import * as words from '../../words/check';
import { formatOf } from '../../../core/documentKind/documentKind';
import type { LookupResult } from '../../../core/model/lookup';
import type { LookupService } from '../../infrastructure/lookupService';
import { lookupWithinQuota } from '../../infrastructure/lookupWithinQuota';
import { type DocumentReadings, partOf, yieldToHost } from '../../infrastructure/documentReadings';
import { type BibliographyChecks, withWords } from '../bibliographyCheck';

const { CHECK_WORDS } = words;

export async function checkBibliography(service: LookupService, readings: DocumentReadings, checks: BibliographyChecks): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const document = editor?.document;
  const format = document ? formatOf(document, document.getText()) : undefined;
  if (!document || !format) {
    void vscode.window.showInformationMessage(CHECK_WORDS.noEditor());
    return;
  }
  const part = await partOf(format);
  const isbns = await isbnsToCheck((await readings.of(document, format)).entries(), part.isPart, yieldToHost);
  if (isbns.length === 0) {
    void vscode.window.showInformationMessage(CHECK_WORDS.nothingToCheck());
    return;
  }
  const results = await lookupWithinQuota(service, isbns, CHECK_WORDS.progress(isbns.length));
  if (!results) {
    void vscode.window.showInformationMessage(CHECK_WORDS.cancelled());
    return;
  }
  if (document.isClosed) {
    void vscode.window.showInformationMessage(CHECK_WORDS.closed());
    return;
  }
  const resultOf = (isbn: string): LookupResult | undefined => {
    const result = results.get(isbn) ?? service.peek(isbn);
    return result === 'pending' ? undefined : result;
  };
  // Compared on the text as it is now; typed into meanwhile, compared again (offsets must be this version's).
  for (let attempt = 0; attempt < 3; attempt++) {
    const version = document.version;
    const { checked, counts } = await checkEntries((await readings.of(document, format)).entries(), part.isPart, resultOf, yieldToHost);
    if (document.isClosed) return;
    if (document.version !== version && attempt < 2) continue;
    checks.set(document, format, checked.map((item) => withWords(item, words)));
    const summary = words.checkSummary(counts, part.entryKind);
    if (counts.otherBook > 0) void vscode.window.showWarningMessage(summary);
    else void vscode.window.showInformationMessage(summary);
    return;
  }
}
