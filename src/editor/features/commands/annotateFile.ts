/**
 * "Annotate ISBNs in File": looks every ISBN of the file up, then writes what
 * the service knows into it as one edit (one undo). Markdown and plain text
 * get an annotation after each ISBN; BibTeX entries get their missing fields
 * (and, if chosen, refreshed ones). If the user types during the look-up the
 * edits are computed again on the new text, never over what was typed.
 */
import * as vscode from 'vscode';
import { type AnnotationFormat, annotationFormat, computeAnnotation, isbnsToAnnotate } from '../../../core/annotate/annotate';
import { type AnnotationReport, summaryText } from '../../../core/annotate/report';
import type { FillMode } from '../../../core/bibtex/fillEntries';
import { applyWhenStable } from '../../../core/edit/applyStable';
import type { TextEdit } from '../../../core/edit/textEdit';
import type { LookupService } from '../../infrastructure/lookupService';
import { reportLookup } from '../../infrastructure/lookupWithProgress';
import { lookupWithinQuota } from '../../infrastructure/lookupWithinQuota';

export interface AnnotateArgs {
  /** BibTeX only: skip the quick pick (for keybindings and tests). */
  mode?: FillMode;
}

export async function annotateFile(service: LookupService, args?: AnnotateArgs): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage('ISBN Lens: open a Markdown, text or BibTeX file to annotate its ISBNs.');
    return;
  }
  const document = editor.document;
  const format = annotationFormat(document.languageId, document.fileName);
  if (!format) {
    void vscode.window.showInformationMessage(`ISBN Lens: annotating works in Markdown, plain text and BibTeX files; this one is ${document.languageId}.`);
    return;
  }
  const requested = args?.mode === 'fill' || args?.mode === 'refresh' ? args.mode : undefined;
  const mode = format === 'bibtex' ? (requested ?? (await pickMode())) : 'fill';
  if (!mode) return;

  const isbns = isbnsToAnnotate(document.getText(), format);
  if (isbns.length === 0) {
    // Computed without results, the report still counts the invalid ISBNs and those left alone.
    const { report } = computeAnnotation(document.getText(), format, new Map(), mode);
    const what = format === 'bibtex' ? 'no entry with a valid ISBN in its isbn field' : 'no valid ISBN to annotate';
    const why: string[] = [];
    if (report.invalid > 0) why.push(`${report.invalid} invalid`);
    if (report.leftAlone > 0) why.push(format === 'bibtex' ? `${report.leftAlone} not valid BibTeX` : `${report.leftAlone} in code or links`);
    void vscode.window.showInformationMessage(`ISBN Lens: ${what} in this file${why.length > 0 ? ` (${why.join(', ')})` : ''}.`);
    return;
  }

  const results = await lookupWithinQuota(service, isbns, `ISBN Lens: looking up ${isbns.length} ISBN${isbns.length === 1 ? '' : 's'} to annotate`);
  if (!results) {
    void vscode.window.showInformationMessage('ISBN Lens: annotation cancelled; the file is unchanged.');
    return;
  }
  if (document.isClosed) {
    void vscode.window.showInformationMessage('ISBN Lens: the file was closed during the look-up; nothing was written.');
    return;
  }

  const { result, applied } = await applyWhenStable(
    document,
    (text) => computeAnnotation(text, format, results, mode),
    (edits, version) => applyEdits(document, edits, version),
  );
  report(result.report, format, applied || result.edits.length === 0, service);
}

async function pickMode(): Promise<FillMode | undefined> {
  const items: Array<vscode.QuickPickItem & { mode: FillMode }> = [
    { label: 'Fill missing fields', description: 'Add title, author, publisher, year, pages… where an entry lacks them', mode: 'fill' },
    { label: 'Fill missing and refresh existing fields', description: 'Also replace fields that differ from the book service', mode: 'refresh' },
  ];
  const choice = await vscode.window.showQuickPick(items, { title: 'ISBN Lens: Annotate ISBNs in File', placeHolder: 'What to write into entries with an isbn field' });
  return choice?.mode;
}

/** All edits as one WorkspaceEdit, so that one undo takes them back; false if the document moved on. */
async function applyEdits(document: vscode.TextDocument, edits: readonly TextEdit[], version: number): Promise<boolean> {
  if (document.version !== version) return false;
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(document.uri, new vscode.Range(document.positionAt(e.start), document.positionAt(e.end)), e.newText);
  return vscode.workspace.applyEdit(edit);
}

function report(result: AnnotationReport, format: AnnotationFormat, written: boolean, service: LookupService): void {
  if (!written) {
    void vscode.window.showWarningMessage('ISBN Lens: the annotations could not be written (the file kept changing, or it is read-only); nothing was changed. Run the command again.');
    return;
  }
  reportLookup(service, summaryText(result, format), result.firstError);
}
