/**
 * "Toggle Inline Titles": switches `isbnLens.inlineTitles.enabled` for the
 * language of the current file. It is written as a language-specific value
 * (`[markdown]`), because the extension's own on-by-default for Markdown and
 * BibTeX is one, and a language-specific value outranks a plain one.
 */
import * as vscode from 'vscode';
import { INLINE_TITLES_SETTING, inlineTitlesEnabled, settingScope } from '../inlineTitles';

export async function toggleInlineTitles(): Promise<void> {
  const document = vscode.window.activeTextEditor?.document;
  if (!document) {
    void vscode.window.showInformationMessage('ISBN Lens: open a file to switch its inline titles on or off.');
    return;
  }
  const scope = settingScope(document);
  const config = vscode.workspace.getConfiguration('isbnLens', scope);
  const enable = !inlineTitlesEnabled(document);
  const inspected = config.inspect<boolean>(INLINE_TITLES_SETTING);
  // Write where a language value is already set, so that it takes effect; else in the user's settings.
  const target =
    inspected?.workspaceFolderLanguageValue !== undefined
      ? vscode.ConfigurationTarget.WorkspaceFolder
      : inspected?.workspaceLanguageValue !== undefined
        ? vscode.ConfigurationTarget.Workspace
        : vscode.ConfigurationTarget.Global;
  await config.update(INLINE_TITLES_SETTING, enable, target, true);
  void vscode.window.showInformationMessage(`ISBN Lens: inline titles are now ${enable ? 'on' : 'off'} in ${scope.languageId} files.`);
}
