/**
 * Check Bibliography's results in the editor: one diagnostic collection (`isbnLens.check`) on the
 * checked ISBNs, kept per document until the next check; an edit of an entry checks that entry
 * again from the cache (the others keep theirs, moved with the text). The hover asks here for the
 * verdict above the book; the quick fixes (checkCodeActions.ts, loaded with the first one asked
 * for) write the record's details into the entry. The comparison and its words load on first use (core/check/).
 */
import * as vscode from 'vscode';
import { afterEdit } from '../../core/check/afterEdit';
import type { CheckedIsbn } from '../../core/check/checkEntries';
import { Disposable } from '../../core/disposable';
import type { FormatId } from '../../core/formats/formatId';
import type { LookupResult } from '../../core/model/lookup';
import { type DocumentReadings, partOf } from '../infrastructure/documentReadings';
import { LazyCodeActions } from '../infrastructure/lazyCodeActions';
import { DIAGNOSTIC_SOURCE } from './diagnostics';

export const CHECK_COLLECTION = 'isbnLens.check';

/** A checked ISBN as the editor keeps it: where it is now, and the words of its verdict. */
export interface CheckItem extends CheckedIsbn {
  /** The diagnostic's message; undefined where nothing is flagged. */
  message?: string;
  /** The hover's line above the book; undefined where nothing is said. */
  hoverLine?: string;
}

interface Checked {
  format: FormatId;
  items: CheckItem[];
  /** Where edits were since the last look at the document, in its current offsets: those entries are checked again. */
  dirty: Array<{ start: number; end: number }>;
  timer?: ReturnType<typeof setTimeout>;
}

/** Typing pauses this long before the edited entries are checked again from the cache. */
const SETTLE_MS = 400;

export class BibliographyChecks extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection(CHECK_COLLECTION));
  private readonly documents = new Map<string, Checked>();

  constructor(
    private readonly readings: DocumentReadings,
    /** The answer the caches hold for an ISBN, without asking (undefined: not known). */
    private readonly cached: (isbn13: string) => LookupResult | undefined,
  ) {
    super();
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.edited(e)));
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        const key = document.uri.toString();
        clearTimeout(this.documents.get(key)?.timer);
        this.documents.delete(key);
        this.collection.delete(document.uri);
      }),
    );
    this.register({ dispose: () => this.documents.forEach((checked) => clearTimeout(checked.timer)) });
  }

  /** A check's results for a document at its current version: they replace the last check's. */
  set(document: vscode.TextDocument, format: FormatId, items: CheckItem[]): void {
    const key = document.uri.toString();
    clearTimeout(this.documents.get(key)?.timer);
    this.documents.set(key, { format, items, dirty: [] });
    this.publish(document);
  }

  /** The checked ISBN written at `offset`, if any. */
  itemAt(document: vscode.TextDocument, offset: number): CheckItem | undefined {
    return this.documents.get(document.uri.toString())?.items.find((item) => item.start <= offset && offset <= item.end);
  }

  /** The format a document was checked as. */
  formatOf(document: vscode.TextDocument): FormatId | undefined {
    return this.documents.get(document.uri.toString())?.format;
  }

  /** The hover's line above the book for the ISBN at `offset`; undefined where the check said nothing. */
  hoverLine(document: vscode.TextDocument, offset: number): string | undefined {
    return this.itemAt(document, offset)?.hoverLine;
  }

  private publish(document: vscode.TextDocument): void {
    const checked = this.documents.get(document.uri.toString());
    if (!checked) return;
    this.collection.set(
      document.uri,
      checked.items.flatMap((item) => {
        if (!item.message) return [];
        const range = new vscode.Range(document.positionAt(item.start), document.positionAt(item.end));
        const severity = item.verdict.kind === 'other-book' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information;
        const diagnostic = new vscode.Diagnostic(range, item.message, severity);
        diagnostic.source = DIAGNOSTIC_SOURCE;
        diagnostic.code = item.verdict.kind;
        return [diagnostic];
      }),
    );
  }

  /** Moves the kept results with an edit; an edited entry's are dropped and it is checked again when typing settles. */
  private edited(e: vscode.TextDocumentChangeEvent): void {
    const checked = this.documents.get(e.document.uri.toString());
    if (!checked || e.contentChanges.length === 0) return;
    const moved = afterEdit(checked.items, checked.dirty, e.contentChanges.map((c) => ({ offset: c.rangeOffset, removed: c.rangeLength, inserted: c.text.length })));
    checked.items = moved.items;
    checked.dirty = moved.dirty;
    clearTimeout(checked.timer);
    checked.timer = setTimeout(() => void this.recheck(e.document), SETTLE_MS);
    this.publish(e.document);
  }

  /** The edited entries checked again from the cache. */
  private async recheck(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const checked = this.documents.get(key);
    if (!checked || document.isClosed) return;
    const version = document.version;
    const dirty = checked.dirty;
    const [part, reading, { checkEntry }, words] = await Promise.all([
      partOf(checked.format),
      this.readings.of(document, checked.format),
      import('../../core/check/checkEntries'),
      import('../words/check'),
    ]);
    // Typed again meanwhile: the next settle does it.
    if (this.documents.get(key) !== checked || document.version !== version || this.isDisposed) return;
    checked.dirty = [];
    const touched = reading.entries().filter((entry) => dirty.some((d) => entry.start <= d.end && d.start <= entry.end));
    const inTouched = (item: CheckItem) => touched.some((entry) => entry.start <= item.start && item.end <= entry.end);
    const items = checked.items.filter((item) => !inTouched(item));
    for (const entry of touched) {
      for (const item of checkEntry(entry, part.isPart(entry.type), this.cached) ?? []) items.push(withWords(item, words));
    }
    checked.items = items.sort((a, b) => a.start - b.start);
    this.publish(document);
  }
}

/** A checked ISBN with the words the user reads of its verdict. */
export function withWords(item: CheckedIsbn, words: typeof import('../words/check')): CheckItem {
  return { ...item, message: words.verdictMessage(item.verdict, item.shown, item.writtenTitle), hoverLine: words.verdictHoverLine(item.verdict, item.writtenTitle) };
}

/** Check's quick fixes are offered only on its own two verdicts: nothing loads for any other diagnostic. */
export function checkCodeActions(load: () => Promise<vscode.CodeActionProvider>): LazyCodeActions {
  return new LazyCodeActions(
    (context) => context.diagnostics.some((d) => d.source === DIAGNOSTIC_SOURCE && (d.code === 'other-book' || d.code === 'other-edition')),
    load,
  );
}
