/**
 * The ISBNs of every open document by line, kept current as the user types:
 * a change rescans only its lines (see core/scan/lineScan.ts), so a keystroke
 * in a 10,000-line file costs a few lines' scan. Every feature reads it: the
 * hover and commands through DocumentIsbns, diagnostics, code actions and inline titles directly.
 */
import * as vscode from 'vscode';
import { type LineChange, type LineIsbn, type LineSource, rescan, scanAll } from '../../core/scan/lineScan';
import { DOCUMENT_SCHEMES } from './documentSelector';

interface Indexed {
  version: number;
  items: LineIsbn[];
}

const SCHEMES = new Set(DOCUMENT_SCHEMES);

export class IsbnIndex implements vscode.Disposable {
  private readonly docs = new Map<string, Indexed>();
  private readonly emitter = new vscode.EventEmitter<vscode.TextDocument>();
  /** Fires after a document's ISBNs were (re)scanned. */
  readonly onDidUpdate = this.emitter.event;
  private readonly subscriptions: vscode.Disposable[];
  private readonly firstScan: ReturnType<typeof setTimeout>;

  constructor() {
    this.subscriptions = [
      this.emitter,
      vscode.workspace.onDidOpenTextDocument((document) => this.refresh(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.onChange(event)),
      // The incremental scan can miss what a half-typed, unclosed isbn field did further away; a save settles it.
      vscode.workspace.onDidSaveTextDocument((document) => this.refresh(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.docs.delete(document.uri.toString())),
    ];
    // The documents already open are scanned just after activate() returns, not within it: the
    // first scan also compiles the finder (some 20 ms). A feature that asks before gets a scan on demand.
    this.firstScan = setTimeout(() => {
      for (const document of vscode.workspace.textDocuments) this.refresh(document);
    }, 0);
  }

  static covers(document: vscode.TextDocument): boolean {
    return SCHEMES.has(document.uri.scheme);
  }

  /** The document's ISBNs, sorted by line and column. */
  get(document: vscode.TextDocument): readonly LineIsbn[] {
    const indexed = this.docs.get(document.uri.toString());
    if (indexed?.version === document.version) return indexed.items;
    return this.scan(document).items;
  }

  private refresh(document: vscode.TextDocument): void {
    if (!IsbnIndex.covers(document)) return;
    this.scan(document);
    this.emitter.fire(document);
  }

  private scan(document: vscode.TextDocument): Indexed {
    const indexed = { version: document.version, items: scanAll(lines(document)) };
    this.docs.set(document.uri.toString(), indexed);
    return indexed;
  }

  private onChange(event: vscode.TextDocumentChangeEvent): void {
    const document = event.document;
    if (event.contentChanges.length === 0 || !IsbnIndex.covers(document)) return;
    const indexed = this.docs.get(document.uri.toString());
    // Another listener may have asked for this version already; then it is scanned.
    if (indexed?.version === document.version) return this.emitter.fire(document);
    if (!indexed) return this.refresh(document);
    const changes: LineChange[] = event.contentChanges.map((c) => ({ startLine: c.range.start.line, endLine: c.range.end.line, text: c.text }));
    this.docs.set(document.uri.toString(), { version: document.version, items: rescan(indexed.items, changes, lines(document)) });
    this.emitter.fire(document);
  }

  dispose(): void {
    clearTimeout(this.firstScan);
    for (const s of this.subscriptions) s.dispose();
    this.docs.clear();
  }
}

function lines(document: vscode.TextDocument): LineSource {
  return { lineCount: document.lineCount, lineAt: (line) => document.lineAt(line).text, languageId: document.languageId, fileName: document.fileName };
}
