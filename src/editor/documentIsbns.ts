/**
 * The ISBNs of each open document, found once per document version and shared by the
 * hover, the commands and (later) diagnostics and inline titles.
 */
import * as vscode from 'vscode';
import { type IsbnMatch, findIsbns } from '../core/isbn/find';

interface Scan {
  version: number;
  matches: IsbnMatch[];
}

export class DocumentIsbns implements vscode.Disposable {
  private readonly scans = new Map<string, Scan>();
  private readonly subscription = vscode.workspace.onDidCloseTextDocument((document) => this.scans.delete(document.uri.toString()));

  get(document: vscode.TextDocument): IsbnMatch[] {
    const key = document.uri.toString();
    const scan = this.scans.get(key);
    if (scan?.version === document.version) return scan.matches;
    const matches = findIsbns(document.getText());
    this.scans.set(key, { version: document.version, matches });
    return matches;
  }

  at(document: vscode.TextDocument, position: vscode.Position): IsbnMatch | undefined {
    const offset = document.offsetAt(position);
    return this.get(document).find((match) => match.start <= offset && offset <= match.end);
  }

  /** Valid ISBN-13s of the document, those in the given ranges first, each once. */
  isbn13s(document: vscode.TextDocument, firstIn: readonly vscode.Range[] = []): { first: string[]; rest: string[] } {
    const first = new Set<string>();
    const rest = new Set<string>();
    const spans = firstIn.map((range) => [document.offsetAt(range.start), document.offsetAt(range.end)] as const);
    for (const match of this.get(document)) {
      if (!match.valid || !match.info) continue;
      const visible = spans.some(([start, end]) => match.start < end && match.end > start);
      (visible ? first : rest).add(match.info.isbn13);
    }
    for (const isbn of first) rest.delete(isbn);
    return { first: [...first], rest: [...rest] };
  }

  dispose(): void {
    this.subscription.dispose();
    this.scans.clear();
  }
}
