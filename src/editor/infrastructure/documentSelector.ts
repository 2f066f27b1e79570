import type * as vscode from 'vscode';

/** URI schemes of the documents ISBN Lens works on: on disk, unsaved, virtual; not output panels or diffs of git objects. */
export const DOCUMENT_SCHEMES = ['file', 'untitled', 'vscode-vfs', 'vscode-remote', 'vscode-userdata'];

/** Documents of every language in those schemes. */
export const TEXT_DOCUMENTS: vscode.DocumentSelector = DOCUMENT_SCHEMES.map((scheme) => ({ scheme }));
