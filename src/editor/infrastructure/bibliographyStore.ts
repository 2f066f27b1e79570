/**
 * The bibliographies citation keys resolve through. Each file is parsed once
 * and again only after it changed (an open document was edited or closed, the
 * file watcher saw a change), never on every hover. A document's keys go
 * through the files it names (`\bibliography`, `\addbibresource`, front matter
 * `bibliography:`) and its inline `references:`; when it names none and cites,
 * through every bibliography file of the workspace. What may be read at all is
 * decided by the read policy (core/bibliography/readPolicy). Nothing is loaded,
 * listed or watched until the first citation is looked up, and the parsers load then.
 */
import * as vscode from 'vscode';
import type { CitationSyntax } from '../../core/bibliography/citations';
import type { BibliographyEntry } from '../../core/formats/shared/entry';
import { BIBLIOGRAPHY_GLOB } from '../../core/formats/recognition';
import { bibliographyFormatOf } from '../../core/documentKind/documentKind';
import { Disposable } from '../../core/disposable';
import { currentScope, vscodeFileAccess } from './bibliographyFiles';
import type { DocumentReadings } from './documentReadings';
import * as words from '../words/index';

export interface FoundEntry {
  /** The file that holds the entry (the document itself for inline references). */
  uri: vscode.Uri;
  entry: BibliographyEntry;
  /** The entry's first valid ISBN, as an ISBN-13, if it has one. */
  isbn13?: string;
}

/** Where the store says which files it did not read, and why. */
export interface BibliographyLog {
  info(message: string): void;
}

const NOT_BIBLIOGRAPHIES = '{**/node_modules/**,**/.git/**,**/.vscode/**,**/dist/**,**/out/**}';
/** Enough for any real workspace's bibliographies; a monorepo's JSON files stop here. */
const MAX_WORKSPACE_FILES = 1000;

async function loadCore() {
  const [index, named, yaml, policy, lookup] = await Promise.all([
    import('../../core/bibliography/bibliographyIndex'),
    import('../../core/bibliography/documentBibliographies'),
    import('../../core/formats/cslYaml/read'),
    import('../../core/bibliography/readPolicy'),
    import('../../core/formats/shared/entryLookup'),
  ]);
  return {
    index: new index.BibliographyIndex(),
    namedBibliographies: named.namedBibliographies,
    searchesTheWorkspace: named.searchesTheWorkspace,
    readFrontMatterReferences: yaml.readFrontMatterReferences,
    readBibliographyFile: policy.readBibliographyFile,
    validIsbn13s: lookup.validIsbn13s,
  };
}
type Core = Awaited<ReturnType<typeof loadCore>>;

export class BibliographyStore extends Disposable {
  private core: Promise<Core> | undefined;
  /** Files whose indexed text may be stale: read again at the next look-up. */
  private readonly stale = new Set<string>();
  /** Files the policy did not read (indexed as empty): read again when trust is granted. */
  private readonly refused = new Set<string>();
  /** Names already logged as skipped, so that each is logged once, not at every hover. */
  private readonly logged = new Set<string>();
  private workspaceFiles: Promise<Map<string, vscode.Uri>> | undefined;
  /** Files being read: a second look-up meanwhile waits for the same reading. */
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    private readonly log: BibliographyLog,
    private readonly readings: DocumentReadings,
  ) {
    super();
  }

  /** The entry of `key` for a citation in `document`, or undefined when no bibliography in scope has it. */
  async find(document: vscode.TextDocument, key: string, syntax: CitationSyntax): Promise<FoundEntry | undefined> {
    const core = await this.loaded();
    const text = document.getText();
    const named = core.namedBibliographies(text, syntax);
    if (named.inlineReferences) {
      const entry = core.readFrontMatterReferences(text).find((e) => e.key === key);
      if (entry) return { uri: document.uri, entry, isbn13: core.validIsbn13s(entry.isbns)[0] };
    }
    const files = named.files.flatMap((file) => this.resolveNamed(document.uri, file.path) ?? []);
    if (core.searchesTheWorkspace(named, text, syntax, document.languageId, document.fileName)) files.push(...(await this.listWorkspace()).values());
    const scope = await currentScope();
    const names: string[] = [];
    for (const uri of files) {
      await this.ensure(core, uri, scope);
      names.push(uri.toString());
    }
    const found = core.index.find(key, names);
    if (!found) return undefined;
    return { uri: vscode.Uri.parse(found.file), entry: found.entry, isbn13: core.validIsbn13s(found.entry.isbns)[0] };
  }

  /** A named path: absolute as written, else relative to the citing document's folder; undefined (and logged) where no URI can be made. */
  private resolveNamed(document: vscode.Uri, path: string): vscode.Uri | undefined {
    try {
      const base = vscode.Uri.joinPath(document, '..');
      if (/^(?:[\\/]|[A-Za-z]:[\\/])/.test(path)) return base.with({ path: path.replace(/\\/g, '/').replace(/^(?=[A-Za-z]:)/, '/') });
      return vscode.Uri.joinPath(base, path);
    } catch (e) {
      this.logOnce(path, words.log.bibliographyNoAddress(path, e instanceof Error ? e.message : String(e)));
      return undefined;
    }
  }

  private logOnce(name: string, message: string): void {
    if (this.logged.has(name)) return;
    this.logged.add(name);
    this.log.info(message);
  }

  private loaded(): Promise<Core> {
    if (!this.core) {
      this.core = loadCore();
      this.watch();
    }
    return this.core;
  }

  /** From the first look-up on: edits, closes and changes on disk make a file stale; so does trust for what it refused. */
  private watch(): void {
    const markStale = (uri: vscode.Uri) => {
      if (bibliographyFormatOf(uri.path)) this.stale.add(uri.toString());
    };
    this.register(vscode.workspace.onDidChangeTextDocument((e) => markStale(e.document.uri)));
    this.register(vscode.workspace.onDidCloseTextDocument((document) => markStale(document.uri)));
    this.register(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        for (const name of this.refused) this.stale.add(name);
        this.refused.clear();
        this.logged.clear();
      }),
    );
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
  private async ensure(core: Core, uri: vscode.Uri, scope: Awaited<ReturnType<typeof currentScope>>): Promise<void> {
    const name = uri.toString();
    const loading = this.loading.get(name);
    if (loading) return loading;
    if (core.index.has(name) && !this.stale.has(name)) return;
    this.stale.delete(name);
    const done = this.load(core, uri, name, scope).finally(() => this.loading.delete(name));
    this.loading.set(name, done);
    return done;
  }

  private async load(core: Core, uri: vscode.Uri, name: string, scope: Awaited<ReturnType<typeof currentScope>>): Promise<void> {
    const reading = await core.readBibliographyFile(uri, scope, vscodeFileAccess);
    if ('refused' in reading) {
      // Indexed as empty (no keys) until the file changes or trust is granted. A missing file or
      // a .json that is not CSL is ordinary; the rest is said once in the log.
      this.refused.add(name);
      if (reading.refused !== 'missing' && reading.refused !== 'notCsl') this.logOnce(name, (await import('../words/files')).bibliographyNotRead(uri.scheme === 'file' ? uri.fsPath : name, reading));
      core.index.set(name, 'bibtex', undefined);
      return;
    }
    this.refused.delete(name);
    // The window's reading of the file: an open document's moves on with its edits; a large library is read in slices.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === name && d.getText() === reading.text);
    core.index.set(name, reading.format, await this.readings.ofFile(name, reading.text, reading.format, open));
  }
}
