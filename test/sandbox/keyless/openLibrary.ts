// Open Library's answers, as pure functions of the request (the User-Agent rule, rates and
// faults are applied before, in server.ts): the Books API, the search APIs used for Look Up
// Author, and the covers host with the archive host its newer covers redirect to.

import * as jpeg from 'jpeg-js';
import type { KeylessCatalogue, OlEdition } from './catalogue';
import { ARCHIVE_COVER_ID_FROM } from './catalogue';

export interface RawAnswer {
  status: number;
  body: string | Buffer;
  headers: Record<string, string>;
}

const JSON_TYPE = 'application/json';
const CORS = { 'Access-Control-Allow-Origin': '*' };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): RawAnswer {
  return { status, body: JSON.stringify(body), headers: { 'Content-Type': JSON_TYPE, ...CORS, ...headers } };
}

/** nginx's own error pages (403, 404, 414). */
export function nginxPage(status: number, reason: string, headers: Record<string, string> = {}): RawAnswer {
  const body = `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return { status, body, headers: { 'Content-Type': 'text/html', ...headers } };
}

export const OL_TOO_MANY = { status: 429, message: 'Too Many Requests. Consider using https://openlibrary.org/developers/dumps.' };
export const COVERS_TOO_MANY = { status: 429, message: 'Too Many Requests. Please email us at info@archive.org' };

export interface OlUrls {
  openLibrary: string;
  openLibraryCovers: string;
  archive: string;
}

// ---------------------------------------------------------------------------
// Books API

/** Digits of a bibkey's ISBN (hyphens dropped, X upper-cased), or an OLID; undefined otherwise. */
function splitKey(bibkey: string): { isbn?: string; olid?: string } {
  const m = /^(isbn|olid|oclc|lccn):(.*)$/i.exec(bibkey);
  const [kind, value] = m ? [m[1]!.toLowerCase(), m[2]!.trim()] : [undefined, bibkey];
  if (kind === 'olid' || (!kind && /^OL\d+M$/i.test(value))) return { olid: value.toUpperCase() };
  if (kind && kind !== 'isbn') return {};
  const digits = value.replace(/-/g, '').toUpperCase();
  return /^(\d{9}[\dX]|\d{13})$/.test(digits) ? { isbn: digits } : {};
}

/** The bibkeys of a request: one comma-separated parameter, items trimmed, empty ones dropped. */
export function bibkeysOf(query: URLSearchParams): string[] {
  return (query.get('bibkeys') ?? '').split(',').map((k) => k.trim()).filter(Boolean);
}

export function titleSlug(title: string): string {
  return title.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '');
}

/** The `jscmd=data` record: empty values removed (absent, never "" or []). */
export function dataRecord(e: OlEdition, urls: OlUrls): Record<string, unknown> {
  const record: Record<string, unknown> = {
    url: `${urls.openLibrary}/books/${e.olid}/${titleSlug(e.title)}`,
    key: `/books/${e.olid}`,
    title: e.title,
    subtitle: e.subtitle,
    authors: e.authors?.map((a) => ({ url: `${urls.openLibrary}/authors/${a.olid}/${titleSlug(a.name)}`, name: a.name })),
    number_of_pages: e.numberOfPages,
    pagination: e.pagination,
    identifiers: { isbn_10: e.isbn10, isbn_13: e.isbn13, ...e.otherIds },
    classifications: e.deweyClass ? { dewey_decimal_class: e.deweyClass } : undefined,
    publishers: e.publishers?.map((name) => ({ name })),
    publish_places: e.publishPlaces?.map((name) => ({ name })),
    publish_date: e.publishDate,
    subjects: e.subjects?.map((name) => ({ name, url: `${urls.openLibrary}/subjects/${titleSlug(name).toLowerCase()}` })),
    excerpts: e.excerpt ? [{ text: e.excerpt, comment: '', first_sentence: true }] : undefined,
    notes: e.notes,
    cover:
      e.coverId === undefined
        ? undefined
        : Object.fromEntries(['small', 'medium', 'large'].map((size) => [size, `${urls.openLibraryCovers}/b/id/${e.coverId}-${size[0]!.toUpperCase()}.jpg`])),
  };
  return trim(record) as Record<string, unknown>;
}

export function trim(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(trim).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, trim(v)] as const).filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value === '' || value === null ? undefined : value;
}

function viewRecord(bibkey: string, e: OlEdition, urls: OlUrls): Record<string, unknown> {
  const info = `${urls.openLibrary}/books/${e.olid}/${titleSlug(e.title)}`;
  return trim({
    bib_key: bibkey,
    info_url: info,
    preview: 'noview',
    preview_url: info,
    thumbnail_url: e.coverId === undefined ? undefined : `${urls.openLibraryCovers}/b/id/${e.coverId}-S.jpg`,
  }) as Record<string, unknown>;
}

/**
 * GET /api/books. `imported` holds late-import ISBNs already asked once: the first ask
 * misses them (and queues their import), later asks find them.
 */
export function booksApi(catalogue: KeylessCatalogue, urls: OlUrls, query: URLSearchParams, path: string, imported: Set<OlEdition>): RawAnswer {
  const result: Record<string, unknown> = {};
  const jscmd = query.get('jscmd') ?? 'viewapi';
  for (const bibkey of bibkeysOf(query)) {
    const { isbn, olid } = splitKey(bibkey);
    const edition = isbn ? catalogue.openLibrary.byIsbn.get(isbn) : olid ? catalogue.openLibrary.byOlid.get(olid) : undefined;
    if (!edition) continue;
    if (edition.lateImport && !imported.has(edition)) {
      imported.add(edition);
      continue;
    }
    if (jscmd === 'data') result[bibkey] = dataRecord(edition, urls);
    else if (jscmd === 'details') result[bibkey] = { ...viewRecord(bibkey, edition, urls), details: { key: `/books/${edition.olid}`, title: edition.title } };
    else result[bibkey] = viewRecord(bibkey, edition, urls);
  }
  // Without format=json the answer is JavaScript (a variable, or the callback's call).
  const callback = query.get('callback');
  if (callback) return { status: 200, body: `${callback}(${JSON.stringify(result)});`, headers: { 'Content-Type': 'application/javascript', ...CORS } };
  if (query.get('format') !== 'json' && path !== '/api/books.json') {
    return { status: 200, body: `var _OLBookInfo = ${JSON.stringify(result)};`, headers: { 'Content-Type': 'application/javascript', ...CORS } };
  }
  return json(200, result);
}

// ---------------------------------------------------------------------------
// Search: /search/authors.json?q=… (authors); the works' search is in works.ts

export function words(s: string): string[] {
  return s.toLowerCase().normalize('NFC').split(/[\s,.]+/).filter(Boolean);
}

/** Whether every word of the query is a word of the name (Solr-like, forgiving of order and case). */
export function nameMatches(name: string, q: string): boolean {
  const have = new Set(words(name));
  const want = words(q);
  return want.length > 0 && want.every((w) => have.has(w));
}

export function paging(query: URLSearchParams, defaultLimit: number): { start: number; limit: number } | { error: string } {
  const limit = query.get('limit') === null ? defaultLimit : Number(query.get('limit'));
  const page = query.get('page') === null ? 1 : Number(query.get('page'));
  const offset = query.get('offset') === null ? undefined : Number(query.get('offset'));
  if (!Number.isInteger(limit) || limit < 0) return { error: 'limit' };
  if (!Number.isInteger(page) || page < 1) return { error: 'page' };
  if (offset !== undefined && (!Number.isInteger(offset) || offset < 0)) return { error: 'offset' };
  return { start: offset ?? (page - 1) * limit, limit };
}

export function validationError(field: string): RawAnswer {
  return json(422, { detail: [{ type: 'greater_than_equal', loc: ['query', field], msg: `Input should be a valid ${field}` }] });
}

export function searchAuthors(catalogue: KeylessCatalogue, query: URLSearchParams): RawAnswer {
  const p = paging(query, 100);
  if ('error' in p) return validationError(p.error);
  const q = query.get('q') ?? '';
  const byAuthor = new Map<string, { name: string; olid: string; works: OlEdition[] }>();
  for (const e of catalogue.openLibrary.editions) {
    if (e.lateImport) continue;
    for (const a of e.authors ?? []) {
      if (!nameMatches(a.name, q)) continue;
      const entry = byAuthor.get(a.olid) ?? { ...a, works: [] };
      entry.works.push(e);
      byAuthor.set(a.olid, entry);
    }
  }
  const all = [...byAuthor.values()];
  const docs = all.slice(p.start, p.start + p.limit).map((a) =>
    trim({
      key: a.olid,
      type: 'author',
      name: a.name,
      top_work: a.works[0]?.title,
      work_count: a.works.length,
      top_subjects: [...new Set(a.works.flatMap((w) => w.subjects ?? []))].slice(0, 5),
      _version_: 1700000000000000000 + a.works.length,
    }),
  );
  return json(200, { numFound: all.length, start: p.start, numFoundExact: true, docs });
}

// ---------------------------------------------------------------------------
// Covers: /b/<key>/<value>[-S|-M|-L].jpg, and the archive host

const coverImages = new Map<string, Buffer>();

/** A small JPEG of a colour of its own, so a test can tell covers apart. */
export function coverJpeg(id: number, size: string): Buffer {
  const cacheKey = `${id}-${size}`;
  let image = coverImages.get(cacheKey);
  if (!image) {
    const scale = size === 'S' ? 1 : size === 'M' ? 2 : 3;
    const width = 20 * scale;
    const height = 30 * scale;
    const data = Buffer.alloc(width * height * 4);
    const hue = (id * 47) % 255;
    for (let i = 0; i < width * height; i++) {
      const stripe = Math.floor(i / width) % 10 < 2;
      data[i * 4] = stripe ? 240 : hue;
      data[i * 4 + 1] = stripe ? 240 : 255 - hue;
      data[i * 4 + 2] = stripe ? 240 : 128;
      data[i * 4 + 3] = 255;
    }
    image = Buffer.from(jpeg.encode({ width, height, data }, 80).data);
    coverImages.set(cacheKey, image);
  }
  return image;
}

/** What Open Library sends for a cover it does not have: a blank 1×1 GIF. */
const BLANK_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const COVER_PATH = /^\/b\/(id|isbn|oclc|lccn|olid|goodreads|librarything)\/([^/]+?)(?:-([SML]))?\.jpg$/i;

/** Whether the covers path asks by a key that is rate-limited (anything but the cover id or the OLID). */
export function isLimitedCoverPath(path: string): boolean {
  const m = COVER_PATH.exec(path);
  return !!m && !['id', 'olid'].includes(m[1]!.toLowerCase());
}

export function archivePath(id: number, size: string): string {
  const item = `olcovers${Math.floor(id / 10_000)}`;
  return `/download/${item}/${item}.zip/${id}${size ? `-${size}` : ''}.jpg`;
}

export function coverAnswer(catalogue: KeylessCatalogue, urls: OlUrls, path: string, query: URLSearchParams): RawAnswer {
  const m = COVER_PATH.exec(path);
  let edition: OlEdition | undefined;
  let coverId: number | undefined;
  const size = (m?.[3] ?? '').toUpperCase();
  if (m) {
    const key = m[1]!.toLowerCase();
    const value = decodeURIComponent(m[2]!);
    if (key === 'id') {
      coverId = /^\d+$/.test(value) ? Number(value) : undefined;
      edition = coverId === undefined ? undefined : catalogue.openLibrary.byCoverId.get(coverId);
    } else if (key === 'isbn') edition = catalogue.openLibrary.byIsbn.get(value.replace(/-/g, '').toUpperCase());
    else if (key === 'olid') edition = catalogue.openLibrary.byOlid.get(value.toUpperCase());
    coverId = edition?.coverId;
  }
  if (edition === undefined || coverId === undefined) {
    const fallback = query.get('default');
    if (fallback === 'false') return { status: 404, body: 'Not Found', headers: { 'Content-Type': 'text/plain', ...CORS } };
    if (fallback) return { status: 302, body: '', headers: { Location: fallback, ...CORS } };
    return { status: 200, body: BLANK_GIF, headers: { 'Content-Type': 'image/gif', 'Cache-Control': 'public, max-age=600', ...CORS } };
  }
  // Newer covers live in archive.org items: redirected there.
  if (coverId >= ARCHIVE_COVER_ID_FROM) {
    return { status: 302, body: '', headers: { Location: `${urls.archive}${archivePath(coverId, size)}`, ...CORS } };
  }
  const cache: Record<string, string> = m![1]!.toLowerCase() === 'id' ? { 'Cache-Control': 'public, max-age=3153600000', ETag: `"${coverId}-${size}"` } : { 'Cache-Control': 'public, max-age=600' };
  return { status: 200, body: coverJpeg(coverId, size || 'L'), headers: { 'Content-Type': 'image/jpeg', ...cache, ...CORS } };
}

export function archiveAnswer(path: string): RawAnswer {
  const m = /^\/download\/olcovers(\d+)\/olcovers\1\.zip\/(\d+)(?:-([SML]))?\.jpg$/.exec(path);
  if (!m || Math.floor(Number(m[2]) / 10_000) !== Number(m[1])) return { status: 404, body: 'Not Found', headers: { 'Content-Type': 'text/plain' } };
  return { status: 200, body: coverJpeg(Number(m[2]), m[3] ?? 'L'), headers: { 'Content-Type': 'image/jpeg', 'Access-Control-Allow-Origin': '*' } };
}
