/**
 * "Insert Bibliography Entry for ISBN": the book as an entry in the format of
 * the file the command runs in (BibTeX/BibLaTeX, CSL-JSON, CSL-YAML, RIS),
 * with a cite key unique in that file. In any other file the BibTeX entry
 * goes to the clipboard, as "Insert BibTeX Entry for ISBN" does.
 */
import * as vscode from 'vscode';
import { formatOf, type BibliographyFormat, bibliographyFormatOf } from '../../../core/documentKind/documentKind';
import type { Config } from '../../infrastructure/config';
import type { DocumentReadings } from '../../infrastructure/documentReadings';
import type { DocumentIsbns } from '../../infrastructure/documentIsbns';
import type { LookupService } from '../../infrastructure/lookupService';
import { bookForCommand, entryOptions, insertEntryAt, insertOrCopyEntry } from './insertBibtexEntry';
import * as commandWords from '../../words/commands';
import { hasEntries } from '../../../core/formats/formatId';

export async function insertEntry(isbns: DocumentIsbns, service: LookupService, config: Config, readings: DocumentReadings): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const book = await bookForCommand(editor, isbns, service, commandWords.isbnCommands.insertEntryTitle());
  if (!book) return;
  const options = await entryOptions(config, editor?.document);
  const format = editor && !editor.document.isClosed ? entryFormatOf(editor.document) : undefined;
  if (!editor || !format) {
    await insertOrCopyEntry(book, undefined, readings, options);
    return;
  }
  await insertEntryAt(editor, book, format, options, readings);
}

/** The bibliography format of a document; an empty .json or .yaml file counts by its name. */
function entryFormatOf(document: vscode.TextDocument): BibliographyFormat | undefined {
  const text = document.getText();
  const format = formatOf(document, text);
  if (format && hasEntries(format)) return format;
  return text.trim() === '' ? bibliographyFormatOf(document.fileName) : undefined;
}
