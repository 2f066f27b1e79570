/**
 * A book as the tools give it to the language model: a JSON record of the fields a reference
 * needs, each field's source named, and one line of text that says the same.
 */
import { formatAuthors } from '../format/bookText';
import { hyphenateIsbn } from '../isbn/parse';
import type { Book } from '../model/book';
import { describesIsbn } from '../model/edition';
import type { LookupResult } from '../model/lookup';
import type { FillableField } from '../model/provenance';
import { sourceTitle } from '../sources/sourceNames';

export interface BookRecord {
  title: string;
  subtitle?: string;
  authors: string[];
  /** Editors and translators, where a source names their role. */
  contributors?: Array<{ name: string; role: 'editor' | 'translator' }>;
  publisher?: string;
  year?: number;
  /** As published: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  date?: string;
  edition?: string;
  pages?: number;
  binding?: string;
  language?: string;
  series?: string;
  /** Hyphenated where the ISBN ranges know the number. */
  isbn13: string;
  isbn10?: string;
  /** Set when the record is of another edition than the ISBN asked (a source answered with it). */
  otherEditionThanAsked?: true;
  /** Which source gave each field, by its name (`Open Library`). */
  sources: Record<string, string>;
}

/** The record's fields and the Book field a source is named for. */
const FIELD_OF: ReadonlyArray<[Exclude<keyof BookRecord, 'sources'>, FillableField | 'title']> = [
  ['title', 'title'],
  ['subtitle', 'titleLong'],
  ['authors', 'authors'],
  ['contributors', 'contributors'],
  ['publisher', 'publisher'],
  ['year', 'datePublished'],
  ['date', 'datePublished'],
  ['edition', 'edition'],
  ['pages', 'pages'],
  ['binding', 'binding'],
  ['language', 'language'],
  ['series', 'series'],
  ['isbn13', 'title'],
  ['isbn10', 'isbn10'],
];

/** The subtitle a full title adds after the title (`Title: Subtitle`), if it is that. */
function subtitleOf(book: Book): string | undefined {
  const long = book.titleLong?.trim();
  if (!long || long === book.title || !long.startsWith(book.title)) return undefined;
  const rest = long.slice(book.title.length).replace(/^[\s:;.,\-–—]+/, '').trim();
  return rest || undefined;
}

/** The year of the book, from its date where the source gave no year. */
function yearOf(book: Book): number | undefined {
  if (book.year !== undefined) return book.year;
  const year = /^(\d{4})/.exec(book.datePublished ?? '')?.[1];
  return year ? Number(year) : undefined;
}

/** The JSON record of a found book, for the ISBN asked (ISBN-13 digits). */
export function bookRecord(result: Extract<LookupResult, { status: 'found' }>, asked13: string): BookRecord {
  const { book } = result;
  const filledBy = new Map<string, string>();
  for (const { source, fields } of result.provenance?.filled ?? []) for (const field of fields) filledBy.set(field, source);
  const base = result.provenance?.base ?? result.source;
  const subtitle = subtitleOf(book);
  const year = yearOf(book);
  const record: Omit<BookRecord, 'sources'> = {
    title: book.title,
    ...(subtitle && { subtitle }),
    authors: [...book.authors],
    ...(book.contributors?.length && { contributors: book.contributors.map((c) => ({ ...c })) }),
    ...(book.publisher && { publisher: book.publisher }),
    ...(year !== undefined && { year }),
    ...(book.datePublished && book.datePublished !== String(year) && { date: book.datePublished }),
    ...(book.edition && { edition: book.edition }),
    ...(book.pages !== undefined && { pages: book.pages }),
    ...(book.binding && { binding: book.binding }),
    ...(book.language && { language: book.language }),
    ...(book.series && { series: book.series }),
    isbn13: hyphenateIsbn(book.isbn13) ?? book.isbn13,
    ...(book.isbn10 && { isbn10: hyphenateIsbn(book.isbn10) ?? book.isbn10 }),
    ...(!describesIsbn(book, asked13) && { otherEditionThanAsked: true as const }),
  };
  const sources: Record<string, string> = {};
  if (base) {
    for (const [field, bookField] of FIELD_OF) {
      if (record[field] === undefined) continue;
      sources[field] = sourceTitle(filledBy.get(bookField) ?? base);
    }
  }
  return { ...record, sources };
}

/** `“Title: Subtitle” by A, B; Publisher, 1988; 2nd edition; 272 pages; language en; ISBN-10 0-13-110362-8. Sources: …`. */
export function bookLine(record: BookRecord): string {
  const title = record.subtitle ? `${record.title}: ${record.subtitle}` : record.title;
  const parts = [`“${title}”${record.authors.length > 0 ? ` by ${formatAuthors(record.authors)}` : ''}`];
  const imprint = [record.publisher, record.date ?? record.year].filter((p) => p !== undefined).join(', ');
  if (imprint) parts.push(imprint);
  if (record.edition) parts.push(`edition: ${record.edition}`);
  if (record.pages !== undefined) parts.push(`${record.pages} pages`);
  if (record.language) parts.push(`language ${record.language}`);
  parts.push(`ISBN-13 ${record.isbn13}${record.isbn10 ? `, ISBN-10 ${record.isbn10}` : ''}`);
  const bySource = new Map<string, string[]>();
  for (const [field, source] of Object.entries(record.sources)) bySource.set(source, [...(bySource.get(source) ?? []), field]);
  const sources = [...bySource].map(([source, fields]) => `${source} (${fields.join(', ')})`).join('; ');
  const other = record.otherEditionThanAsked ? ' This record is of another edition than the ISBN asked.' : '';
  return `${parts.join('; ')}.${sources ? ` Sources: ${sources}.` : ''}${other}`;
}
