/**
 * Problems with ISBNs in every open document: invalid ones where an ISBN is
 * meant (severity from `isbnLens.diagnostics.severity`), and, as information,
 * those a look-up reported unknown. Updated from the incremental index as the
 * user types, and when the look-up cache or the setting changes.
 */
import * as vscode from 'vscode';
import { rangeOf } from '../infrastructure/documentIsbns';
import { Disposable } from '../../core/disposable';
import { isbnProblems } from '../../core/diagnostics/isbnProblems';
import type { Config, DiagnosticsSeverity } from '../infrastructure/config';
import { IsbnIndex } from '../infrastructure/isbnIndex';
import type { LookupService } from '../infrastructure/lookupService';
import * as words from '../words/index';

export const DIAGNOSTIC_SOURCE = 'ISBN Lens';

const SEVERITIES: Record<DiagnosticsSeverity, vscode.DiagnosticSeverity | undefined> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
  off: undefined,
};

export class IsbnDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('isbnLens'));

  constructor(
    private readonly index: IsbnIndex,
    private readonly service: LookupService,
    private readonly config: Config,
  ) {
    super();
    this.register(index.onDidUpdate((document) => this.update(document)));
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.collection.delete(document.uri)));
    this.register(
      config.onDidChange((e) => {
        if (config.changed(e, 'diagnostics.severity')) this.updateAll();
      }),
    );
    this.register(service.onDidChangeBooks(() => this.updateAll()));
    // The documents already open come through index.onDidUpdate, when the index first scans them.
  }

  private updateAll(): void {
    for (const document of vscode.workspace.textDocuments) {
      if (IsbnIndex.covers(document)) this.update(document);
    }
  }

  private update(document: vscode.TextDocument): void {
    const severity = SEVERITIES[this.config.diagnosticsSeverity(document)];
    if (severity === undefined) {
      this.collection.delete(document.uri); // "off"
      return;
    }
    const problems = isbnProblems(this.index.get(document), (isbn13) => this.service.known(isbn13)?.status === 'notFound');
    this.collection.set(
      document.uri,
      problems.map((problem) => {
        const { item, code, informational } = problem;
        const range = rangeOf(item);
        const diagnostic = new vscode.Diagnostic(range, words.problemMessage(problem), informational ? vscode.DiagnosticSeverity.Information : severity);
        diagnostic.source = DIAGNOSTIC_SOURCE;
        diagnostic.code = code;
        return diagnostic;
      }),
    );
  }
}
