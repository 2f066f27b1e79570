/**
 * RIS records (`TY  - BOOK` … `ER  - `), read line by line with the offsets
 * of every tag, for reading entries and for filling records in place.
 */
import { type EntryIsbn, isbnsInValue } from '../shared/entry';

export interface RisLine {
  /** Two-character tag, upper case. */
  tag: string;
  value: string;
  /** Offsets of the line (without its line break) and of the value. */
  start: number;
  end: number;
  valueStart: number;
}

export interface RisRecord {
  lines: RisLine[];
  /** `TY` line to `ER` line, inclusive; `er` undefined when the file ends first. */
  start: number;
  end: number;
  er?: RisLine;
}

// `TAG  - value`: two characters, two spaces, a hyphen; some exporters write one space or none after it.
const LINE = /^([A-Z][A-Z0-9])  ?-(?: (.*?)| ?)[ \t]*$/;

export function risRecords(text: string): RisRecord[] {
  const records: RisRecord[] = [];
  let current: RisRecord | undefined;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // Lines end in LF, CRLF or a lone CR (classic Mac OS exports, still written by some tools).
  const lineEnds = /\r\n?|\n/g;
  while (at <= text.length) {
    lineEnds.lastIndex = at;
    const found = lineEnds.exec(text);
    const end = found ? found.index : text.length;
    const next = found ? found.index + found[0].length : text.length;
    const m = LINE.exec(text.slice(at, end));
    if (m) {
      const value = m[2] ?? '';
      const line: RisLine = { tag: m[1], value, start: at, end, valueStart: m[2] !== undefined ? at + m[0].indexOf(value, 5) : end };
      if (line.tag === 'TY') {
        if (current) records.push(current);
        current = { lines: [line], start: at, end };
      } else if (current) {
        current.lines.push(line);
        current.end = end;
        if (line.tag === 'ER') {
          current.er = line;
          records.push(current);
          current = undefined;
        }
      }
    } else if (current && text.slice(at, end).trim() !== '') {
      // A continuation line of a long value (some exporters wrap abstracts).
      current.end = end;
    }
    if (!found) break;
    at = next;
  }
  if (current) records.push(current);
  return records;
}

/** The ISBNs in a record's `SN` lines (which may also hold ISSNs). */
export function snIsbns(record: RisRecord): EntryIsbn[] {
  return record.lines.filter((l) => l.tag === 'SN').flatMap((l) => isbnsInValue(l.value, l.valueStart));
}

/** The line break to write into a RIS text: its own, a lone CR included. */
export function risLineBreak(text: string): '\n' | '\r\n' | '\r' {
  const found = /\r\n?|\n/.exec(text);
  return found ? (found[0] as '\n' | '\r\n' | '\r') : '\n';
}

export function risValues(record: RisRecord, ...tags: string[]): string[] {
  return record.lines.filter((l) => tags.includes(l.tag)).map((l) => l.value.trim()).filter(Boolean);
}
