/**
 * The code-action menu on an ISBN: for an invalid one, quick fixes to the
 * likely intended ISBN; for a valid one, refactorings to the other length,
 * the hyphenated form and the bare digits.
 */
import * as vscode from 'vscode';
import { rangeOf } from '../infrastructure/documentIsbns';
import { isbnActions } from '../../core/actions/isbnActions';
import { itemsInLines } from '../../core/scan/lineScan';
import { DIAGNOSTIC_SOURCE } from './diagnostics';
import type { IsbnIndex } from '../infrastructure/isbnIndex';
import * as words from '../words/index';

export class IsbnCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorRewrite],
  };

  constructor(private readonly index: IsbnIndex) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const out: vscode.CodeAction[] = [];
    for (const item of itemsInLines(this.index.get(document), range.start.line, range.end.line)) {
      const itemRange = rangeOf(item);
      if (!itemRange.intersection(range)) continue;
      for (const action of isbnActions(item.raw)) {
        const kind = action.kind === 'quickfix' ? vscode.CodeActionKind.QuickFix : vscode.CodeActionKind.RefactorRewrite;
        if (context.only && !context.only.contains(kind)) continue;
        const codeAction = new vscode.CodeAction(words.isbnActionTitle(action), kind);
        codeAction.edit = new vscode.WorkspaceEdit();
        codeAction.edit.replace(document.uri, itemRange, action.newText);
        if (action.kind === 'quickfix') {
          codeAction.diagnostics = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE && d.range.intersection(itemRange));
          codeAction.isPreferred = action.preferred;
        }
        out.push(codeAction);
      }
    }
    return out;
  }
}
