/**
 * "Show Other Editions" (`isbnLens.showEditions`, from the hover's "N editions of this work"): the
 * editions of the work an ISBN is of, then "Use this edition": the ISBN replaced in place in the
 * form it was written (hyphenated or not, ISBN-10 or -13), and in a bibliography entry the fields
 * the old edition's record had filled offered for refresh. Arguments: the document's URI and the
 * ISBN's range (a command link passes them as JSON: a URI string and `{start, end}` positions).
 */
import * as vscode from 'vscode';
import { formatOf } from '../../../core/documentKind/documentKind';
import { bookOfEdition } from '../../../core/finding/editionBook';
import { isbnInFormOf } from '../../../core/finding/isbnForm';
import { fieldsFilledBy, switchEditionEdit, type RefreshField } from '../../../core/finding/switchEdition';
import { hyphenateIsbn, parseIsbn } from '../../../core/isbn/parse';
import type { Book } from '../../../core/model/book';
import { isServiceError } from '../../../core/model/errors';
import type { Config } from '../../infrastructure/config';
import { type DocumentReadings, partOf } from '../../infrastructure/documentReadings';
import type { LookupService } from '../../infrastructure/lookupService';
import { entryOptions } from './insertBibtexEntry';
import { failureText, pickEdition } from './bookPickers';
import * as commandWords from '../../words/commands';
import * as findWords from '../../words/finding';
import { hasEntries } from '../../../core/formats/formatId';

type PositionLike = { line: number; character: number };

/** A URI or its string; a Range or `{start, end}` of positions, or `[start, end]` (as JSON carries them). */
export function documentPlace(uri: unknown, range: unknown): { uri: vscode.Uri; range: vscode.Range } | undefined {
  const target = uri instanceof vscode.Uri ? uri : typeof uri === 'string' ? vscode.Uri.parse(uri) : undefined;
  const position = (p: unknown) => {
    const q = p as PositionLike | undefined;
    return q && Number.isInteger(q.line) && Number.isInteger(q.character) ? new vscode.Position(q.line, q.character) : undefined;
  };
  let start: vscode.Position | undefined;
  let end: vscode.Position | undefined;
  if (range instanceof vscode.Range) [start, end] = [range.start, range.end];
  else if (Array.isArray(range)) [start, end] = [position(range[0]), position(range[1])];
  else if (range && typeof range === 'object') [start, end] = [position((range as { start?: unknown }).start), position((range as { end?: unknown }).end)];
  return target && start && end ? { uri: target, range: new vscode.Range(start, end) } : undefined;
}

export async function showEditions(service: LookupService, config: Config, readings: DocumentReadings, uriArg: unknown, rangeArg: unknown): Promise<void> {
  const place = documentPlace(uriArg, rangeArg) ?? activePlace();
  const document = place && (await vscode.workspace.openTextDocument(place.uri));
  const raw = place && document ? document.getText(place.range).trim() : '';
  const info = raw.length <= 40 ? parseIsbn(raw) : undefined;
  if (!place || !document || !info) {
    void vscode.window.showInformationMessage(findWords.showEditions.noIsbn());
    return;
  }
  const finder = await service.finder();
  let found;
  try {
    found = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: findWords.editions.loading() }, () => finder.workOfIsbn(info.isbn13));
  } catch (e) {
    if (!isServiceError(e, 'cancelled')) void vscode.window.showErrorMessage(findWords.editions.failed(failureText(service, e)));
    return;
  }
  if (!found) {
    void vscode.window.showInformationMessage(findWords.showEditions.noWork(hyphenateIsbn(info.isbn13) ?? info.isbn13));
    return;
  }
  const edition = await pickEdition(service, finder, found.work, { current: info.isbn13 });
  if (!edition?.isbn13) return;
  const replacement = bookOfEdition(edition, found.work)!;
  const use = findWords.showEditions.useThis();
  const copy = findWords.showEditions.copyIsbn();
  const action = await vscode.window.showQuickPick([use, copy], { title: replacement.title, placeHolder: findWords.write.whatToDo(replacement.title), ignoreFocusOut: true });
  if (action === copy) {
    const isbn = hyphenateIsbn(edition.isbn13) ?? edition.isbn13;
    await vscode.env.clipboard.writeText(isbn);
    void vscode.window.showInformationMessage(commandWords.isbnCommands.copied(isbn));
    return;
  }
  if (action !== use) return;
  if (edition.isbn13 === info.isbn13) {
    void vscode.window.showInformationMessage(findWords.showEditions.same());
    return;
  }
  await useEdition(service, config, readings, document, place.range, raw, replacement);
}

/** The ISBN under the active editor's cursor, when the command is run from the palette. */
function activePlace(): { uri: vscode.Uri; range: vscode.Range } | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const line = editor.document.lineAt(editor.selection.active.line).text;
  for (const m of line.matchAll(/(?:97[89][\s-]?)?(?:\d[\s-]?){8,9}[\dXx]/g)) {
    const start = m.index;
    const end = start + m[0].trimEnd().length;
    if (editor.selection.active.character >= start && editor.selection.active.character <= end) {
      return { uri: editor.document.uri, range: new vscode.Range(editor.selection.active.line, start, editor.selection.active.line, end) };
    }
  }
  return undefined;
}

async function useEdition(service: LookupService, config: Config, readings: DocumentReadings, document: vscode.TextDocument, range: vscode.Range, raw: string, replacement: Book): Promise<void> {
  const version = document.version;
  const start = document.offsetAt(range.start);
  const at = { start: start + document.getText(range).indexOf(raw), end: 0 };
  at.end = at.start + raw.length;
  const isbnText = isbnInFormOf(raw, replacement.isbn13);
  const format = formatOf(document, document.getText());
  let edit = { start: at.start, end: at.end, newText: isbnText };
  if (format && hasEntries(format)) {
    const [part, reading] = await Promise.all([partOf(format), readings.of(document, format)]);
    const entry = reading.entries().find((e) => e.start <= at.start && at.end <= e.end);
    const old = entry && (await service.lookupOne(parseIsbn(raw)!.isbn13, { urgent: true }).catch(() => undefined));
    if (entry && old?.status === 'found') {
      const fresh = await service.lookupOne(replacement.isbn13, { urgent: true }).catch(() => undefined);
      // The new edition's own record where a source has it (its publisher, date); else what the editions list said.
      const newBook = fresh?.status === 'found' ? { ...fresh.book, isbn13: replacement.isbn13 } : replacement;
      let fields: RefreshField[] = fieldsFilledBy(entry, old.book, newBook);
      if (fields.length > 0) {
        const names = fields.map((f) => findWords.showEditions.field(f)).join(', ');
        const refresh = findWords.showEditions.refresh();
        const choice = await vscode.window.showInformationMessage(findWords.showEditions.refreshQuestion(names), refresh, findWords.showEditions.keep());
        if (choice !== refresh) fields = [];
      }
      edit = switchEditionEdit(part, reading, entry, at, isbnText, newBook, fields, await entryOptions(config, document));
    }
  }
  if (document.version !== version) {
    void vscode.window.showWarningMessage(findWords.write.fileChanged());
    return;
  }
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.newText);
  if (!(await vscode.workspace.applyEdit(workspaceEdit))) {
    void vscode.window.showWarningMessage(findWords.write.fileChanged());
    return;
  }
  void vscode.window.showInformationMessage(findWords.showEditions.replaced(raw, isbnText));
}
