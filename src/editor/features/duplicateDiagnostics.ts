/**
 * The same book twice in one file: in a bibliography (BibTeX/BibLaTeX,
 * CSL-JSON, CSL-YAML, RIS) the later entry is flagged "also at line N" with
 * related information at the first; in Markdown and plain text a repeated
 * ISBN is flagged at information level. A quick fix goes to the first. The
 * parsers load with the first such document; `isbnLens.diagnostics.severity`
 * `off` silences these too.
 */
import * as vscode from 'vscode';
import { formatOf } from '../../core/documentKind/documentKind';
import { Disposable } from '../../core/disposable';
import type { Config } from '../infrastructure/config';
import { type DocumentReadings, partOf, yieldToHost } from '../infrastructure/documentReadings';
import { DOCUMENT_SCHEMES } from '../infrastructure/documentSelector';
import { DIAGNOSTIC_SOURCE } from './diagnostics';
import * as words from '../words/index';

export const DUPLICATE_CODE = 'duplicate';
/** Typing pauses this long before a document is checked again; longer in long documents (10,000 ISBNs take ~90 ms to check). */
function settleMs(document: vscode.TextDocument): number {
  return Math.min(300 + document.lineCount / 10, 2000);
}

export class DuplicateDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('isbnLens.duplicates'));
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly config: Config,
    private readonly readings: DocumentReadings,
  ) {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document, 0)));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, settleMs(e.document))));
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.cancel(document.uri.toString());
        this.collection.delete(document.uri);
      }),
    );
    this.register(
      config.onDidChange((e) => {
        if (config.changed(e, 'diagnostics.severity')) this.checkAll();
      }),
    );
    this.register({ dispose: () => [...this.pending.keys()].forEach((key) => this.cancel(key)) });
    this.checkAll();
  }

  private checkAll(): void {
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  private schedule(document: vscode.TextDocument, ms: number): void {
    if (!DOCUMENT_SCHEMES.includes(document.uri.scheme)) return;
    const key = document.uri.toString();
    this.cancel(key);
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        void this.check(document);
      }, ms),
    );
  }

  private cancel(key: string): void {
    clearTimeout(this.pending.get(key));
    this.pending.delete(key);
  }

  private async check(document: vscode.TextDocument): Promise<void> {
    const text = document.getText();
    const format = formatOf(document, text);
    if (!format || document.isClosed || this.config.diagnosticsSeverity(document) === 'off') {
      this.collection.delete(document.uri);
      return;
    }
    const version = document.version;
    const found = await (await partOf(format)).repeats(await this.readings.of(document, format), yieldToHost);
    if (this.isDisposed || document.isClosed || document.version !== version) return;
    this.collection.set(
      document.uri,
      found.map(({ at, firstAt, firstLine, entry }) => {
        const range = new vscode.Range(document.positionAt(at.start), document.positionAt(at.end));
        const diagnostic = new vscode.Diagnostic(range, words.duplicates.alsoAt(firstLine + 1), entry ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information);
        diagnostic.source = DIAGNOSTIC_SOURCE;
        diagnostic.code = DUPLICATE_CODE;
        const first = new vscode.Range(document.positionAt(firstAt.start), document.positionAt(firstAt.end));
        diagnostic.relatedInformation = [new vscode.DiagnosticRelatedInformation(new vscode.Location(document.uri, first), entry ? words.duplicates.firstEntry() : words.duplicates.firstIsbn())];
        return diagnostic;
      }),
    );
  }
}

/** The quick fix on a duplicate: go to the first entry (or the first time the ISBN is written). */
export class DuplicateCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  provideCodeActions(_document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    return context.diagnostics.flatMap((diagnostic) => {
      const first = diagnostic.relatedInformation?.[0]?.location;
      if (diagnostic.source !== DIAGNOSTIC_SOURCE || diagnostic.code !== DUPLICATE_CODE || !first) return [];
      const action = new vscode.CodeAction(words.duplicates.goToFirst(first.range.start.line + 1), vscode.CodeActionKind.QuickFix);
      action.command = { title: action.title, command: 'vscode.open', arguments: [first.uri, { selection: first.range } satisfies vscode.TextDocumentShowOptions] };
      action.diagnostics = [diagnostic];
      action.isPreferred = true;
      return [action];
    });
  }
}
