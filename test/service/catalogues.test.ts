// The five library catalogues against the sandbox's emulations: each source's request and answer
// with its faults (an SRU diagnostic, 0 records, a malformed answer, 429, 502, a timeout), the
// edition rule on the wire, then the look-up owner asking each ISBN where its books are: the
// routing per registration group, Look Up All within each service's rate (one request at a
// time, about one a second), and an outage resting a catalogue while the next source answers.
import { test, before, after, beforeEach } from 'node:test';
import '../helpers/fakeVscode';
import assert from 'node:assert/strict';
import { startSandbox, CATALOGUE_DEMO as D, KEYLESS_DEMO, type Sandbox, type CatalogueHost } from '../sandbox/server';
import { UndiciTransport } from '../../src/core/host/node/undiciTransport';
import { keylessUserAgent } from '../../src/core/host/userAgent';
import { DnbSource } from '../../src/core/sources/dnb/source';
import { K10plusSource } from '../../src/core/sources/k10plus/source';
import { BnfSource } from '../../src/core/sources/bnf/source';
import { LocSource } from '../../src/core/sources/loc/source';
import { LobidSource } from '../../src/core/sources/lobid/source';
import type { CatalogueSource } from '../../src/core/sources/catalogue/catalogueSource';
import type { CatalogueOptions } from '../../src/core/sources/catalogue/sruCatalogue';
import { isServiceError } from '../../src/core/model/errors';
import { meansOutage } from '../../src/core/lookups/sourceHealth';
import { otherEditionNote } from '../../src/editor/words/index';
import { keylessLookups } from '../helpers/keylessLookups';

const UA = keylessUserAgent('0.1.0');
const http = new UndiciTransport();
let sb: Sandbox;

before(async () => {
  sb = await startSandbox({ catalogues: { perSecond: Infinity } });
});
after(() => sb.close());
beforeEach(() => {
  sb.catalogues.clearFaults();
  sb.catalogues.clearLog();
  sb.catalogues.setRate(Infinity);
});

const MAKERS: Record<CatalogueHost, (o: CatalogueOptions) => CatalogueSource> = {
  dnb: (o) => new DnbSource(o),
  k10plus: (o) => new K10plusSource(o),
  bnf: (o) => new BnfSource(o),
  loc: (o) => new LocSource(o),
  lobid: (o) => new LobidSource(o),
};
const source = (host: CatalogueHost, timeoutMs?: number) => MAKERS[host]({ baseUrl: new URL(sb.catalogues.urls[host]), userAgent: UA, timeoutMs });

/** A book each catalogue holds, and one none holds. */
const HELD: Record<CatalogueHost, { isbn: string; title: string }> = {
  dnb: { isbn: D.dnbOnly, title: 'Die Stille der Bäume' },
  k10plus: { isbn: D.japanese, title: '砂の庭' },
  bnf: { isbn: D.bnfOnly, title: 'La maison des étoiles' },
  loc: { isbn: D.locOnly, title: 'The quiet harbour' },
  lobid: { isbn: D.lobidOnly, title: 'Rheinische Kirchen' },
};

for (const host of Object.keys(HELD) as CatalogueHost[]) {
  test(`${host}: finds its book, says "not found" for one it lacks, and each fault is the kind the outage rules read`, async () => {
    const s = source(host, 1500);
    const { isbn, title } = HELD[host];
    const answer = await s.books([isbn, D.unknown].slice(0, s.maxBatch), { http });
    const book = answer.found.get(isbn)!;
    assert.equal(book.title, title);
    assert.equal(book.title, book.title.normalize('NFC'));
    if (s.maxBatch > 1) assert.deepEqual(answer.notFound, [D.unknown]);
    const sent = sb.catalogues.log[0]!;
    assert.equal(sent.headers['user-agent'], UA, 'identified');
    assert.deepEqual(Object.keys(sent.headers).filter((h) => !['host', 'connection', 'accept', 'user-agent', 'accept-encoding'].includes(h)), [], 'nothing else of the user\'s is sent');
    assert.equal(sent.refused, undefined, `the query is one the service takes: ${JSON.stringify(sent.params)}`);

    const fault = async (f: Parameters<Sandbox['catalogues']['injectFault']>[0], check: (e: unknown) => boolean, what: string) => {
      sb.catalogues.injectFault({ match: { host }, ...f });
      await assert.rejects(s.books([isbn], { http }), check, what);
    };
    await fault({ kind: 'diagnostic' }, (e) => (host === 'lobid' ? isServiceError(e, 'badResponse') : isServiceError(e, 'server') && meansOutage(e, true)), 'diagnostic');
    await fault({ kind: 'malformed' }, (e) => isServiceError(e, 'badResponse') && !meansOutage(e, true), 'malformed');
    await fault({ status: 429, retryAfter: 7 }, (e) => isServiceError(e, 'quota') && e.details.retryAt !== undefined && e.details.retryAt - Date.now() > 5000, '429');
    await fault({ status: 503, retryAfter: 3 }, (e) => isServiceError(e, 'quota'), '503 with Retry-After');
    await fault({ status: 502 }, (e) => isServiceError(e, 'server') && meansOutage(e, true), '502');
    await fault({ delayMs: 3000 }, (e) => isServiceError(e, 'network') && meansOutage(e, true), 'timeout');
    await fault({ kind: 'drop' }, (e) => isServiceError(e, 'network'), 'dropped');
    sb.catalogues.injectFault({ match: { host }, kind: 'zero', times: 2 });
    assert.deepEqual((await s.books([isbn], { http })).found.size, 0, '0 records: not in this catalogue, no error');
  });
}

test('the DNB: a record under its ISBN-10 only is found by the second try; a set answers for its volume only as a set', async () => {
  const dnb = source('dnb');
  const old = (await dnb.books([D.dnbTenOnly], { http })).found.get(D.dnbTenOnly)!;
  assert.equal(old.title, 'Briefe aus Lübeck');
  assert.deepEqual(sb.catalogues.log.map((r) => r.matched), [0, 1], 'ISBN-13 first, then its ISBN-10');
  const volume2 = (await dnb.books([D.dnbVolume2], { http })).found.get(D.dnbVolume2)!;
  assert.equal(volume2.title, 'Handbuch der Steine, Band 2: Granit und Gneis');
  const volume1 = (await dnb.books([D.dnbVolume1], { http })).found.get(D.dnbVolume1)!;
  assert.equal(volume1.isbn13, D.dnbSet);
  assert.match(otherEditionNote(volume1, D.dnbVolume1)!, /another edition: ISBN .*\(multi-volume set\)/);
});

test('the Library of Congress: an e-book ISBN it holds only in $z answers with the print record, shown as another edition', async () => {
  const book = (await source('loc').books([D.locEbook], { http })).found.get(D.locEbook)!;
  assert.equal(book.isbn13, D.locPrint);
  assert.match(otherEditionNote(book, D.locEbook)!, /another edition/);
});

test('the BnF: UNIMARC without its material designation, persons by numeric relator, 979-10 found in one request', async () => {
  const bnf = source('bnf');
  const answer = await bnf.books([D.bnfOnly, D.bnf979], { http });
  const book = answer.found.get(D.bnfOnly)!;
  assert.equal(book.titleLong, 'La maison des étoiles: roman');
  assert.deepEqual(book.authors, ['Marchand, Lucie']);
  assert.deepEqual(book.contributors, [{ name: 'Blanc, Marc', role: 'translator' }]);
  assert.equal(book.pages, 302);
  assert.equal(book.language, 'fr');
  assert.equal(answer.found.get(D.bnf979)?.title, 'Penser la mer');
  assert.equal(sb.catalogues.log.length, 1, 'both in one query; nothing left for an ISBN-10 try');
});

test('Look Up All without a key over a file of mixed groups: each ISBN asked where its books are, one request at a time per service, within its rate', async () => {
  sb.catalogues.setRate(1);
  sb.keyless.setOpenLibraryRates({ identified: 1e6, unidentified: 1e6 });
  const t = await keylessLookups(sb, { sources: ['openLibrary', 'googleBooks', 'dnb', 'k10plus', 'lobid', 'bnf', 'loc'] });
  try {
    assert.ok(t.logLines.includes('info: 978-3…: asking DNB, then K10plus, then lobid, then Open Library, then Google Books.'), t.logLines.join('\n'));
    assert.ok(t.logLines.includes('info: 978-2 and 979-10…: asking BnF, then Open Library, then LoC, then Google Books.'));
    const isbns = [D.dnbOnly, D.dnbTenOnly, D.k10plusAndLobid, D.lobidOnly, D.bnfOnly, D.bnf979, D.locOnly, D.italian, D.spanish, D.japanese, KEYLESS_DEMO.openLibraryOnly, D.unknown];
    const started = performance.now();
    const results = await t.lookups.chain.lookup(isbns);
    const ms = performance.now() - started;
    const sourceOf = (isbn: string) => {
      const r = results.get(isbn)!;
      return r.status === 'found' ? r.source : r.status;
    };
    assert.deepEqual(
      isbns.map(sourceOf),
      ['dnb', 'dnb', 'k10plus', 'lobid', 'bnf', 'bnf', 'loc', 'k10plus', 'loc', 'k10plus', 'openLibrary', 'notFound'],
    );
    const unknown = results.get(D.unknown)!;
    assert.deepEqual(unknown.status === 'notFound' && unknown.asked, ['dnb', 'k10plus', 'lobid', 'openLibrary', 'googleBooks'], '"not found" only once every chosen source said so');
    const log = sb.catalogues.log;
    const per = (host: CatalogueHost) => log.filter((r) => r.host === host);
    for (const host of ['dnb', 'k10plus', 'lobid', 'bnf', 'loc'] as const) {
      const sent = per(host);
      assert.ok(sent.every((r) => r.refused === undefined), `${host} refused nothing: ${sent.map((r) => r.refused).join()}`);
      assert.ok(sent.every((r) => !r.overlapping), `${host}: one request at a time`);
      for (let i = 1; i < sent.length; i++) assert.ok(sent[i]!.time - sent[i - 1]!.time >= 900, `${host}: about one a second`);
    }
    // The French, English and other ISBNs never went to the DNB; the German ones never to the BnF.
    assert.ok(per('dnb').every((r) => r.isbns.every((i) => i.startsWith('9783') || i.startsWith('3'))));
    assert.ok(per('bnf').every((r) => r.isbns.every((i) => i.startsWith('9782') || i.startsWith('97910') || i.startsWith('2'))));
    const counts = Object.fromEntries((['dnb', 'k10plus', 'lobid', 'bnf', 'loc'] as const).map((h) => [h, per(h).length]));
    console.log(`# Look Up All of ${isbns.length} ISBNs in ${Math.round(ms)} ms; requests ${JSON.stringify(counts)}`);
    assert.ok(counts.dnb! <= 2 && counts.bnf! <= 1, JSON.stringify(counts));
  } finally {
    await t.close();
  }
});

test('a catalogue that answers a diagnostic is rested, said once, and its ISBNs go on to the next source at once', async () => {
  const t = await keylessLookups(sb, { sources: ['openLibrary', 'dnb', 'k10plus'] });
  try {
    sb.catalogues.injectFault({ match: { host: 'dnb' }, kind: 'diagnostic', times: Infinity });
    const first = await t.lookups.chain.lookupOne(D.k10plusAndLobid);
    assert.equal(first.status === 'found' && first.source, 'k10plus');
    const before = sb.catalogues.log.filter((r) => r.host === 'dnb').length;
    const again = await t.lookups.chain.lookupOne(D.dnbOnly);
    assert.equal(again.status, 'notFound', 'only the DNB knows it, and it is resting: not found by the others, never "not found" by the DNB');
    assert.deepEqual(again.status === 'notFound' && again.unanswered?.map((u) => [u.source, u.error.kind]), [['dnb', 'unreachable']]);
    assert.equal(sb.catalogues.log.filter((r) => r.host === 'dnb').length, before, 'nothing sent while it rests');
    assert.equal(t.logLines.filter((l) => /Deutsche Nationalbibliothek answered with SRU diagnostic 1/.test(l)).length, 1, 'said once');
  } finally {
    await t.close();
  }
});
