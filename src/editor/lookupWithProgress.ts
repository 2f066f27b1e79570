/** Looks ISBNs up through the batcher under a cancellable notification with a running count. */
import * as vscode from 'vscode';
import type { LookupResult } from '../core/service/batcher';
import { isServiceError } from '../core/service/errors';
import type { LookupService } from './lookupService';

/** The results, or undefined when the user cancelled. */
export async function lookupWithProgress(service: LookupService, isbns: readonly string[], title: string): Promise<Map<string, LookupResult> | undefined> {
  await service.ready();
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      const listener = token.onCancellationRequested(() => controller.abort());
      let reported = 0;
      try {
        return await service.batcher.lookup(isbns, {
          signal: controller.signal,
          // A look-up the user waits for goes ahead of prefetching for hovers.
          urgent: isbns.length === 1,
          onProgress: (done, total) => {
            if (total > 1) progress.report({ message: `${done} of ${total}`, increment: ((done - reported) / total) * 100 });
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
