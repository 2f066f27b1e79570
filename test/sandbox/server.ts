// Local stand-in for the book data service (ISBNdb v2 as the spec describes it):
// one HTTP server per plan, plus an admin server. Tests and the demo run against it.
//
// Request handling order on a plan server:
//   log -> injected fault (before auth: it models the network/proxy) -> covers (no auth,
//   no rate) -> auth (401/403) -> rate/exhaustion (limit response) -> endpoint.
// Real mode (see realService.ts) adds: GET /key for a known key on any plan's host (after
// the rate), the daily quota (403 once spent, before the endpoint), per-plan batch maximums,
// error bodies with `error_message`, a 500 for answers over maxResponseBytes, and the cost
// of each served request taken from the key's quota.

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { adminHandler, type SandboxInfo } from './admin';
import { DEFAULT_CATALOGUE_SIZE, DEMO_BOOKS, DEMO_ISBNS, generateCatalogue, type Catalogue } from './catalogue';
import { alterAnswer } from './contentFaults';
import { FaultQueue, answerWithFault, faultAnswers } from './faults';
import { closeServer, FaultDelays, flatHeaders, listen, now, readBody, sendJson, sendRaw, splitUrl } from './http-util';
import { Limits, type Answer } from './limits';
import { DEFAULT_DAILY_QUOTA, DailyQuotas } from './quotas';
import * as real from './realService';
import { startKeyless } from './keyless/server';
import { startCatalogues } from './catalogues/server';
import { coverAnswer, isCoverPath, parseBatchBody, route } from './routes';
import { PLANS, type Fault, type LimitMode, type LoggedRequest, type PlanName, type Sandbox, type SandboxOptions, type ServiceMode } from './types';

export * from './types';
export type { Catalogue, OtherIsbn, RawBook } from './catalogue';
export { DEMO_BOOKS, DEMO_ISBNS } from './catalogue';
export type { SandboxInfo } from './admin';
export { DEFAULT_DAILY_QUOTA } from './quotas';
export { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_PLAN_MAX_BATCH } from './realService';
export * from './keyless/types';
export { KEYLESS_DEMO, GOOGLE_OTHER_EDITION_ISBN } from './keyless/catalogue';
export { GOOGLE_DEMO_KEY } from './keyless/server';
export * from './catalogues/types';
export { CATALOGUE_DEMO } from './catalogues/books';

/** Fixed demo keys, one per plan. Each only works on its own plan's server. */
export const DEMO_KEYS: Readonly<Record<PlanName, string>> = {
  default: '51827_0c3f9a7e2b6d48158e4a1f0d9c7b3e62',
  premium: '51828_8a2e5c1f9d3b47069b1e7c4a2d8f5061',
  pro: '51829_c7d1e9a3f5b24086a3c9e1f7b5d2048e',
};

export const DEFAULT_RATES: Readonly<Record<PlanName, number>> = { default: 1, premium: 3, pro: 5 };
export const DEFAULT_MAX_BATCH = 1000;

/** Cross-origin permission, when the sandbox gives it: any origin, the key's header named (a `*` does not cover Authorization). */
const CORS_HEADERS: Readonly<Record<string, string>> = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After' };
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'GET, POST',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
  'Access-Control-Max-Age': '0',
};

const UNAUTHORIZED: Answer = { status: 401, body: { message: 'Unauthorized' } };
const WRONG_PLAN: Answer = { status: 403, body: { message: 'Forbidden: this key belongs to another plan' } };

const infoOf = new WeakMap<Sandbox, () => SandboxInfo>();

/** Everything a script needs to talk to a running sandbox (also served as GET /info). */
export function sandboxInfo(sb: Sandbox): SandboxInfo {
  const info = infoOf.get(sb);
  if (!info) throw new Error('not a sandbox started by startSandbox()');
  return info();
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const verbose = process.env.SANDBOX_VERBOSE === '1';

  const keyPlans = new Map<string, PlanName>(PLANS.map((p) => [DEMO_KEYS[p], p]));
  for (const [key, plan] of Object.entries(options.extraKeys ?? {})) keyPlans.set(key, plan);

  const limits = new Limits({ ...DEFAULT_RATES, ...options.rates }, options.limitResponse ?? '429');
  const faults = new FaultQueue();
  let maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  let mode: ServiceMode = options.mode ?? 'spec';
  const planMaxBatch = { ...real.DEFAULT_PLAN_MAX_BATCH, ...options.planMaxBatch };
  let maxResponseBytes = options.maxResponseBytes ?? real.DEFAULT_MAX_RESPONSE_BYTES;
  let cors = options.cors ?? 'none';
  const quotas = new DailyQuotas((key) => keyPlans.get(key), { ...DEFAULT_DAILY_QUOTA, ...options.dailyQuota }, options.quotas);
  const log: LoggedRequest[] = [];
  const delays = new FaultDelays();

  // The catalogue's cover URLs need the default plan's address, known only once it
  // listens; requests arriving before then wait for it.
  // eslint-disable-next-line prefer-const -- assigned once the server listens (below), read by the handler declared first
  let catalogue!: Catalogue;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  async function handle(plan: PlanName, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const time = now();
    const method = req.method ?? 'GET';
    const { path, query } = splitUrl(req.url);
    const entry: LoggedRequest = { plan, method, path, query, headers: flatHeaders(req), body: '', time, status: 0, limited: false };
    log.push(entry); // at arrival, so the log is in arrival order
    if (verbose) res.on('close', () => console.error(`[sandbox] ${plan} ${method} ${req.url} -> ${entry.status}${entry.limited ? ' (limited)' : ''}`));
    // A browser's preflight (a request with Authorization or a JSON body) comes first, before any key.
    if (cors === 'allow') for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    if (method === 'OPTIONS') {
      entry.status = 204;
      return sendRaw(res, 204, '', cors === 'allow' ? PREFLIGHT_HEADERS : {});
    }

    entry.body = await readBody(req);
    const isBatch = method === 'POST' && path === '/books';
    if (isBatch) entry.isbnCount = parseBatchBody(entry.body)?.length;
    await ready;

    const serviceReq = { method, path, query, contentType: req.headers['content-type'], body: entry.body };
    const fault = faults.take(plan, method, path);
    if (fault?.delayMs) await delays.wait(fault.delayMs);
    if (res.destroyed) return; // client gave up, or the sandbox closed, during the delay
    if (fault && faultAnswers(fault)) {
      const normal = route(catalogue, mode === 'real' ? planMaxBatch[plan] : maxBatch, serviceReq);
      const normalBody = normal.status === 200 ? normal.body : { book: catalogue.books[0] };
      return answerWithFault(fault, { req, res, entry, normalBody, defaultRedirect: `${urls.default}${req.url ?? '/'}` });
    }

    const send = ({ status, body, headers }: Answer) => {
      entry.status = status; // before writing, so the log is complete when the client sees the answer
      sendJson(res, status, body, headers);
    };

    if (isCoverPath(path)) {
      const cover = coverAnswer(catalogue, method, path);
      entry.status = cover.status;
      return sendRaw(res, cover.status, cover.body, cover.headers);
    }

    // The key counts only in the Authorization header, bare; a query parameter never authenticates.
    const key = req.headers.authorization;
    const keyPlan = key === undefined ? undefined : keyPlans.get(key);
    if (!key || !keyPlan) return send(mode === 'spec' ? UNAUTHORIZED : key ? real.UNKNOWN_KEY : real.MISSING_KEY);
    const charge = (result: Answer) => {
      entry.cost = real.costOf(entry.isbnCount, result.status);
      quotas.spend(key, entry.cost);
      send(result);
    };
    // GET /key tells a key its own plan's host, so it answers on every plan's host.
    const keyQuery = mode === 'real' && real.isKeyRequest(method, path);
    if (keyPlan !== plan && !keyQuery) return mode === 'spec' ? send(WRONG_PLAN) : charge(real.WRONG_PLAN);

    const limited = limits.check(key, plan, time);
    if (limited) {
      entry.limited = true;
      return send(limited);
    }

    const altered = (result: Answer) => (fault ? alterAnswer(fault, result, catalogue, entry.body) : result);
    if (mode === 'spec') return send(altered(route(catalogue, maxBatch, serviceReq)));
    if (keyQuery) return send(real.keyAnswer(urls[keyPlan], quotas.of(key)!));
    if (quotas.isSpent(key)) return send(real.DAILY_HITS_REACHED);
    const result = altered(real.inCurrentErrorShape(route(catalogue, planMaxBatch[plan], serviceReq)));
    charge(real.isTooLarge(result, maxResponseBytes) ? real.TOO_LARGE : result);
  }

  const urls = {} as Record<PlanName, string>;
  const allServers: http.Server[] = [];
  try {
    for (const plan of PLANS) {
      const server = http.createServer((req, res) => {
        handle(plan, req, res).catch((err) => {
          if (verbose) console.error('[sandbox] handler error', err);
          if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
          else res.destroy();
        });
      });
      allServers.push(server);
      urls[plan] = `http://${urlHost}:${await listen(server, options.ports?.[plan] ?? 0, host)}`;
    }
  } catch (err) {
    await Promise.all(allServers.map(closeServer));
    throw err;
  }

  catalogue = generateCatalogue({ size: options.catalogueSize ?? DEFAULT_CATALOGUE_SIZE, seed: options.seed, coverBase: urls.default });
  markReady();

  // The keyless services beside it (Open Library, Google Books), with catalogues overlapping this one.
  let keyless: Awaited<ReturnType<typeof startKeyless>>;
  try {
    keyless = await startKeyless({ host, seed: options.seed, serviceCatalogueSize: options.catalogueSize, ...options.keyless });
  } catch (err) {
    await Promise.all(allServers.map(closeServer));
    throw err;
  }
  // The library catalogues, with books of their own.
  let catalogues: Awaited<ReturnType<typeof startCatalogues>>;
  try {
    catalogues = await startCatalogues({ host, ...options.catalogues });
  } catch (err) {
    await Promise.all([...allServers.map(closeServer), keyless.close()]);
    throw err;
  }

  const sandbox: Sandbox = {
    urls,
    adminUrl: '', // set below, once the admin server listens
    keys: { ...DEMO_KEYS },
    catalogue,
    log,
    clearLog: () => {
      log.length = 0; // keep the same array: callers may hold `sandbox.log`
    },
    injectFault: (fault: Fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    setCors: (mode) => {
      cors = mode;
    },
    setLimitResponse: (mode: LimitMode) => {
      limits.mode = mode;
    },
    exhaustKey: (key, forMs, style = 'rate') => limits.exhaust(key, now() + forMs, style),
    setRate: (plan, perSecond) => {
      limits.rates[plan] = perSecond;
    },
    setMaxBatch: (n) => {
      maxBatch = n;
    },
    setMode: (m) => {
      mode = m;
    },
    setPlanMaxBatch: (plan, n) => {
      planMaxBatch[plan] = n;
    },
    setMaxResponseBytes: (n) => {
      maxResponseBytes = n;
    },
    setQuota: (key, total, spent) => quotas.set(key, total, spent),
    resetQuotas: (key) => quotas.reset(key),
    quotaOf: (key) => quotas.of(key),
    keyless,
    catalogues,
    close: async () => {
      delays.clear();
      await Promise.all([...allServers.map(closeServer), keyless.close(), catalogues.close()]);
    },
  };

  const info = (): SandboxInfo => ({
    urls: { ...urls },
    adminUrl: sandbox.adminUrl,
    keys: { ...sandbox.keys },
    demoIsbns: DEMO_ISBNS,
    demoBooks: { ...DEMO_BOOKS },
    rates: { ...limits.rates },
    limitResponse: limits.mode,
    maxBatch,
    catalogueSize: catalogue.books.length,
    mode,
    planMaxBatch: { ...planMaxBatch },
    maxResponseBytes,
    quotas: quotas.snapshot(keyPlans.keys()),
    keyless: keyless.info(),
    catalogues: catalogues.info(),
  });
  infoOf.set(sandbox, info);

  const handleAdmin = adminHandler(sandbox, info);
  // The in-host suite in a browser's web worker reads the log too (simple requests: no preflight).
  const admin = http.createServer((req, res) => {
    if (cors === 'allow') res.setHeader('Access-Control-Allow-Origin', '*');
    return handleAdmin(req, res);
  });
  allServers.push(admin);
  try {
    sandbox.adminUrl = `http://${urlHost}:${await listen(admin, options.adminPort ?? 0, host)}`;
  } catch (err) {
    await sandbox.close();
    throw err;
  }
  return sandbox;
}
