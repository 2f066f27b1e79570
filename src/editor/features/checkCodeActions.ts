/**
 * Check Bibliography's quick fixes: on `other-book`, the ISBN's book into the entry; on
 * `other-edition`, the edition's details. Loaded on first use (bibliographyCheck.ts offers them
 * through a LazyCodeActions that asks only for Check's own diagnostics).
 */
import * as vscode from 'vscode';
import type { Book } from '../../core/model/book';
import type { Config } from '../infrastructure/config';
import { type DocumentReadings, partOf } from '../infrastructure/documentReadings';
import type { BibliographyChecks, CheckItem } from './bibliographyCheck';
import { DIAGNOSTIC_SOURCE } from './diagnostics';
import { hasEntries } from '../../core/formats/formatId';

/** The quick fixes: on `other-book`, the ISBN's book into the entry; on `other-edition`, the edition's details. One edit each, one undo. */
export class CheckCodeActions implements vscode.CodeActionProvider {
  /** What each offered fix is for, until it is chosen and resolved. */
  private readonly offered = new WeakMap<vscode.CodeAction, { document: vscode.TextDocument; item: CheckItem; book: Book }>();

  constructor(
    private readonly checks: BibliographyChecks,
    private readonly readings: DocumentReadings,
    private readonly config: Config,
  ) {}

  async provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE && (d.code === 'other-book' || d.code === 'other-edition'));
    if (ours.length === 0) return [];
    const { CHECK_WORDS } = await import('../words/check');
    return ours.flatMap((diagnostic) => {
      const item = this.checks.itemAt(document, document.offsetAt(diagnostic.range.start));
      if (!item || (item.verdict.kind !== 'other-book' && item.verdict.kind !== 'other-edition')) return [];
      // A reading list's line has no fields for an edition's details.
      const format = this.checks.formatOf(document);
      if (item.verdict.kind === 'other-edition' && format !== undefined && !hasEntries(format)) return [];
      const title = item.verdict.kind === 'other-book' ? CHECK_WORDS.useThisBook() : CHECK_WORDS.writeThisEdition();
      const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
      this.offered.set(action, { document, item, book: item.verdict.book });
      action.diagnostics = [diagnostic];
      action.isPreferred = true;
      return [action];
    });
  }

  /** The edit, worked out when the fix is chosen: the format's own fill, in refresh mode, kept inside the entry. */
  async resolveCodeAction(action: vscode.CodeAction): Promise<vscode.CodeAction> {
    const offered = this.offered.get(action);
    if (!offered) return action;
    const { document, item, book } = offered;
    const format = this.checks.formatOf(document);
    if (!format || document.isClosed) return action;
    const [part, reading] = await Promise.all([partOf(format), this.readings.of(document, format)]);
    const entry = reading.entries().find((e) => e.start <= item.start && item.end <= e.end);
    if (!entry) return action;
    const { fixEdits } = await import('../../core/check/fixes');
    const kind = item.verdict.kind === 'other-book' ? 'other-book' : 'other-edition';
    const edit = new vscode.WorkspaceEdit();
    for (const e of fixEdits(part, reading, entry, item.isbn13, book, kind, { dialect: this.config.bibtexDialect(document), texLoadsBiblatex: false })) {
      edit.replace(document.uri, new vscode.Range(document.positionAt(e.start), document.positionAt(e.end)), e.newText);
    }
    action.edit = edit;
    return action;
  }
}
