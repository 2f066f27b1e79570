/** What the status bar item offers when clicked. */
import * as vscode from 'vscode';

const ENTRIES: { label: string; command: string }[] = [
  { label: '$(search) Look Up All ISBNs in File', command: 'isbnLens.lookupAllInFile' },
  { label: '$(book) Look Up ISBN', command: 'isbnLens.lookupIsbn' },
  { label: '$(person) Look Up Author', command: 'isbnLens.lookupAuthor' },
  { label: '$(checklist) Check Bibliography', command: 'isbnLens.checkBibliography' },
  { label: '$(debug-restart) Retry Now', command: 'isbnLens.retryNow' },
  { label: '$(key) Set API Key', command: 'isbnLens.setApiKey' },
  { label: '$(trash) Clear API Key', command: 'isbnLens.clearApiKey' },
  { label: '$(key) Set Google Books API Key', command: 'isbnLens.setGoogleBooksKey' },
  { label: '$(output) Show Log', command: 'isbnLens.showLog' },
];

export async function statusMenu(): Promise<void> {
  const choice = await vscode.window.showQuickPick(ENTRIES, { title: 'ISBN Lens', placeHolder: 'Choose a command' });
  if (choice) await vscode.commands.executeCommand(choice.command);
}
