/** ISBN Lens: the composition root. Builds the services, registers the features, nothing else. */
import * as vscode from 'vscode';
import { ApiKeyStore } from './editor/apiKeyStore';
import { IsbnCodeActions } from './editor/codeActions';
import { Config } from './editor/config';
import { IsbnDiagnostics } from './editor/diagnostics';
import { TEXT_DOCUMENTS } from './editor/documentSelector';
import { DocumentIsbns } from './editor/documentIsbns';
import { IsbnHoverProvider } from './editor/hoverProvider';
import { InlineTitles } from './editor/inlineTitles';
import { IsbnIndex } from './editor/isbnIndex';
import { Log } from './editor/log';
import { LookupService } from './editor/lookupService';
import { registerCommands } from './editor/registerCommands';
import { StateNotifier } from './editor/stateNotifier';
import { StatusBar } from './editor/statusBar';

let service: LookupService | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const started = performance.now();
  const log = new Log();
  context.subscriptions.push(log);
  try {
    const config = new Config();
    const keys = new ApiKeyStore(context.secrets);
    service = new LookupService(config, keys, log, context.globalStorageUri.fsPath);
    const index = new IsbnIndex();
    const isbns = new DocumentIsbns(index);
    const inlineTitles = new InlineTitles(index, service, config);
    context.subscriptions.push(
      config,
      keys,
      service,
      new StatusBar(service),
      new StateNotifier(service),
      vscode.languages.registerHoverProvider(TEXT_DOCUMENTS, new IsbnHoverProvider(isbns, service, config)),
      index,
      new IsbnDiagnostics(index, service, config),
      vscode.languages.registerCodeActionsProvider(TEXT_DOCUMENTS, new IsbnCodeActions(index), IsbnCodeActions.metadata),
      inlineTitles,
      vscode.languages.registerInlayHintsProvider(TEXT_DOCUMENTS, inlineTitles),
      ...registerCommands({ config, keys, service, isbns, log }),
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
  await service?.close();
}
