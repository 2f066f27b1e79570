/**
 * For the service test and the bench of one source down (issue 33), beside `deadHosts.ts`:
 * - `pointedAt(sandbox, urls)`: the sandbox as `keylessLookups` reads it, with a keyless
 *   source's address replaced (the sandbox itself is not changed);
 * - `proxyTo(url)`: a handler that passes each request on to a sandbox host, for `slow()`;
 * - `comesBack(url)`: a host that answers 503 until told it is up, then passes requests on;
 * - `hoverAnswer(lookups, isbn)`: a hover's look-up as the hover asks it (`answerBy` in
 *   src/editor/features/hoverProvider.ts), timed to the first answer it could show: the book
 *   as soon as a source found it, else the chain's answer.
 */
import * as http from 'node:http';
import type { Lookups } from '../../src/core/lookups/lookups';
import type { LookupResult } from '../../src/core/model/lookup';
import type { Sandbox } from '../sandbox/server';
import { type DeadHost, slow } from './deadHosts';

/** Google Books at a name no resolver knows (`UNRESOLVABLE_URL` is Open Library's). */
export const UNRESOLVABLE_GOOGLE_URL = 'https://books.googleapis.invalid';

/** The sandbox with Open Library or Google Books at another address, for `keylessLookups`. */
export function pointedAt(sandbox: Sandbox, urls: { openLibrary?: string; googleBooks?: string }): Sandbox {
  return { ...sandbox, keyless: { ...sandbox.keyless, urls: { ...sandbox.keyless.urls, ...urls } } };
}

/** Passes each request on to `target` (a sandbox host) and its answer back. */
export function proxyTo(target: string): http.RequestListener {
  const to = new URL(target);
  return (req, res) => {
    const onward = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  };
}

export interface ComingBack extends DeadHost {
  /** Answers 503 while false; passes requests on to the target while true. */
  up: boolean;
}

/** A service that is down (503) until `up` is set, then answers as `target` does. */
export async function comesBack(target: string): Promise<ComingBack> {
  const state = { up: false };
  const proxy = proxyTo(target);
  const host = await slow(0, (req, res) => {
    if (state.up) return proxy(req, res);
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 503, message: 'Service unavailable' } }));
  });
  return {
    url: host.url,
    get connections() {
      return host.connections;
    },
    get requests() {
      return host.requests;
    },
    get up() {
      return state.up;
    },
    set up(value: boolean) {
      state.up = value;
    },
    close: () => host.close(),
  };
}

export interface HoverAnswer {
  /** What the hover could show first: the book once a source found it, else the chain's answer. */
  result: LookupResult;
  /** Milliseconds from the hover to `result`. */
  ms: number;
  /** The chain's whole answer, a later source's fields included (it may come much later). */
  whole: Promise<LookupResult>;
}

/**
 * A hover's look-up, as `answerBy` asks it but without its deadline: complete from the caches,
 * else what a source has found while a later one is on its way, else one urgent look-up
 * (`document`: the file's ISBNs, prefetched first as the hover's default scope does), timed to
 * the first moment a source has the book, or to the chain's answer when none has.
 */
export async function hoverAnswer(lookups: Lookups, isbn: string, document: readonly string[] = []): Promise<HoverAnswer> {
  const start = performance.now();
  const chain = lookups.chain;
  const complete = chain.peek(isbn, 'hover');
  if (complete && complete !== 'pending') return { result: complete, ms: performance.now() - start, whole: Promise.resolve(complete) };
  const soFar = complete === 'pending' ? found(chain.known(isbn)) : undefined;
  if (soFar) return { result: soFar, ms: performance.now() - start, whole: chain.lookupOne(isbn, { purpose: 'hover' }) };
  if (document.length > 0) chain.prefetch(document, true);
  const whole = chain.lookupOne(isbn, { urgent: true, foremost: true, purpose: 'hover' });
  const result = await new Promise<LookupResult>((resolve) => {
    const timer = setInterval(() => {
      const book = found(chain.known(isbn));
      if (book) done(book);
    }, 2);
    const done = (r: LookupResult) => {
      clearInterval(timer);
      resolve(r);
    };
    void whole.then(done);
  });
  return { result, ms: performance.now() - start, whole };
}

function found(result: LookupResult | undefined): Extract<LookupResult, { status: 'found' }> | undefined {
  return result?.status === 'found' ? result : undefined;
}
