/** "Set API Key" and "Clear API Key": the key goes into SecretStorage and is checked with one cheap request. */
import * as vscode from 'vscode';
import { typedKeyFault } from '../../../core/keyFormat';
import { isServiceError } from '../../../core/model/errors';
import type { ApiKeyStore } from '../../infrastructure/apiKeyStore';
import type { Config } from '../../infrastructure/config';
import type { LookupService } from '../../infrastructure/lookupService';
import { offerPlanSwitch } from '../keyPlanOffer';
import * as words from '../../words/index';
import * as commandWords from '../../words/commands';

export async function setApiKey(keys: ApiKeyStore, service: LookupService, config: Config): Promise<void> {
  const key = await askForKey(commandWords.apiKey.title(), commandWords.apiKey.prompt(service.plan), commandWords.apiKey.placeHolder());
  if (!key) return;
  await keys.set(key);
  await service.reconnect();
  await checkKey(service, config);
}

/**
 * A key typed into a hidden input box, trimmed; undefined on Escape, empty input or a key that
 * cannot be sent (said as it is typed: a space, NUL or non-ASCII character cannot travel in a header).
 */
async function askForKey(title: string, prompt: string, placeHolder: string): Promise<string | undefined> {
  const key = await vscode.window.showInputBox({
    title,
    prompt,
    placeHolder,
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => {
      const fault = value === '' ? undefined : typedKeyFault(value);
      return fault && commandWords.keyFault(fault);
    },
  });
  return key?.trim() && !typedKeyFault(key) ? key.trim() : undefined;
}

export async function clearApiKey(keys: ApiKeyStore, service: LookupService): Promise<void> {
  await keys.clear();
  await service.reconnect();
  void vscode.window.showInformationMessage(commandWords.apiKey.removed());
}

async function checkKey(service: LookupService, config: Config): Promise<void> {
  const plan = service.plan;
  if (!service.connected) {
    void vscode.window.showWarningMessage(service.problem ? commandWords.apiKey.savedWithProblem(service.problem) : commandWords.apiKey.saved());
    return;
  }
  try {
    const info = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: commandWords.progress.checkingKey(plan), cancellable: true },
      async (_progress, token) => {
        const controller = new AbortController();
        const listener = token.onCancellationRequested(() => controller.abort());
        try {
          return await service.checkKey(controller.signal);
        } finally {
          listener.dispose();
        }
      },
    );
    const keyPlan = service.keyPlan(info);
    if (keyPlan) return await offerPlanSwitch(config, service, keyPlan, true);
    // The same key set again after a refusal keeps its client: it works now, so look-ups went on.
    void vscode.window.showInformationMessage(commandWords.apiKey.works(plan, info?.quota ? words.quota(info.quota) : undefined));
  } catch (e) {
    if (!isServiceError(e)) throw e;
    switch (e.kind) {
      case 'cancelled':
        void vscode.window.showInformationMessage(commandWords.apiKey.checkCancelled());
        return;
      case 'auth':
        void vscode.window.showErrorMessage(commandWords.apiKey.refused(plan), words.buttons.setApiKey()).then((choice) => {
          if (choice) void vscode.commands.executeCommand('isbnLens.setApiKey');
        });
        return;
      case 'wrongPlan': {
        const choice = await vscode.window.showErrorMessage(commandWords.apiKey.wrongPlan(plan), words.buttons.openSettings());
        if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'isbnLens.isbndb.plan');
        return;
      }
      case 'blocked':
        return; // VS Code for the Web refused the service: look-ups stopped, and the state notifier says so, once.
      case 'quota':
        void vscode.window.showWarningMessage(commandWords.apiKey.notCheckedNow(service.describe(e)));
        return;
      default:
        void vscode.window.showWarningMessage(commandWords.apiKey.notChecked(service.describe(e)));
    }
  }
}

/**
 * "Set Google Books API Key": the optional, free key that gives Google Books a daily quota of
 * its own (without one, Google charges a shared anonymous quota that is often spent). Kept in
 * SecretStorage and sent only in Google's X-Goog-Api-Key header, never in an address.
 */
export async function setGoogleBooksKey(keys: ApiKeyStore, service: LookupService): Promise<void> {
  const key = await askForKey(commandWords.apiKey.googleTitle(), commandWords.apiKey.googlePrompt(), commandWords.apiKey.googlePlaceHolder());
  if (!key) return;
  await keys.set(key);
  await service.reconnect();
  const asked = service.sourceNames.includes('googleBooks');
  void vscode.window.showInformationMessage(asked ? commandWords.apiKey.googleSaved() : commandWords.apiKey.googleSavedNotAsked());
}

export async function clearGoogleBooksKey(keys: ApiKeyStore, service: LookupService): Promise<void> {
  await keys.clear();
  await service.reconnect();
  void vscode.window.showInformationMessage(commandWords.apiKey.googleRemoved());
}
