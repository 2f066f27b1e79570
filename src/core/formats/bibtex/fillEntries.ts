/**
 * BibTeX/BibLaTeX: for each entry with an isbn field whose book was found,
 * the fields it lacks (or, in refresh mode, also those that differ) as
 * minimal edits. Nothing outside the touched values moves: new fields go
 * after the last one in the entry's own style; refreshed values keep their
 * delimiters; macros and concatenations (`pub # " Press"`) are never rewritten.
 */
import { minimalEdit, type TextEdit } from '../../edit/textEdit';
import { findIsbns, type IsbnMatch } from '../../isbn/find';
import type { LookupResult } from '../../model/lookup';
import { type AnnotationReport, countUnusable, emptyReport } from '../../model/fillReport';
import { bookFields, type FieldValue } from './bookFields';
import { chooseDialect, type DialectSetting } from './dialect';
import { sameMeaning } from './entryTypes';
import { entryStyle, fieldText, newValueDelimiter, type EntryStyle } from './entryStyle';
import { delimit, inner } from './escape';
import type { DocumentReading } from '../shared/documentReading';
import { type BibEntry, type BibField, bibtexReadingOf } from './reading';

export type { FillMode } from '../shared/fillPlan';
import type { FillMode } from '../shared/fillPlan';

interface IsbnEntry {
  entry: BibEntry;
  /** ISBNs found in its isbn field, valid or not, in order. */
  isbns: IsbnMatch[];
}

const HAS_ISBN_FIELD = /\bisbn\s*=/i;

/** Entries with an isbn field, their ISBNs, and the count of such entries the parser could not read. */
function isbnEntries(read: string | DocumentReading): { entries: IsbnEntry[]; unreadable: number } {
  const reading = bibtexReadingOf(read);
  const text = reading.text;
  const { entries, errors } = reading.parse((chunk) => HAS_ISBN_FIELD.test(chunk));
  const matches = findIsbns(text);
  const out: IsbnEntry[] = [];
  let m = 0;
  for (const entry of entries) {
    const field = entry.fields.find((f) => f.name === 'isbn');
    if (!field) continue;
    while (m < matches.length && matches[m].start < field.valueStart) m++;
    const isbns: IsbnMatch[] = [];
    for (let k = m; k < matches.length && matches[k].end <= field.valueEnd; k++) isbns.push(matches[k]);
    out.push({ entry, isbns });
  }
  return { entries: out, unreadable: errors.length };
}

/** The ISBN-13s a fill run needs looked up. */
export function bibtexIsbns(reading: string | DocumentReading): string[] {
  const isbns = new Set<string>();
  for (const { isbns: matches } of isbnEntries(reading).entries) {
    for (const match of matches) if (match.info) isbns.add(match.info.isbn13);
  }
  return [...isbns];
}

export interface FillOptions {
  /** `isbnLens.bibtex.dialect`; `auto` (the default) reads it from the file and the hint. */
  dialect?: DialectSetting;
  /** A .tex of the workspace loads biblatex. */
  texLoadsBiblatex?: boolean;
}

export function fillEntries(read: string | DocumentReading, results: ReadonlyMap<string, LookupResult>, mode: FillMode = 'fill', options: FillOptions = {}): { edits: TextEdit[]; report: AnnotationReport } {
  const text = typeof read === 'string' ? read : read.text;
  const { entries, unreadable } = isbnEntries(read);
  const dialect = chooseDialect(options.dialect, text, { texLoadsBiblatex: options.texLoadsBiblatex });
  const report = emptyReport();
  report.leftAlone = unreadable;
  const edits: TextEdit[] = [];
  for (const { entry, isbns } of entries) {
    const valid = isbns.filter((m) => m.valid && m.info);
    if (valid.length === 0) {
      if (isbns.length > 0) report.invalid++;
      continue;
    }
    const lookups = valid.map((m) => results.get(m.info!.isbn13));
    const found = lookups.find((r) => r?.status === 'found');
    if (found?.status !== 'found') {
      countUnusable(report, lookups.find((r) => r?.status === 'failed') ?? lookups[0]);
      continue;
    }
    const values = bookFields(found.book, dialect, entry.type);
    // The same facts in the other dialect's fields, for entries that already use those (a `year` in a BibLaTeX file).
    const other = bookFields(found.book, dialect === 'biblatex' ? 'bibtex' : 'biblatex', entry.type);
    const entryEdits = entryFillEdits(text, entry, values, mode, new Map([...other, ...values].map((v) => [v.name, v])));
    if (entryEdits.edits.length === 0) {
      report.unchanged++;
      continue;
    }
    edits.push(...entryEdits.edits);
    report.changed++;
    report.fields += entryEdits.fields;
  }
  return { edits, report };
}

/**
 * The edits for one entry and how many fields they write. A value goes in as a
 * new field only when the entry has no field of the same meaning; where it has
 * one (or several: `date` and `year`), those are what a refresh rewrites, each
 * with its own value from `byFieldName`.
 */
export function entryFillEdits(
  text: string,
  entry: BibEntry,
  values: readonly FieldValue[],
  mode: FillMode,
  byFieldName: ReadonlyMap<string, FieldValue> = new Map(values.map((v) => [v.name, v])),
): { edits: TextEdit[]; fields: number } {
  const style = entryStyle(text, entry);
  const byName = new Map<string, BibField>();
  for (const f of entry.fields) if (!byName.has(f.name)) byName.set(f.name, f);
  const edits: TextEdit[] = [];
  const added: string[] = [];
  let fields = 0;
  for (const value of values) {
    const present = sameMeaning(value.name).filter((name) => byName.has(name));
    if (present.length === 0) {
      added.push(fieldText(style, value.name, delimit(value.value, newValueDelimiter(style, value.numeric))));
      continue;
    }
    for (const name of present) {
      const existing = byName.get(name)!;
      // Nothing for a field of the same meaning whose value we do not know (an `editor` beside our `author`).
      const own = name === value.name ? value : byFieldName.get(name);
      if (!own) continue;
      if (!isEmpty(text, existing) && (mode === 'fill' || sameValue(text, existing, own.value))) continue;
      const edit = replaceValue(text, existing, own, style);
      if (edit) {
        edits.push(edit);
        fields++;
      }
    }
  }
  if (added.length > 0) {
    edits.push(insertFields(text, entry, style, added));
    fields += added.length;
  }
  return { edits, fields };
}

/** A new value in place of an existing one, keeping its delimiters; undefined for macros and concatenations. */
function replaceValue(text: string, field: BibField, value: FieldValue, style: EntryStyle): TextEdit | undefined {
  switch (field.kind) {
    case 'braced':
    case 'quoted':
      return minimalEdit(text, field.valueStart + 1, field.valueEnd - 1, inner(value.value, field.kind === 'quoted' ? '"' : '{'));
    case 'number':
      return minimalEdit(text, field.valueStart, field.valueEnd, delimit(value.value, value.numeric ? 'bare' : style.delimiter));
    default:
      return undefined;
  }
}

/** New fields after the last one: one per line with its indentation, or on the shared line. */
function insertFields(text: string, entry: BibEntry, style: EntryStyle, added: readonly string[]): TextEdit {
  const last = entry.fields[entry.fields.length - 1];
  let k = last.valueEnd;
  while (k < entry.end && /\s/.test(text[k])) k++;
  const before = style.lineBreak !== undefined ? style.lineBreak + style.indent : style.separator;
  if (text[k] === ',') {
    // Trailing comma: each new field brings its own, as the last one had.
    return { start: k + 1, end: k + 1, newText: added.map((f) => `${before}${f},`).join('') };
  }
  return { start: last.valueEnd, end: last.valueEnd, newText: added.map((f) => `,${before}${f}`).join('') };
}

function isEmpty(text: string, field: BibField): boolean {
  return (field.kind === 'braced' || field.kind === 'quoted') && text.slice(field.valueStart + 1, field.valueEnd - 1).trim() === '';
}

/** Same text once delimiters, protective braces, escapes and spacing are set aside. */
function sameValue(text: string, field: BibField, escaped: string): boolean {
  const quotedOrBraced = field.kind === 'braced' || field.kind === 'quoted';
  const written = quotedOrBraced ? text.slice(field.valueStart + 1, field.valueEnd - 1) : text.slice(field.valueStart, field.valueEnd);
  return comparable(written) === comparable(escaped);
}

function comparable(s: string): string {
  return s
    .replace(/\{"\}/g, '"')
    .replace(/\\([&%$#_])/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
