/**
 * The bibliographies citation keys resolve through. Each file is parsed once
 * and again only after it changed (an open document was edited or closed, the
 * file watcher saw a change), never on every hover. A document's keys go
 * through the files it names (`\bibliography`, `\addbibresource`, front matter
 * `bibliography:`) and its inline `references:`; when it names none, through
 * every bibliography file of the workspace. Nothing is loaded, listed or
 * watched until the first citation is looked up, and the parsers load then.
 */
import * as vscode from 'vscode';
import type { CitationSyntax } from '../../core/bibliography/citations';
import type { BibliographyEntry } from '../../core/bibliography/entry';
import { type BibliographyFormat, bibliographyFormatOf, looksLikeCsl } from '../../core/documentKind/documentKind';
import { Disposable } from '../../core/disposable';

export interface FoundEntry {
  /** The file that holds the entry (the document itself for inline references). */
  uri: vscode.Uri;
  entry: BibliographyEntry;
  /** The entry's first valid ISBN, as an ISBN-13, if it has one. */
  isbn13?: string;
}

const BIBLIOGRAPHY_GLOB = '**/*.{bib,json,yaml,yml,ris}';
const NOT_BIBLIOGRAPHIES = '{**/node_modules/**,**/.git/**,**/.vscode/**,**/dist/**,**/out/**}';
/** Enough for any real workspace's bibliographies; a monorepo's JSON files stop here. */
const MAX_WORKSPACE_FILES = 1000;

async function loadCore() {
  const [index, named, yaml, lookup] = await Promise.all([
    import('../../core/bibliography/bibliographyIndex'),
    import('../../core/bibliography/documentBibliographies'),
    import('../../core/bibliography/readCslYaml'),
    import('../../core/bibliography/entryLookup'),
  ]);
  return {
    index: new index.BibliographyIndex(),
    namedBibliographies: named.namedBibliographies,
    bibliographiesInScope: named.bibliographiesInScope,
    readFrontMatterReferences: yaml.readFrontMatterReferences,
    validIsbn13s: lookup.validIsbn13s,
  };
}
type Core = Awaited<ReturnType<typeof loadCore>>;

export class BibliographyStore extends Disposable {
  private core: Promise<Core> | undefined;
  /** Files whose indexed text may be stale: read again at the next look-up. */
  private readonly stale = new Set<string>();
  private workspaceFiles: Promise<Map<string, vscode.Uri>> | undefined;

  /** The entry of `key` for a citation in `document`, or undefined when no bibliography in scope has it. */
  async find(document: vscode.TextDocument, key: string, syntax: CitationSyntax): Promise<FoundEntry | undefined> {
    const core = await this.loaded();
    const text = document.getText();
    const named = core.namedBibliographies(text, syntax);
    if (named.inlineReferences) {
      const entry = core.readFrontMatterReferences(text).find((e) => e.key === key);
      if (entry) return { uri: document.uri, entry, isbn13: core.validIsbn13s(entry.isbns)[0] };
    }
    const base = vscode.Uri.joinPath(document.uri, '..');
    const namedFiles = named.files.map((file) => ({ uri: resolve(base, file.path), format: file.format }));
    const workspace = namedFiles.length > 0 || named.inlineReferences ? [] : [...(await this.listWorkspace()).values()].map((uri) => ({ uri, format: bibliographyFormatOf(uri.path) }));
    const files = core.bibliographiesInScope(namedFiles, named.inlineReferences, workspace);
    const names: string[] = [];
    for (const file of files) {
      if (!file.format) continue;
      await this.ensure(core, file.uri, file.format);
      names.push(file.uri.toString());
    }
    const found = core.index.find(key, names);
    if (!found) return undefined;
    return { uri: vscode.Uri.parse(found.file), entry: found.entry, isbn13: core.validIsbn13s(found.entry.isbns)[0] };
  }

  private loaded(): Promise<Core> {
    if (!this.core) {
      this.core = loadCore();
      this.watch();
    }
    return this.core;
  }

  /** From the first look-up on: edits, closes and changes on disk make a file stale. */
  private watch(): void {
    const markStale = (uri: vscode.Uri) => {
      if (bibliographyFormatOf(uri.path)) this.stale.add(uri.toString());
    };
    this.register(vscode.workspace.onDidChangeTextDocument((e) => markStale(e.document.uri)));
    this.register(vscode.workspace.onDidCloseTextDocument((document) => markStale(document.uri)));
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(BIBLIOGRAPHY_GLOB));
    this.register(watcher.onDidChange(markStale));
    this.register(
      watcher.onDidCreate((uri) => {
        markStale(uri);
        void this.workspaceFiles?.then((files) => files.set(uri.toString(), uri));
      }),
    );
    this.register(
      watcher.onDidDelete((uri) => {
        markStale(uri);
        void this.workspaceFiles?.then((files) => files.delete(uri.toString()));
      }),
    );
  }

  private listWorkspace(): Promise<Map<string, vscode.Uri>> {
    this.workspaceFiles ??= Promise.resolve(vscode.workspace.findFiles(BIBLIOGRAPHY_GLOB, NOT_BIBLIOGRAPHIES, MAX_WORKSPACE_FILES)).then(
      (uris) => new Map(uris.map((uri) => [uri.toString(), uri])),
      () => new Map(),
    );
    return this.workspaceFiles;
  }

  /** Indexes the file unless its indexed text is current: from the open document, else from disk. */
  private async ensure(core: Core, uri: vscode.Uri, format: BibliographyFormat): Promise<void> {
    const name = uri.toString();
    if (core.index.has(name) && !this.stale.has(name)) return;
    this.stale.delete(name);
    let text = await readText(uri);
    // package.json, a CI file…: not bibliographies, so no keys.
    if ((format === 'csl-json' || format === 'csl-yaml') && !looksLikeCsl(text, format)) text = '';
    core.index.update(name, text, format);
  }
}

/** A named path: absolute as written, else relative to the citing document's folder. */
function resolve(base: vscode.Uri, path: string): vscode.Uri {
  if (/^(?:\/|[A-Za-z]:[\\/])/.test(path)) return base.with({ path: path.replace(/\\/g, '/').replace(/^(?=[A-Za-z]:)/, '/') });
  return vscode.Uri.joinPath(base, path);
}

/** The open document's text, else the file's; a missing or unreadable file reads as empty (no keys). */
async function readText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return '';
  }
}
