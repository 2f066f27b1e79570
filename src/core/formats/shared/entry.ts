/** One entry of a bibliography file, whatever its format: what a hover, Go to Definition and duplicate checks need. */
import type { FormatId } from '../formatId';

export interface EntryIsbn {
  /** As written. */
  raw: string;
  /** Offsets of the ISBN as written. */
  start: number;
  end: number;
}

export interface BibliographyEntry {
  format: FormatId;
  /** The cite key (BibTeX key, CSL `id`, RIS `ID`); '' when the record has none. */
  key: string;
  /** Lower-case entry type as written: `book`, `incollection`, CSL `chapter`, RIS `BOOK` → `book`. */
  type: string;
  /** Offsets of the whole entry and of its key (the entry's start when it has no key). */
  start: number;
  end: number;
  keyStart: number;
  keyEnd: number;
  /** 0-based line of the entry's start. */
  line: number;
  isbns: EntryIsbn[];
  authors: string[];
  editors: string[];
  title?: string;
  /** Where the title is written, for a format whose title is rewritten in place (a reading list's line). */
  titleAt?: { start: number; end: number };
  year?: string;
  /** Other fields, lower-case names, values as plain text. A Map: field names come from files. */
  fields: Map<string, string>;
  /** One of `fields` (lower-case name), where a format can give it alone more cheaply than all of them (BibTeX decodes LaTeX). */
  field?(name: string): string | undefined;
  /** A field's value as written, between its delimiters (BibTeX: braces and LaTeX kept, for its name lists' own rules). */
  writtenField?(name: string): string | undefined;
}

/** 0-based line numbers of offsets, from one table of line starts. */
export function lineCounter(text: string): (offset: number) => number {
  const starts = [0];
  // A lone CR ends a line too (as in VS Code); CRLF is one line end.
  for (const m of text.matchAll(/\r\n?|\n/g)) starts.push(m.index + m[0].length);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
}

/** ISBN-looking runs in a field value that may list several (`978…; 0-13-…`), with offsets from `base`. */
export function isbnsInValue(value: string, base: number): EntryIsbn[] {
  const out: EntryIsbn[] = [];
  // An ISSN beside an ISBN (RIS `SN  - 0028-0836 9780306406157`) would start a run that takes the ISBN's first
  // digits: blanked first, offsets kept. Its shape, NNNN-NNNC standing alone, is no part of a written ISBN.
  const unmasked = value.replace(/(?<![^\s;,])[0-9]{4}[\u2010-\u2013-][0-9]{3}[0-9Xx](?![^\s;,])/g, (issn) => ' '.repeat(issn.length));
  const re = /(?:97[89][\s\u2010-\u2013-]?)?(?:[0-9][\s\u2010-\u2013-]?){8,9}[0-9Xx]/g;
  for (let m; (m = re.exec(unmasked)) !== null; ) {
    const raw = m[0].trim();
    out.push({ raw, start: base + m.index, end: base + m.index + raw.length });
  }
  return out;
}

/** The four digits of a year in a date as written (`1988`, `1988-03-01`, `c1988`). */
export function yearOf(date: string | undefined): string | undefined {
  return /(?<![0-9])[0-9]{4}(?![0-9])/.exec(date ?? '')?.[0];
}
