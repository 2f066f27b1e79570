/**
 * "Toggle Inline Titles": switches `isbnLens.inlineTitles.enabled` for the
 * language of the current file. It is written as a language-specific value
 * (`[markdown]`), because the extension's own on-by-default for Markdown and
 * BibTeX is one, and a language-specific value outranks a plain one.
 */
import * as vscode from 'vscode';
import { type Config, settingScope } from '../../infrastructure/config';
import * as words from '../../words/commands';

export async function toggleInlineTitles(config: Config): Promise<void> {
  const document = vscode.window.activeTextEditor?.document;
  if (!document) {
    void vscode.window.showInformationMessage(words.inlineTitles.noEditor());
    return;
  }
  const enable = await config.toggleInlineTitles(document);
  void vscode.window.showInformationMessage(words.inlineTitles.switched(enable, settingScope(document).languageId));
}
