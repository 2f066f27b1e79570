/**
 * Finding a book's pickers, shared by Find Book, Show Other Editions and the missing-ISBN
 * commands: the works for what the user types (a pause in typing first, the search in flight
 * cancelled when they type on; Open Library's works first, Google Books' when Open Library finds
 * nothing), a work's editions (the user's language first, those without an ISBN last, more as
 * asked), and what to do with the chosen one: written in the document's own form (an entry in a
 * bibliography by Insert Entry's writer, an item of a reading list as its others are, elsewhere
 * the ISBN) or its ISBN copied. One edit, one undo.
 */
import * as vscode from 'vscode';
import { bibliographyFormatOf, formatOf } from '../../../core/documentKind/documentKind';
import { orderEditions } from '../../../core/finding/editionOrder';
import type { Finder, FoundWorks } from '../../../core/finding/finder';
import { SearchAsYouType } from '../../../core/finding/searchAsYouType';
import { type FormatId, hasEntries } from '../../../core/formats/formatId';
import { hyphenateIsbn } from '../../../core/isbn/parse';
import type { Book } from '../../../core/model/book';
import { isServiceError } from '../../../core/model/errors';
import type { Edition, FindQuery, WorkHit } from '../../../core/model/works';
import { languageOfLocale } from '../../../core/sources/languageCodes';
import type { Config } from '../../infrastructure/config';
import { type DocumentReadings, partOf } from '../../infrastructure/documentReadings';
import type { LookupService } from '../../infrastructure/lookupService';
import { entryOptions, insertEntryAt } from './insertBibtexEntry';
import * as words from '../../words/index';
import * as commandWords from '../../words/commands';
import * as findWords from '../../words/finding';

interface WorkItem extends vscode.QuickPickItem {
  work?: WorkHit;
}

interface EditionItem extends vscode.QuickPickItem {
  edition?: Edition;
  loadMore?: true;
}

/** The user's display language, two letters: its editions come first. */
export function displayLanguage(): string | undefined {
  return languageOfLocale(vscode.env.language);
}

/** "title by author" as a title and an author; anything else as free words. */
export function queryOfText(text: string): FindQuery {
  const by = /^(.+?)\s+by\s+(.+)$/i.exec(text.trim());
  return by ? { title: by[1], author: by[2] } : { text: text.trim() };
}

/** A failure in the user's words: the source's own message for a keyless source. */
export function failureText(service: LookupService, e: unknown): string {
  if (!isServiceError(e)) return commandWords.author.failedUnexpectedly();
  return service.describeFrom('openLibrary', e);
}

/** A quick pick that stays open when the focus leaves it, filtering on every line of its items. */
function listPick<T extends vscode.QuickPickItem>(title: string, placeholder: string): vscode.QuickPick<T> {
  const pick = vscode.window.createQuickPick<T>();
  Object.assign(pick, { title, placeholder, ignoreFocusOut: true, matchOnDescription: true, matchOnDetail: true });
  return pick;
}

/** Once the pick is hidden (chosen, or Escape): `then`, and the pick disposed. */
function whenHidden(pick: vscode.QuickPick<vscode.QuickPickItem>, then: () => void): void {
  pick.onDidHide(() => {
    then();
    pick.dispose();
  });
}

/**
 * The works for what the user types. `start.query` is searched for `start.text` as it stands (a
 * quick fix's title and author); what they type after is searched as free words.
 */
export function pickWork(service: LookupService, finder: Finder, start: { text?: string; query?: FindQuery }): Promise<WorkHit | undefined> {
  const pick = listPick<WorkItem>(findWords.find.title(), findWords.find.placeholder());
  const startText = start.text ?? '';
  pick.value = startText;
  const options = { readerLanguage: displayLanguage() };
  const typing = new SearchAsYouType<FoundWorks>({
    search: (text, signal) => finder.findWorks(text === startText && start.query ? start.query : queryOfText(text), options, signal),
    onResult: (text, found) => {
      pick.items = found.works.length
        ? found.works.map((work) => ({ label: findWords.find.workLabel(work), description: findWords.find.workDescription(work), detail: findWords.find.workDetail(work), alwaysShow: true, work }))
        : [{ label: found.noSource ? findWords.find.noSource() : found.googleSkipped ? findWords.find.googleSkipped(text) : findWords.find.nothingFound(text), alwaysShow: true }];
      pick.placeholder = found.works.length ? findWords.find.found(found.works.length, found.total) : findWords.find.placeholder();
    },
    onError: (_text, e) => {
      pick.items = [{ label: `$(error) ${failureText(service, e)}`, alwaysShow: true }];
    },
    onBusy: (busy) => (pick.busy = busy),
  });
  return new Promise<WorkHit | undefined>((resolve) => {
    pick.onDidChangeValue((value) => typing.type(value));
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0] ?? pick.activeItems[0];
      if (item?.work) {
        resolve(item.work);
        pick.hide();
      } else typing.now();
    });
    whenHidden(pick, () => {
      typing.dispose();
      resolve(undefined);
    });
    pick.show();
    if (startText.trim()) typing.now();
  });
}

/**
 * A work's editions, the asked language and the user's first, those without an ISBN last and
 * marked; more pages as the user asks. `current`: the ISBN-13 written now (marked as such).
 */
export function pickEdition(service: LookupService, finder: Finder, work: WorkHit, options: { language?: string; current?: string } = {}): Promise<Edition | undefined> {
  const pick = listPick<EditionItem>(findWords.editions.title(work), findWords.editions.loading());
  const controller = new AbortController();
  const all: Edition[] = [];
  let page = 0;
  let more = false;
  let total: number | undefined;
  const show = () => {
    const ordered = orderEditions(all, { displayLanguage: displayLanguage(), language: options.language });
    const active = pick.activeItems[0]?.edition;
    const items: EditionItem[] = ordered.map((edition) => ({
      label: findWords.editions.label(edition),
      description: [edition.isbn13 !== undefined && edition.isbn13 === options.current ? findWords.editions.current() : '', findWords.editions.description(edition)].filter(Boolean).join(' '),
      detail: findWords.editions.detail(edition),
      edition,
    }));
    if (more) items.push({ label: findWords.editions.loadMore(), alwaysShow: true, loadMore: true });
    pick.items = items.length ? items : [{ label: findWords.editions.none(), alwaysShow: true }];
    pick.placeholder = findWords.editions.shown(all.length, total);
    if (active) pick.activeItems = pick.items.filter((item) => item.edition === active);
  };
  const load = async () => {
    pick.busy = true;
    try {
      const answer = await finder.editionsOfWork(work.key, page, controller.signal);
      page++;
      all.push(...answer.editions);
      more = answer.hasMore;
      total = answer.total;
      show();
    } catch (e) {
      if (isServiceError(e, 'cancelled')) return;
      pick.items = [{ label: `$(error) ${findWords.editions.failed(failureText(service, e))}`, alwaysShow: true }];
    } finally {
      pick.busy = false;
    }
  };
  return new Promise<Edition | undefined>((resolve) => {
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0] ?? pick.activeItems[0];
      if (item?.loadMore) {
        if (!pick.busy) void load();
        return;
      }
      if (!item?.edition) return;
      if (!item.edition.isbn13) {
        void vscode.window.showInformationMessage(findWords.editions.noIsbn());
        return;
      }
      resolve(item.edition);
      pick.hide();
    });
    whenHidden(pick, () => {
      controller.abort();
      resolve(undefined);
    });
    pick.show();
    void load();
  });
}

/** The document's own form of a chosen book's place: a bibliography's entries, a reading list's items, or none. */
function writtenFormOf(document: vscode.TextDocument): FormatId | undefined {
  const text = document.getText();
  return formatOf(document, text) ?? (text.trim() === '' ? bibliographyFormatOf(document.fileName) : undefined);
}

/** Writes the chosen book where the cursor is, in the document's form, or copies its ISBN. */
export async function writeChosen(editor: vscode.TextEditor | undefined, book: Book, config: Config, readings: DocumentReadings): Promise<void> {
  const isbn = hyphenateIsbn(book.isbn13) ?? book.isbn13;
  const form = editor && !editor.document.isClosed ? writtenFormOf(editor.document) : undefined;
  const inserts = !editor ? [] : form === undefined ? [findWords.write.insertIsbn()] : hasEntries(form) ? [findWords.write.insertEntry()] : [findWords.write.insertItem(), findWords.write.insertIsbn()];
  const actions = [...inserts, findWords.write.copyIsbn()];
  const action = await vscode.window.showQuickPick(actions, { title: book.title, placeHolder: findWords.write.whatToDo(book.title), ignoreFocusOut: true });
  if (!action) return;
  if (action === findWords.write.copyIsbn() || !editor) {
    await vscode.env.clipboard.writeText(isbn);
    void vscode.window.showInformationMessage(commandWords.isbnCommands.copied(isbn));
    return;
  }
  await vscode.window.showTextDocument(editor.document, editor.viewColumn);
  if (action === findWords.write.insertEntry() && form !== undefined && hasEntries(form)) {
    await insertEntryAt(editor, book, form, await entryOptions(config, editor.document), readings);
  } else if (action === findWords.write.insertItem()) {
    await insertListItem(editor, book, readings);
  } else {
    const done = await editor.edit((edit) => edit.replace(editor.selection, isbn));
    if (!done) void vscode.window.showWarningMessage(findWords.write.fileChanged());
  }
}

/** A reading list's new item, as its other items are written, on the line after the cursor's. */
async function insertListItem(editor: vscode.TextEditor, book: Book, readings: DocumentReadings): Promise<void> {
  const document = editor.document;
  const part = await partOf('markdown');
  const reading = await readings.of(document, 'markdown');
  const version = document.version;
  const result = part.newEntry?.(reading, document.offsetAt(editor.selection.end), book, {});
  if (!result || 'refused' in result) {
    void vscode.window.showWarningMessage(words.notice(result ? commandWords.formatRefusal(result.refused, 'insert') : commandWords.isbnCommands.noEntries()));
    return;
  }
  const { edit } = result;
  const range = new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end));
  const done = document.version === version && (await editor.edit((builder) => builder.replace(range, edit.newText)));
  if (!done) {
    void vscode.window.showWarningMessage(findWords.write.fileChanged());
    return;
  }
  const end = document.positionAt(edit.start + edit.newText.length);
  editor.selection = new vscode.Selection(end, end);
  void vscode.window.showInformationMessage(findWords.write.added(book.title));
}

