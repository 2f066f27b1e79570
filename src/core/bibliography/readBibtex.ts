/** BibTeX/BibLaTeX files as bibliography entries, through the project's BibTeX parser (parse.ts). */
import { type BibEntry, type BibField, parseBibtex } from '../bibtex/parse';
import { type BibliographyEntry, isbnsInValue, lineCounter, yearOf } from './entry';

export function readBibtex(text: string): BibliographyEntry[] {
  const line = lineCounter(text);
  return parseBibtex(text).entries.map((entry) => toEntry(text, entry, line));
}

function toEntry(text: string, entry: BibEntry, line: (offset: number) => number): BibliographyEntry {
  const fields = new Map<string, string>();
  let isbnField: BibField | undefined;
  for (const field of entry.fields) {
    if (fields.has(field.name)) continue;
    fields.set(field.name, plainValue(text, field));
    if (field.name === 'isbn') isbnField = field;
  }
  const keyStart = entry.key ? entry.keyStart : entry.start;
  return {
    format: 'bibtex',
    key: entry.key,
    type: entry.type,
    start: entry.start,
    end: entry.end,
    keyStart,
    keyEnd: keyStart + entry.key.length,
    line: line(entry.start),
    isbns: isbnField ? isbnsInValue(text.slice(isbnField.valueStart, isbnField.valueEnd), isbnField.valueStart) : [],
    authors: names(fields.get('author')),
    editors: names(fields.get('editor')),
    title: fields.get('title'),
    year: fields.get('year') ?? yearOf(fields.get('date')),
    fields,
  };
}

/** A field's value as plain text: delimiters and protective braces gone, spacing flattened. */
function plainValue(text: string, field: BibField): string {
  let value = text.slice(field.valueStart, field.valueEnd);
  if (field.kind === 'braced' || field.kind === 'quoted') value = value.slice(1, -1);
  return value
    .replace(/\\([&%$#_{}])/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `Last, First and Last, First` → the names as written, in order. */
function names(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(/\s+and\s+/)
    .map((name) => name.trim())
    .filter(Boolean);
}
