/**
 * ISBN Lens: the composition root, shared by both entries (`extension.ts` for the Node host,
 * `extension.browser.ts` for VS Code for the Web). Builds the services, registers the features,
 * nothing else; what differs between the hosts comes in as a `Platform`.
 */
import * as vscode from 'vscode';
import { ApiKeyStore, GOOGLE_SECRET_NAME } from './editor/infrastructure/apiKeyStore';
import { BibliographyStore } from './editor/infrastructure/bibliographyStore';
import { BibliographyChecks, checkCodeActions } from './editor/features/bibliographyCheck';
import { LazyCodeActions } from './editor/infrastructure/lazyCodeActions';
import { CITING_DOCUMENTS, CitationDefinitionProvider, CitationHoverProvider } from './editor/features/citationHover';
import { IsbnCodeActions } from './editor/features/codeActions';
import { Config } from './editor/infrastructure/config';
import { IsbnDiagnostics } from './editor/features/diagnostics';
import { TEXT_DOCUMENTS } from './editor/infrastructure/documentSelector';
import { DocumentIsbns } from './editor/infrastructure/documentIsbns';
import { DocumentReadings } from './editor/infrastructure/documentReadings';
import { DuplicateCodeActions, DuplicateDiagnostics } from './editor/features/duplicateDiagnostics';
import { IsbnHoverProvider } from './editor/features/hoverProvider';
import { InlineTitles } from './editor/features/inlineTitles';
import { IsbnIndex } from './editor/infrastructure/isbnIndex';
import { Log } from './editor/infrastructure/log';
import { LookupService } from './editor/infrastructure/lookupService';
import { registerCommands } from './editor/features/registerCommands';
import { registerChatTools } from './editor/features/chat/registerChatTools';
import { ReferenceSlot } from './editor/features/referenceSlot';
import { StateNotifier } from './editor/features/stateNotifier';
import { StatusBar } from './editor/features/statusBar';
import type { LookupHost } from './core/host/host';
import * as words from './editor/words/index';

/** What differs between the Node host and the browser's web worker. */
export interface Platform {
  /** The look-up host (HTTP, records, covers), loaded when the first look-up needs it. */
  lookupHost(context: vscode.ExtensionContext): () => Promise<LookupHost>;
  /** When the bundle began to evaluate and when it had been evaluated: for the activation figures. */
  loadStartedAt: number;
  evaluatedAt: number;
}

let service: LookupService | undefined;

/**
 * The log channel opens as the bundle loads: VS Code calls activate() only once the extension's
 * context (its storage, which comes from the window) is ready, and the channel's log file opens
 * meanwhile (asynchronously: a folder, then the writer). Opened in activate(), it opened only
 * after the other extensions activated by the same file had their turn, and our first lines,
 * "Activated" among them, waited for it.
 */
let openedLog: Log | undefined;

/** Opens the log channel: each entry calls it as its bundle loads. */
export function openLog(mirrorToConsole = false): void {
  openedLog ??= new Log({ mirrorToConsole });
}

/** How long after activation the look-up runtime loads if nothing asked for it before. */
const START_AFTER_MS = 1000;

export async function activateWith(context: vscode.ExtensionContext, platform: Platform): Promise<void> {
  const started = performance.now();
  const calledAt = Date.now();
  const log = openedLog ?? new Log();
  openedLog = undefined;
  context.subscriptions.push(log);
  try {
    const config = new Config();
    const keys = new ApiKeyStore(context.secrets);
    const googleKeys = new ApiKeyStore(context.secrets, GOOGLE_SECRET_NAME);
    const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
    service = new LookupService(config, keys, log, googleKeys, version, platform.lookupHost(context));
    const index = new IsbnIndex();
    const isbns = new DocumentIsbns(index);
    const inlineTitles = new InlineTitles(index, service, config);
    const readings = new DocumentReadings();
    const bibliographies = new BibliographyStore(log, readings);
    const references = new ReferenceSlot(config);
    const lookups = service;
    const checks = new BibliographyChecks(readings, (isbn13) => {
      const known = lookups.peek(isbn13);
      return known === 'pending' ? undefined : known;
    });
    context.subscriptions.push(
      config,
      keys,
      googleKeys,
      service,
      new StatusBar(service),
      new StateNotifier(service),
      vscode.languages.registerHoverProvider(TEXT_DOCUMENTS, new IsbnHoverProvider(isbns, service, config, checks, references)),
      index,
      new IsbnDiagnostics(index, service, config),
      vscode.languages.registerCodeActionsProvider(TEXT_DOCUMENTS, new IsbnCodeActions(index, readings), IsbnCodeActions.metadata),
      inlineTitles,
      vscode.languages.registerInlayHintsProvider(TEXT_DOCUMENTS, inlineTitles),
      readings,
      bibliographies,
      references,
      vscode.languages.registerHoverProvider(CITING_DOCUMENTS, new CitationHoverProvider(bibliographies, service, references)),
      vscode.languages.registerDefinitionProvider(CITING_DOCUMENTS, new CitationDefinitionProvider(bibliographies)),
      new DuplicateDiagnostics(config, readings),
      vscode.languages.registerCodeActionsProvider(TEXT_DOCUMENTS, new DuplicateCodeActions(), DuplicateCodeActions.metadata),
      checks,
      vscode.languages.registerCodeActionsProvider(
        TEXT_DOCUMENTS,
        checkCodeActions(async () => new (await import('./editor/features/checkCodeActions')).CheckCodeActions(checks, readings, config)),
        LazyCodeActions.metadata,
      ),
      ...registerCommands({ config, keys, googleKeys, service, isbns, log, readings, checks, references, bibliographies }),
      ...registerChatTools({ service, config, log }),
    );
    // The runtime (the HTTP client), the cache file, the key in SecretStorage and the client
    // come a moment after activate() has returned: loading them holds the extension host's one
    // thread for 50-500 ms, and just after the first Markdown file opens it is busiest (other
    // extensions activate for the same file, and even our "Activated" line waits for the thread).
    // A hover or command that arrives meanwhile loads them itself and waits, as it waits for any
    // look-up on its way. Then the key's plan and quota, where the service tells them (GET /key).
    const startTimer = setTimeout(() => {
      lookups.start().then(
        () => {
          log.info(`Ready for look-ups ${Math.round(performance.now() - started)} ms after activation began.`);
          void import('./editor/features/keyPlanOffer').then(({ checkKeyPlanAtStart }) => checkKeyPlanAtStart(config, lookups, log));
        },
        (e: unknown) => log.error('Could not start the look-up service', e),
      );
      moveRenamedSettings(context, config, log).catch((e: unknown) => log.error('Could not move the renamed settings', e));
    }, START_AFTER_MS);
    context.subscriptions.push({ dispose: () => clearTimeout(startTimer) });
    // The times by this process's clock, for the e2e suite's phases: VS Code calls activate() once
    // both the bundle is evaluated and the extension's context (its storage) is ready. The log
    // line itself is stamped later, when the channel's log file is open.
    log.info(
      `Activated in ${Math.round(performance.now() - started)} ms. Bundle evaluation began at ${new Date(platform.loadStartedAt).toISOString()}, ` +
        `evaluated at ${new Date(platform.evaluatedAt).toISOString()}; ` +
        `activate() called at ${new Date(calledAt).toISOString()}, returned at ${new Date().toISOString()}.`,
    );
  } catch (e) {
    log.error('Activation failed', e);
    void vscode.window.showErrorMessage(words.couldNotStart());
    throw e;
  }
}

/**
 * The book service's settings under their new names (`isbnLens.isbndb.*`), moved once for the
 * user. Nothing waits for it: until then, and after, the old names are read where the new are unset.
 */
async function moveRenamedSettings(context: vscode.ExtensionContext, config: Config, log: Log): Promise<void> {
  const { RenamedSettingsMigration } = await import('./editor/infrastructure/settingsMigration');
  const migration = new RenamedSettingsMigration(config, context.globalState, log);
  context.subscriptions.push(migration);
  await migration.moveOnce();
}

export async function deactivateAll(): Promise<void> {
  await service?.close();
}
