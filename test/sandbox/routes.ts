// The service's endpoints, as pure functions of the request (auth and rate are checked before).

import type { Catalogue, RawBook } from './catalogue';
import { normaliseIsbn } from './isbn';
import { NOT_FOUND, type Answer } from './limits';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;
export const BAD_BATCH_BODY = { message: 'Bad Request: expected body isbns=<isbn>,<isbn>,...' };

export interface ServiceRequest {
  method: string;
  path: string; // raw, still percent-encoded
  query: string;
  contentType: string | undefined;
  body: string;
}

const BATCH_BODY = /^isbns=(?:\d{9}[\dXx]|\d{13})(?:,(?:\d{9}[\dXx]|\d{13}))*$/;

/** ISBNs of a well-formed POST /books body, or undefined when the body is not exactly `isbns=a,b,c`. */
export function parseBatchBody(body: string): string[] | undefined {
  if (!BATCH_BODY.test(body)) return undefined;
  return body.slice('isbns='.length).split(',').map((s) => s.toUpperCase());
}

function isJsonContentType(value: string | undefined): boolean {
  // Parameters such as charset are allowed; the media type itself must match.
  return (value ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

/** decodeURIComponent that answers undefined instead of throwing on bad escapes. */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Positive integer from a query value, or undefined when absent or not one. */
function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

export function route(catalogue: Catalogue, maxBatch: number, req: ServiceRequest): Answer {
  // Match on the raw path: an encoded '/' (%2F) stays inside one segment, a raw '/' does not.
  const book = /^\/book\/([^/]+)$/.exec(req.path);
  if (book && req.method === 'GET') return getBook(catalogue, book[1]);

  const author = /^\/author\/([^/]+)$/.exec(req.path);
  if (author && req.method === 'GET') return getAuthor(catalogue, author[1], req.query);

  if (req.path === '/books' && req.method === 'POST') return postBooks(catalogue, maxBatch, req);

  return NOT_FOUND;
}

function getBook(catalogue: Catalogue, segment: string): Answer {
  const isbn = normaliseIsbn(decodeSegment(segment) ?? '');
  const found = isbn && catalogue.byIsbn.get(isbn);
  return found ? { status: 200, body: { book: found } } : NOT_FOUND;
}

function getAuthor(catalogue: Catalogue, segment: string, query: string): Answer {
  const name = decodeSegment(segment);
  const books = name === undefined ? undefined : catalogue.authors.get(name);
  if (!books) return NOT_FOUND;
  // Invalid paging values fall back to the defaults; pageSize is capped, not refused.
  const params = new URLSearchParams(query);
  const page = positiveInt(params.get('page')) ?? 1;
  const pageSize = Math.min(positiveInt(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const start = (page - 1) * pageSize;
  return {
    status: 200,
    body: { author: name, books: books.slice(start, start + pageSize), total: books.length, page, page_size: pageSize },
  };
}

function postBooks(catalogue: Catalogue, maxBatch: number, req: ServiceRequest): Answer {
  const isbns = isJsonContentType(req.contentType) ? parseBatchBody(req.body) : undefined;
  if (!isbns) return { status: 400, body: BAD_BATCH_BODY };
  if (isbns.length > maxBatch) return { status: 400, body: { message: `Too many ISBNs, at most ${maxBatch}` } };

  // Found books in request order, each once (an ISBN-10 and ISBN-13 of one book collapse).
  const found = [...new Set(isbns.map((i) => catalogue.byIsbn.get(i)).filter((b): b is RawBook => !!b))];
  return { status: 200, body: { total: found.length, requested: isbns.length, data: shuffleAwayFromRequest(found) } };
}

/**
 * Sort by title, and if that happens to reproduce the request order, rotate by one:
 * clients must match results by ISBN, never by position.
 */
function shuffleAwayFromRequest(found: RawBook[]): RawBook[] {
  const sorted = [...found].sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.isbn13 < b.isbn13 ? -1 : 1));
  if (sorted.length > 1 && sorted.every((b, i) => b === found[i])) sorted.push(sorted.shift()!);
  return sorted;
}

// ---------------------------------------------------------------------------
// Covers: GET /covers/{isbn13}.svg, no auth, not rate-limited.

export function isCoverPath(path: string): boolean {
  return path.startsWith('/covers/');
}

function xmlEscape(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function coverAnswer(catalogue: Catalogue, method: string, path: string): { status: number; body: string; headers: Record<string, string> } {
  const m = /^\/covers\/(\d{13})\.svg$/.exec(path);
  const book = m && method === 'GET' ? catalogue.byIsbn.get(m[1]) : undefined;
  if (!book) {
    return { status: 404, body: JSON.stringify(NOT_FOUND.body), headers: { 'Content-Type': 'application/json; charset=utf-8' } };
  }
  let hue = 0;
  for (const ch of book.isbn13) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  const title = [...book.title].slice(0, 22).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300" viewBox="0 0 200 300">` +
    `<rect width="200" height="300" fill="hsl(${hue},45%,35%)"/>` +
    `<rect x="12" y="12" width="176" height="276" fill="none" stroke="#fff" stroke-opacity="0.5"/>` +
    `<text x="100" y="140" font-family="serif" font-size="16" fill="#fff" text-anchor="middle">${xmlEscape(title)}</text>` +
    `<text x="100" y="275" font-family="monospace" font-size="11" fill="#fff" text-anchor="middle">${book.isbn13}</text>` +
    `</svg>`;
  return { status: 200, body: svg, headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' } };
}
