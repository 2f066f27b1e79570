/**
 * Reads BibTeX/BibLaTeX entries with their source offsets through
 * latex-utensils' PEG parser. The text is cut into chunks at lines that start
 * with `@`, and each chunk is parsed alone: a syntax error then costs one
 * entry instead of the whole file, and chunks that cannot matter (no `isbn`)
 * are not parsed at all.
 */
import * as parser from 'latex-utensils/out/src/bibtex/bibtex_parser';

export type ValueKind = 'braced' | 'quoted' | 'number' | 'macro' | 'concat';

export interface BibField {
  /** Lower-case name. */
  name: string;
  /** The name as written (ISBN, Title, …). */
  writtenName: string;
  /** Offset of the name. */
  start: number;
  /** Offset of the `=`. */
  equals: number;
  /** The value with its delimiters: text.slice(valueStart, valueEnd). */
  valueStart: number;
  valueEnd: number;
  kind: ValueKind;
}

export interface BibEntry {
  /** Lower-case entry type: book, article, … */
  type: string;
  key: string;
  /** `@` to the closing delimiter, inclusive. */
  start: number;
  end: number;
  fields: BibField[];
}

export interface BibParseError {
  /** Offset of the chunk that failed, and of the error in it. */
  chunkStart: number;
  offset: number;
  message: string;
}

export interface BibParseResult {
  entries: BibEntry[];
  errors: BibParseError[];
}

const SKIPPED_TYPES = new Set(['comment', 'string', 'preamble']);

/** Chunk boundaries: the start of every line whose first non-blank is `@`. */
export function chunkStarts(text: string): number[] {
  const starts: number[] = [];
  const re = /^[ \t]*@/gm;
  for (let m; (m = re.exec(text)) !== null; ) starts.push(m.index);
  return starts;
}

/**
 * Entries (never @string, @preamble or @comment) in order. `wanted` picks
 * the chunks worth parsing by their text; by default all are.
 */
export function parseBibtex(text: string, wanted: (chunk: string) => boolean = () => true): BibParseResult {
  const starts = chunkStarts(text);
  const entries: BibEntry[] = [];
  const errors: BibParseError[] = [];
  for (let i = 0; i < starts.length; i++) {
    const base = starts[i];
    const chunk = text.slice(base, i + 1 < starts.length ? starts[i + 1] : text.length);
    if (!wanted(chunk)) continue;
    let ast: parser.BibtexAst;
    try {
      ast = parser.parse(chunk);
    } catch (e) {
      const offset = parser.isSyntaxError(e) ? base + e.location.start.offset : base;
      errors.push({ chunkStart: base, offset, message: e instanceof Error ? e.message : String(e) });
      continue;
    }
    for (const node of ast.content) {
      if (!parser.isEntry(node) || SKIPPED_TYPES.has(node.entryType.toLowerCase())) continue;
      entries.push(toEntry(chunk, base, node));
    }
  }
  return { entries, errors };
}

function toEntry(chunk: string, base: number, node: parser.Entry): BibEntry {
  const fields = node.content.map((field): BibField => {
    const start = field.location.start.offset;
    const writtenName = /^[^\s=]+/.exec(chunk.slice(start, start + 200))?.[0] ?? field.name;
    const value = field.value;
    const valueStart = value.location.start.offset;
    return {
      name: field.name.toLowerCase(),
      writtenName,
      start: base + start,
      equals: base + chunk.indexOf('=', start + writtenName.length),
      valueStart: base + valueStart,
      valueEnd: base + value.location.end.offset,
      kind: valueKind(value.kind, chunk[valueStart]),
    };
  });
  return {
    type: node.entryType.toLowerCase(),
    key: node.internalKey ?? '',
    start: base + node.location.start.offset,
    end: base + node.location.end.offset,
    fields,
  };
}

function valueKind(kind: parser.FieldValue['kind'], opener: string): ValueKind {
  switch (kind) {
    case 'text_string':
      return opener === '"' ? 'quoted' : 'braced';
    case 'number':
      return 'number';
    case 'abbreviation':
      return 'macro';
    default:
      return 'concat';
  }
}

/** Cite keys already used in the text (lower-cased: BibTeX compares them without case). */
export function citeKeys(text: string): Set<string> {
  const keys = new Set<string>();
  const re = /@[A-Za-z]+\s*[{(]\s*([^,\s{}()"#%'=]+)\s*,/g;
  for (let m; (m = re.exec(text)) !== null; ) keys.add(m[1].toLowerCase());
  return keys;
}
