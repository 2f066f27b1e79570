/**
 * BibTeX/BibLaTeX files as bibliography entries, from a reading of the text
 * (reading.ts). An entry's plain values, people and ISBNs are
 * worked out when first asked for: a hover needs one entry's, duplicate
 * checks every entry's ISBNs, and a 50,000-entry library would otherwise
 * spend seconds on values nobody reads. When an edit makes a new reading of
 * an old one, the entries carry over with it (their offsets were moved).
 */
import type { BibEntry, BibField, BibItem } from './reader';
import { latexToText } from './latexText';
import { readNameList } from './names';
import { type Reread, replaceRange } from './reread';
import { type BibliographyEntry, type EntryIsbn, isbnsInValue, lineCounter, yearOf } from '../shared/entry';
import { partitionPoint } from '../../sorted';

/** The text the entries of a reading point into; it follows the reading through edits. */
class Source {
  private lines: ((offset: number) => number) | undefined;
  /** Bumped when offsets move, so that cached ISBN offsets are worked out again. */
  version = 0;

  constructor(public text: string) {}

  line(offset: number): number {
    this.lines ??= lineCounter(this.text);
    return this.lines(offset);
  }

  moveTo(text: string): void {
    this.text = text;
    this.lines = undefined;
    this.version++;
  }
}

class BibtexEntry implements BibliographyEntry {
  readonly format = 'bibtex' as const;
  private plain: Map<string, string> | undefined;
  private isbnCache: { version: number; isbns: EntryIsbn[] } | undefined;

  constructor(
    private readonly source: Source,
    private readonly raw: BibEntry,
  ) {}

  /** The text the entry's offsets are in now. */
  get text(): string {
    return this.source.text;
  }

  get key(): string {
    return this.raw.key;
  }
  get type(): string {
    return this.raw.type;
  }
  get start(): number {
    return this.raw.start;
  }
  get end(): number {
    return this.raw.end;
  }
  get keyStart(): number {
    return this.raw.key ? this.raw.keyStart : this.raw.start;
  }
  get keyEnd(): number {
    return this.keyStart + this.raw.key.length;
  }
  get line(): number {
    return this.source.line(this.raw.start);
  }
  get isbns(): EntryIsbn[] {
    if (this.isbnCache?.version !== this.source.version) {
      const field = this.raw.fields.find((f) => f.name === 'isbn');
      const isbns = field ? isbnsInValue(this.source.text.slice(field.valueStart, field.valueEnd), field.valueStart) : [];
      this.isbnCache = { version: this.source.version, isbns };
    }
    return this.isbnCache.isbns;
  }
  get authors(): string[] {
    return this.names('author');
  }
  get editors(): string[] {
    return this.names('editor');
  }
  /** A name field as BibTeX reads it: split on `and` outside braces (see readNameList). */
  private names(name: string): string[] {
    const value = this.writtenField(name);
    return value === undefined ? [] : readNameList(value);
  }
  writtenField(name: string): string | undefined {
    const field = this.raw.fields.find((f) => f.name === name);
    if (!field) return undefined;
    const value = this.source.text.slice(field.valueStart, field.valueEnd);
    return field.kind === 'braced' || field.kind === 'quoted' ? value.slice(1, -1) : value;
  }
  get title(): string | undefined {
    return this.field('title');
  }
  get year(): string | undefined {
    return this.field('year') ?? yearOf(this.field('date'));
  }
  /** One field's plain value, decoded alone: a hover or a check needs a few of an entry's fields, not its abstract. */
  field(name: string): string | undefined {
    if (this.plain) return this.plain.get(name);
    const field = this.raw.fields.find((f) => f.name === name);
    return field ? plainValue(this.source.text, field) : undefined;
  }
  /** Lower-case names, plain values; the first of a repeated field. */
  get fields(): Map<string, string> {
    if (!this.plain) {
      this.plain = new Map();
      for (const field of this.raw.fields) if (!this.plain.has(field.name)) this.plain.set(field.name, plainValue(this.source.text, field));
    }
    return this.plain;
  }
  /** What assert.deepEqual and logs see: the values, not the reading behind them. */
  toJSON(): BibliographyEntry {
    const { format, key, type, start, end, keyStart, keyEnd, line, isbns, authors, editors, title, year, fields } = this;
    return { format, key, type, start, end, keyStart, keyEnd, line, isbns, authors, editors, title, year, fields };
  }
}

/** The entries of one reading, and which item each is. */
export interface Attached {
  source: Source;
  entries: BibtexEntry[];
  /** entries[k] is the entry of items[itemIndex[k]]. */
  itemIndex: number[];
}

/** The entries of a reading's items. */
export function attachEntries(text: string, items: readonly BibItem[]): Attached {
  const source = new Source(text);
  const entries: BibtexEntry[] = [];
  const itemIndex: number[] = [];
  items.forEach((item, k) => {
    if (item.kind !== 'entry') return;
    entries.push(new BibtexEntry(source, item.entry));
    itemIndex.push(k);
  });
  return { source, entries, itemIndex };
}

/**
 * An edited text's entries from the old reading's: those of unchanged items are the same
 * objects (their source follows the text). The old arrays become the new ones, changed where
 * the edit was: the old reading is given up.
 */
export function carryEntries(old: Attached, text: string, items: readonly BibItem[], change: Reread): Attached {
  old.source.moveTo(text);
  const firstAfter = change.from + change.removed;
  const first = firstEntryAtOrAfter(old.itemIndex, change.from);
  const after = firstEntryAtOrAfter(old.itemIndex, firstAfter);
  const entries: BibtexEntry[] = [];
  const itemIndex: number[] = [];
  for (let i = change.from; i < change.from + change.added; i++) {
    const item = items[i]!;
    if (item.kind !== 'entry') continue;
    entries.push(new BibtexEntry(old.source, item.entry));
    itemIndex.push(i);
  }
  const moved = change.added - change.removed;
  if (moved !== 0) for (let k = after; k < old.itemIndex.length; k++) old.itemIndex[k]! += moved;
  return {
    source: old.source,
    entries: replaceRange(old.entries, first, after - first, entries),
    itemIndex: replaceRange(old.itemIndex, first, after - first, itemIndex),
  };
}

/** The first k with itemIndex[k] >= item. */
function firstEntryAtOrAfter(itemIndex: readonly number[], item: number): number {
  return partitionPoint(itemIndex.length, (k) => itemIndex[k] < item);
}

/** Fields whose value is taken as written, not as LaTeX: a `~` or `--` in an address is no tie or dash. */
const VERBATIM = new Set(['url', 'doi', 'eprint', 'file', 'isbn', 'issn', 'pdf', 'verba', 'verbb', 'verbc']);

/** A field's value as plain text: delimiters gone, LaTeX decoded (accents, escapes, `\emph`, protective braces), spacing flattened. */
function plainValue(text: string, field: BibField): string {
  let value = text.slice(field.valueStart, field.valueEnd);
  if (field.kind === 'braced' || field.kind === 'quoted') value = value.slice(1, -1);
  if (!VERBATIM.has(field.name)) return latexToText(value);
  return value
    .replace(/\\([&%$#_{}])/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
