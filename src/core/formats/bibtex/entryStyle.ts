/**
 * How an entry is written, read from its own fields, so that fields added to
 * it look as if the user had typed them: delimiters, bare numbers, the case
 * of field names, one field per line or all on one, indentation, `=`
 * alignment and spacing, line breaks.
 */
import type { Delimiter } from './escape';
import type { BibEntry, BibField } from './reader';

export interface EntryStyle {
  delimiter: '{' | '"';
  /** The entry writes some numbers bare (`year = 1984`). */
  bareNumbers: boolean;
  nameCase: 'lower' | 'upper' | 'capital';
  /** Line break and indentation before each field; undefined when the fields share one line. */
  lineBreak?: string;
  indent: string;
  /** Whitespace before a field on a shared line. */
  separator: string;
  /** Column of `=` from the indentation when every field on its own line aligns it. */
  alignedEquals?: number;
  gapBeforeEquals: string;
  gapAfterEquals: string;
}

export function entryStyle(text: string, entry: BibEntry): EntryStyle {
  const fields = entry.fields;
  const last = fields[fields.length - 1];
  const lineStart = text.lastIndexOf('\n', last.start - 1) + 1;
  const lead = text.slice(lineStart, last.start);
  const ownLine = lineStart > entry.start && /^[ \t]*$/.test(lead);
  const style: EntryStyle = {
    delimiter: majorityDelimiter(fields),
    bareNumbers: fields.some((f) => f.kind === 'number'),
    nameCase: nameCase(fields),
    indent: ownLine ? lead : '',
    separator: ownLine ? '' : /[ \t]*$/.exec(lead)![0],
    gapBeforeEquals: text.slice(last.start + last.writtenName.length, last.equals),
    gapAfterEquals: text.slice(last.equals + 1, last.valueStart),
  };
  if (ownLine) {
    style.lineBreak = text.charCodeAt(lineStart - 2) === 13 ? '\r\n' : '\n';
    style.alignedEquals = alignedColumn(text, fields);
  }
  return style;
}

/** `name = value` in the entry's style (value already delimited). */
export function fieldText(style: EntryStyle, name: string, value: string): string {
  const written = style.nameCase === 'upper' ? name.toUpperCase() : style.nameCase === 'capital' ? name[0].toUpperCase() + name.slice(1) : name;
  const gap = style.alignedEquals !== undefined ? ' '.repeat(Math.max(1, style.alignedEquals - style.indent.length - name.length)) : style.gapBeforeEquals;
  return `${written}${gap}=${style.gapAfterEquals}${value}`;
}

/** The delimiter for a new value: bare digits where the entry writes numbers bare. */
export function newValueDelimiter(style: EntryStyle, numeric: boolean): Delimiter {
  return numeric && style.bareNumbers ? 'bare' : style.delimiter;
}

function majorityDelimiter(fields: readonly BibField[]): '{' | '"' {
  let braced = 0;
  let quoted = 0;
  let last: '{' | '"' = '{';
  for (const f of fields) {
    if (f.kind === 'braced') {
      braced++;
      last = '{';
    } else if (f.kind === 'quoted') {
      quoted++;
      last = '"';
    }
  }
  return braced === quoted ? last : braced > quoted ? '{' : '"';
}

function nameCase(fields: readonly BibField[]): EntryStyle['nameCase'] {
  const names = fields.map((f) => f.writtenName).filter((n) => /[a-z]/i.test(n));
  if (names.length === 0) return 'lower';
  if (names.every((n) => n === n.toUpperCase() && n.length > 1)) return 'upper';
  if (names.every((n) => /^[A-Z][a-z]/.test(n))) return 'capital';
  return 'lower';
}

/** The shared column of `=` (counted from the line start) when at least two own-line fields agree. */
function alignedColumn(text: string, fields: readonly BibField[]): number | undefined {
  let column: number | undefined;
  let count = 0;
  for (const f of fields) {
    const lineStart = text.lastIndexOf('\n', f.start - 1) + 1;
    if (!/^[ \t]*$/.test(text.slice(lineStart, f.start))) continue;
    const c = f.equals - lineStart;
    if (column === undefined) column = c;
    else if (c !== column) return undefined;
    count++;
  }
  return count >= 2 ? column : undefined;
}
