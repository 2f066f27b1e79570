/** "Look Up All ISBNs in File": every ISBN of the document through the batcher, with progress and a summary. */
import * as vscode from 'vscode';
import type { LookupResult } from '../../../core/model/lookup';
import { reportLookup } from '../../infrastructure/lookupWithProgress';
import { lookupWithinQuota } from '../../infrastructure/lookupWithinQuota';
import type { DocumentIsbns } from '../../infrastructure/documentIsbns';
import type { LookupService } from '../../infrastructure/lookupService';
import { summarize } from '../../../core/lookupSummary';
import * as commandWords from '../../words/commands';

export async function lookupAllInFile(isbns: DocumentIsbns, service: LookupService): Promise<Map<string, LookupResult> | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(commandWords.lookupAll.noEditor());
    return undefined;
  }
  const document = editor.document;
  const matches = isbns.get(document);
  const invalid = new Set(matches.filter((m) => !m.valid).map((m) => m.raw.replace(/[^0-9Xx]/g, ''))).size;
  const { first, rest } = isbns.isbn13s(document, editor.visibleRanges);
  const all = [...first, ...rest];
  if (all.length === 0) {
    void vscode.window.showInformationMessage(invalid > 0 ? commandWords.lookupAll.noValidIsbn(invalid) : commandWords.lookupAll.noIsbn());
    return undefined;
  }
  const results = await lookupWithinQuota(service, all, commandWords.progress.lookingUpMany(all.length));
  if (!results) {
    void vscode.window.showInformationMessage(commandWords.lookupAll.cancelled());
    return undefined;
  }
  const summary = summarize(results.values(), invalid);
  reportLookup(service, commandWords.lookupSummary(summary), summary.firstError);
  return results;
}
