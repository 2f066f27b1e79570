/** ISBN Lens on the Node extension host (desktop, remote): the composition root with the Node look-up host. */
// First, so that it is evaluated first.
import { loadStartedAt } from './loadStarted';
import type * as vscode from 'vscode';
import { activateWith, deactivateAll, openLog } from './activation';

/** When the bundle had been evaluated (everything it imports loaded): the e2e suite's activation figures. */
const evaluatedAt = Date.now();
openLog();

export function activate(context: vscode.ExtensionContext): Promise<void> {
  return activateWith(context, {
    loadStartedAt,
    evaluatedAt,
    // undici, the cache file, the shared rate file: from dist/lazy.js on the first look-up.
    lookupHost: (ctx) => () => import('./core/host/node/nodeHost').then(({ nodeHost }) => nodeHost(ctx.globalStorageUri.fsPath, String(ctx.extension.packageJSON.version))),
  });
}

export const deactivate = deactivateAll;
