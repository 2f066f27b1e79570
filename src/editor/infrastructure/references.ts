/**
 * References in the user's citation style (`isbnLens.citation.style`, `isbnLens.citation.locale`):
 * the one owner of the CSL processor for the window. The processor and the bundled styles
 * (core/citation/render.ts) load on first use, across the lazy boundary; a style file of the
 * workspace is read as the read policy allows (readStyleFile) and handed to the processor as XML
 * data. A hover asks with a deadline and gets nothing rather than waiting past it; the next hover
 * finds the processor ready.
 */
import * as vscode from 'vscode';
import type { BibliographyEntry } from '../../core/formats/shared/entry';
import type { Book } from '../../core/model/book';
import type { CitationEngines, Reference, ReferenceRenderer } from '../../core/citation/render';
import { type BundledLocale, DEFAULT_STYLE, chooseLocale, isBundledStyle } from '../../core/citation/styles';
import { currentScope, vscodeFileAccess } from './bibliographyFiles';
import type { Config } from './config';
import * as words from '../words/citation';

export type { Reference };

/** What a reference is made of: a book from the sources (its id: a cite key, else its ISBN-13), or an entry of a file. */
export type Citable = { book: Book; id?: string } | { entry: BibliographyEntry };

interface Made {
  renderer: ReferenceRenderer;
  /** The style's name for the hover: a bundled style's, or the file's name. */
  name: string;
}

/**
 * How long after a hover the processor is made when the hover asked first: making a style's
 * engine takes 0.7–1.8 s for APA and the Chicago styles (docs/performance.md); it runs in a worker
 * (core/host/citationEngines.ts; in the browser a Worker nested in the extension host's), and
 * starts once the hover has gone out, never inside it.
 */
export const MAKE_AFTER_HOVER_MS = 150;

export class References implements vscode.Disposable {
  private made?: { key: string; promise: Promise<Made>; ready?: Made };
  private engines?: Promise<CitationEngines>;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly config: Config,
    private readonly warn: (message: string) => void = (message) => void vscode.window.showWarningMessage(message),
  ) {
    this.subscriptions = [
      config.onDidChange((event) => {
        if (config.changed(event, 'citation.style', 'citation.locale')) this.made = undefined;
      }),
      // An edited style file is read again on the next use.
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (/\.csl$/i.test(document.uri.path)) this.made = undefined;
      }),
    ];
  }

  /**
   * The references in the style's order. `now`: a hover's ask, answered only when the processor is
   * ready, else undefined at once while it is made after the hover (MAKE_AFTER_HOVER_MS).
   */
  async render(citables: readonly Citable[], now = false): Promise<{ references: Array<Reference & { index: number }>; style: string } | undefined> {
    const made = this.renderer(now ? MAKE_AFTER_HOVER_MS : 0);
    const ready = now ? this.made?.ready : await made;
    if (!ready) return undefined;
    const { bookCsl, entryCsl } = await import('../../core/citation/render');
    // Each its own id, so that two of the same book or key are two references.
    const items = citables.map((c, i) => ({ ...('book' in c ? bookCsl(c.book, c.id) : entryCsl(c.entry)), id: `r${i}` }));
    // `index`: which of `citables` each reference is (they come in the style's order).
    const references = (await ready.renderer.bibliography(items)).map((r) => ({ ...r, index: Number(r.id.slice(1)) }));
    return { references, style: ready.name };
  }

  /** The style's name, as the hover says it before the processor is ready. */
  styleName(): string {
    const style = this.style();
    return isBundledStyle(style) ? words.styleName(style) : (style.split(/[\\/]/).pop() ?? style);
  }

  /** `isbnLens.citation.style`: a bundled style's id or a path to a `.csl` file (APA when empty). */
  private style(): string {
    const value = this.config.setting('citation.style');
    return (typeof value === 'string' && value.trim()) || DEFAULT_STYLE;
  }

  private renderer(delayMs: number): Promise<Made> {
    const style = this.style();
    const setting = this.config.setting('citation.locale');
    const locale = chooseLocale(typeof setting === 'string' ? setting : undefined, vscode.env.language);
    const key = `${style}\n${locale}`;
    if (this.made?.key !== key) {
      const made: NonNullable<References['made']> = {
        key,
        promise: new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(() => this.make(style, locale)),
      };
      // A failure (the processor did not load) is tried again on the next use.
      made.promise.then(
        (ready) => (made.ready = ready),
        () => this.made === made && (this.made = undefined),
      );
      this.made = made;
    }
    return this.made.promise;
  }

  /** The window's engines: in a worker on the Node host, in this thread in the browser. */
  private citationEngines(): Promise<CitationEngines> {
    return (this.engines ??= import('../../core/host/citationEngines').then((m) => m.citationEngines()));
  }

  private async make(style: string, locale: BundledLocale): Promise<Made> {
    const render = await import('../../core/citation/render');
    const engines = await this.citationEngines();
    if (isBundledStyle(style)) return { renderer: await engines.make(render.bundledStyleText(style), locale), name: words.styleName(style) };
    const fallback = async () => ({ renderer: await engines.make(render.bundledStyleText(DEFAULT_STYLE), locale), name: words.styleName(DEFAULT_STYLE) });
    const uri = styleUri(style);
    if (!uri) {
      this.warn(words.styleUnusable(style, 'noPath'));
      return fallback();
    }
    const { readStyleFile } = await import('../../core/bibliography/readPolicy');
    const read = await readStyleFile(uri, await currentScope(), vscodeFileAccess);
    if ('refused' in read) {
      this.warn(words.styleUnusable(style, read));
      return fallback();
    }
    try {
      return { renderer: await engines.make(read.text, locale), name: uri.path.split('/').pop() ?? style };
    } catch (e) {
      // The worker failed, not the style: tried again on the next use.
      if (e instanceof render.CitationWorkerError) throw e;
      this.warn(words.styleUnusable(style, e instanceof render.StyleError ? e.problem : 'unreadable'));
      return fallback();
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    void this.engines?.then((engines) => engines.dispose());
  }
}

/** A style path: relative to the first workspace folder, or absolute (in that folder's file system); never an address or a network share. */
function styleUri(path: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(path) || /^[\\/]{2}/.test(path)) return undefined;
  if (path.startsWith('/') || /^[a-z]:[\\/]/i.test(path)) return folder ? folder.with({ path: path.replace(/\\/g, '/').replace(/^(?=[a-z]:)/i, '/') }) : vscode.Uri.file(path);
  return folder ? vscode.Uri.joinPath(folder, path) : undefined;
}
