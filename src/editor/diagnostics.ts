/**
 * Problems with ISBNs in every open document: invalid ones where an ISBN is
 * meant (severity from `isbnLens.diagnostics.severity`), and, as information,
 * those a look-up reported unknown. Updated from the incremental index as the
 * user types, and when the look-up cache or the setting changes.
 */
import * as vscode from 'vscode';
import { isbnProblems } from '../core/diagnostics/isbnProblems';
import { IsbnIndex } from './isbnIndex';
import type { LookupService } from './lookupService';

export const DIAGNOSTIC_SOURCE = 'ISBN Lens';
const SEVERITY_SETTING = 'diagnostics.severity';

const SEVERITIES: Record<string, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

export class IsbnDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('isbnLens');
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly index: IsbnIndex,
    private readonly service: LookupService,
  ) {
    this.subscriptions = [
      this.collection,
      index.onDidUpdate((document) => this.update(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.collection.delete(document.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`isbnLens.${SEVERITY_SETTING}`)) this.updateAll();
      }),
      service.onDidChangeBooks(() => this.updateAll()),
    ];
    this.updateAll();
  }

  private updateAll(): void {
    for (const document of vscode.workspace.textDocuments) {
      if (IsbnIndex.covers(document)) this.update(document);
    }
  }

  private update(document: vscode.TextDocument): void {
    const setting = vscode.workspace.getConfiguration('isbnLens', document).get<string>(SEVERITY_SETTING, 'warning');
    const severity = SEVERITIES[setting];
    if (severity === undefined) {
      this.collection.delete(document.uri); // "off"
      return;
    }
    const cache = this.service.cache;
    const problems = isbnProblems(this.index.get(document), (isbn13) => cache.peek(isbn13)?.status === 'notFound');
    this.collection.set(
      document.uri,
      problems.map(({ item, code, message, informational }) => {
        const range = new vscode.Range(item.line, item.start, item.line, item.end);
        const diagnostic = new vscode.Diagnostic(range, message, informational ? vscode.DiagnosticSeverity.Information : severity);
        diagnostic.source = DIAGNOSTIC_SOURCE;
        diagnostic.code = code;
        return diagnostic;
      }),
    );
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
