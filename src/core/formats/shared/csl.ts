/**
 * Entries as CSL-JSON items, the data a CSL processor formats: what every format shares (the CSL
 * types, names, dates and editions; the names, title, year and ISBN every entry has), and the
 * mapping of CSL-JSON and CSL-YAML items, which are CSL already. Each format's own mapping is its
 * part's `cslItem` (formats/<name>/csl.ts); a book from the sources is citation/cslItem.ts's.
 */
import { ET_AL, splitName } from '../bibtex/names';
import type { BibliographyEntry } from './entry';

export interface CslName {
  family?: string;
  given?: string;
  suffix?: string;
  'non-dropping-particle'?: string;
  literal?: string;
}

export interface CslDate {
  'date-parts'?: number[][];
  literal?: string;
}

/** The CSL-JSON variables ISBN Lens writes: those of books and of the parts and articles a bibliography holds. */
export interface CslItem {
  id: string;
  type: string;
  title?: string;
  'container-title'?: string;
  'collection-title'?: string;
  'collection-number'?: string;
  author?: CslName[];
  editor?: CslName[];
  translator?: CslName[];
  issued?: CslDate;
  publisher?: string;
  'publisher-place'?: string;
  edition?: string | number;
  'number-of-pages'?: string;
  page?: string;
  volume?: string;
  issue?: string;
  ISBN?: string;
  DOI?: string;
  URL?: string;
  language?: string;
  genre?: string;
}

/** A name as a CSL name: a person split into family and given names, an organisation (or one word) whole. */
export function cslName(name: string): CslName {
  const split = splitName(name);
  if ('literal' in split) return { literal: split.literal };
  const out: CslName = { family: split.family };
  if (split.given) out.given = split.given;
  if (split.suffix) out.suffix = split.suffix;
  return out;
}

/** `2nd`, `2`, `Second edition` → 2; another edition statement ("Rev. ed.") as written. */
export function cslEdition(edition: string | undefined): string | number | undefined {
  const text = edition?.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const numeric = /^(\d{1,3})(?:st|nd|rd|th|\.)?(?: (?:ed\.?|edition|aufl\.?|auflage|éd\.?|édition))?$/i.exec(text);
  if (numeric) return Number(numeric[1]);
  const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
  const word = /^(\w+)(?: ed(?:ition|\.)?)?$/i.exec(text);
  const index = word ? ORDINALS.indexOf(word[1].toLowerCase()) : -1;
  return index >= 0 ? index + 1 : text;
}

/** `YYYY`, `YYYY-MM`, `YYYY-MM-DD` (a year anywhere in a longer text) → date parts. */
export function cslDate(date: string | undefined, year?: number | string): CslDate | undefined {
  const iso = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(date?.trim() ?? '');
  if (iso) return { 'date-parts': [iso.slice(1).filter(Boolean).map(Number)] };
  const found = /(?<![0-9])[0-9]{4}(?![0-9])/.exec(date ?? '')?.[0] ?? (year !== undefined ? String(year) : undefined);
  return found && /^\d{4}$/.test(found) ? { 'date-parts': [[Number(found)]] } : undefined;
}

/** What every format gives the same way: the names, the title, the year, the first ISBN. */
export function withCommon(item: CslItem, entry: BibliographyEntry): CslItem {
  if (!item.author && entry.authors.length > 0) item.author = entry.authors.filter((a) => a !== ET_AL).map(cslName);
  if (!item.editor && entry.editors.length > 0) item.editor = entry.editors.filter((a) => a !== ET_AL).map(cslName);
  if (entry.title && item.title === undefined) item.title = entry.title;
  if (!item.issued) put(item, 'issued', cslDate(undefined, entry.year));
  const isbn = entry.isbns[0]?.raw;
  if (isbn && !item.ISBN) item.ISBN = isbn;
  return item;
}

/** CSL-JSON and CSL-YAML items are CSL already: their variables as written, the names as read. */
const CSL_TEXT_VARIABLES = ['title', 'container-title', 'collection-title', 'collection-number', 'publisher', 'publisher-place', 'edition', 'number-of-pages', 'page', 'volume', 'issue', 'DOI', 'URL', 'ISBN', 'language', 'genre'] as const;

export function cslEntryCsl(entry: BibliographyEntry, id: string): CslItem {
  const item: CslItem = { id, type: entry.type || 'book' };
  for (const name of CSL_TEXT_VARIABLES) {
    const value = fieldOf(entry, name.toLowerCase());
    if (value !== undefined) (item as unknown as Record<string, string>)[name] = value;
  }
  return withCommon(item, entry);
}

export function fieldOf(entry: BibliographyEntry, name: string): string | undefined {
  const value = entry.field ? entry.field(name) : entry.fields.get(name);
  const flat = value?.replace(/\s+/g, ' ').trim();
  return flat ? flat : undefined;
}

export function put<K extends keyof CslItem>(item: CslItem, name: K, value: CslItem[K] | undefined): void {
  if (value !== undefined && value !== '') item[name] = value;
}
