/**
 * VS Code's side of the policy for what is read as a bibliography (core/bibliography/readPolicy):
 * the workspace's trust and folders, and the file system through `workspace.fs`, with Node's
 * where only it can answer (where a symbolic link leads, the first bytes of a file: localFiles.ts).
 */
import * as vscode from 'vscode';
import type { BibliographyFileAccess, FileFacts, ReadScope } from '../../core/bibliography/readPolicy';
import { decodeUtf8 } from './decodeUtf8';
import { localRealPath, readLocalHead } from './localFiles';

export const vscodeFileAccess: BibliographyFileAccess<vscode.Uri> = {
  location,
  openText: (uri) => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.getText(),
  async stat(uri): Promise<FileFacts | undefined> {
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch {
      return undefined;
    }
    // A FIFO or a device is neither File nor Directory to VS Code (FileType.Unknown).
    const kind = stat.type & vscode.FileType.File ? 'file' : stat.type & vscode.FileType.Directory ? 'directory' : 'other';
    return { kind, size: stat.size };
  },
  realLocation,
  async readHead(uri, bytes) {
    // workspace.fs reads files whole: only a local file's first bytes can be read alone; elsewhere
    // (a virtual file system) the size cap is what bounds the read.
    if (uri.scheme !== 'file') return (await decodeUtf8(await vscode.workspace.fs.readFile(uri))).slice(0, bytes);
    return readLocalHead(uri.fsPath, bytes);
  },
  readText: async (uri) => decodeUtf8(await vscode.workspace.fs.readFile(uri)),
};

/** What the policy needs of the workspace now (trust can be granted while the window is open). */
export async function currentScope(): Promise<ReadScope> {
  const trusted = vscode.workspace.isTrusted;
  const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri);
  if (trusted) return { trusted, folders: [], realFolders: [] };
  const real = await Promise.all(folders.map(async (uri) => (await realLocation(uri)) ?? location(uri)));
  return { trusted, folders: folders.map(location), realFolders: real };
}

function location(uri: vscode.Uri): string {
  return `${uri.scheme}://${uri.authority}${uri.path}`;
}

/** Only a local file's links can be followed; elsewhere undefined, and the location as written counts. */
async function realLocation(uri: vscode.Uri): Promise<string | undefined> {
  if (uri.scheme !== 'file') return undefined;
  try {
    return location(vscode.Uri.file(await localRealPath(uri.fsPath)));
  } catch {
    return undefined;
  }
}
