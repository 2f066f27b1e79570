/**
 * "Insert BibTeX Entry for ISBN": the book of the ISBN under the cursor, in
 * the selection or typed in, as a complete `@book{…}` entry with a unique
 * cite key: inserted at the cursor in a BibTeX file (after the entry the
 * cursor is in, never inside it), copied to the clipboard elsewhere.
 */
import * as vscode from 'vscode';
import { annotationFormat } from '../../../core/annotate/annotationStyle';
import { parseIsbn } from '../../../core/isbn/parse';
import type { Book } from '../../../core/service/book';
import { lookupOneWithProgress } from '../../infrastructure/lookupWithProgress';
import type { DocumentIsbns } from '../../infrastructure/documentIsbns';
import type { LookupService } from '../../infrastructure/lookupService';
import { askIsbn } from './isbnInput';

export async function insertBibtexEntry(isbns: DocumentIsbns, service: LookupService): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const isbn13 = (editor && isbnAtCursor(editor, isbns)) ?? (await askForIsbn(editor, isbns));
  if (!isbn13) return;
  const result = await lookupOneWithProgress(service, isbn13, `ISBN Lens: looking up ${parseIsbn(isbn13)?.hyphenated13 ?? isbn13}…`);
  if (!result) return;
  if (result.status === 'notFound') {
    void vscode.window.showInformationMessage(`ISBN Lens: the book service knows no book with ISBN ${parseIsbn(isbn13)?.hyphenated13 ?? isbn13}; no entry was made.`);
    return;
  }
  if (result.status === 'failed') {
    void vscode.window.showErrorMessage(`ISBN Lens: ${service.describe(result.error)}`);
    return;
  }
  await insertOrCopyEntry(result.book, editor);
}

function isBibtex(document: vscode.TextDocument): boolean {
  return annotationFormat(document.languageId, document.fileName) === 'bibtex';
}

/** In a BibTeX editor: the entry at the cursor. Elsewhere: the entry on the clipboard. */
export async function insertOrCopyEntry(book: Book, editor: vscode.TextEditor | undefined): Promise<void> {
  // The BibTeX parser loads on first use.
  const { bookEntry, entryInsertionOffset, entryPadding } = await import('../../../core/bibtex/bookEntry');
  if (editor && isBibtex(editor.document) && !editor.document.isClosed) {
    const document = editor.document;
    const text = document.getText();
    const lineBreak = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
    const entry = bookEntry(book, text, lineBreak);
    const offset = entryInsertionOffset(text, document.offsetAt(editor.selection.end));
    const { before, after } = entryPadding(text, offset, lineBreak);
    const at = document.positionAt(offset);
    const done = await editor.edit((edit) => edit.insert(at, before + entry.text + after));
    if (!done) {
      void vscode.window.showWarningMessage('ISBN Lens: the file changed while the entry was being inserted. Run the command again.');
      return;
    }
    const start = document.positionAt(offset + before.length);
    editor.selection = new vscode.Selection(start, start);
    editor.revealRange(new vscode.Range(start, start), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    void vscode.window.showInformationMessage(`ISBN Lens: inserted @book{${entry.key}} for “${book.title}”.`);
    return;
  }
  const entry = bookEntry(book);
  await vscode.env.clipboard.writeText(entry.text + '\n');
  void vscode.window.showInformationMessage(`ISBN Lens: copied the BibTeX entry @book{${entry.key}} for “${book.title}” to the clipboard. Paste it into your .bib file.`);
}

/** A valid ISBN in the selection, else the one under the cursor. */
function isbnAtCursor(editor: vscode.TextEditor, isbns: DocumentIsbns): string | undefined {
  const selected = editor.document.getText(editor.selection).trim();
  if (selected) return selected.length <= 40 ? parseIsbn(selected)?.isbn13 : undefined;
  return isbns.at(editor.document, editor.selection.active)?.info?.isbn13;
}

async function askForIsbn(editor: vscode.TextEditor | undefined, isbns: DocumentIsbns): Promise<string | undefined> {
  const selected = editor?.document.getText(editor.selection).trim() ?? '';
  const initial = selected.length <= 40 ? selected : editor ? (isbns.at(editor.document, editor.selection.active)?.raw ?? '') : '';
  return (await askIsbn('ISBN Lens: Insert BibTeX Entry for ISBN', initial))?.isbn13;
}
