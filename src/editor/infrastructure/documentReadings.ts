/**
 * The window's readings of bibliography documents (core/formats/readings.ts, loaded on first use
 * with the formats' parsers): one per document and version, moved on with the editor's edits,
 * read again only where they were. Every feature asks here, never reads a text itself. A large
 * library is read in slices with the extension host let go between them (a 50 MB library takes
 * ~0.3 s to read, in slices of ~20 ms, so that a garbage collection inside one still leaves it
 * under ~50 ms).
 */
import * as vscode from 'vscode';
import { Disposable } from '../../core/disposable';
import type { FormatId } from '../../core/formats/formatId';
import type { FormatPart, Pause } from '../../core/formats/part';
import type { Readings } from '../../core/formats/readings';
import type { DocumentReading } from '../../core/formats/shared/documentReading';
import { nextTurn } from '../../core/nextTurn';

export type { Pause } from '../../core/formats/part';

export const yieldToHost: Pause = nextTurn;

/** A format's part (core/formats/registry.ts), loaded on first use with its parsers. */
export async function partOf(format: FormatId): Promise<FormatPart> {
  return (await import('../../core/formats/registry')).formatPart(format);
}

export class DocumentReadings extends Disposable {
  private readings: Readings | undefined;
  private loading: Promise<Readings> | undefined;
  /** Files read from disk, by name: a version each time their text is read again. */
  private fileVersion = 0;

  constructor(private readonly pause: Pause = yieldToHost) {
    super();
    // Nothing is kept until a feature asks: until then an edit costs a map look-up.
    this.register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        const key = e.document.uri.toString();
        if (!this.readings?.has(key) || e.contentChanges.length === 0) return;
        this.readings.changed(
          key,
          e.contentChanges.map((c) => ({ offset: c.rangeOffset, removed: c.rangeLength, inserted: c.text.length })),
        );
      }),
    );
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.readings?.forget(document.uri.toString())));
  }

  /** The reading of an open document at its current version. */
  async of(document: vscode.TextDocument, format: FormatId): Promise<DocumentReading> {
    const readings = await this.loaded();
    return readings.of(document.uri.toString(), document.version, format, document.getText(), this.pause);
  }

  /** The reading of an open document at its current version, at once (a synchronous caller: Annotate's edits, computed again when the user types). */
  now(document: { uri: vscode.Uri; version: number; getText(): string }, format: FormatId, text = document.getText()): DocumentReading {
    if (!this.readings) throw new Error('The readings are asked at once before they were loaded: ask `of` first.');
    return this.readings.now(document.uri.toString(), document.version, format, text);
  }

  /** The reading of a file's text read from disk (or an open document's, by its name), kept by its name. */
  async ofFile(name: string, text: string, format: FormatId, document?: vscode.TextDocument): Promise<DocumentReading> {
    if (document) return this.of(document, format);
    const readings = await this.loaded();
    return readings.of(name, ++this.fileVersion, format, text, this.pause);
  }

  /** A file changed on disk or was closed: its reading is made anew when next asked. */
  forget(name: string): void {
    this.readings?.forget(name);
  }

  private loaded(): Promise<Readings> {
    this.loading ??= Promise.all([import('../../core/formats/readings'), import('../../core/formats/registry')]).then(([{ Readings }, { formatPart }]) => {
      this.readings = new Readings(formatPart);
      return this.readings;
    });
    return this.loading;
  }
}
