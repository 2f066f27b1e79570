/** ISBN Lens: the composition root. Builds the services, registers the features, nothing else. */
import * as vscode from 'vscode';
import { ApiKeyStore } from './editor/apiKeyStore';
import { Config } from './editor/config';
import { DocumentIsbns } from './editor/documentIsbns';
import { IsbnHoverProvider } from './editor/hoverProvider';
import { Log } from './editor/log';
import { LookupService } from './editor/lookupService';
import { registerCommands } from './editor/registerCommands';
import { StatusBar } from './editor/statusBar';

/** Documents of every language, on disk, unsaved or in a virtual workspace; not output panels. */
const TEXT_DOCUMENTS: vscode.DocumentSelector = ['file', 'untitled', 'vscode-vfs', 'vscode-remote', 'vscode-userdata'].map((scheme) => ({ scheme }));

let service: LookupService | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const started = performance.now();
  const log = new Log();
  context.subscriptions.push(log);
  try {
    const config = new Config();
    const keys = new ApiKeyStore(context.secrets);
    const cacheFile = vscode.Uri.joinPath(context.globalStorageUri, 'book-cache.json').fsPath;
    service = new LookupService(config, keys, log, cacheFile);
    const isbns = new DocumentIsbns();
    context.subscriptions.push(
      config,
      keys,
      service,
      isbns,
      new StatusBar(service),
      vscode.languages.registerHoverProvider(TEXT_DOCUMENTS, new IsbnHoverProvider(isbns, service, config)),
      ...registerCommands({ keys, service, isbns, log }),
    );
    await service.start();
    log.info(`Activated in ${Math.round(performance.now() - started)} ms.`);
  } catch (e) {
    log.error('Activation failed', e);
    void vscode.window.showErrorMessage('ISBN Lens could not start. Details are in “ISBN Lens: Show Log”.');
    throw e;
  }
}

export async function deactivate(): Promise<void> {
  await service?.flush();
}
