// The library catalogues' servers, each on its own port of the sandbox host, at the path the
// real one has: K10plus `/opac-de-627`, the DNB `/sru/dnb`, the BnF `/api/SRU`, the Library of
// Congress `/sru/lcdb` (SRU), lobid `/resources/search` (JSON).
//
// Each answers as the note says: SRU answers with the service's own prefix, "0 records" for a
// book it does not hold, a diagnostic in an HTTP 200 for a query, version, schema or parameter
// it does not take (the DNB names an unknown parameter, diagnostic 8); an ISBN matches only in
// the form the record lists it (the DNB's older records hold only the ISBN-10), a `$z` ISBN
// only at the LoC; lobid holds both forms. No rate is documented: the sandbox answers 429 with
// Retry-After past `perSecond` (1 by default), and marks a request that arrived while another
// to the same service was unanswered. Only lobid sends `Access-Control-Allow-Origin`.
//
// Handling order: log -> injected fault -> rate -> the answer.

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { FaultQueue } from '../faults';
import { closeServer, FaultDelays, flatHeaders, listen, now, sendRaw, splitUrl } from '../http-util';
import { SlidingWindow } from '../keyless/politeness';
import { CATALOGUE_DEMO, CATALOGUE_HOSTS, CATALOGUE_RECORDS, recordsFor, type CatalogueHost } from './books';
import { sruAnswerXml, sruDiagnosticXml } from './marcXml';
import { lobidMember, sruRecord } from './records';
import type { CatalogueFault, CatalogueLoggedRequest, CataloguesOptions, CataloguesSandbox } from './types';

interface SruService {
  path: string;
  version: string;
  schema: string;
  /** The schema as the record is labelled in the answer. */
  label: string;
  prefix: string;
  /** The CQL it takes for ISBNs; anything else is diagnostic 10. */
  query: RegExp;
  /** Whether a `$z` ISBN matches (the LoC's index does). */
  cancelledMatches: boolean;
  /** Parameters it takes; another one is diagnostic 8 (documented at the DNB only). */
  strictParams?: readonly string[];
  /** Whether its diagnostic swaps `details` and `message` (the DNB). */
  swapped?: boolean;
}

const ISBN_TERM = /\b(\d{13}|\d{9}[\dX])\b/g;

const SRU: Record<Exclude<CatalogueHost, 'lobid'>, SruService> = {
  k10plus: { path: '/opac-de-627', version: '1.1', schema: 'marcxml', label: 'marcxml', prefix: 'zs', query: /^pica\.isb=[\dX]+( or pica\.isb=[\dX]+)*$/i, cancelledMatches: false },
  dnb: {
    path: '/sru/dnb',
    version: '1.1',
    schema: 'MARC21-xml',
    label: 'MARC21-xml',
    prefix: '',
    query: /^(num|isbn)=[\dX]+( or (num|isbn)=[\dX]+)*$/i,
    cancelledMatches: false,
    strictParams: ['version', 'operation', 'query', 'recordSchema', 'maximumRecords', 'startRecord', 'recordPacking'],
    swapped: true,
  },
  bnf: { path: '/api/SRU', version: '1.2', schema: 'unimarcxchange', label: 'marcxchange', prefix: 'srw', query: /^bib\.isbn (all|any) "[\dX -]+"$/i, cancelledMatches: false },
  loc: { path: '/sru/lcdb', version: '1.1', schema: 'marcxml', label: 'marcxml', prefix: 'srw', query: /^bath\.isbn=\^?[\dX]+( or bath\.isbn=\^?[\dX]+)*$/i, cancelledMatches: true },
};
const LOBID_PATH = '/resources/search';

interface RawAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const XML = { 'Content-Type': 'application/xml; charset=utf-8' };
const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

export async function startCatalogues(options: CataloguesOptions = {}): Promise<CataloguesSandbox> {
  const host = options.host ?? '127.0.0.1';
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const verbose = process.env.SANDBOX_VERBOSE === '1';
  let perSecond = options.perSecond ?? 1;
  const window = new SlidingWindow(900);
  const faults = new FaultQueue<CatalogueFault>((fault) => fault.match?.host);
  const log: CatalogueLoggedRequest[] = [];
  const delays = new FaultDelays();
  const inFlight = new Map<CatalogueHost, number>();
  const origins = {} as Record<CatalogueHost, string>;
  const urls = {} as Record<CatalogueHost, string>;

  function sru(name: Exclude<CatalogueHost, 'lobid'>, entry: CatalogueLoggedRequest, params: URLSearchParams): RawAnswer {
    const service = SRU[name];
    const diagnostic = (n: number, message: string, details = '') => {
      entry.refused = `diagnostic ${n}`;
      return { status: 200, body: sruDiagnosticXml(n, { prefix: service.prefix, version: service.version, swapped: service.swapped, message, details }), headers: XML };
    };
    if (entry.path !== service.path) return { status: 404, body: '<html><body>Not Found</body></html>', headers: { 'Content-Type': 'text/html' } };
    const unknown = service.strictParams && [...params.keys()].find((k) => !service.strictParams!.includes(k));
    if (unknown) return diagnostic(8, 'Unsupported parameter', `[${unknown}]`);
    if (params.get('operation') !== 'searchRetrieve') {
      // Without an operation an SRU server describes itself.
      return { status: 200, body: `<?xml version="1.0"?><explainResponse xmlns="http://www.loc.gov/zing/srw/"><version>${service.version}</version></explainResponse>`, headers: XML };
    }
    if (params.get('version') !== service.version) return diagnostic(5, 'Unsupported version', params.get('version') ?? '');
    const query = params.get('query');
    if (!query) return diagnostic(7, 'Mandatory parameter not supplied', 'query');
    if ((params.get('recordSchema') ?? service.schema).toLowerCase() !== service.schema.toLowerCase()) return diagnostic(66, 'Unknown schema for retrieval', params.get('recordSchema') ?? '');
    if (!service.query.test(query.trim())) return diagnostic(10, 'Query syntax error', query);
    entry.isbns = query.match(ISBN_TERM) ?? [];
    const max = Number(params.get('maximumRecords') ?? '10');
    const matched = recordsFor(name, entry.isbns, service.cancelledMatches);
    entry.matched = matched.length;
    const records = matched.slice(0, Number.isInteger(max) && max >= 0 ? max : 10).map((r) => sruRecord(name, r));
    return { status: 200, body: sruAnswerXml(records, { prefix: service.prefix, version: service.version, schema: service.label, total: matched.length, query }), headers: XML };
  }

  function lobid(entry: CatalogueLoggedRequest, params: URLSearchParams): RawAnswer {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    if (entry.path !== LOBID_PATH) return { status: 404, body: '<html>Not Found</html>', headers: { 'Content-Type': 'text/html', ...cors } };
    const q = params.get('q') ?? '';
    if (!/^isbn:[\dX]+( OR isbn:[\dX]+)*$/.test(q)) {
      entry.refused = 'bad query';
      return { status: 400, body: '<html><body>Ungültige Suchanfrage. Maskieren Sie Sonderzeichen mit \\</body></html>', headers: { 'Content-Type': 'text/html; charset=utf-8', ...cors } };
    }
    entry.isbns = q.match(ISBN_TERM) ?? [];
    const matched = recordsFor('lobid', entry.isbns, false);
    entry.matched = matched.length;
    const size = Number(params.get('size') ?? '15');
    const member = matched.slice(0, size).map((r) => lobidMember(r, origins.lobid));
    const body = { '@context': 'http://lobid.org/resources/context.jsonld', id: `${origins.lobid}${entry.path}?${new URLSearchParams(params).toString()}`, totalItems: matched.length, member };
    return { status: 200, body: JSON.stringify(body, null, 2), headers: { ...(params.get('format') === 'json' ? JSON_TYPE : { 'Content-Type': 'text/html' }), ...cors } };
  }

  function faultAnswer(name: CatalogueHost, fault: CatalogueFault, entry: CatalogueLoggedRequest, params: URLSearchParams): RawAnswer | 'drop' {
    const cors: Record<string, string> = name === 'lobid' ? { 'Access-Control-Allow-Origin': '*' } : {};
    const retry: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': String(fault.retryAfter) };
    entry.fault = fault.kind ?? String(fault.status);
    if (fault.kind === 'drop') return 'drop';
    if (fault.status !== undefined) return { status: fault.status, body: fault.body ?? `<html><body><h1>${fault.status}</h1></body></html>`, headers: { 'Content-Type': 'text/html', ...retry, ...cors } };
    const prefix = name === 'lobid' ? '' : SRU[name].prefix;
    const version = name === 'lobid' ? '' : SRU[name].version;
    switch (fault.kind) {
      case 'diagnostic':
        if (name === 'lobid') return { status: 400, body: '<html><body>Ungültige Suchanfrage.</body></html>', headers: { 'Content-Type': 'text/html', ...cors } };
        return { status: 200, body: sruDiagnosticXml(1, { prefix, version, swapped: name === 'dnb', message: 'General system error', details: 'Datenbank nicht verfügbar' }), headers: XML };
      case 'zero':
        if (name === 'lobid') return { status: 200, body: JSON.stringify({ totalItems: 0, member: [] }), headers: { ...JSON_TYPE, ...cors } };
        return { status: 200, body: sruAnswerXml([], { prefix, version, schema: SRU[name].label }), headers: XML };
      case 'malformed': {
        const normal = name === 'lobid' ? lobid({ ...entry }, params) : sru(name, { ...entry }, params);
        return { ...normal, body: normal.body.slice(0, Math.max(20, Math.floor(normal.body.length / 2))) };
      }
      default:
        return name === 'lobid' ? lobid(entry, params) : sru(name, entry, params);
    }
  }

  async function handle(name: CatalogueHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { path, query } = splitUrl(req.url);
    const params = new URLSearchParams(query);
    const entry: CatalogueLoggedRequest = { host: name, method: req.method ?? 'GET', path, params: Object.fromEntries(params), headers: flatHeaders(req), time: now(), status: 0, isbns: [] };
    log.push(entry);
    if ((inFlight.get(name) ?? 0) > 0) entry.overlapping = true;
    inFlight.set(name, (inFlight.get(name) ?? 0) + 1);
    res.on('close', () => {
      inFlight.set(name, (inFlight.get(name) ?? 1) - 1);
      if (verbose) console.error(`[sandbox] ${name} ${entry.method} ${path}?${query} -> ${entry.status}${entry.refused ? ` (${entry.refused})` : ''}`);
    });
    req.resume();
    const fault = faults.take(name, entry.method, path);
    if (fault?.delayMs) await delays.wait(fault.delayMs);
    if (res.destroyed) return;
    let answer: RawAnswer | 'drop';
    if (fault && (fault.kind !== undefined || fault.status !== undefined)) answer = faultAnswer(name, fault, entry, params);
    else if (!window.admit(name, perSecond, entry.time)) {
      entry.refused = 'rate';
      answer = { status: 429, body: '<html><body>Too Many Requests</body></html>', headers: { 'Content-Type': 'text/html', 'Retry-After': '1', ...(name === 'lobid' ? { 'Access-Control-Allow-Origin': '*' } : {}) } };
    } else answer = name === 'lobid' ? lobid(entry, params) : sru(name, entry, params);
    if (answer === 'drop') {
      res.destroy();
      return;
    }
    entry.status = answer.status;
    sendRaw(res, answer.status, answer.body, answer.headers);
  }

  const servers: http.Server[] = [];
  const closeAll = () => Promise.all(servers.map(closeServer));
  try {
    for (const name of CATALOGUE_HOSTS) {
      const s = http.createServer((req, res) => {
        handle(name, req, res).catch((err) => {
          if (verbose) console.error('[sandbox] catalogue handler error', err);
          if (!res.headersSent) sendRaw(res, 500, 'Internal Server Error', { 'Content-Type': 'text/plain' });
          else res.destroy();
        });
      });
      servers.push(s);
      origins[name] = `http://${urlHost}:${await listen(s, options.ports?.[name] ?? 0, host)}`;
      urls[name] = origins[name] + (name === 'lobid' ? '/resources' : SRU[name].path);
    }
  } catch (err) {
    await closeAll();
    throw err;
  }

  return {
    urls,
    log,
    clearLog: () => {
      log.length = 0;
    },
    injectFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    setRate: (n) => {
      perSecond = n;
      window.reset();
    },
    info: () => ({ urls: { ...urls }, perSecond, demo: { ...CATALOGUE_DEMO }, records: CATALOGUE_RECORDS.length }),
    close: async () => {
      delays.clear();
      await closeAll();
    },
  };
}
