/** "Look Up ISBN": an ISBN from the cursor, the selection or typed in, then the book with actions. */
import * as vscode from 'vscode';
import { citationLine } from '../../../core/format/bookText';
import type { Book } from '../../../core/model/book';
import { lookupOneWithProgress } from '../../infrastructure/lookupWithProgress';
import type { Config } from '../../infrastructure/config';
import type { DocumentReadings } from '../../infrastructure/documentReadings';
import type { DocumentIsbns } from '../../infrastructure/documentIsbns';
import type { LookupService } from '../../infrastructure/lookupService';
import { entryOptions, insertOrCopyEntry } from './insertBibtexEntry';
import { askIsbn } from './isbnInput';
import * as words from '../../words/index';
import * as commandWords from '../../words/commands';

export async function lookupIsbn(isbns: DocumentIsbns, service: LookupService, config: Config, readings: DocumentReadings): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const info = await askIsbn(commandWords.isbnCommands.lookupTitle(), editor ? initialIsbn(editor, isbns) : '');
  if (!info) return;
  const result = await lookupOneWithProgress(service, info.isbn13, commandWords.progress.lookingUpOne(info.hyphenated13));
  if (!result) return;
  if (result.status === 'notFound') {
    void vscode.window.showInformationMessage(commandWords.isbnCommands.noBook(commandWords.noBook(result, info.hyphenated13)));
    return;
  }
  if (result.status === 'failed') {
    void vscode.window.showErrorMessage(words.notice(service.describeFrom(result.source, result.error)));
    return;
  }
  await offerBookActions(result.book, editor, config, readings, info.isbn13);
}

/** The book's details in a dialog, with what a user does next. */
export async function offerBookActions(book: Book, editor: vscode.TextEditor | undefined, config: Config, readings: DocumentReadings, asked?: string): Promise<void> {
  const insert = words.buttons.insertCitation();
  const copy = words.buttons.copyIsbn13();
  const bibtex = words.buttons.insertBibtexEntry();
  const actions = editor ? [insert, bibtex, copy] : [bibtex, copy];
  const choice = await vscode.window.showInformationMessage(book.title, { modal: true, detail: commandWords.bookDetails(book, asked) }, ...actions);
  if (choice === insert && editor) {
    await editor.edit((edit) => edit.replace(editor.selection, citationLine(book)));
  } else if (choice === bibtex) {
    // The dialect and cite-key pattern of the settings, as "Insert BibTeX Entry for ISBN" uses them.
    await insertOrCopyEntry(book, editor, readings, await entryOptions(config, editor?.document));
  } else if (choice === copy) {
    await vscode.env.clipboard.writeText(book.isbn13);
    void vscode.window.showInformationMessage(commandWords.isbnCommands.copied(book.isbn13));
  }
}

function initialIsbn(editor: vscode.TextEditor, isbns: DocumentIsbns): string {
  const selected = editor.document.getText(editor.selection).trim();
  if (selected && selected.length <= 40) return selected;
  return isbns.at(editor.document, editor.selection.active)?.raw ?? '';
}
