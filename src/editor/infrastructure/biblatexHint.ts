/**
 * For `isbnLens.bibtex.dialect` `auto`: whether a .tex of the workspace loads
 * biblatex. Read when an entry is written, not kept: it is a few small files.
 */
import * as vscode from 'vscode';
import { loadsBiblatex } from '../../core/formats/bibtex/dialect';

/** Enough to find the preamble of any real project. */
const MAX_TEX_FILES = 50;

export async function workspaceLoadsBiblatex(): Promise<boolean> {
  const files = await vscode.workspace.findFiles('**/*.tex', '{**/node_modules/**,**/.git/**}', MAX_TEX_FILES);
  for (const uri of files) {
    try {
      if (loadsBiblatex(new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri)))) return true;
    } catch {
      // an unreadable .tex says nothing about the dialect
    }
  }
  return false;
}
