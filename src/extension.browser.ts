/**
 * ISBN Lens in VS Code for the Web (vscode.dev, github.dev): the composition root with the
 * browser's look-up host. It runs in the browser's web-worker extension host, where `require`
 * knows only `vscode`: esbuild.js makes this entry one self-contained file (dist/web/extension.js),
 * the lazy modules inlined, with no Node built-in.
 */
import { loadStartedAt } from './loadStarted';
import type * as vscode from 'vscode';
import { activateWith, deactivateAll, openLog } from './activation';

const evaluatedAt = Date.now();
// The output channel is kept in the browser here: its lines go to the worker's console too.
openLog(true);

export function activate(context: vscode.ExtensionContext): Promise<void> {
  return activateWith(context, {
    loadStartedAt,
    evaluatedAt,
    lookupHost: (ctx) => () => import('./core/host/browser/browserHost').then(({ browserHost }) => browserHost(ctx.globalState)),
  });
}

export const deactivate = deactivateAll;
