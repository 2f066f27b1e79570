/** "Look Up All ISBNs in File": every ISBN of the document through the batcher, with progress and a summary. */
import * as vscode from 'vscode';
import type { LookupResult } from '../../core/service/batcher';
import { isServiceError } from '../../core/service/errors';
import type { DocumentIsbns } from '../documentIsbns';
import type { LookupService } from '../lookupService';
import { summarize } from '../../core/lookupSummary';

export async function lookupAllInFile(isbns: DocumentIsbns, service: LookupService): Promise<Map<string, LookupResult> | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage('ISBN Lens: open a file to look up its ISBNs.');
    return undefined;
  }
  const document = editor.document;
  const matches = isbns.get(document);
  const invalid = new Set(matches.filter((m) => !m.valid).map((m) => m.raw.replace(/[^0-9Xx]/g, ''))).size;
  const { first, rest } = isbns.isbn13s(document, editor.visibleRanges);
  const all = [...first, ...rest];
  if (all.length === 0) {
    void vscode.window.showInformationMessage(invalid > 0 ? `ISBN Lens: no valid ISBN in this file (${invalid} invalid).` : 'ISBN Lens: no ISBN in this file.');
    return undefined;
  }
  await service.ready();

  let results: Map<string, LookupResult>;
  try {
    results = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `ISBN Lens: looking up ${all.length} ISBN${all.length === 1 ? '' : 's'}`, cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const listener = token.onCancellationRequested(() => controller.abort());
        let reported = 0;
        try {
          return await service.batcher.lookup(all, {
            signal: controller.signal,
            onProgress: (done, total) => {
              progress.report({ message: `${done} of ${total}`, increment: ((done - reported) / total) * 100 });
              reported = done;
            },
          });
        } finally {
          listener.dispose();
        }
      },
    );
  } catch (e) {
    if (isServiceError(e, 'cancelled')) {
      void vscode.window.showInformationMessage('ISBN Lens: look-up cancelled. What was found so far is kept for hovers.');
      return undefined;
    }
    throw e;
  }

  const summary = summarize(results.values(), invalid);
  const message = `ISBN Lens: ${summary.text}`;
  if (summary.firstError) {
    const detail = service.describe(summary.firstError);
    void vscode.window.showWarningMessage(`${message} ${detail}`, 'Show Log').then((choice) => {
      if (choice) void vscode.commands.executeCommand('isbnLens.showLog');
    });
  } else {
    void vscode.window.showInformationMessage(message);
  }
  return results;
}
