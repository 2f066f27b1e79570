/**
 * Every command of the extension, bound to the services it needs. The commands that do real
 * work load on their first run (a dynamic import: the lazily loaded bundle), so that opening a
 * Markdown file does not load them; only the one-liners are here at once.
 */
import * as vscode from 'vscode';
import type { AnnotateArgs } from './commands/annotateFile';
import type { BibliographyChecks } from './bibliographyCheck';
import type { CopyArgs } from './referenceLine';
import type { BibliographyStore } from '../infrastructure/bibliographyStore';
import type { ReferenceSlot } from './referenceSlot';
import type { ApiKeyStore } from '../infrastructure/apiKeyStore';
import type { Config } from '../infrastructure/config';
import type { DocumentReadings } from '../infrastructure/documentReadings';
import type { DocumentIsbns } from '../infrastructure/documentIsbns';
import type { Log } from '../infrastructure/log';
import type { LookupService } from '../infrastructure/lookupService';
import { STATUS_MENU_COMMAND } from './statusBar';
import * as words from '../words/index';

export interface CommandServices {
  config: Config;
  keys: ApiKeyStore;
  /** The optional Google Books API key. */
  googleKeys: ApiKeyStore;
  service: LookupService;
  isbns: DocumentIsbns;
  log: Log;
  /** The window's readings of bibliography documents. */
  readings: DocumentReadings;
  /** Check Bibliography's diagnostics. */
  checks: BibliographyChecks;
  /** References in the user's citation style (Copy Reference, Annotate's reference form). */
  references: ReferenceSlot;
  /** Citation keys' entries. */
  bibliographies: BibliographyStore;
}

export function registerCommands(services: CommandServices): vscode.Disposable[] {
  const { config, keys, googleKeys, service, isbns, log, readings, checks, references } = services;
  const commands: Record<string, (...args: unknown[]) => unknown> = {
    'isbnLens.setApiKey': async () => (await import('./commands/apiKey')).setApiKey(keys, service, config),
    'isbnLens.clearApiKey': async () => (await import('./commands/apiKey')).clearApiKey(keys, service),
    'isbnLens.setGoogleBooksKey': async () => (await import('./commands/apiKey')).setGoogleBooksKey(googleKeys, service),
    'isbnLens.clearGoogleBooksKey': async () => (await import('./commands/apiKey')).clearGoogleBooksKey(googleKeys, service),
    'isbnLens.lookupAuthor': async () => (await import('./commands/lookupAuthor')).lookupAuthor(service, config, readings),
    'isbnLens.lookupIsbn': async () => (await import('./commands/lookupIsbn')).lookupIsbn(isbns, service, config, readings),
    'isbnLens.lookupAllInFile': async () => (await import('./commands/lookupAllInFile')).lookupAllInFile(isbns, service),
    'isbnLens.annotateFile': async (args) => (await import('./commands/annotateFile')).annotateFile(service, config, readings, args as AnnotateArgs | undefined, references),
    'isbnLens.checkBibliography': async () => (await import('./commands/checkBibliography')).checkBibliography(service, readings, checks),
    'isbnLens.insertBibtexEntry': async () => (await import('./commands/insertBibtexEntry')).insertBibtexEntry(isbns, service, config, readings),
    'isbnLens.insertEntry': async () => (await import('./commands/insertEntry')).insertEntry(isbns, service, config, readings),
    // The copy commands load with the references (referenceSlot.ts).
    'isbnLens.copyReference': async (args) => (await references.get()).copyReference(services, args as CopyArgs | undefined),
    'isbnLens.copyBibliography': async () => (await references.get()).copyBibliography(services),
    'isbnLens.findBook': async () => (await import('./commands/findBook')).findBook(service, config, readings),
    'isbnLens.showEditions': async (uri, range) => (await import('./commands/findBook')).showEditions(service, config, readings, uri, range),
    'isbnLens.findMissingIsbns': async () => (await import('./commands/findBook')).findMissingIsbns(service, readings),
    'isbnLens.findIsbnForEntry': async (uri, offset) => (await import('./commands/findBook')).findIsbnForEntry(service, readings, uri, offset),
    'isbnLens.toggleInlineTitles': async () => (await import('./commands/toggleInlineTitles')).toggleInlineTitles(config),
    'isbnLens.retryNow': () => service.resume(),
    'isbnLens.showLog': () => log.show(),
    [STATUS_MENU_COMMAND]: async () => (await import('./commands/statusMenu')).statusMenu(),
  };
  return Object.entries(commands).map(([id, run]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await run(...args);
      } catch (e) {
        // Last line of defence: one clear message, details in the log, never a stack trace.
        log.error(`Command ${id} failed`, e);
        void vscode.window.showErrorMessage(words.commandFailed());
        return undefined;
      }
    }),
  );
}
