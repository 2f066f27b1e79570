/**
 * Books and bibliography entries as CSL-JSON items, the data a CSL processor formats: a book from
 * the sources as a `book` (author, editor, translator, issued, publisher, edition, number of pages,
 * series, ISBN); an entry of a file from its own fields, by its format (BibTeX/BibLaTeX, CSL-JSON
 * and CSL-YAML, RIS, a reading list's line), with the names as the format reads them (BibTeX's
 * `and` and braces, RIS's one name a line) split by `splitName` (organisations stay whole).
 */
import { type BibtexNameParts, ET_AL, readNamePartsList, splitName } from '../formats/bibtex/names';
import type { BibliographyEntry } from '../formats/shared/entry';
import { hyphenateIsbn } from '../isbn/parse';
import type { Book } from '../model/book';

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

/** A book from the sources as a CSL `book`; `id` defaults to its ISBN-13. */
export function bookCsl(book: Book, id = book.isbn13): CslItem {
  const item: CslItem = { id, type: 'book', title: book.title };
  if (book.authors.length > 0) item.author = book.authors.map(cslName);
  const editors = (book.contributors ?? []).filter((c) => c.role === 'editor').map((c) => cslName(c.name));
  const translators = (book.contributors ?? []).filter((c) => c.role === 'translator').map((c) => cslName(c.name));
  if (editors.length > 0) item.editor = editors;
  if (translators.length > 0) item.translator = translators;
  put(item, 'issued', cslDate(book.datePublished, book.year));
  put(item, 'publisher', book.publisher);
  put(item, 'edition', cslEdition(book.edition));
  if (book.pages) item['number-of-pages'] = String(book.pages);
  if (book.series) {
    // "Edition Suhrkamp ; 2456": the series and the book's number in it.
    const [title, number] = book.series.split(/\s*;\s*/);
    put(item, 'collection-title', title);
    put(item, 'collection-number', number);
  }
  put(item, 'language', book.language);
  item.ISBN = hyphenateIsbn(book.isbn13) ?? book.isbn13;
  return item;
}

/** An entry of a bibliography file as a CSL item, by its format; `id` defaults to its key. */
export function entryCsl(entry: BibliographyEntry, id = entry.key || `entry-${entry.line + 1}`): CslItem {
  switch (entry.format) {
    case 'bibtex':
      return bibtexCsl(entry, id);
    case 'ris':
      return risCsl(entry, id);
    case 'csl-json':
    case 'csl-yaml':
      return cslEntryCsl(entry, id);
    default:
      return withCommon({ id, type: 'book' }, entry);
  }
}

/** What every format gives the same way: the names, the title, the year, the first ISBN. */
function withCommon(item: CslItem, entry: BibliographyEntry): CslItem {
  if (!item.author && entry.authors.length > 0) item.author = entry.authors.filter((a) => a !== ET_AL).map(cslName);
  if (!item.editor && entry.editors.length > 0) item.editor = entry.editors.filter((a) => a !== ET_AL).map(cslName);
  if (entry.title && item.title === undefined) item.title = entry.title;
  if (!item.issued) put(item, 'issued', cslDate(undefined, entry.year));
  const isbn = entry.isbns[0]?.raw;
  if (isbn && !item.ISBN) item.ISBN = isbn;
  return item;
}

const BIBTEX_TYPES: Record<string, string> = {
  book: 'book', mvbook: 'book', collection: 'book', mvcollection: 'book', proceedings: 'book', mvproceedings: 'book', reference: 'book', booklet: 'pamphlet',
  inbook: 'chapter', incollection: 'chapter', bookinbook: 'chapter', suppbook: 'chapter', inreference: 'entry-encyclopedia',
  inproceedings: 'paper-conference', conference: 'paper-conference',
  article: 'article-journal', periodical: 'periodical',
  phdthesis: 'thesis', mastersthesis: 'thesis', thesis: 'thesis',
  techreport: 'report', report: 'report', manual: 'report',
  online: 'webpage', www: 'webpage', misc: 'document', unpublished: 'manuscript', software: 'software', dataset: 'dataset',
};

function bibtexCsl(entry: BibliographyEntry, id: string): CslItem {
  const f = (name: string) => fieldOf(entry, name);
  const type = BIBTEX_TYPES[entry.type] ?? 'book';
  const item: CslItem = { id, type };
  const subtitle = f('subtitle');
  if (entry.title) item.title = subtitle ? `${entry.title}: ${subtitle}` : entry.title;
  // A chapter's book (`booktitle`), an article's journal (BibTeX `journal`, BibLaTeX `journaltitle`).
  put(item, 'container-title', f('booktitle') ?? f('journaltitle') ?? f('journal'));
  put(item, 'publisher', f('publisher') ?? f('school') ?? f('institution') ?? f('organization'));
  put(item, 'publisher-place', f('location') ?? f('address'));
  put(item, 'edition', cslEdition(f('edition')));
  put(item, 'issued', cslDate(f('date'), f('year') ?? entry.year));
  put(item, 'number-of-pages', f('pagetotal'));
  put(item, 'page', f('pages')?.replace(/-{1,3}/g, '–'));
  put(item, 'volume', f('volume'));
  put(item, 'issue', f('number') && type === 'article-journal' ? f('number') : undefined);
  put(item, 'collection-title', f('series'));
  put(item, 'collection-number', f('number') && type !== 'article-journal' ? f('number') : undefined);
  put(item, 'DOI', f('doi'));
  put(item, 'URL', f('url'));
  put(item, 'genre', entry.type === 'phdthesis' ? 'PhD thesis' : entry.type === 'mastersthesis' ? "Master's thesis" : undefined);
  // The names as BibTeX reads them (braces, von parts); the common reading where the entry cannot give its written fields.
  for (const role of ['author', 'editor', 'translator'] as const) {
    const written = entry.writtenField?.(role);
    const names = written === undefined ? undefined : readNamePartsList(written).flatMap((n) => (n === ET_AL ? [] : [bibtexCslName(n)]));
    if (names && names.length > 0) item[role] = names;
  }
  return withCommon(item, entry);
}

/** BibTeX's parts as a CSL name: a brace group or a single word whole (an organisation, "Homer"), `von` a particle kept with the family name. */
function bibtexCslName(name: BibtexNameParts & { corporate?: boolean }): CslName {
  if (name.corporate || (!name.first && !name.von && !name.jr)) return { literal: name.last };
  const out: CslName = { family: name.last };
  if (name.first) out.given = name.first;
  if (name.von) out['non-dropping-particle'] = name.von;
  if (name.jr) out.suffix = name.jr;
  return out;
}

const RIS_TYPES: Record<string, string> = {
  book: 'book', ebook: 'book', edbook: 'book', chap: 'chapter', echap: 'chapter', jour: 'article-journal', ejour: 'article-journal', mgzn: 'article-magazine',
  news: 'article-newspaper', conf: 'paper-conference', cpaper: 'paper-conference', thes: 'thesis', rprt: 'report', elec: 'webpage', web: 'webpage', gen: 'document',
};

function risCsl(entry: BibliographyEntry, id: string): CslItem {
  const f = (name: string) => fieldOf(entry, name);
  const type = RIS_TYPES[entry.type] ?? 'book';
  const item: CslItem = { id, type };
  put(item, 'title', f('ti') ?? f('t1') ?? (type === 'book' ? f('bt') : undefined));
  put(item, 'container-title', type === 'book' ? undefined : (f('t2') ?? f('bt') ?? f('jo') ?? f('jf') ?? f('jf')));
  put(item, 'publisher', f('pb'));
  put(item, 'publisher-place', f('cy'));
  put(item, 'edition', cslEdition(f('et')));
  put(item, 'issued', cslDate(f('py') ?? f('y1') ?? f('da'), entry.year));
  const start = f('sp');
  const end = f('ep');
  if (start && end) item.page = `${start}–${end}`;
  else if (start && type === 'book') item['number-of-pages'] = start;
  else put(item, 'page', start);
  put(item, 'volume', f('vl'));
  put(item, 'issue', f('is'));
  put(item, 'collection-title', type === 'book' ? f('t2') : f('t3'));
  put(item, 'DOI', f('do'));
  put(item, 'URL', f('ur'));
  return withCommon(item, entry);
}

/** CSL-JSON and CSL-YAML items are CSL already: their variables as written, the names as read. */
const CSL_TEXT_VARIABLES = ['title', 'container-title', 'collection-title', 'collection-number', 'publisher', 'publisher-place', 'edition', 'number-of-pages', 'page', 'volume', 'issue', 'DOI', 'URL', 'ISBN', 'language', 'genre'] as const;

function cslEntryCsl(entry: BibliographyEntry, id: string): CslItem {
  const item: CslItem = { id, type: entry.type || 'book' };
  for (const name of CSL_TEXT_VARIABLES) {
    const value = fieldOf(entry, name.toLowerCase());
    if (value !== undefined) (item as unknown as Record<string, string>)[name] = value;
  }
  return withCommon(item, entry);
}

function fieldOf(entry: BibliographyEntry, name: string): string | undefined {
  const value = entry.field ? entry.field(name) : entry.fields.get(name);
  const flat = value?.replace(/\s+/g, ' ').trim();
  return flat ? flat : undefined;
}

function put<K extends keyof CslItem>(item: CslItem, name: K, value: CslItem[K] | undefined): void {
  if (value !== undefined && value !== '') item[name] = value;
}
