/** What the status bar item offers when clicked. */
import * as vscode from 'vscode';
import * as words from '../../words/commands';

const ENTRIES: { label: () => string; command: string }[] = [
  { label: words.statusMenu.lookupAllInFile, command: 'isbnLens.lookupAllInFile' },
  { label: words.statusMenu.lookupIsbn, command: 'isbnLens.lookupIsbn' },
  { label: words.statusMenu.lookupAuthor, command: 'isbnLens.lookupAuthor' },
  { label: words.statusMenu.checkBibliography, command: 'isbnLens.checkBibliography' },
  { label: words.statusMenu.retryNow, command: 'isbnLens.retryNow' },
  { label: words.statusMenu.setApiKey, command: 'isbnLens.setApiKey' },
  { label: words.statusMenu.clearApiKey, command: 'isbnLens.clearApiKey' },
  { label: words.statusMenu.setGoogleBooksKey, command: 'isbnLens.setGoogleBooksKey' },
  { label: words.statusMenu.showLog, command: 'isbnLens.showLog' },
];

export async function statusMenu(): Promise<void> {
  const items = ENTRIES.map(({ label, command }) => ({ label: label(), command }));
  const choice = await vscode.window.showQuickPick(items, { title: words.statusMenu.title(), placeHolder: words.statusMenu.placeHolder() });
  if (choice) await vscode.commands.executeCommand(choice.command);
}
