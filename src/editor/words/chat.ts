/**
 * The words a user reads of the chat's tools (VS Code's chat shows them while a tool runs and
 * after): loaded with the tools, on their first call. What the tools answer is read by the
 * language model, in English, from the core (src/core/chat/).
 */
import * as vscode from 'vscode';
import { progress } from './commands';

export const chatTools = {
  lookingUp: (count: number) => progress.lookingUpMany(count),
  checking: () => vscode.l10n.t('ISBN Lens: checking the references against their books'),
  finding: (what: string) => vscode.l10n.t('ISBN Lens: searching for {0}', what),
  findingAnything: () => vscode.l10n.t('ISBN Lens: searching for books'),
};
