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

const PAGE_SIZE = 50;

interface BookItem extends vscode.QuickPickItem {
  book?: Book;
  loadMore?: true;
}

export async function lookupAuthor(service: LookupService, config: Config, readings: DocumentReadings): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor?.document.getText(editor.selection).trim() ?? '';
  const name = await vscode.window.showInputBox({
    title: 'ISBN Lens: Look Up Author',
    prompt: 'The author\'s name as the books print it, e.g. "José Saramago".',
    value: selected.length <= 100 && !selected.includes('\n') ? selected : '',
    ignoreFocusOut: true,
  });
  if (!name?.trim()) return;
  // The book service with a key; without one, Open Library's author search.
  const source = await service.authorSource();
  if (!source) return showFailure(service, new ServiceError('auth', 'No API key is set.'));

  const book = await pickBook(name.trim(), service);
  if (!book) return;
  const insert = '$(insert) Insert ISBN at cursor';
  const copy = '$(copy) Copy ISBN';
  const details = '$(book) Show details';
  const action = await vscode.window.showQuickPick(editor ? [insert, copy, details] : [copy, details], { title: book.title, placeHolder: 'What to do with this book' });
  if (action === insert && editor) {
    await editor.edit((edit) => edit.replace(editor.selection, book.isbn13));
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);
  } else if (action === copy) {
    await vscode.env.clipboard.writeText(book.isbn13);
    void vscode.window.showInformationMessage(`ISBN Lens: copied ${book.isbn13}.`);
  } else if (action === details) {
    await offerBookActions(book, editor, config, readings);
  }
}

function pickBook(name: string, service: LookupService): Promise<Book | undefined> {
  const pick = vscode.window.createQuickPick<BookItem>();
  pick.title = `Books by ${name}`;
  pick.placeholder = 'Loading…';
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
      pick.placeholder = `${books.length}${last.total !== undefined ? ` of ${last.total}` : ''} books by ${last.name}: type to filter, Enter to choose`;
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
    detail: `ISBN ${hyphenateIsbn(book.isbn13) ?? book.isbn13}${book.authors.length > 1 ? ` · ${book.authors.join(', ')}` : ''}${book.publisher ? ` · ${book.publisher}` : ''}`,
    book,
  }));
  if (page.hasMore) items.push({ label: '$(ellipsis) Load more books…', alwaysShow: true, loadMore: true });
  return items;
}

function showFailure(service: LookupService, e: unknown, name?: string): void {
  if (!isServiceError(e)) {
    void vscode.window.showErrorMessage('ISBN Lens: the author look-up failed unexpectedly. See “ISBN Lens: Show Log”.');
    return;
  }
  if (e.kind === 'notFound') {
    const asked = service.authorSourceTitle ?? 'the book service';
    void vscode.window.showInformationMessage(`ISBN Lens: ${asked} knows no author named “${name}”. Check the spelling, or try the name as printed on the books.`);
    return;
  }
  const actions = e.kind === 'auth' ? ['Set API Key'] : [];
  void vscode.window.showErrorMessage(`ISBN Lens: ${service.describeFrom(service.authorSourceName, e)}`, ...actions).then((choice) => {
    if (choice) void vscode.commands.executeCommand('isbnLens.setApiKey');
  });
}
