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
import { formatOf } from '../../../core/documentKind/documentKind';
import type { AnnotationReport } from '../../../core/model/fillReport';
import type { FillMode } from '../../../core/formats/part';
import { applyWhenStable } from '../../../core/edit/applyStable';
import type { TextEdit } from '../../../core/edit/textEdit';
import type { Config } from '../../infrastructure/config';
import type { LookupService } from '../../infrastructure/lookupService';
import type { ReferenceSlot } from '../referenceSlot';
import type { LookupResult } from '../../../core/model/lookup';
import { reportLookup } from '../../infrastructure/lookupWithProgress';
import { lookupWithinQuota } from '../../infrastructure/lookupWithinQuota';
import { type DocumentReadings, partOf } from '../../infrastructure/documentReadings';
import * as words from '../../words/index';
import * as commandWords from '../../words/commands';

export interface AnnotateArgs {
  /** Bibliography files only: skip the quick pick (for keybindings and tests). */
  mode?: FillMode;
}

export async function annotateFile(service: LookupService, config: Config, readings: DocumentReadings, args?: AnnotateArgs, references?: ReferenceSlot): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(commandWords.annotate.noEditor());
    return;
  }
  const document = editor.document;
  const format = formatOf(document, document.getText());
  if (!format) {
    void vscode.window.showInformationMessage(commandWords.annotate.unsupported(document.languageId));
    return;
  }
  const [part, { workspaceLoadsBiblatex }] = await Promise.all([partOf(format), import('../../infrastructure/biblatexHint')]);
  // Before the mode is asked and anything looked up: a file that cannot be edited safely costs no quota.
  const refusal = part.refusal(document.getText());
  if (refusal) {
    void vscode.window.showWarningMessage(words.notice(commandWords.formatRefusal(refusal, 'annotate')));
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
    void vscode.window.showInformationMessage(commandWords.annotate.nothingToAnnotate(part.entryKind, report.invalid, report.leftAlone));
    return;
  }

  const results = await lookupWithinQuota(service, isbns, commandWords.progress.lookingUpToAnnotate(isbns.length));
  if (!results) {
    void vscode.window.showInformationMessage(commandWords.annotate.cancelled());
    return;
  }
  if (document.isClosed) {
    void vscode.window.showInformationMessage(commandWords.annotate.closed());
    return;
  }

  // The reference form: each found book's reference in the user's style, made once for the run.
  const withReferences = part.entryKind === 'isbn' && references && config.setting('annotate.markdownForm', document) === 'reference' ? { ...options, references: await referencesOf(references, results) } : options;
  const { result, applied } = await applyWhenStable(
    document,
    (text) => part.fill(readings.now(document, format, text), results, mode, withReferences),
    (edits, version) => applyEdits(document, edits, version),
  );
  report(result.report, commandWords.annotationSummary(result.report, format), applied || result.edits.length === 0, service);
}

async function referencesOf(slot: ReferenceSlot, results: ReadonlyMap<string, LookupResult>): Promise<Map<string, string>> {
  const books = [...results.values()].flatMap((r) => (r.status === 'found' ? [r.book] : []));
  const rendered = await (await slot.get()).render(books.map((book) => ({ book })));
  return new Map((rendered?.references ?? []).map((r): [string, string] => [books[r.index].isbn13, r.markdown]));
}

async function pickMode(): Promise<FillMode | undefined> {
  const items: Array<vscode.QuickPickItem & { mode: FillMode }> = [
    { label: commandWords.annotate.fill(), description: commandWords.annotate.fillDescription(), mode: 'fill' },
    { label: commandWords.annotate.refresh(), description: commandWords.annotate.refreshDescription(), mode: 'refresh' },
  ];
  const choice = await vscode.window.showQuickPick(items, { title: commandWords.annotate.pickTitle(), placeHolder: commandWords.annotate.pickPlaceHolder() });
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
    void vscode.window.showWarningMessage(commandWords.annotate.notWritten());
    return;
  }
  reportLookup(service, summary, result.firstError);
}
