// Google Books' answers, as pure functions of the request (key, quota, rate and faults are
// applied before, in server.ts): GET /books/v1/volumes?q=isbn:<ISBN>, GET /books/v1/volumes/<id>,
// and the image host its imageLinks point at (plain http, no CORS header).

import type { GoogleVolume, KeylessCatalogue } from './catalogue';
import { coverJpeg, json, type RawAnswer } from './openLibrary';

export interface GoogleUrls {
  googleBooks: string;
  googleImages: string;
}

const CORS = { 'Access-Control-Allow-Origin': '*' };

/** Google's error body: `errors` (older answers) and `details` (newer) both present; clients must tolerate either. */
export function googleError(code: number, status: string, message: string, reason: string, info?: { reason: string; metadata?: Record<string, string> }): RawAnswer {
  return json(code, {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason }],
      status,
      ...(info ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: info.reason, domain: 'googleapis.com', metadata: { service: 'books.googleapis.com', ...info.metadata } }] } : {}),
    },
  });
}

/** The daily quota spent: 429 RESOURCE_EXHAUSTED, naming the project charged (the shared anonymous one without a key). */
export function quotaExceeded(project: string, limit: number): RawAnswer {
  return googleError(
    429,
    'RESOURCE_EXHAUSTED',
    `Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'books.googleapis.com' for consumer 'project_number:${project}'.`,
    'rateLimitExceeded',
    { reason: 'RATE_LIMIT_EXCEEDED', metadata: { quota_limit: 'defaultPerDayPerProject', quota_metric: 'books.googleapis.com/default', quota_limit_value: String(limit), consumer: `projects/${project}` } },
  );
}

export const INVALID_KEY = googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'badRequest', { reason: 'API_KEY_INVALID' });
export const MISSING_QUERY = googleError(400, 'INVALID_ARGUMENT', 'Missing query.', 'queryRequired');
export const RATE_EXCEEDED = googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user'.", 'rateLimitExceeded', { reason: 'RATE_LIMIT_EXCEEDED' });

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function volumeJson(v: GoogleVolume, urls: GoogleUrls, withSnippet: boolean): Record<string, unknown> {
  const { hasImage, imageOverride, ...info } = v.volumeInfo;
  const image = (zoom: number) => imageOverride ?? `${urls.googleImages}/books/content?id=${v.id}&printsec=frontcover&img=1&zoom=${zoom}&edge=curl&source=gbs_api`;
  const page = `http://books.google.com/books?id=${v.id}`;
  return {
    kind: 'books#volume',
    id: v.id,
    etag: v.id.split('').reverse().join('').slice(0, 11),
    selfLink: `${urls.googleBooks}/books/v1/volumes/${v.id}`,
    volumeInfo: {
      ...info,
      readingModes: { text: false, image: false },
      maturityRating: 'NOT_MATURE',
      ...(hasImage || imageOverride ? { imageLinks: { smallThumbnail: image(5), thumbnail: image(1) } } : {}),
      previewLink: `${page}&printsec=frontcover&dq=isbn&hl=&cd=1&source=gbs_api`,
      infoLink: `${page}&dq=isbn&hl=&source=gbs_api`,
      canonicalVolumeLink: `https://books.google.com/books/about/x.html?id=${v.id}`,
    },
    saleInfo: { country: 'US', saleability: 'NOT_FOR_SALE', isEbook: false },
    accessInfo: { country: 'US', viewability: 'NO_PAGES', embeddable: false, publicDomain: false, textToSpeechPermission: 'ALLOWED', accessViewStatus: 'NONE', quoteSharingAllowed: false },
    ...(withSnippet && info.description ? { searchInfo: { textSnippet: escapeHtml(info.description.slice(0, 120)) } } : {}),
  };
}

function volumes(items: GoogleVolume[], urls: GoogleUrls, total = items.length): RawAnswer {
  // No match: totalItems 0 and no `items` at all.
  return json(200, items.length ? { kind: 'books#volumes', totalItems: total, items: items.map((v) => volumeJson(v, urls, true)) } : { kind: 'books#volumes', totalItems: total });
}

/**
 * The search. Only the lowercase `isbn:` keyword followed by one ISBN is an ISBN search;
 * anything else (`ISBN:x`, `isbn x`, two ISBNs) is a text search, which can answer with other books.
 */
export function searchVolumes(catalogue: KeylessCatalogue, urls: GoogleUrls, query: URLSearchParams): RawAnswer {
  const q = query.get('q');
  if (!q) return MISSING_QUERY;
  const isbn = /^isbn:([\d-]{9,17}[\dXx]?)$/.exec(q.trim());
  const digits = isbn?.[1]!.replace(/-/g, '').toUpperCase();
  if (digits && /^(\d{9}[\dX]|\d{13})$/.test(digits)) return volumes(catalogue.google.byIsbn.get(digits) ?? [], urls);
  // `intitle:` and `inauthor:` (each word after one belongs to it until the next keyword): every word must match.
  if (/\b(intitle|inauthor):/.test(q)) {
    const want: Record<'intitle' | 'inauthor' | 'free', string[]> = { intitle: [], inauthor: [], free: [] };
    let field: keyof typeof want = 'free';
    for (const token of q.split(/\s+/).filter(Boolean)) {
      const m = /^(intitle|inauthor):(.*)$/.exec(token);
      if (m) field = m[1] as 'intitle' | 'inauthor';
      const word = (m ? m[2]! : token).toLowerCase();
      if (word) want[field].push(word);
    }
    const wordsOf = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter(Boolean);
    const found = catalogue.google.volumes.filter((v) => {
      const title = wordsOf(`${v.volumeInfo.title ?? ''} ${v.volumeInfo.subtitle ?? ''}`);
      const authors = wordsOf((v.volumeInfo.authors ?? []).join(' '));
      return want.intitle.every((w) => title.includes(w)) && want.inauthor.every((w) => authors.includes(w)) && want.free.every((w) => title.includes(w) || authors.includes(w));
    });
    const max = Number(query.get('maxResults') ?? 10);
    if (!Number.isInteger(max) || max < 0 || max > 40) return googleError(400, 'INVALID_ARGUMENT', 'Invalid value at \'max_results\' (TYPE_INT32)', 'invalid');
    const start = Number(query.get('startIndex') ?? 0);
    return volumes(found.slice(start, start + max), urls, found.length);
  }
  // A text search: titles sharing a word with the query; a query of digits alone gets some books anyway.
  const words = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2);
  const byTitle = catalogue.google.volumes.filter((v) => words.some((w) => (v.volumeInfo.title ?? '').toLowerCase().split(/\s+/).includes(w)));
  // The ISBN as text matches no title: some unrelated books (none carrying that number).
  const unrelated = () => catalogue.google.volumes.filter((v) => !JSON.stringify(v.volumeInfo.industryIdentifiers ?? []).includes(q.replace(/\D/g, '').slice(0, 9) || '-'));
  return volumes((byTitle.length ? byTitle : unrelated()).slice(0, 10), urls);
}

export function getVolume(catalogue: KeylessCatalogue, urls: GoogleUrls, id: string): RawAnswer {
  const v = catalogue.google.byId.get(id);
  if (!v) return googleError(404, 'NOT_FOUND', 'The volume ID could not be found.', 'notFound');
  return json(200, volumeJson(v, urls, false));
}

/** The image host: a JPEG, and no CORS header (a page's script cannot read it). */
export function imageAnswer(catalogue: KeylessCatalogue, query: URLSearchParams): RawAnswer {
  const id = query.get('id') ?? '';
  const index = catalogue.google.volumes.findIndex((v) => v.id === id);
  if (index < 0) return { status: 404, body: 'Not Found', headers: { 'Content-Type': 'text/html' } };
  return { status: 200, body: coverJpeg(500_000 + index, query.get('zoom') === '1' ? 'M' : 'S'), headers: { 'Content-Type': 'image/jpeg' } };
}

export { CORS as GOOGLE_CORS };
