/** Every command of the extension, bound to the services it needs. */
import * as vscode from 'vscode';
import type { ApiKeyStore } from '../infrastructure/apiKeyStore';
import type { Config } from '../infrastructure/config';
import { annotateFile, type AnnotateArgs } from './commands/annotateFile';
import { clearApiKey, setApiKey } from './commands/apiKey';
import { insertBibtexEntry } from './commands/insertBibtexEntry';
import { insertEntry } from './commands/insertEntry';
import { lookupAllInFile } from './commands/lookupAllInFile';
import { lookupAuthor } from './commands/lookupAuthor';
import { lookupIsbn } from './commands/lookupIsbn';
import { statusMenu } from './commands/statusMenu';
import { toggleInlineTitles } from './commands/toggleInlineTitles';
import type { DocumentIsbns } from '../infrastructure/documentIsbns';
import type { Log } from '../infrastructure/log';
import type { LookupService } from '../infrastructure/lookupService';
import { STATUS_MENU_COMMAND } from './statusBar';

export interface CommandServices {
  config: Config;
  keys: ApiKeyStore;
  service: LookupService;
  isbns: DocumentIsbns;
  log: Log;
}

export function registerCommands({ config, keys, service, isbns, log }: CommandServices): vscode.Disposable[] {
  const commands: Record<string, (...args: unknown[]) => unknown> = {
    'isbnLens.setApiKey': () => setApiKey(keys, service, config),
    'isbnLens.clearApiKey': () => clearApiKey(keys, service),
    'isbnLens.lookupAuthor': () => lookupAuthor(service, config),
    'isbnLens.lookupIsbn': () => lookupIsbn(isbns, service, config),
    'isbnLens.lookupAllInFile': () => lookupAllInFile(isbns, service),
    'isbnLens.annotateFile': (args) => annotateFile(service, config, args as AnnotateArgs | undefined),
    'isbnLens.insertBibtexEntry': () => insertBibtexEntry(isbns, service, config),
    'isbnLens.insertEntry': () => insertEntry(isbns, service, config),
    'isbnLens.toggleInlineTitles': () => toggleInlineTitles(config),
    'isbnLens.retryNow': () => service.resume(),
    'isbnLens.showLog': () => log.show(),
    [STATUS_MENU_COMMAND]: () => statusMenu(),
  };
  return Object.entries(commands).map(([id, run]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await run(...args);
      } catch (e) {
        // Last line of defence: one clear message, details in the log, never a stack trace.
        log.error(`Command ${id} failed`, e);
        void vscode.window.showErrorMessage('ISBN Lens: something went wrong. Details are in “ISBN Lens: Show Log”.');
        return undefined;
      }
    }),
  );
}
