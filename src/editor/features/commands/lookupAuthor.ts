/** "Look Up Author": the author's books in a quick pick, more pages on demand, then what to do with one. */
import * as vscode from 'vscode';
import { hyphenateIsbn } from '../../../core/isbn/parse';
import type { Book } from '../../../core/model/book';
import type { AuthorPage } from '../../../core/model/answers';
import { ServiceError, isServiceError } from '../../../core/model/errors';
import type { Config } from '../../infrastructure/config';
import type { DocumentReadings } from '../../infrastructure/documentReadings';
import type { LookupService } from '../../infrastructure/lookupService';
import { offerBookActions } from './lookupIsbn';
import * as words from '../../words/index';
import * as commandWords from '../../words/commands';

const PAGE_SIZE = 50;

interface BookItem extends vscode.QuickPickItem {
  book?: Book;
  loadMore?: true;
}

export async function lookupAuthor(service: LookupService, config: Config, readings: DocumentReadings): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor?.document.getText(editor.selection).trim() ?? '';
  const name = await vscode.window.showInputBox({
    title: commandWords.author.title(),
    prompt: commandWords.author.prompt(),
    value: selected.length <= 100 && !selected.includes('\n') ? selected : '',
    ignoreFocusOut: true,
  });
  if (!name?.trim()) return;
  // The book service with a key; without one, Open Library's author search.
  const source = await service.authorSource();
  if (!source) return showFailure(service, new ServiceError('auth', { why: 'noKey' }));

  const book = await pickBook(name.trim(), service);
  if (!book) return;
  const insert = commandWords.author.insertIsbn();
  const copy = commandWords.author.copyIsbn();
  const details = commandWords.author.showDetails();
  const action = await vscode.window.showQuickPick(editor ? [insert, copy, details] : [copy, details], { title: book.title, placeHolder: commandWords.author.whatToDo() });
  if (action === insert && editor) {
    await editor.edit((edit) => edit.replace(editor.selection, book.isbn13));
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);
  } else if (action === copy) {
    await vscode.env.clipboard.writeText(book.isbn13);
    void vscode.window.showInformationMessage(commandWords.isbnCommands.copied(book.isbn13));
  } else if (action === details) {
    await offerBookActions(book, editor, config, readings);
  }
}

function pickBook(name: string, service: LookupService): Promise<Book | undefined> {
  const pick = vscode.window.createQuickPick<BookItem>();
  pick.title = commandWords.author.booksBy(name);
  pick.placeholder = commandWords.author.loading();
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.ignoreFocusOut = true;
  const controller = new AbortController();
  const books: Book[] = [];
  let last: AuthorPage | undefined;

  const load = async (page: number) => {
    pick.busy = true;
    try {
      last = await service.authorPage(name, page, PAGE_SIZE, controller.signal);
      books.push(...last.books);
      const active = pick.activeItems[0]?.book;
      pick.items = toItems(books, last);
      pick.placeholder = commandWords.author.shown(books.length, last.total, last.name);
      if (active) pick.activeItems = pick.items.filter((item) => item.book === active);
      else if (page > 1) pick.activeItems = pick.items.filter((item) => item.book === last!.books[0]);
    } catch (e) {
      if (isServiceError(e, 'cancelled')) return;
      pick.hide();
      showFailure(service, e, name);
    } finally {
      pick.busy = false;
    }
  };

  return new Promise<Book | undefined>((resolve) => {
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0];
      if (item?.loadMore) {
        if (!pick.busy && last) void load(last.page + 1);
        return;
      }
      if (item?.book) {
        resolve(item.book);
        pick.hide();
      }
    });
    pick.onDidHide(() => {
      controller.abort();
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
    void load(1);
  });
}

function toItems(books: readonly Book[], page: AuthorPage): BookItem[] {
  const items: BookItem[] = books.map((book) => ({
    label: book.title,
    description: book.year ? String(book.year) : undefined,
    detail: commandWords.author.bookDetail(hyphenateIsbn(book.isbn13) ?? book.isbn13, book.authors, book.publisher),
    book,
  }));
  if (page.hasMore) items.push({ label: commandWords.author.loadMore(), alwaysShow: true, loadMore: true });
  return items;
}

function showFailure(service: LookupService, e: unknown, name?: string): void {
  if (!isServiceError(e)) {
    void vscode.window.showErrorMessage(commandWords.author.failedUnexpectedly());
    return;
  }
  if (e.kind === 'notFound') {
    void vscode.window.showInformationMessage(commandWords.author.unknown(service.authorSourceTitle, name ?? ''));
    return;
  }
  const actions = e.kind === 'auth' ? [words.buttons.setApiKey()] : [];
  void vscode.window.showErrorMessage(words.notice(service.describeFrom(service.authorSourceName, e)), ...actions).then((choice) => {
    if (choice) void vscode.commands.executeCommand('isbnLens.setApiKey');
  });
}
