/**
 * "Find Book…" (`isbnLens.findBook`): a title, an author or both typed into a quick pick, works as
 * they type, a work's editions, and the chosen edition written in the document's own form (see
 * `bookPickers.ts`). This module is also the one entry of the finding commands across the lazy
 * boundary: Show Other Editions, Find Missing ISBNs, the quick fix's command and the quick fix itself.
 */
import * as vscode from 'vscode';
import { bookOfEdition } from '../../../core/finding/editionBook';
import type { Config } from '../../infrastructure/config';
import type { DocumentReadings } from '../../infrastructure/documentReadings';
import type { LookupService } from '../../infrastructure/lookupService';
import { pickEdition, pickWork, writeChosen } from './bookPickers';

export { showEditions } from './showEditions';
export { findIsbnForEntry, findMissingIsbns, missingIsbnAction } from './findMissingIsbns';

export async function findBook(service: LookupService, config: Config, readings: DocumentReadings): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor?.document.getText(editor.selection).trim() ?? '';
  const finder = await service.finder();
  const work = await pickWork(service, finder, { text: selected.length <= 200 && !selected.includes('\n') ? selected : '' });
  if (!work) return;
  const edition = await pickEdition(service, finder, work);
  if (!edition) return;
  const book = bookOfEdition(edition, work);
  if (book) await writeChosen(vscode.window.activeTextEditor ?? editor, book, config, readings);
}
