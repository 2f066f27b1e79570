/**
 * Google Books' title and author search (`volumes?q=intitle:…+inauthor:…`), asked only when Open
 * Library finds nothing: each volume is one edition-like record with its own ISBNs and no work
 * (open-library-search-facts.md). `maxResults` is 0 to 40; a larger one is an error, not capped.
 */
import { isObject, isbnDigits, toIsbn13 } from '../../model/book';
import type { Edition, FindQuery, WorkHit, WorksPage } from '../../model/works';
import { serviceTextField, serviceTextList } from '../../text/serviceText';
import { isoDate } from '../keyless/dates';

export const GOOGLE_MAX_RESULTS = 40;

/** Words as one keyword's text: `intitle:the+little+prince` (a `+` is a space). */
function keyword(name: string, value: string | undefined): string | undefined {
  const words = (value ?? '').trim().split(/\s+/).filter(Boolean).map((w) => encodeURIComponent(w.replace(/:/g, ' ')));
  return words.length ? `${name}:${words.join('+')}` : undefined;
}

/** `/books/v1/volumes?q=intitle:…+inauthor:…&maxResults=…&printType=books`; undefined with nothing to ask. */
export function volumeSearchPath(query: FindQuery, limit: number): string | undefined {
  const free = (query.text ?? '').trim().split(/\s+/).filter(Boolean).map((w) => encodeURIComponent(w));
  const parts = [keyword('intitle', query.title), keyword('inauthor', query.author), ...free].filter((p): p is string => p !== undefined);
  if (parts.length === 0) return undefined;
  const lang = query.language && /^[a-z]{2}$/i.test(query.language) ? `&langRestrict=${query.language.toLowerCase()}` : '';
  return `/books/v1/volumes?q=${parts.join('+')}&maxResults=${Math.max(1, Math.min(GOOGLE_MAX_RESULTS, Math.floor(limit)))}&printType=books${lang}`;
}

/** A volume as a work of one edition; undefined without an id or a title. */
export function workFromVolume(volume: unknown): WorkHit | undefined {
  if (!isObject(volume) || typeof volume.id !== 'string' || !/^[\w-]{1,40}$/.test(volume.id) || !isObject(volume.volumeInfo)) return undefined;
  const info = volume.volumeInfo;
  const title = serviceTextField(info.title, 500);
  if (!title) return undefined;
  const ids = Array.isArray(info.industryIdentifiers) ? info.industryIdentifiers : [];
  const isbnOf = (type: string) => {
    const id = ids.find((i) => isObject(i) && i.type === type);
    return isObject(id) ? isbnDigits(id.identifier) : undefined;
  };
  const isbn13 = isbnOf('ISBN_13');
  const isbn10 = isbnOf('ISBN_10');
  const subtitle = serviceTextField(info.subtitle, 500);
  const authors = serviceTextList(info.authors, 20).items;
  const date = isoDate(info.publishedDate);
  const year = date ? Number(date.slice(0, 4)) : undefined;
  const key = `google:${volume.id}`;
  const edition: Edition = { key, title, authors };
  if (subtitle) edition.subtitle = subtitle;
  const publisher = serviceTextField(info.publisher, 300);
  if (publisher) edition.publisher = publisher;
  if (date) edition.date = date;
  if (year) edition.year = year;
  const language = typeof info.language === 'string' && /^[a-z]{2,3}$/i.test(info.language) ? info.language.toLowerCase() : undefined;
  if (language) edition.language = language;
  if (typeof info.pageCount === 'number' && Number.isInteger(info.pageCount) && info.pageCount > 0) edition.pages = info.pageCount;
  if (isbn13?.length === 13 || isbn10) edition.isbn13 = isbn13?.length === 13 ? isbn13 : toIsbn13(isbn10!);
  if (isbn10?.length === 10) edition.isbn10 = isbn10;
  return { key, source: 'googleBooks', title, ...(subtitle ? { subtitle } : {}), authors, ...(year ? { firstYear: year } : {}), editionCount: 1, editions: [edition] };
}

/** A volumes answer's works (`items` absent on an empty page); undefined when it is not one. */
export function worksFromVolumes(body: unknown): WorksPage | undefined {
  if (!isObject(body)) return undefined;
  if (body.items !== undefined && !Array.isArray(body.items)) return undefined;
  const items = Array.isArray(body.items) ? body.items : [];
  const total = typeof body.totalItems === 'number' ? body.totalItems : undefined;
  return { works: items.map(workFromVolume).filter((w): w is WorkHit => w !== undefined), ...(total !== undefined ? { total } : {}) };
}
