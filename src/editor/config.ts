/** Typed view of the `isbnLens.*` settings, re-read when they change. */
import * as vscode from 'vscode';
import { DEFAULT_BASE_URLS, type PlanName, isPlanName, parseBaseUrl } from '../core/service/plans';

export type HoverLookupScope = 'document' | 'hovered';

export class Config implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires after any `isbnLens.*` setting changed. */
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('isbnLens')) this.emitter.fire();
    });
  }

  private get section(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration('isbnLens');
  }

  /**
   * Settings that decide where the key goes are read from the user's own settings only.
   * The manifest makes them application-scoped; reading `globalValue` keeps that true
   * even where an old VS Code would still apply a workspace value.
   */
  private userValue<T>(name: string): T | undefined {
    return this.section.inspect<T>(name)?.globalValue;
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

  get batchSize(): number {
    const size = this.section.get<number>('batchSize', 100);
    return Number.isInteger(size) && size >= 1 && size <= 1000 ? size : 100;
  }

  get hoverLookupScope(): HoverLookupScope {
    return this.section.get<string>('hover.lookupScope') === 'hovered' ? 'hovered' : 'document';
  }

  get requestTimeoutMs(): number {
    const seconds = this.section.get<number>('requestTimeoutSeconds', 20);
    return Math.min(Math.max(Number.isFinite(seconds) ? seconds : 20, 2), 120) * 1000;
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
