/**
 * RIS records (`TY  - BOOK` … `ER  - `), read line by line with the offsets
 * of every tag, for reading entries and for filling records in place.
 */

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
  while (at <= text.length) {
    let eol = text.indexOf('\n', at);
    if (eol < 0) eol = text.length;
    const end = eol > at && text.charCodeAt(eol - 1) === 13 ? eol - 1 : eol;
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
    if (eol >= text.length) break;
    at = eol + 1;
  }
  if (current) records.push(current);
  return records;
}

export function risValues(record: RisRecord, ...tags: string[]): string[] {
  return record.lines.filter((l) => tags.includes(l.tag)).map((l) => l.value.trim()).filter(Boolean);
}
