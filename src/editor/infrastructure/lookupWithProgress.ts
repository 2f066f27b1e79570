/** Looks ISBNs up through the batcher under a cancellable notification with a running count. */
import * as vscode from 'vscode';
import type { LookupResult } from '../../core/model/lookup';
import { type ServiceError, isServiceError } from '../../core/model/errors';
import type { LookupService } from './lookupService';
import * as words from '../words/index';
import * as commandWords from '../words/commands';

/** The results, or undefined when the user cancelled. */
export async function lookupWithProgress(service: LookupService, isbns: readonly string[], title: string): Promise<Map<string, LookupResult> | undefined> {
  await service.ready();
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      const listener = token.onCancellationRequested(() => controller.abort());
      let reported = 0;
      try {
        return await service.lookup(isbns, {
          signal: controller.signal,
          // A look-up the user waits for goes ahead of prefetching for hovers.
          urgent: isbns.length === 1,
          onProgress: (done, total) => {
            if (total > 1) progress.report({ message: commandWords.progress.count(done, total), increment: ((done - reported) / total) * 100 });
            reported = done;
          },
        });
      } finally {
        listener.dispose();
      }
    });
  } catch (e) {
    if (isServiceError(e, 'cancelled')) return undefined;
    throw e;
  }
}

/** One book for a command: the result, or undefined when the user cancelled. */
export async function lookupOneWithProgress(service: LookupService, isbn13: string, title: string): Promise<LookupResult | undefined> {
  return (await lookupWithProgress(service, [isbn13], title))?.get(isbn13);
}

/**
 * The one message after a look-up of many ISBNs: the summary, with what went wrong and a
 * way to the log. A spent daily quota is left to the message the queue gives once, with
 * its "Retry Now", so that it is not said twice.
 */
export function reportLookup(service: LookupService, summary: string, firstError: ServiceError | undefined): void {
  const message = words.notice(summary);
  if (!firstError) {
    void vscode.window.showInformationMessage(message);
  } else if (firstError.kind === 'quota' && firstError.details.daily) {
    void vscode.window.showWarningMessage(message);
  } else {
    void vscode.window.showWarningMessage(`${message} ${service.describe(firstError)}`, words.buttons.showLog()).then((choice) => {
      if (choice) void vscode.commands.executeCommand('isbnLens.showLog');
    });
  }
}
