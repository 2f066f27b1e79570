/**
 * Questions the hover and the commands ask about a document's ISBNs, answered from the
 * incremental index (one scan per change, shared with diagnostics and inline titles).
 */
import * as vscode from 'vscode';
import { itemsInLines, lastLine, type LineIsbn } from '../../core/scan/lineScan';
import type { IsbnIndex } from './isbnIndex';

export class DocumentIsbns {
  constructor(private readonly index: IsbnIndex) {}

  get(document: vscode.TextDocument): readonly LineIsbn[] {
    return this.index.get(document);
  }

  at(document: vscode.TextDocument, position: vscode.Position): LineIsbn | undefined {
    return itemsInLines(this.get(document), position.line, position.line).find((item) => rangeOf(item).contains(position));
  }

  /** Valid ISBN-13s of the document, those in the given ranges first, each once. */
  isbn13s(document: vscode.TextDocument, firstIn: readonly vscode.Range[] = []): { first: string[]; rest: string[] } {
    const first = new Set<string>();
    const rest = new Set<string>();
    for (const item of this.get(document)) {
      if (!item.valid || !item.info) continue;
      const visible = firstIn.some((range) => range.start.line <= item.line && item.line <= range.end.line);
      (visible ? first : rest).add(item.info.isbn13);
    }
    for (const isbn of first) rest.delete(isbn);
    return { first: [...first], rest: [...rest] };
  }
}

export function rangeOf(item: LineIsbn): vscode.Range {
  return new vscode.Range(item.line, item.start, lastLine(item), item.end);
}
