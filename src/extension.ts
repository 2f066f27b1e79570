/** ISBN Lens: the composition root. Builds the services, registers the features, nothing else. */
import * as vscode from 'vscode';
import { ApiKeyStore } from './editor/infrastructure/apiKeyStore';
import { IsbnCodeActions } from './editor/features/codeActions';
import { Config } from './editor/infrastructure/config';
import { IsbnDiagnostics } from './editor/features/diagnostics';
import { TEXT_DOCUMENTS } from './editor/infrastructure/documentSelector';
import { DocumentIsbns } from './editor/infrastructure/documentIsbns';
import { IsbnHoverProvider } from './editor/features/hoverProvider';
import { InlineTitles } from './editor/features/inlineTitles';
import { checkKeyPlanAtStart } from './editor/features/keyPlanOffer';
import { IsbnIndex } from './editor/infrastructure/isbnIndex';
import { Log } from './editor/infrastructure/log';
import { LookupService } from './editor/infrastructure/lookupService';
import { registerCommands } from './editor/features/registerCommands';
import { StateNotifier } from './editor/features/stateNotifier';
import { StatusBar } from './editor/features/statusBar';

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
    // The key's plan and quota, where the service tells them (GET /key); not waited for.
    void checkKeyPlanAtStart(config, service, log);
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
