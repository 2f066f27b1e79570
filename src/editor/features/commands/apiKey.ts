/** "Set API Key" and "Clear API Key": the key goes into SecretStorage and is checked with one cheap request. */
import * as vscode from 'vscode';
import { apiKeyProblem } from '../../../core/keyFormat';
import { isServiceError } from '../../../core/model/errors';
import { type KeyInfo, quotaText } from '../../../core/model/quota';
import type { ApiKeyStore } from '../../infrastructure/apiKeyStore';
import type { Config } from '../../infrastructure/config';
import type { LookupService } from '../../infrastructure/lookupService';
import { offerPlanSwitch } from '../keyPlanOffer';

export async function setApiKey(keys: ApiKeyStore, service: LookupService, config: Config): Promise<void> {
  const key = await askForKey(
    'ISBN Lens: Set API Key',
    `Your book service REST key for the ${service.plan} plan. It is kept in VS Code's secret storage and sent only to the plan's address.`,
    'Paste your API key',
  );
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
    validateInput: (value) => (value === '' ? undefined : apiKeyProblem(value)),
  });
  return key?.trim() && !apiKeyProblem(key) ? key.trim() : undefined;
}

export async function clearApiKey(keys: ApiKeyStore, service: LookupService): Promise<void> {
  await keys.clear();
  await service.reconnect();
  void vscode.window.showInformationMessage('ISBN Lens: API key removed.');
}

async function checkKey(service: LookupService, config: Config): Promise<void> {
  const plan = service.plan;
  if (!service.connected) {
    void vscode.window.showWarningMessage(`ISBN Lens: API key saved. ${service.problem ?? ''}`.trim());
    return;
  }
  try {
    const info = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `ISBN Lens: checking the key on the ${plan} plan…`, cancellable: true },
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
    if (keyPlan) return await offerPlanSwitch(config, service, keyPlan, 'ISBN Lens: API key saved.');
    // The same key set again after a refusal keeps its client: it works now, so look-ups went on.
    void vscode.window.showInformationMessage(`ISBN Lens: API key saved. It works on the ${plan} plan.${quotaSentence(info)}`);
  } catch (e) {
    if (!isServiceError(e)) throw e;
    switch (e.kind) {
      case 'cancelled':
        void vscode.window.showInformationMessage('ISBN Lens: API key saved; the check was cancelled.');
        return;
      case 'auth':
        void vscode.window.showErrorMessage(`ISBN Lens: API key saved, but the service refused it on the ${plan} plan. Check the key and set it again.`, 'Set API Key').then((choice) => {
          if (choice) void vscode.commands.executeCommand('isbnLens.setApiKey');
        });
        return;
      case 'wrongPlan': {
        const choice = await vscode.window.showErrorMessage(
          `ISBN Lens: API key saved, but it belongs to another plan: the ${plan} plan's address denies it. Set “isbnLens.plan” to the key's plan.`,
          'Open Settings',
        );
        if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'isbnLens.plan');
        return;
      }
      case 'blocked':
        return; // VS Code for the Web refused the service: look-ups stopped, and the state notifier says so, once.
      case 'quota':
        void vscode.window.showWarningMessage(`ISBN Lens: API key saved. It could not be checked now: ${service.describe(e)}`);
        return;
      default:
        void vscode.window.showWarningMessage(`ISBN Lens: API key saved, but it could not be checked. ${service.describe(e)}`);
    }
  }
}

function quotaSentence(info: KeyInfo | undefined): string {
  return info?.quota ? ` Today's quota: ${quotaText(info.quota)}.` : '';
}

/**
 * "Set Google Books API Key": the optional, free key that gives Google Books a daily quota of
 * its own (without one, Google charges a shared anonymous quota that is often spent). Kept in
 * SecretStorage and sent only in Google's X-Goog-Api-Key header, never in an address.
 */
export async function setGoogleBooksKey(keys: ApiKeyStore, service: LookupService): Promise<void> {
  const key = await askForKey(
    'ISBN Lens: Set Google Books API Key',
    "A free Google Books API key (Google Cloud console → APIs & Services → Credentials). It is kept in VS Code's secret storage and sent only to Google Books, in its X-Goog-Api-Key header.",
    'Paste your Google Books API key',
  );
  if (!key) return;
  await keys.set(key);
  await service.reconnect();
  const asked = service.sourceNames.includes('googleBooks');
  void vscode.window.showInformationMessage(
    asked ? 'ISBN Lens: Google Books API key saved; Google Books is asked with it.' : 'ISBN Lens: Google Books API key saved. Google Books is not among “isbnLens.sources”, so it is not asked.',
  );
}

export async function clearGoogleBooksKey(keys: ApiKeyStore, service: LookupService): Promise<void> {
  await keys.clear();
  await service.reconnect();
  void vscode.window.showInformationMessage('ISBN Lens: Google Books API key removed; Google Books is asked without a key.');
}
