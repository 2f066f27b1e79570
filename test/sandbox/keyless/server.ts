// The keyless services' servers: Open Library (API host, covers host, archive host) and
// Google Books (API host, image host), each on its own port of the sandbox host.
//
// Handling order: log -> injected fault -> CORS preflight -> the host's rules (User-Agent,
// rate, cover limit, key and quota) -> the answer.

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { FaultQueue, answerWithFault, faultAnswers } from '../faults';
import { closeServer, FaultDelays, flatHeaders, listen, now, sendRaw, splitUrl } from '../http-util';
import { generateKeylessCatalogue, KEYLESS_DEMO, type KeylessCatalogue, type OlEdition } from './catalogue';
import { getVolume, imageAnswer, INVALID_KEY, quotaExceeded, RATE_EXCEEDED, searchVolumes } from './googleBooks';
import { archiveAnswer, bibkeysOf, booksApi, COVERS_TOO_MANY, coverAnswer, isLimitedCoverPath, json, nginxPage, OL_TOO_MANY, searchAuthors, type RawAnswer } from './openLibrary';
import { searchWorks, workEditions, workRecord } from './works';
import { ANONYMOUS_PROJECT, classifyAgent, DEMO_KEY_PROJECT, SlidingWindow, type Quota } from './politeness';
import { KEYLESS_HOSTS, type KeylessFault, type KeylessHost, type KeylessInfo, type KeylessLoggedRequest, type KeylessOptions, type KeylessSandbox } from './types';

/** The Google Books API key the emulation accepts (a made-up one, in Google's key shape). */
export const GOOGLE_DEMO_KEY = 'AIzaSyD3m0-1sbnL3ns-Sandbox-0000000000';
export const COVER_ISBN_WINDOW_MS = 5 * 60 * 1000;
/** nginx's default request-line buffer: longer lines are answered 414. */
export const MAX_REQUEST_LINE = 8 * 1024;

const SECRET_HEADERS = new Set(['authorization', 'x-goog-api-key', 'cookie', 'proxy-authorization']);

function redactedHeaders(req: IncomingMessage): Record<string, string> {
  const headers = flatHeaders(req);
  for (const name of Object.keys(headers)) if (SECRET_HEADERS.has(name)) headers[name] = '[redacted]';
  return headers;
}

function redactedQuery(query: string): string {
  return query.replace(/(^|&)(key|api_key|access_token)=[^&]*/gi, '$1$2=[redacted]');
}

export async function startKeyless(options: KeylessOptions = {}): Promise<KeylessSandbox> {
  const host = options.host ?? '127.0.0.1';
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const verbose = process.env.SANDBOX_VERBOSE === '1';
  const catalogue: KeylessCatalogue = generateKeylessCatalogue({ seed: options.seed, serviceCatalogueSize: options.serviceCatalogueSize });

  const olRates = { identified: options.openLibraryRates?.identified ?? 3, unidentified: options.openLibraryRates?.unidentified ?? 1 };
  let coverIsbnLimit = options.coverIsbnLimit ?? 100;
  let googleRate = options.googleRate ?? Infinity;
  const quotas: { keyless: Quota; key: Quota } = {
    keyless: { total: options.googleKeylessQuota ?? 1000, spent: 0 },
    key: { total: options.googleKeyQuota ?? 1000, spent: 0 },
  };
  const olWindow = new SlidingWindow(1000);
  const coverWindow = new SlidingWindow(COVER_ISBN_WINDOW_MS);
  const googleWindow = new SlidingWindow(1000);
  const imported = new Set<OlEdition>();
  const faults = new FaultQueue<KeylessFault>((fault) => fault.match?.host);
  const log: KeylessLoggedRequest[] = [];
  const delays = new FaultDelays();

  const urls = {} as Record<KeylessHost, string>;

  function openLibrary(entry: KeylessLoggedRequest, req: IncomingMessage, query: URLSearchParams): RawAnswer {
    if ((req.url ?? '').length > MAX_REQUEST_LINE) return refuse(entry, 'uri-too-long', nginxPage(414, 'Request-URI Too Large'));
    const agent = classifyAgent(req.headers['user-agent']);
    if (agent === 'refused') return refuse(entry, 'user-agent', nginxPage(403, 'Forbidden'));
    // Its 429, like its 403, carries no cross-origin permission: a browser sees only a failed fetch.
    if (!olWindow.admit('openLibrary', olRates[agent], entry.time)) return refuse(entry, 'rate', { ...json(429, OL_TOO_MANY), headers: { 'Content-Type': 'application/json' } });
    const path = entry.path;
    if (path === '/api/books' || path === '/api/books.json') {
      entry.bibkeyCount = bibkeysOf(query).length;
      return booksApi(catalogue, urls, query, path, imported);
    }
    if (path === '/search.json') return searchWorks(catalogue, query);
    if (path === '/search/authors.json') return searchAuthors(catalogue, query);
    const work = /^\/works\/(OL\d+W)(\.json|\/editions\.json)$/.exec(path);
    if (work) return work[2] === '.json' ? workRecord(catalogue, work[1]!) : workEditions(catalogue, work[1]!, query, (req.url ?? '').split('?')[1] ?? '');
    return json(404, { error: 'notfound', key: path });
  }

  function covers(entry: KeylessLoggedRequest, query: URLSearchParams): RawAnswer {
    if (isLimitedCoverPath(entry.path) && !coverWindow.admit('covers', coverIsbnLimit, entry.time)) {
      return refuse(entry, 'cover-isbn-limit', nginxPage(403, 'Forbidden'));
    }
    if (!olWindow.admit('covers', 400 / 60, entry.time)) return refuse(entry, 'rate', json(429, COVERS_TOO_MANY));
    return coverAnswer(catalogue, urls, entry.path, query);
  }

  function google(entry: KeylessLoggedRequest, req: IncomingMessage, query: URLSearchParams): RawAnswer {
    // Google takes the key from X-Goog-Api-Key or from `key=` (the extension must only ever use the header).
    const headerKey = req.headers['x-goog-api-key'];
    const key = (Array.isArray(headerKey) ? headerKey[0] : headerKey) ?? query.get('key') ?? undefined;
    if (key !== undefined && key !== GOOGLE_DEMO_KEY) return refuse(entry, 'key', INVALID_KEY);
    if (!googleWindow.admit(key ? 'key' : 'keyless', googleRate, entry.time)) return refuse(entry, 'rate', RATE_EXCEEDED);
    const quota = key ? quotas.key : quotas.keyless;
    if (quota.spent >= quota.total) return refuse(entry, 'quota', quotaExceeded(key ? DEMO_KEY_PROJECT : ANONYMOUS_PROJECT, quota.total));
    quota.spent++;
    if (entry.path === '/books/v1/volumes') return searchVolumes(catalogue, urls, query);
    const volume = /^\/books\/v1\/volumes\/([\w-]+)$/.exec(entry.path);
    if (volume) return getVolume(catalogue, urls, volume[1]!);
    return json(404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } });
  }

  function refuse(entry: KeylessLoggedRequest, why: string, answer: RawAnswer): RawAnswer {
    entry.refused = why;
    return answer;
  }

  function answer(server: KeylessHost, entry: KeylessLoggedRequest, req: IncomingMessage, query: URLSearchParams): RawAnswer {
    switch (server) {
      case 'openLibrary':
        return openLibrary(entry, req, query);
      case 'openLibraryCovers':
        return covers(entry, query);
      case 'archive':
        return archiveAnswer(entry.path);
      case 'googleBooks':
        return google(entry, req, query);
      case 'googleImages':
        return entry.path === '/books/content' ? imageAnswer(catalogue, query) : { status: 404, body: 'Not Found', headers: { 'Content-Type': 'text/html' } };
    }
  }

  async function handle(server: KeylessHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, query } = splitUrl(req.url);
    const method = req.method ?? 'GET';
    const entry: KeylessLoggedRequest = { host: server, method, path, query: redactedQuery(query), headers: redactedHeaders(req), time: now(), status: 0 };
    log.push(entry);
    if (verbose) res.on('close', () => console.error(`[sandbox] ${server} ${method} ${path} -> ${entry.status}${entry.refused ? ` (${entry.refused})` : ''}`));
    req.resume(); // GET only: a body, if any, is not read

    const fault = faults.take(server, method, path);
    if (fault?.delayMs) await delays.wait(fault.delayMs);
    if (res.destroyed) return;
    if (fault && faultAnswers(fault)) {
      const normal = answer(server, { ...entry }, req, new URLSearchParams(query));
      const normalBody = normal.headers['Content-Type']?.startsWith('application/json') ? JSON.parse(String(normal.body)) : { ok: true };
      return answerWithFault(fault, { req, res, entry, normalBody, defaultRedirect: `${urls[server]}${req.url ?? '/'}` });
    }
    if (method === 'OPTIONS' && server !== 'googleImages') {
      entry.status = 204;
      return sendRaw(res, 204, '', { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, OPTIONS', 'Access-Control-Allow-Headers': '*', 'Access-Control-Max-Age': '600' });
    }
    const result = method === 'GET' || method === 'HEAD' ? answer(server, entry, req, new URLSearchParams(query)) : json(405, { detail: 'Method Not Allowed' });
    entry.status = result.status;
    sendRaw(res, result.status, result.body, result.headers);
  }

  const servers: http.Server[] = [];
  const closeAll = () => Promise.all(servers.map(closeServer));
  try {
    for (const server of KEYLESS_HOSTS) {
      const s = http.createServer((req, res) => {
        handle(server, req, res).catch((err) => {
          if (verbose) console.error('[sandbox] keyless handler error', err);
          if (!res.headersSent) sendRaw(res, 500, 'Internal Server Error', { 'Content-Type': 'text/plain' });
          else res.destroy();
        });
      });
      servers.push(s);
      urls[server] = `http://${urlHost}:${await listen(s, options.ports?.[server] ?? 0, host)}`;
    }
  } catch (err) {
    await closeAll();
    throw err;
  }

  const info = (): KeylessInfo => ({
    urls: { ...urls },
    openLibraryRates: { ...olRates },
    coverIsbnLimit,
    googleKey: GOOGLE_DEMO_KEY,
    googleQuotas: { keyless: { ...quotas.keyless }, key: { ...quotas.key } },
    googleRate,
    demo: { ...KEYLESS_DEMO },
    openLibraryEditions: catalogue.openLibrary.editions.length,
    googleVolumes: catalogue.google.volumes.length,
  });

  return {
    urls,
    googleKey: GOOGLE_DEMO_KEY,
    log,
    clearLog: () => {
      log.length = 0;
    },
    injectFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    setOpenLibraryRates: (rates) => {
      if (rates.identified !== undefined) olRates.identified = rates.identified;
      if (rates.unidentified !== undefined) olRates.unidentified = rates.unidentified;
      olWindow.reset();
    },
    setCoverIsbnLimit: (n) => {
      coverIsbnLimit = n;
      coverWindow.reset();
    },
    setGoogleQuota: (which, total, spent) => {
      quotas[which].total = total;
      if (spent !== undefined) quotas[which].spent = spent;
    },
    resetGoogleQuotas: () => {
      quotas.keyless.spent = 0;
      quotas.key.spent = 0;
    },
    setGoogleRate: (perSecond) => {
      googleRate = perSecond;
      googleWindow.reset();
    },
    resetImports: () => imported.clear(),
    info,
    close: async () => {
      delays.clear();
      await closeAll();
    },
  };
}

