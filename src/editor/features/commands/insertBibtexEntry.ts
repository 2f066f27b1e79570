/**
 * "Insert BibTeX Entry for ISBN": the book of the ISBN under the cursor, in
 * the selection or typed in, as a complete `@book{…}` entry with a unique
 * cite key (`isbnLens.citeKey.pattern`) and the fields of the dialect
 * (`isbnLens.bibtex.dialect`): inserted at the cursor in a BibTeX file (after
 * the entry the cursor is in, never inside it), copied to the clipboard
 * elsewhere. Also the shared steps of "Insert Bibliography Entry for ISBN".
 */
import * as vscode from 'vscode';
import { formatOf } from '../../../core/documentKind/documentKind';
import type { BibliographyFormatId as BibliographyFormat } from '../../../core/formats/formatId';
import type { WriteOptions as NewEntryOptions } from '../../../core/formats/part';
import { parseIsbn } from '../../../core/isbn/parse';
import type { Book } from '../../../core/model/book';
import { workspaceLoadsBiblatex } from '../../infrastructure/biblatexHint';
import type { Config } from '../../infrastructure/config';
import { lookupOneWithProgress } from '../../infrastructure/lookupWithProgress';
import type { DocumentIsbns } from '../../infrastructure/documentIsbns';
import type { LookupService } from '../../infrastructure/lookupService';
import { askIsbn } from './isbnInput';
import { type DocumentReadings, partOf } from '../../infrastructure/documentReadings';
import * as words from '../../words/index';
import * as commandWords from '../../words/commands';

export async function insertBibtexEntry(isbns: DocumentIsbns, service: LookupService, config: Config, readings: DocumentReadings): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const book = await bookForCommand(editor, isbns, service, commandWords.isbnCommands.insertBibtexTitle());
  if (!book) return;
  await insertOrCopyEntry(book, editor, readings, await entryOptions(config, editor?.document));
}

/** The book of the ISBN at the cursor, selected or typed in; undefined (with a message) when there is none. */
export async function bookForCommand(editor: vscode.TextEditor | undefined, isbns: DocumentIsbns, service: LookupService, title: string): Promise<Book | undefined> {
  const isbn13 = (editor && isbnAtCursor(editor, isbns)) ?? (await askForIsbn(editor, isbns, title));
  if (!isbn13) return undefined;
  const result = await lookupOneWithProgress(service, isbn13, commandWords.progress.lookingUpOne(parseIsbn(isbn13)?.hyphenated13 ?? isbn13));
  if (!result) return undefined;
  if (result.status === 'notFound') {
    void vscode.window.showInformationMessage(commandWords.isbnCommands.noEntryMade(commandWords.noBook(result, parseIsbn(isbn13)?.hyphenated13 ?? isbn13)));
    return undefined;
  }
  if (result.status === 'failed') {
    void vscode.window.showErrorMessage(words.notice(service.describeFrom(result.source, result.error)));
    return undefined;
  }
  return result.book;
}

/** The settings a new entry is written with, for the document it goes into. */
export async function entryOptions(config: Config, document: vscode.TextDocument | undefined): Promise<NewEntryOptions> {
  const dialect = config.bibtexDialect(document);
  return { dialect, keyPattern: await usableKeyPattern(config.citeKeyPattern(document)), texLoadsBiblatex: dialect === 'auto' && (await workspaceLoadsBiblatex()) };
}

/** The cite-key pattern of the settings, or undefined (the default) with a message saying why it cannot be used. */
async function usableKeyPattern(pattern: string | undefined): Promise<string | undefined> {
  if (pattern === undefined) return undefined;
  const { DEFAULT_CITE_KEY_PATTERN, citeKeyPatternProblem } = await import('../../../core/formats/bibtex/citeKeyPattern');
  const problem = citeKeyPatternProblem(pattern);
  if (!problem) return pattern;
  void vscode.window.showWarningMessage(commandWords.isbnCommands.keyPatternUnusable(commandWords.citeKeyPatternProblem(problem), DEFAULT_CITE_KEY_PATTERN));
  return undefined;
}

function isBibtex(document: vscode.TextDocument): boolean {
  return formatOf(document) === 'bibtex';
}

/** In a BibTeX editor: the entry at the cursor. Elsewhere: the entry on the clipboard. */
export async function insertOrCopyEntry(book: Book, editor: vscode.TextEditor | undefined, readings: DocumentReadings, options: NewEntryOptions = {}): Promise<void> {
  if (editor && isBibtex(editor.document) && !editor.document.isClosed) {
    await insertEntryAt(editor, book, 'bibtex', options, readings);
    return;
  }
  const [{ bookEntry }, { chooseDialect }] = await Promise.all([import('../../../core/formats/bibtex/bookEntry'), import('../../../core/formats/bibtex/dialect')]);
  const entry = bookEntry(book, '', '\n', { dialect: chooseDialect(options.dialect, '', options), keyPattern: options.keyPattern });
  await vscode.env.clipboard.writeText(entry.text + '\n');
  void vscode.window.showInformationMessage(commandWords.isbnCommands.copiedBibtex(entry.key, book.title));
}

/** Writes the book's entry into the editor's file in its format, at the cursor (or after the entry it is in), as one edit. */
export async function insertEntryAt(editor: vscode.TextEditor, book: Book, format: BibliographyFormat, options: NewEntryOptions, readings: DocumentReadings): Promise<void> {
  const part = await partOf(format);
  const document = editor.document;
  const reading = await readings.of(document, format);
  const version = document.version;
  const result = part.newEntry?.(reading, document.offsetAt(editor.selection.end), book, options);
  if (!result || 'refused' in result) {
    void vscode.window.showWarningMessage(words.notice(result ? commandWords.formatRefusal(result.refused, 'insert') : commandWords.isbnCommands.noEntries()));
    return;
  }
  const { edit, key } = result;
  const range = new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end));
  const done = document.version === version && (await editor.edit((builder) => builder.replace(range, edit.newText)));
  if (!done) {
    void vscode.window.showWarningMessage(commandWords.isbnCommands.fileChanged());
    return;
  }
  const keyOffset = document.getText().indexOf(key, edit.start);
  const at = document.positionAt(keyOffset >= 0 ? keyOffset : edit.start);
  editor.selection = new vscode.Selection(at, at);
  editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  void vscode.window.showInformationMessage(commandWords.isbnCommands.inserted(format, key, book.title));
}

/** A valid ISBN in the selection, else the one under the cursor. */
function isbnAtCursor(editor: vscode.TextEditor, isbns: DocumentIsbns): string | undefined {
  const selected = editor.document.getText(editor.selection).trim();
  if (selected) return selected.length <= 40 ? parseIsbn(selected)?.isbn13 : undefined;
  return isbns.at(editor.document, editor.selection.active)?.info?.isbn13;
}

async function askForIsbn(editor: vscode.TextEditor | undefined, isbns: DocumentIsbns, title: string): Promise<string | undefined> {
  const selected = editor?.document.getText(editor.selection).trim() ?? '';
  const initial = selected.length <= 40 ? selected : editor ? (isbns.at(editor.document, editor.selection.active)?.raw ?? '') : '';
  return (await askIsbn(title, initial))?.isbn13;
}
