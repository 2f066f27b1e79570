/**
 * ISBNs for book entries that lack one. "Find Missing ISBNs": every such entry of the file is
 * searched (its title and first person's family name), and the editions whose title, authors and
 * year agree with it are proposed in one list; only what the user ticks is written, all of it as
 * one edit (one undo). The quick fix "Find this book's ISBN…" (`isbnLens.findIsbnForEntry`, with
 * the document's URI and the entry's offset) opens Find Book with the entry's title and author,
 * then the work's editions, and writes the chosen ISBN into the entry; `missingIsbnAction` offers it.
 */
import * as vscode from 'vscode';
import { formatOf } from '../../../core/documentKind/documentKind';
import { orderEditions } from '../../../core/finding/editionOrder';
import type { Finder } from '../../../core/finding/finder';
import { editionAgrees, entriesLackingIsbn, isbnFieldEdit, lacksIsbn, queryOfEntry } from '../../../core/finding/missingIsbns';
import type { TextEdit } from '../../../core/edit/textEdit';
import type { FormatId } from '../../../core/formats/formatId';
import type { BibliographyEntry } from '../../../core/formats/shared/entry';
import { hyphenateIsbn } from '../../../core/isbn/parse';
import { isServiceError } from '../../../core/model/errors';
import type { Edition } from '../../../core/model/works';
import type { DocumentReadings } from '../../infrastructure/documentReadings';
import type { LookupService } from '../../infrastructure/lookupService';
import { displayLanguage, pickEdition, pickWork } from './bookPickers';
import * as findWords from '../../words/finding';

/** The command the quick fix runs, with the document's URI and the entry's offset. */
export const FIND_ISBN_FOR_ENTRY_COMMAND = 'isbnLens.findIsbnForEntry';

/** Works whose editions are read for each entry, and proposals shown per entry. */
const WORKS_PER_ENTRY = 2;
const PROPOSALS_PER_ENTRY = 5;

interface ProposalItem extends vscode.QuickPickItem {
  entry?: BibliographyEntry;
  edition?: Edition;
}

const ENTRY_FORMATS: readonly FormatId[] = ['bibtex', 'csl-json', 'csl-yaml', 'ris'];

function bibliographyFormat(document: vscode.TextDocument): FormatId | undefined {
  const format = formatOf(document, document.getText());
  return format && ENTRY_FORMATS.includes(format) ? format : undefined;
}

function isbnText(isbn13: string): string {
  return hyphenateIsbn(isbn13) ?? isbn13;
}

/** The editions of the first works found for an entry that agree with it, the user's language first. */
async function proposalsFor(finder: Finder, entry: BibliographyEntry, signal: AbortSignal): Promise<Edition[]> {
  const query = queryOfEntry(entry);
  const found = await finder.findWorks({ title: query.title, author: query.author }, { readerLanguage: displayLanguage() }, signal);
  const agreeing: Edition[] = [];
  for (const work of found.works.slice(0, WORKS_PER_ENTRY)) {
    const page = await finder.editionsOfWork(work.key, 0, signal);
    agreeing.push(...page.editions.filter((e) => editionAgrees(entry, e, work)));
  }
  const seen = new Set<string>();
  return orderEditions(agreeing, { displayLanguage: displayLanguage() }).filter((e) => !seen.has(e.isbn13!) && seen.add(e.isbn13!)).slice(0, PROPOSALS_PER_ENTRY);
}

export async function findMissingIsbns(service: LookupService, readings: DocumentReadings): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const format = editor && bibliographyFormat(editor.document);
  if (!editor || !format) {
    void vscode.window.showInformationMessage(findWords.missing.notBibliography());
    return;
  }
  const document = editor.document;
  const reading = await readings.of(document, format);
  const version = document.version;
  const lacking = entriesLackingIsbn(reading);
  if (lacking.length === 0) {
    void vscode.window.showInformationMessage(findWords.missing.none());
    return;
  }
  const finder = await service.finder();
  let failed = 0;
  const proposals = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: findWords.missing.progress(lacking.length), cancellable: true }, async (progress, token) => {
    const controller = new AbortController();
    const listener = token.onCancellationRequested(() => controller.abort());
    const out = new Map<BibliographyEntry, Edition[]>();
    try {
      for (const entry of lacking) {
        if (controller.signal.aborted) break;
        try {
          out.set(entry, await proposalsFor(finder, entry, controller.signal));
        } catch (e) {
          if (isServiceError(e, 'cancelled') || controller.signal.aborted) break;
          failed++;
        }
        progress.report({ increment: 100 / lacking.length });
      }
    } finally {
      listener.dispose();
    }
    return controller.signal.aborted ? undefined : out;
  });
  if (!proposals) return;
  const items: ProposalItem[] = [];
  for (const [entry, editions] of proposals) {
    if (editions.length === 0) continue;
    items.push({ label: findWords.missing.entryLabel(entry.key, entry.title ?? ''), kind: vscode.QuickPickItemKind.Separator });
    for (const edition of editions) items.push({ label: isbnText(edition.isbn13!), description: findWords.missing.proposal(edition), detail: edition.title, entry, edition, picked: false });
  }
  if (items.length === 0) {
    void vscode.window.showInformationMessage(findWords.missing.noProposals(lacking.length) + (failed ? ` ${findWords.missing.notAsked(failed)}` : ''));
    return;
  }
  const chosen = await vscode.window.showQuickPick(items, { title: findWords.missing.title(), placeHolder: findWords.missing.placeholder(), canPickMany: true, ignoreFocusOut: true, matchOnDescription: true, matchOnDetail: true });
  if (!chosen || chosen.length === 0) return;
  // One ISBN an entry: the first ticked.
  const byEntry = new Map<BibliographyEntry, Edition>();
  for (const item of chosen) if (item.entry && item.edition && !byEntry.has(item.entry)) byEntry.set(item.entry, item.edition);
  const edits = [...byEntry].map(([entry, edition]) => isbnFieldEdit(format, reading, entry, isbnText(edition.isbn13!))).filter((e): e is TextEdit => e !== undefined);
  if (await applyAll(document, version, edits)) void vscode.window.showInformationMessage(findWords.missing.wrote(edits.length));
}

/** The quick fix: Find Book with the entry's title and author, its editions, the chosen ISBN into the entry. */
export async function findIsbnForEntry(service: LookupService, readings: DocumentReadings, uriArg: unknown, offsetArg: unknown): Promise<void> {
  const uri = uriArg instanceof vscode.Uri ? uriArg : typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : vscode.window.activeTextEditor?.document.uri;
  const document = uri && (await vscode.workspace.openTextDocument(uri));
  const format = document && bibliographyFormat(document);
  if (!document || !format) {
    void vscode.window.showInformationMessage(findWords.missing.notBibliography());
    return;
  }
  const offset = typeof offsetArg === 'number' ? offsetArg : vscode.window.activeTextEditor ? document.offsetAt(vscode.window.activeTextEditor.selection.active) : 0;
  const entryAt = async () => (await readings.of(document, format)).entries().find((e) => e.start <= offset && offset < e.end);
  const entry = await entryAt();
  if (!entry || !lacksIsbn(entry)) {
    void vscode.window.showInformationMessage(findWords.missing.noEntry());
    return;
  }
  const query = queryOfEntry(entry);
  const finder = await service.finder();
  const work = await pickWork(service, finder, { text: [query.title, query.author].filter(Boolean).join(' '), query: { title: query.title, author: query.author } });
  if (!work) return;
  const edition = await pickEdition(service, finder, work);
  if (!edition?.isbn13) return;
  // The file may have changed while the user chose: the entry read again at its place.
  const reading = await readings.of(document, format);
  const now = reading.entries().find((e) => e.start <= offset && offset < e.end && e.key === entry.key);
  const edit = now && lacksIsbn(now) ? isbnFieldEdit(format, reading, now, isbnText(edition.isbn13)) : undefined;
  if (!edit) {
    void vscode.window.showInformationMessage(findWords.missing.noEntry());
    return;
  }
  if (await applyAll(document, document.version, [edit])) void vscode.window.showInformationMessage(findWords.missing.wroteOne(isbnText(edition.isbn13)));
}

/** The edits as one (one undo), if the document is still at `version`. */
async function applyAll(document: vscode.TextDocument, version: number, edits: readonly TextEdit[]): Promise<boolean> {
  const workspaceEdit = new vscode.WorkspaceEdit();
  for (const edit of edits) workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.newText);
  if (document.version !== version || !(await vscode.workspace.applyEdit(workspaceEdit))) {
    void vscode.window.showWarningMessage(findWords.write.fileChanged());
    return false;
  }
  return true;
}

/** The quick fix "Find this book's ISBN…" on a book entry that lacks an ISBN (asked by `MissingIsbnCodeActions` in a bibliography). */
export async function missingIsbnAction(readings: DocumentReadings, document: vscode.TextDocument, format: FormatId, at: vscode.Position): Promise<vscode.CodeAction[]> {
  const reading = await readings.of(document, format);
  const offset = document.offsetAt(at);
  const entry = reading.entries().find((e) => e.start <= offset && offset <= e.end);
  if (!entry || !lacksIsbn(entry)) return [];
  const action = new vscode.CodeAction(findWords.missing.quickFix(), vscode.CodeActionKind.QuickFix);
  action.command = { command: FIND_ISBN_FOR_ENTRY_COMMAND, title: findWords.missing.quickFix(), arguments: [document.uri.toString(), entry.start] };
  return [action];
}
