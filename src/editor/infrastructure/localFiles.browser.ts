/**
 * `localFiles.ts` in VS Code for the Web: a browser has no local files (workspace URIs are
 * `vscode-remote:` or virtual there), so nothing is asked of these; should a `file:` URI come
 * anyway, it fails as an unreadable file does.
 */
export function readLocalHead(): Promise<string> {
  return Promise.reject(new Error('no local files in a browser'));
}

export function localRealPath(): Promise<string> {
  return Promise.reject(new Error('no local files in a browser'));
}
