/**
 * "Annotate ISBNs in File": looks every ISBN of the file up, then writes what
 * the service knows into it as one edit (one undo). Markdown and plain text
 * get an annotation after each ISBN; BibTeX/BibLaTeX entries, CSL-JSON and
 * CSL-YAML items and RIS records their missing fields (and, if chosen,
 * refreshed ones); any other file nothing. If the user types during the
 * look-up the edits are computed again on the new text, never over what was
 * typed. The annotators and their parsers load on first use.
 */
import * as vscode from 'vscode';
import { unsupportedMessage } from '../../../core/annotate/annotationStyle';
import { formatOf } from '../../../core/documentKind/documentKind';
import type { AnnotationReport } from '../../../core/model/fillReport';
import type { FillMode } from '../../../core/formats/part';
import { applyWhenStable } from '../../../core/edit/applyStable';
import type { TextEdit } from '../../../core/edit/textEdit';
import type { Config } from '../../infrastructure/config';
import type { LookupService } from '../../infrastructure/lookupService';
import { reportLookup } from '../../infrastructure/lookupWithProgress';
import { lookupWithinQuota } from '../../infrastructure/lookupWithinQuota';
import { type DocumentReadings, partOf } from '../../infrastructure/documentReadings';

export interface AnnotateArgs {
  /** Bibliography files only: skip the quick pick (for keybindings and tests). */
  mode?: FillMode;
}

export async function annotateFile(service: LookupService, config: Config, readings: DocumentReadings, args?: AnnotateArgs): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage('ISBN Lens: open a Markdown, text or bibliography file (BibTeX, CSL-JSON, CSL-YAML, RIS) to annotate its ISBNs.');
    return;
  }
  const document = editor.document;
  const format = formatOf(document, document.getText());
  if (!format) {
    void vscode.window.showInformationMessage(unsupportedMessage(document.languageId));
    return;
  }
  const [part, { summaryText }, { workspaceLoadsBiblatex }] = await Promise.all([partOf(format), import('../../../core/annotate/report'), import('../../infrastructure/biblatexHint')]);
  // Before the mode is asked and anything looked up: a file that cannot be edited safely costs no quota.
  const refusal = part.refusal(document.getText());
  if (refusal) {
    void vscode.window.showWarningMessage(`ISBN Lens: ${refusal}`);
    return;
  }
  const requested = args?.mode === 'fill' || args?.mode === 'refresh' ? args.mode : undefined;
  // A reading list gets notes, which have no fields to refresh.
  const mode = part.entryKind === 'isbn' ? 'fill' : (requested ?? (await pickMode()));
  if (!mode) return;

  const dialect = config.bibtexDialect(document);
  const options = { dialect, texLoadsBiblatex: dialect === 'auto' && (await workspaceLoadsBiblatex()) };
  const reading = await readings.of(document, format);
  const isbns = part.isbnsToAnnotate(reading);
  if (isbns.length === 0) {
    // Computed without results, the report still counts the invalid ISBNs and those left alone.
    const { report } = part.fill(reading, new Map(), mode, options);
    const what = part.entryKind === 'isbn' ? 'no valid ISBN to annotate' : `no ${part.entryKind} with a valid ISBN`;
    const why: string[] = [];
    if (report.invalid > 0) why.push(`${report.invalid} invalid`);
    if (report.leftAlone > 0) why.push(part.entryKind === 'isbn' ? `${report.leftAlone} in code or links` : `${report.leftAlone} not readable`);
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
    (text) => part.fill(readings.now(document, format, text), results, mode, options),
    (edits, version) => applyEdits(document, edits, version),
  );
  report(result.report, summaryText(result.report, format), applied || result.edits.length === 0, service);
}

async function pickMode(): Promise<FillMode | undefined> {
  const items: Array<vscode.QuickPickItem & { mode: FillMode }> = [
    { label: 'Fill missing fields', description: 'Add title, author, publisher, year… where an entry lacks them', mode: 'fill' },
    { label: 'Fill missing and refresh existing fields', description: 'Also replace fields that differ from what the sources know', mode: 'refresh' },
  ];
  const choice = await vscode.window.showQuickPick(items, { title: 'ISBN Lens: Annotate ISBNs in File', placeHolder: 'What to write into the entries that carry an ISBN' });
  return choice?.mode;
}

/** All edits as one WorkspaceEdit, so that one undo takes them back; false if the document moved on. */
async function applyEdits(document: vscode.TextDocument, edits: readonly TextEdit[], version: number): Promise<boolean> {
  if (document.version !== version) return false;
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(document.uri, new vscode.Range(document.positionAt(e.start), document.positionAt(e.end)), e.newText);
  return vscode.workspace.applyEdit(edit);
}

function report(result: AnnotationReport, summary: string, written: boolean, service: LookupService): void {
  if (!written) {
    void vscode.window.showWarningMessage('ISBN Lens: the annotations could not be written (the file kept changing, or it is read-only); nothing was changed. Run the command again.');
    return;
  }
  reportLookup(service, summary, result.firstError);
}
