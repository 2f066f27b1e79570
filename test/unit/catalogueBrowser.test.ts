// VS Code for the Web: the look-up owner on the browser host's fetch transport, with a fake
// `fetch` that behaves as a browser does for services that send no cross-origin permission (a
// failed fetch, no status) and for lobid, which sends one. The four SRU catalogues are refused,
// read as `blocked`, skipped quietly for the session and named once in the log; lobid's book
// shows; no request goes to a refused catalogue again (no loop).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { FetchTransport } from '../../src/core/host/browser/fetchTransport';
import { StateRecords } from '../../src/core/host/browser/stateRecords';
import { BrowserCovers } from '../../src/core/host/browser/browserCovers';
import { keyFingerprint } from '../../src/core/host/browser/keyFingerprint';
import type { LookupHost } from '../../src/core/host/host';
import { Lookups, type LookupSettings } from '../../src/core/lookups/lookups';
import { Emitter } from '../../src/core/events';
import type { RequestRecord } from '../../src/core/model/answers';
import type { BatcherState } from '../../src/core/model/lookup';
import { parseSourceUrl, type SourceName } from '../../src/core/sources/sourceSettings';
import { isbn13CheckDigit } from '../../src/core/isbn/parse';
import { runFakeTime } from '../helpers/time';
import '../helpers/fakeVscode';
import { lookupLog } from '../../src/editor/words/log';

const i13 = (first12: string) => first12 + isbn13CheckDigit(first12);

test('in the browser: the SRU catalogues refused are skipped for the session and said once; lobid\'s book shows; nothing loops', async (t) => {
  // The catalogues' pace (one request a second each) on fake time.
  runFakeTime(t);
  const german = i13('978398000041');
  const other = i13('978398000042');
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push(url.host);
    if (url.host === 'lobid.example') {
      const member = url.searchParams.get('q')!.includes(german) ? [{ title: 'Rheinische Kirchen', isbn: [german] }] : [];
      return new Response(JSON.stringify({ totalItems: member.length, member }), { status: 200, headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' } });
    }
    if (url.host === 'ol.example') return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    // No cross-origin permission: the browser hides the answer and the fetch fails.
    throw new TypeError('Failed to fetch');
  }) as typeof globalThis.fetch;
  const state = new Map<string, unknown>();
  const host: LookupHost = {
    http: new FetchTransport(fetch),
    records: new StateRecords({ get: <T>(k: string) => state.get(k) as T | undefined, update: async (k: string, v: unknown) => void state.set(k, v) }),
    sharedRate: () => undefined,
    keyFingerprint,
    covers: new BrowserCovers(),
    setsUserAgent: false,
  };
  const urls = { openLibrary: 'https://ol.example', dnb: 'https://dnb.example/sru/dnb', k10plus: 'https://k10.example/opac-de-627', lobid: 'https://lobid.example/resources', bnf: 'https://bnf.example/api/SRU', loc: 'https://loc.example/sru/lcdb' };
  const settings: LookupSettings = {
    plan: 'default',
    baseUrl: () => undefined,
    sources: ['openLibrary', 'dnb', 'k10plus', 'lobid', 'bnf', 'loc'] as SourceName[],
    sourceUrl: (name) => parseSourceUrl(urls, name),
    batchSize: 100,
    requestTimeoutMs: 5_000,
    onDidChange: () => ({ dispose: () => undefined }),
    changed: () => false,
  };
  const lines: string[] = [];
  const log = lookupLog({ info: (m: string) => lines.push(m), warn: (m: string) => lines.push(`warn: ${m}`), error: (m: string) => lines.push(`error: ${m}`), request: (_: RequestRecord) => undefined });
  const none = { get: async () => undefined, onDidChange: () => ({ dispose: () => undefined }) };
  const emitters = { changed: new Emitter<void>(), books: new Emitter<void>(), state: new Emitter<BatcherState>(), request: new Emitter<RequestRecord>(), key: new Emitter<void>() };
  const lookups = new Lookups(settings, none, log, host, emitters, { version: '0.1.0', googleKeys: none });
  await Promise.all([lookups.cacheLoaded, lookups.firstConnect]);
  try {
    const first = await lookups.chain.lookupOne(german);
    assert.equal(first.status === 'found' && first.source, 'lobid', JSON.stringify(first));
    assert.equal(first.status === 'found' && first.book.title, 'Rheinische Kirchen');
    const said = lines.filter((l) => /does not answer VS Code for the Web/.test(l));
    assert.deepEqual(said, [
      'warn: Deutsche Nationalbibliothek does not answer VS Code for the Web (no cross-origin permission); it is skipped for this session.',
      'warn: K10plus does not answer VS Code for the Web (no cross-origin permission); it is skipped for this session.',
    ]);
    const sentBefore = calls.filter((h) => h === 'dnb.example' || h === 'k10.example').length;
    assert.equal(sentBefore, 2, 'one refused request each');
    // Another German ISBN: the refused catalogues are not asked again, and the result says nothing of them.
    const second = await lookups.chain.lookupOne(other);
    assert.equal(calls.filter((h) => h === 'dnb.example' || h === 'k10.example').length, sentBefore, 'no request to a refused catalogue again');
    assert.deepEqual(second.status === 'notFound' && second, { status: 'notFound', asked: ['lobid', 'openLibrary'] });
    assert.equal(lines.filter((l) => /does not answer VS Code for the Web/.test(l)).length, 2, 'said once');
    // A French ISBN: the BnF is refused once, Open Library still answers.
    const french = await lookups.chain.lookupOne(i13('978299000011'));
    assert.equal(french.status, 'notFound');
    assert.equal(calls.filter((h) => h === 'bnf.example').length, 1);
  } finally {
    await lookups.close();
    lookups.dispose();
  }
});
