/**
 * The one owner of readings: one per document, keyed by the document and its version. An
 * open document's reading moves on with its edits, read again only where the editor says it
 * changed; every feature (citation keys, duplicates, Annotate, Insert Entry) asks here, so a
 * text is read once per version whoever asks first. The editor owns one instance and tells it
 * of edits and closes; files read from disk are kept the same way, by name, and compared when
 * they are read again. No state outside the instance.
 */
import type { FormatId } from './formatId';
import type { FormatPart, Pause } from './part';
import type { DocumentReading, Unchanged } from './shared/documentReading';

/** One change of an edit, as the editor reports it: where, how many characters it removed, how many it put there. */
export interface TextChange {
  offset: number;
  removed: number;
  inserted: number;
}

interface Kept {
  format: FormatId;
  version: number;
  reading: DocumentReading;
  /** Where the text is unchanged since `reading`, from the edits reported since (undefined: compare the texts). */
  unchanged?: Unchanged;
  /** The text's length after the edits reported since `reading`. */
  length: number;
  /** A reading under way in slices, for this version. */
  pending?: { version: number; done: Promise<DocumentReading> };
}

export class Readings {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly partOf: (format: FormatId) => FormatPart) {}

  /**
   * The reading of a document at `version`: the kept one, moved on by the edits since (read
   * again only where they were), or a new one, in slices with `pause` between them where the
   * format reads large files (callers meanwhile share it).
   */
  async of(key: string, version: number, format: FormatId, text: string, pause?: Pause, sliceMs?: number): Promise<DocumentReading> {
    const kept = this.kept.get(key);
    if (kept?.format === format) {
      if (kept.pending?.version === version) return kept.pending.done;
      if (!kept.pending) return this.now(key, version, format, text);
    }
    const part = this.partOf(format);
    if (!pause || !part.readingInSteps) return this.now(key, version, format, text);
    const done = part.readingInSteps(text, pause, sliceMs).then(
      (reading) => {
        const current = this.kept.get(key);
        // Edited meanwhile: the next ask moves this reading on by comparing the texts.
        if (current?.pending?.done === done) this.kept.set(key, { format, version, reading, length: text.length });
        return reading;
      },
      (e: unknown) => {
        if (this.kept.get(key)?.pending?.done === done) this.kept.delete(key);
        throw e;
      },
    );
    this.kept.set(key, { ...(kept ?? { format, version: -1, reading: part.reading(''), length: 0 }), format, pending: { version, done } });
    return done;
  }

  /** The reading of a document at `version`, at once (a synchronous caller: Annotate's edits). */
  now(key: string, version: number, format: FormatId, text: string): DocumentReading {
    const kept = this.kept.get(key);
    if (kept && kept.format === format && !kept.pending && kept.version >= 0) {
      if (kept.version === version && kept.reading.text.length === text.length) return kept.reading;
      const unchanged = kept.unchanged && kept.length === text.length ? kept.unchanged : undefined;
      const reading = kept.reading.edited(text, unchanged);
      this.kept.set(key, { format, version, reading, length: text.length });
      return reading;
    }
    const reading = this.partOf(format).reading(text);
    this.kept.set(key, { format, version, reading, length: text.length });
    return reading;
  }

  /** The editor's edit of a document: its changes, their offsets in the text before the edit. */
  changed(key: string, changes: readonly TextChange[]): void {
    const kept = this.kept.get(key);
    if (!kept || kept.pending) return;
    let { prefix, suffix } = kept.unchanged ?? { prefix: kept.reading.text.length, suffix: kept.reading.text.length };
    let length = kept.length;
    for (const change of changes) {
      prefix = Math.min(prefix, change.offset);
      suffix = Math.min(suffix, kept.length - change.offset - change.removed);
      length += change.inserted - change.removed;
    }
    // What is left alone must fit in both texts.
    const fit = Math.min(kept.reading.text.length, length);
    if (prefix + suffix > fit) suffix = Math.max(0, fit - prefix);
    kept.unchanged = { prefix, suffix };
    kept.length = length;
  }

  /** The document was closed, or its file changed on disk: its reading is made anew when next asked. */
  forget(key: string): void {
    this.kept.delete(key);
  }

  has(key: string): boolean {
    return this.kept.has(key);
  }
}
