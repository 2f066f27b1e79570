/**
 * Every `isbnLens.*` setting, typed, in one place. Settings that decide where the key goes
 * are read from the user's own settings only; the language-overridable ones are read for
 * a document. Listeners get the change event and ask `changed(event, key)` whether it
 * concerns them, so only what a setting affects is redone.
 */
import * as vscode from 'vscode';
import { bibliographyFormat } from '../../core/documentKind/documentKind';
import type { DialectSetting } from '../../core/formats/bibtex/dialect';
import { DEFAULT_BASE_URLS, PLAN_NAMES, type PlanName, batchSizeFor, isPlanName, parseBaseUrl } from '../../core/model/plans';
import { RENAMED_SETTINGS, type RenamedSetting, type RenamedValues, effectiveValue } from '../../core/model/renamedSettings';
import { type SourceName, type SourceUrlName, parseSourceUrl, parseSources } from '../../core/sources/sourceSettings';

export type HoverLookupScope = 'document' | 'hovered';
export type DiagnosticsSeverity = 'error' | 'warning' | 'information' | 'hint' | 'off';

/**
 * The settings' names under `isbnLens.`. `plan`, `baseUrls` and `batchSize` stand for the book
 * service's settings, `isbnLens.isbndb.*`, and their old names (see renamedSettings.ts).
 */
export type SettingKey = 'plan' | 'baseUrls' | 'sources' | 'sourceUrls' | 'batchSize' | 'hover.lookupScope' | 'requestTimeoutSeconds' | 'diagnostics.severity' | 'inlineTitles.enabled' | 'bibtex.dialect' | 'citeKey.pattern' | 'citation.style' | 'citation.locale' | 'annotate.markdownForm';

const SECTION = 'isbnLens';
const SEVERITIES: readonly DiagnosticsSeverity[] = ['error', 'warning', 'information', 'hint', 'off'];

/**
 * The scope a language-overridable setting is read and written in. Without a BibTeX
 * extension VS Code opens .bib files as plain text; they still count as BibTeX here, so
 * that the BibTeX default applies to them.
 */
export function settingScope(document: vscode.TextDocument): { uri: vscode.Uri; languageId: string } {
  const bib = document.languageId === 'plaintext' && bibliographyFormat(document) === 'bibtex';
  return { uri: document.uri, languageId: bib ? 'bibtex' : document.languageId };
}

export class Config implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.ConfigurationChangeEvent>();
  /** Fires after any `isbnLens.*` setting changed; see `changed`. */
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SECTION)) this.emitter.fire(event);
    });
  }

  /** Whether the change concerns any of these settings. */
  changed(event: vscode.ConfigurationChangeEvent, ...keys: SettingKey[]): boolean {
    return keys.some(
      (key) => event.affectsConfiguration(`${SECTION}.${key}`) || (isRenamed(key) && event.affectsConfiguration(`${SECTION}.${RENAMED_SETTINGS[key]}`)),
    );
  }

  private get section(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  /**
   * Settings that decide where the key goes are read from the user's own settings only.
   * The manifest makes them application-scoped; reading `globalValue` keeps that true
   * even where an old VS Code would still apply a workspace value.
   */
  private userValue<T>(name: SettingKey): T | undefined {
    if (isRenamed(name)) return effectiveValue(this.renamedValues(name)) as T | undefined;
    return this.section.inspect<T>(name)?.globalValue;
  }

  /** A renamed setting's values in the user's settings, under its old and its new name. */
  renamedValues(name: RenamedSetting): RenamedValues {
    const section = this.section;
    return { old: section.inspect(name)?.globalValue, current: section.inspect(RENAMED_SETTINGS[name])?.globalValue };
  }

  /** Writes a renamed setting's value under its new name in the user's settings. */
  async setRenamed(name: RenamedSetting, value: unknown): Promise<void> {
    await this.section.update(RENAMED_SETTINGS[name], value, vscode.ConfigurationTarget.Global);
  }

  get plan(): PlanName {
    const plan = this.userValue<string>('plan');
    return isPlanName(plan) ? plan : 'default';
  }

  /** The configured base address of the plan; `undefined` when the setting is not a usable URL. */
  baseUrl(plan: PlanName = this.plan): URL | undefined {
    const urls = this.userValue<Partial<Record<PlanName, unknown>>>('baseUrls') ?? {};
    return parseBaseUrl(urls[plan] ?? DEFAULT_BASE_URLS[plan]);
  }

  /** The configured address of every plan, for telling which plan a host the service names is. */
  baseUrls(): Record<PlanName, URL | undefined> {
    return Object.fromEntries(PLAN_NAMES.map((plan) => [plan, this.baseUrl(plan)])) as Record<PlanName, URL | undefined>;
  }

  /** `isbnLens.sources`: the sources in the order they are asked (user settings only: a workspace cannot choose where ISBNs go). */
  get sources(): SourceName[] {
    return parseSources(this.userValue<unknown>('sources'));
  }

  /** A keyless service's address from `isbnLens.sourceUrls` (user settings only), or undefined when it is not usable. */
  sourceUrl(name: SourceUrlName): URL | undefined {
    return parseSourceUrl(this.userValue<unknown>('sourceUrls'), name);
  }

  /** Sets the plan in the user's settings (the only place it is read from). */
  async setPlan(plan: PlanName): Promise<void> {
    await this.setRenamed('plan', plan);
    // Kept in step where the old name is still written, for an older ISBN Lens reading the same settings.
    if (this.renamedValues('plan').old !== undefined) await this.section.update('plan', plan, vscode.ConfigurationTarget.Global);
  }

  /** ISBNs per batch: the number the user set, else the plan's published maximum. */
  get batchSize(): number {
    // Application-scoped: only the user's own value counts as set.
    return batchSizeFor(this.plan, this.userValue<number>('batchSize'));
  }

  get hoverLookupScope(): HoverLookupScope {
    return this.section.get<string>('hover.lookupScope') === 'hovered' ? 'hovered' : 'document';
  }

  get requestTimeoutMs(): number {
    const seconds = this.section.get<number>('requestTimeoutSeconds', 20);
    return Math.min(Math.max(Number.isFinite(seconds) ? seconds : 20, 2), 120) * 1000;
  }

  /** `isbnLens.diagnostics.severity` as it applies to this document's language. */
  diagnosticsSeverity(document: vscode.TextDocument): DiagnosticsSeverity {
    const value = vscode.workspace.getConfiguration(SECTION, settingScope(document)).get<string>('diagnostics.severity', 'warning');
    return (SEVERITIES as readonly string[]).includes(value) ? (value as DiagnosticsSeverity) : 'warning';
  }

  /** `isbnLens.inlineTitles.enabled` as it applies to this document's language. */
  inlineTitlesEnabled(document: vscode.TextDocument): boolean {
    return vscode.workspace.getConfiguration(SECTION, settingScope(document)).get<boolean>('inlineTitles.enabled', false) === true;
  }

  /** `isbnLens.bibtex.dialect` for this document: which fields new and filled BibTeX entries get. */
  bibtexDialect(document?: vscode.TextDocument): DialectSetting {
    const value = vscode.workspace.getConfiguration(SECTION, document?.uri).get<string>('bibtex.dialect', 'auto');
    return value === 'bibtex' || value === 'biblatex' ? value : 'auto';
  }

  /** `isbnLens.citeKey.pattern` for this document, as written (the core falls back to the default when it is unusable). */
  citeKeyPattern(document?: vscode.TextDocument): string | undefined {
    const value = vscode.workspace.getConfiguration(SECTION, document?.uri).get<string>('citeKey.pattern');
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  }

  /** `isbnLens.citation.style`, `.locale`, `annotate.markdownForm` (for a document): the value as written, read by the references' code. */
  setting(name: 'citation.style' | 'citation.locale' | 'annotate.markdownForm', document?: vscode.TextDocument): unknown {
    return vscode.workspace.getConfiguration(SECTION, document?.uri).get(name);
  }

  /** Switches inline titles for the document's language; returns the new value. */
  async toggleInlineTitles(document: vscode.TextDocument): Promise<boolean> {
    const config = vscode.workspace.getConfiguration(SECTION, settingScope(document));
    const enable = !this.inlineTitlesEnabled(document);
    const inspected = config.inspect<boolean>('inlineTitles.enabled');
    // Write where a language value is already set, so that it takes effect; else in the user's settings.
    const target =
      inspected?.workspaceFolderLanguageValue !== undefined
        ? vscode.ConfigurationTarget.WorkspaceFolder
        : inspected?.workspaceLanguageValue !== undefined
          ? vscode.ConfigurationTarget.Workspace
          : vscode.ConfigurationTarget.Global;
    await config.update('inlineTitles.enabled', enable, target, true);
    return enable;
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}

function isRenamed(key: SettingKey): key is RenamedSetting {
  return Object.hasOwn(RENAMED_SETTINGS, key);
}
