/** "Look Up ISBN": an ISBN from the cursor, the selection or typed in, then the book with actions. */
import * as vscode from 'vscode';
import { bookDetailsText, citationLine } from '../../core/format/bookText';
import { classifyNormalized, normalizeIsbn, suggestCorrections } from '../../core/isbn/parse';
import type { Book } from '../../core/service/book';
import { lookupOneWithProgress } from '../lookupWithProgress';
import type { DocumentIsbns } from '../documentIsbns';
import type { LookupService } from '../lookupService';
import { insertOrCopyEntry } from './insertBibtexEntry';

export async function lookupIsbn(isbns: DocumentIsbns, service: LookupService): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const input = await vscode.window.showInputBox({
    title: 'ISBN Lens: Look Up ISBN',
    prompt: 'An ISBN-10 or ISBN-13, with or without hyphens.',
    value: editor ? initialIsbn(editor, isbns) : '',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? undefined : whyNotAnIsbn(value)),
  });
  if (!input?.trim()) return;
  const verdict = classifyNormalized(normalizeIsbn(input));
  if (!verdict.valid) return;
  const isbn13 = verdict.info.isbn13;
  const result = await lookupOneWithProgress(service, isbn13, `ISBN Lens: looking up ${verdict.info.hyphenated13}…`);
  if (!result) return;
  if (result.status === 'notFound') {
    void vscode.window.showInformationMessage(`ISBN Lens: the book service knows no book with ISBN ${verdict.info.hyphenated13}.`);
    return;
  }
  if (result.status === 'failed') {
    void vscode.window.showErrorMessage(`ISBN Lens: ${service.describe(result.error)}`);
    return;
  }
  await offerBookActions(result.book, editor);
}

/** The book's details in a dialog, with what a user does next. */
export async function offerBookActions(book: Book, editor: vscode.TextEditor | undefined): Promise<void> {
  const insert = 'Insert Citation';
  const copy = 'Copy ISBN-13';
  const bibtex = 'Insert BibTeX Entry';
  const actions = editor ? [insert, bibtex, copy] : [bibtex, copy];
  const choice = await vscode.window.showInformationMessage(book.title, { modal: true, detail: bookDetailsText(book) }, ...actions);
  if (choice === insert && editor) {
    await editor.edit((edit) => edit.replace(editor.selection, citationLine(book)));
  } else if (choice === bibtex) {
    await insertOrCopyEntry(book, editor);
  } else if (choice === copy) {
    await vscode.env.clipboard.writeText(book.isbn13);
    void vscode.window.showInformationMessage(`ISBN Lens: copied ${book.isbn13}.`);
  }
}

function initialIsbn(editor: vscode.TextEditor, isbns: DocumentIsbns): string {
  const selected = editor.document.getText(editor.selection).trim();
  if (selected && selected.length <= 40) return selected;
  return isbns.at(editor.document, editor.selection.active)?.raw ?? '';
}

export function whyNotAnIsbn(value: string): string | undefined {
  const normalized = normalizeIsbn(value);
  if (/[^0-9Xx\s-]/.test(value.replace(/^\s*isbn(?:-1[03])?:?/i, ''))) return 'An ISBN has only digits, hyphens and spaces (and X as the last character of an ISBN-10).';
  const verdict = classifyNormalized(normalized);
  if (verdict.valid) return undefined;
  switch (verdict.problem) {
    case 'length':
      return `An ISBN has 10 or 13 digits; this has ${normalized.length}.`;
    case 'checksum': {
      const suggestion = suggestCorrections(normalized)[0];
      return `The check digit does not match.${suggestion ? ` Did you mean ${suggestion}?` : ''}`;
    }
    case 'range':
      return 'The checksum is right, but no ISBN agency has assigned this group or publisher range.';
  }
}
