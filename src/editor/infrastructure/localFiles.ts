/**
 * What only Node can tell of a local (`file:`) file: where a symbolic link leads, and the first
 * bytes of a file without reading it whole. In VS Code for the Web (no Node, no local files: the
 * workspace is `vscode-remote:` or virtual) esbuild.js puts `localFiles.browser.ts` in its place.
 */
import { open, realpath } from 'node:fs/promises';

/** The file's first `bytes` bytes, as text. */
export async function readLocalHead(fsPath: string, bytes: number): Promise<string> {
  const file = await open(fsPath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return new TextDecoder('utf-8').decode(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** The path with every symbolic link followed. */
export function localRealPath(fsPath: string): Promise<string> {
  return realpath(fsPath);
}
