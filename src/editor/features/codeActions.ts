/**
 * The code-action menu on an ISBN: for an invalid one, quick fixes to the
 * likely intended ISBN; for a valid one, refactorings to the other length,
 * the hyphenated form and the bare digits. On a book entry that lacks an ISBN
 * (BibTeX/BibLaTeX, CSL, RIS): the quick fix "Find this book's ISBN…".
 */
import * as vscode from 'vscode';
import { rangeOf } from '../infrastructure/documentIsbns';
import { isbnActions } from '../../core/actions/isbnActions';
import { itemsInLines } from '../../core/scan/lineScan';
import { DIAGNOSTIC_SOURCE } from './diagnostics';
import type { IsbnIndex } from '../infrastructure/isbnIndex';
import * as words from '../words/index';
import { formatOf } from '../../core/documentKind/documentKind';
import type { DocumentReadings } from '../infrastructure/documentReadings';
import { hasEntries } from '../../core/formats/formatId';

export class IsbnCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorRewrite],
  };

  /** `readings`: where entries are read for the missing-ISBN quick fix. */
  constructor(
    private readonly index: IsbnIndex,
    private readonly readings?: DocumentReadings,
  ) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.ProviderResult<vscode.CodeAction[]> {
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
    // In a bibliography (a cheap check here): the entry is read and judged by the finding commands, loaded on first use.
    const format = this.readings && (!context.only || context.only.contains(vscode.CodeActionKind.QuickFix)) ? formatOf(document, document.getText()) : undefined;
    if (!format || !hasEntries(format)) return out;
    return import('./commands/findBook').then(async (m) => [...out, ...(await m.missingIsbnAction(this.readings!, document, format, range.start))]);
  }
}

