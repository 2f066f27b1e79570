/**
 * Open Library's search, works and editions APIs for finding a book (open-library-search-facts.md):
 * the paths, asking only the fields shown and a small `limit`, and the records mapped to works and
 * editions. Tolerant: every field may be missing, dates are free text, `languages` are MARC codes
 * (often missing), a work key may come bare (`OL1W`) or with its `/works/` prefix.
 */
import { isObject, isbnDigits, toIsbn13 } from '../../model/book';
import type { Edition, EditionsPage, FindQuery, WorkHit, WorkOfIsbn, WorksPage } from '../../model/works';
import { serviceTextField, serviceTextList } from '../../text/serviceText';
import { isoDate } from '../keyless/dates';
import { iso1OfMarc, marcOfIso1 } from '../languageCodes';
import { pagesFromPagination } from './mapping';

/** What a result shows: title, subtitle, authors, first year, how many editions (and the cover). */
export const WORK_SEARCH_FIELDS = ['key', 'title', 'subtitle', 'author_name', 'first_publish_year', 'edition_count', 'cover_i'];
/** `/works/…/editions.json` takes at most 1000 a page. */
export const MAX_EDITIONS_PAGE = 1000;
const WORK_KEY = /^(?:\/works\/)?(OL\d+W)$/;

/** `/works/OL1W` for either form; undefined for anything else. */
export function workKeyOf(value: unknown): string | undefined {
  const m = typeof value === 'string' ? WORK_KEY.exec(value.trim()) : null;
  return m ? `/works/${m[1]}` : undefined;
}

/** Whether Open Library takes `q` (at least 3 characters and not exactly "the": else 422). */
export function searchableText(text: string | undefined): boolean {
  const t = (text ?? '').trim();
  return t.length >= 3 && t.toLowerCase() !== 'the';
}

/**
 * `/search.json?title=…&author=…&q=…&fields=…&limit=…`: fielded clauses where the user said which
 * is which, free words in `q`; `language` filters by the editions' language, `lang` puts the
 * reader's language first. Undefined when there is nothing Open Library would take.
 */
export function workSearchPath(query: FindQuery, limit: number, readerLanguage?: string): string | undefined {
  const params: string[] = [];
  const add = (name: string, value: string | undefined) => {
    if (value?.trim()) params.push(`${name}=${encodeURIComponent(value.trim())}`);
  };
  if (searchableText(query.text)) add('q', query.text);
  add('title', query.title);
  add('author', query.author);
  if (params.length === 0) return undefined;
  add('language', marcOfIso1(query.language));
  params.push(`fields=${WORK_SEARCH_FIELDS.join(',')}`, `limit=${limit}`);
  add('lang', readerLanguage);
  return `/search.json?${params.join('&')}`;
}

/** `/search.json?q=<isbn>&fields=…,editions,editions.key&limit=1`: the ISBN's work and its edition in one request. */
export function workOfIsbnPath(isbnDigits: string): string {
  if (!/^(\d{9}[\dX]|\d{13})$/.test(isbnDigits)) throw new Error('an ISBN search takes the digits of one ISBN');
  return `/search.json?q=${isbnDigits}&fields=${WORK_SEARCH_FIELDS.join(',')},editions,editions.key&limit=1`;
}

/** `/works/OL1W/editions.json?limit=…&offset=…`. */
export function editionsPath(workKey: string, offset: number, limit: number): string {
  const key = workKeyOf(workKey);
  if (!key) throw new Error(`"${workKey}" is not an Open Library work key`);
  const size = Math.max(1, Math.min(MAX_EDITIONS_PAGE, Math.floor(limit)));
  return `${key}/editions.json?limit=${size}&offset=${Math.max(0, Math.floor(offset))}`;
}

function text(value: unknown, max = 500): string | undefined {
  return serviceTextField(value, max);
}

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

function yearOf(date: string | undefined): number | undefined {
  const m = /^(\d{4})/.exec(date ?? '');
  return m ? Number(m[1]) : undefined;
}

/** A search doc as a work; undefined without a key or a title. */
export function workFromSearchDoc(doc: unknown): WorkHit | undefined {
  if (!isObject(doc)) return undefined;
  const key = workKeyOf(doc.key);
  const title = text(doc.title);
  if (!key || !title) return undefined;
  const year = positiveInt(doc.first_publish_year);
  return {
    key,
    source: 'openLibrary',
    title,
    ...(text(doc.subtitle) ? { subtitle: text(doc.subtitle) } : {}),
    authors: serviceTextList(doc.author_name, 20).items,
    ...(year ? { firstYear: year } : {}),
    ...(positiveInt(doc.edition_count) ? { editionCount: positiveInt(doc.edition_count) } : {}),
    ...(positiveInt(doc.cover_i) ? { coverId: positiveInt(doc.cover_i) } : {}),
  };
}

function total(body: Record<string, unknown>): number | undefined {
  return typeof body.numFound === 'number' ? body.numFound : typeof body.num_found === 'number' ? body.num_found : undefined;
}

/** A search answer's works; undefined when it is not one. */
export function worksFromSearch(body: unknown): WorksPage | undefined {
  if (!isObject(body) || !Array.isArray(body.docs)) return undefined;
  return { works: body.docs.map(workFromSearchDoc).filter((w): w is WorkHit => w !== undefined), total: total(body) };
}

/** The work (and edition) an ISBN search answered; undefined when it found none, or throws nothing: a body that is no search answer is `null`. */
export function workOfIsbnFromSearch(body: unknown): WorkOfIsbn | undefined | null {
  const page = worksFromSearch(body);
  if (!page) return null;
  const work = page.works[0];
  if (!work) return undefined;
  const doc = (body as { docs: unknown[] }).docs[0] as Record<string, unknown>;
  const editions = isObject(doc.editions) && Array.isArray(doc.editions.docs) ? doc.editions.docs : [];
  const editionKey = isObject(editions[0]) && typeof editions[0].key === 'string' && /^\/books\/OL\d+M$/.test(editions[0].key) ? editions[0].key : undefined;
  return { work, ...(editionKey ? { editionKey } : {}) };
}

function firstIsbn(value: unknown, length: 10 | 13): string | undefined {
  const list = Array.isArray(value) ? value : [];
  for (const item of list) {
    const digits = isbnDigits(item);
    if (digits?.length === length) return digits;
  }
  return undefined;
}

/** An edition record (`/books/OL…M.json`, an entry of `editions.json`) as an Edition; undefined without a key or a title. */
export function editionFromRecord(record: unknown): Edition | undefined {
  if (!isObject(record)) return undefined;
  const key = typeof record.key === 'string' && /^\/books\/OL\d+M$/.test(record.key) ? record.key : undefined;
  const title = text(record.title);
  if (!key || !title) return undefined;
  const isbn13 = firstIsbn(record.isbn_13, 13);
  const isbn10 = firstIsbn(record.isbn_10, 10);
  const date = isoDate(record.publish_date);
  const languages = Array.isArray(record.languages) ? record.languages : [];
  const languageKey = isObject(languages[0]) && typeof languages[0].key === 'string' ? /^\/languages\/([a-z]{3})$/.exec(languages[0].key)?.[1] : undefined;
  const works = Array.isArray(record.works) ? record.works : [];
  const workKey = isObject(works[0]) ? workKeyOf(works[0].key) : undefined;
  const pages = positiveInt(record.number_of_pages) ?? pagesFromPagination(record.pagination);
  const publishers = serviceTextList(record.publishers, 1).items;
  const edition: Edition = { key, title };
  const subtitle = text(record.subtitle);
  if (subtitle) edition.subtitle = subtitle;
  if (publishers[0]) edition.publisher = publishers[0];
  if (date) edition.date = date;
  const year = yearOf(date);
  if (year) edition.year = year;
  if (languageKey) edition.language = iso1OfMarc(languageKey);
  const binding = text(record.physical_format, 100);
  if (binding) edition.binding = binding;
  if (pages) edition.pages = pages;
  if (isbn13 ?? isbn10) edition.isbn13 = isbn13 ?? toIsbn13(isbn10!);
  if (isbn10) edition.isbn10 = isbn10;
  if (workKey) edition.workKey = workKey;
  return edition;
}

/** An `editions.json` answer as a page; undefined when it is not one. */
export function editionsFromAnswer(body: unknown, workKey: string, offset: number): EditionsPage | undefined {
  if (!isObject(body) || !Array.isArray(body.entries)) return undefined;
  const editions = body.entries.map(editionFromRecord).filter((e): e is Edition => e !== undefined);
  const size = typeof body.size === 'number' && Number.isInteger(body.size) && body.size >= 0 ? body.size : undefined;
  const links = isObject(body.links) ? body.links : {};
  const hasMore = typeof links.next === 'string' || (size !== undefined && offset + body.entries.length < size);
  return { workKey: workKeyOf(workKey) ?? workKey, editions, ...(size !== undefined ? { total: size } : {}), offset, hasMore: hasMore && body.entries.length > 0 };
}
