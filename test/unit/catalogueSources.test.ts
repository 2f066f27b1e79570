// The five catalogues as BookSources on a fake transport (what they send, how many ISBNs a
// query takes, the ISBN-10 second try, a cut-short answer, their refusals, the browser's), the
// routing table, and the merge that prefers a national catalogue's title and persons.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { DnbSource } from '../../src/core/sources/dnb/source';
import { K10plusSource } from '../../src/core/sources/k10plus/source';
import { BnfSource } from '../../src/core/sources/bnf/source';
import { LocSource } from '../../src/core/sources/loc/source';
import { LobidSource } from '../../src/core/sources/lobid/source';
import { isServiceError } from '../../src/core/model/errors';
import { meansOutage } from '../../src/core/lookups/sourceHealth';
import { HttpTimeoutError } from '../../src/core/host/http';
import { isbn13CheckDigit, isbn10CheckDigit } from '../../src/core/isbn/parse';
import { ROUTES, orderFor, routeOf, sourcesFor, nationalCatalogueOf } from '../../src/core/sources/routing';
import { bookHover, editionLabel, sourcesLine } from '../../src/editor/words/index';
import { routesText } from '../../src/editor/words/log';
import { mergeBooks } from '../../src/core/sources/merge';
import { DEFAULT_SOURCES, parseSourceUrl } from '../../src/core/sources/sourceSettings';
import { FakeTransport } from '../helpers/fakeTransport';
import { book } from '../helpers/books';
import { marcRecordXml, sruAnswerXml, sruDiagnosticXml } from '../sandbox/catalogues/marcXml';

const UA = 'ISBNLens/0.2.0 (https://github.com/isbnlens/isbn-lens)';
const i13 = (first12: string) => first12 + isbn13CheckDigit(first12);
const i10 = (first9: string) => first9 + isbn10CheckDigit(first9);

const marcOf = (isbn: string, title: string) => marcRecordXml({ fields: [['020', '  ', [['a', isbn]]], ['245', '10', [['a', title]]]] }, 'marc21');
const sru = (records: string[], total?: number) => ({ body: sruAnswerXml(records, { prefix: 'zs', version: '1.1', schema: 'marcxml', total }), headers: { 'content-type': 'application/xml' } });

test('DNB: one SRU query for the batch (num= … or …), MARC21-xml, the User-Agent and an XML Accept; rate 1/s per machine', async () => {
  const a = i13('978344200001');
  const b = i13('978344200002');
  const http = new FakeTransport((req) => {
    if (http.requests.length > 1) return sru([]);
    assert.equal(req.origin, 'https://services.dnb.de');
    const url = new URL(req.origin + req.path);
    assert.equal(url.pathname, '/sru/dnb');
    assert.equal(url.searchParams.get('version'), '1.1');
    assert.equal(url.searchParams.get('operation'), 'searchRetrieve');
    assert.equal(url.searchParams.get('recordSchema'), 'MARC21-xml');
    assert.equal(url.searchParams.get('query'), `num=${a} or num=${b}`);
    assert.match(req.path, /query=num%3D\d+%20or%20num%3D\d+/, 'the query percent-encoded, a space as %20');
    return sru([marcOf(b, 'Zwei')]);
  });
  const source = new DnbSource({ userAgent: UA });
  assert.deepEqual(source.rate, { perSecond: 1, sharedBy: 'machine', shareName: 'dnb' });
  assert.equal(source.maxBatch, 10);
  const answer = await source.books([a, b], { http });
  assert.equal(answer.found.get(b)?.title, 'Zwei');
  assert.deepEqual(answer.notFound, [a]);
  // a (978) had no hit: its ISBN-10 was asked in a second request.
  assert.equal(http.requests.length, 2);
  assert.equal(new URL('https://x' + http.requests[1]!.path).searchParams.get('query'), `num=${a.slice(3, 12) + isbn10CheckDigit(a.slice(3, 12))}`);
  assert.deepEqual(http.requests[0]!.headers, { accept: 'application/xml, text/xml', 'user-agent': UA });
});

test('the ISBN-10 try finds a record that lists only the ISBN-10, under the asked ISBN-13', async () => {
  const ten = i10('355155167');
  const thirteen = i13('978' + ten.slice(0, 9));
  const http = new FakeTransport((req) => (req.path.includes(ten) ? sru([marcOf(ten, 'Alt')]) : sru([])));
  const answer = await new K10plusSource({ userAgent: UA }).books([thirteen], { http });
  assert.equal(answer.found.get(thirteen)?.title, 'Alt');
  assert.equal(answer.found.get(thirteen)?.isbn13, thirteen);
  assert.equal(http.requests.length, 2);
  assert.match(http.requests[0]!.path, /query=pica\.isb%3D/);
  // A 979 ISBN has no ISBN-10: one request.
  const only = new FakeTransport(() => sru([]));
  await new K10plusSource({ userAgent: UA }).books([i13('979100000001')], { http: only });
  assert.equal(only.requests.length, 1);
});

test('a cut-short answer (more records than sent) asks the ISBNs it left without a record one by one', async () => {
  const isbns = [i13('978300000001'), i13('978300000002'), i13('978300000003')];
  const http = new FakeTransport((req) => {
    const q = new URL('https://x' + req.path).searchParams.get('query')!;
    if (q.includes(' or ')) return sru([marcOf(isbns[0]!, 'Eins')], 9);
    const isbn = /=([\dX]+)$/.exec(q)![1]!;
    return isbn === isbns[2] ? sru([marcOf(isbn, 'Drei')]) : sru([]);
  });
  const answer = await new DnbSource({ userAgent: UA }).books(isbns, { http });
  assert.deepEqual([...answer.found.keys()], [isbns[0], isbns[2]]);
  assert.deepEqual(answer.notFound, [isbns[1]]);
});

test('BnF: SRU 1.2, bib.isbn any "…" with every ISBN, UNIMARC; LoC: anchored; lobid: its JSON search', async () => {
  const fr = i13('978207000001');
  const bnf = new FakeTransport((req) => {
    const url = new URL(req.origin + req.path);
    assert.equal(url.origin + url.pathname, 'https://catalogue.bnf.fr/api/SRU');
    assert.equal(url.searchParams.get('version'), '1.2');
    assert.equal(url.searchParams.get('recordSchema'), 'unimarcxchange');
    assert.equal(url.searchParams.get('query'), `bib.isbn any "${fr} ${fr.slice(3, 12)}${isbn10CheckDigit(fr.slice(3, 12))}"`, 'both forms in one query');
    const record = marcRecordXml({ fields: [['010', '  ', [['a', fr]]], ['200', '1 ', [['a', 'Le livre'], ['b', 'Texte imprimé']]]] }, 'unimarc');
    return { body: sruAnswerXml([record], { prefix: 'srw', version: '1.2', schema: 'marcxchange' }) };
  });
  assert.equal((await new BnfSource({ userAgent: UA }).books([fr], { http: bnf })).found.get(fr)?.title, 'Le livre');

  const en = i13('978052177924');
  const loc: FakeTransport = new FakeTransport((req) => {
    const tries = [`bath.ISBN=^${en}`, `bath.ISBN=^${en.slice(3, 12)}${isbn10CheckDigit(en.slice(3, 12))}`];
    assert.equal(new URL(req.origin + req.path).searchParams.get('query'), tries[loc.requests.length - 1]);
    return sru([]);
  });
  const locSource = new LocSource({ userAgent: UA });
  assert.equal(locSource.maxBatch, 10);
  assert.deepEqual((await locSource.books([en], { http: loc })).notFound, [en]);
  assert.equal(loc.requests[0]!.origin, 'https://lx2.loc.gov');

  const de = i13('978311065984');
  const lobid = new FakeTransport((req) => {
    const url = new URL(req.origin + req.path);
    assert.equal(url.origin + url.pathname, 'https://lobid.org/resources/search');
    assert.equal(url.searchParams.get('q'), `isbn:${de}`);
    assert.equal(url.searchParams.get('format'), 'json');
    return { body: { totalItems: 1, member: [{ title: 'Mechanik', isbn: [de] }] } };
  });
  assert.equal((await new LobidSource({ userAgent: UA }).books([de], { http: lobid })).found.get(de)?.title, 'Mechanik');
  assert.deepEqual(lobid.requests[0]!.headers, { accept: 'application/json', 'user-agent': UA });
});

test('refusals: 429 and 503 with Retry-After are limits, 502 and a diagnostic rest the source, malformed XML is a bad answer, a timeout an outage', async () => {
  const isbn = i13('978344200001');
  let reply: { status?: number; headers?: Record<string, string>; body?: unknown } | 'timeout' = { status: 429, headers: { 'Retry-After': '30' }, body: '' };
  const http = new FakeTransport(() => {
    if (reply === 'timeout') throw new HttpTimeoutError(10_000);
    return reply;
  });
  const source = new DnbSource({ userAgent: UA, now: () => 1_000 });
  await assert.rejects(source.books([isbn], { http }), (e) => isServiceError(e, 'quota') && e.details.retryAt === 31_000);
  reply = { status: 503, headers: { 'Retry-After': '5' }, body: '' };
  await assert.rejects(source.books([isbn], { http }), (e) => isServiceError(e, 'quota') && e.details.retryAt === 6_000);
  reply = { status: 502, body: '<html>Bad Gateway</html>' };
  await assert.rejects(source.books([isbn], { http }), (e) => isServiceError(e, 'server') && meansOutage(e, true));
  reply = { body: sruDiagnosticXml(10, { prefix: '', version: '1.1', swapped: true }) };
  await assert.rejects(source.books([isbn], { http }), (e) => isServiceError(e, 'server') && meansOutage(e, true) && e.reason.why === 'sruDiagnostic' && e.reason.number === '10');
  reply = { body: '<searchRetrieveResponse xmlns="http://www.loc.gov/zing/srw/"><numberOfRecords>1' };
  await assert.rejects(source.books([isbn], { http }), (e) => isServiceError(e, 'badResponse') && !meansOutage(e, true));
  reply = 'timeout';
  await assert.rejects(source.books([isbn], { http }), (e) => isServiceError(e, 'network'));
  await assert.rejects(source.books(['nonsense'], { http }), (e) => isServiceError(e, 'badResponse'));
  await assert.rejects(source.books(Array.from({ length: 11 }, (_, i) => i13(`9783000000${String(i).padStart(2, '0')}`)), { http }), (e) => isServiceError(e, 'tooLarge'));
});

test('in a browser: a refused fetch is `blocked` for the four SRU catalogues, an outage for lobid (it answers browsers)', async () => {
  const refused = () => Object.assign(new Error('Failed to fetch'), { code: 'FETCH_FAILED' });
  const http = new FakeTransport(() => {
    throw refused();
  });
  const isbn = i13('978344200001');
  for (const source of [new DnbSource({ userAgent: undefined }), new K10plusSource({ userAgent: undefined }), new BnfSource({ userAgent: undefined }), new LocSource({ userAgent: undefined })]) {
    await assert.rejects(source.books([isbn], { http }), (e) => isServiceError(e, 'blocked') && e.reason.why === 'browserRefused' && e.reason.source === source.name, source.name);
  }
  await assert.rejects(new LobidSource({ userAgent: undefined }).books([isbn], { http }), (e) => isServiceError(e, 'network'));
  // No User-Agent where the browser sets its own.
  const ok = new FakeTransport(() => ({ body: { totalItems: 0, member: [] } }));
  await new LobidSource({ userAgent: undefined }).books([isbn], { http: ok });
  assert.deepEqual(ok.requests[0]!.headers, { accept: 'application/json' });
});

test('routing: the registration group orders the catalogues; the user\'s list says which may be asked', () => {
  const all = [...DEFAULT_SOURCES];
  assert.deepEqual(sourcesFor('978-3-16-148410-0', all), ['isbndb', 'dnb', 'k10plus', 'lobid', 'openLibrary', 'googleBooks']);
  assert.deepEqual(sourcesFor('2-07-036822-X', all), ['isbndb', 'bnf', 'openLibrary', 'loc', 'googleBooks'], 'an ISBN-10 of group 2 is French');
  assert.deepEqual(sourcesFor(i13('979100000001'), all), ['isbndb', 'bnf', 'openLibrary', 'loc', 'googleBooks']);
  assert.deepEqual(sourcesFor(i13('978052177924'), all), ['isbndb', 'openLibrary', 'loc', 'googleBooks']);
  assert.deepEqual(sourcesFor(i13('978185000001'), all), ['isbndb', 'openLibrary', 'loc', 'googleBooks']);
  assert.deepEqual(sourcesFor(i13('979800000001'), all), ['isbndb', 'openLibrary', 'loc', 'googleBooks']);
  for (const other of [i13('978880000001'), i13('978840000001'), i13('978400000001'), i13('979120000001')]) {
    assert.deepEqual(sourcesFor(other, all), ['isbndb', 'openLibrary', 'k10plus', 'loc', 'googleBooks'], other);
  }
  // The user's list: only what it allows, the rest of its order kept.
  assert.deepEqual(sourcesFor('978-3-16-148410-0', ['googleBooks', 'lobid', 'openLibrary']), ['lobid', 'googleBooks', 'openLibrary']);
  assert.deepEqual(sourcesFor('978-3-16-148410-0', ['openLibrary', 'googleBooks']), ['openLibrary', 'googleBooks'], 'no catalogue chosen: the order as before');
  assert.deepEqual(sourcesFor(i13('978052177924'), ['loc']), ['loc']);
  assert.deepEqual(sourcesFor(i13('978052177924'), ['googleBooks', 'loc']), ['loc', 'googleBooks']);
  assert.equal(routeOf('nonsense'), ROUTES.at(-1));
  assert.equal(nationalCatalogueOf('978-3-16-148410-0'), 'dnb');
  assert.equal(nationalCatalogueOf(i13('979100000001')), 'bnf');
  assert.equal(nationalCatalogueOf(i13('978052177924')), undefined);
  assert.deepEqual(routesText(ROUTES.map((r) => ({ prefixes: r.prefixes, sources: orderFor(r, ['openLibrary', 'googleBooks', 'dnb', 'k10plus', 'lobid', 'bnf', 'loc']) }))), [
    '978-3…: asking DNB, then K10plus, then lobid, then Open Library, then Google Books.',
    '978-2 and 979-10…: asking BnF, then Open Library, then LoC, then Google Books.',
    '978-0, 978-1 and 979-8…: asking Open Library, then LoC, then Google Books.',
    'Other groups: asking Open Library, then K10plus, then LoC, then Google Books.',
  ]);
});

test('isbnLens.sourceUrls: each catalogue has its address; the sandbox\'s loopback http is taken, another http is not', () => {
  assert.equal(parseSourceUrl(undefined, 'dnb')?.href, 'https://services.dnb.de/sru/dnb');
  assert.equal(parseSourceUrl(undefined, 'k10plus')?.href, 'https://sru.k10plus.de/opac-de-627');
  assert.equal(parseSourceUrl(undefined, 'bnf')?.href, 'https://catalogue.bnf.fr/api/SRU');
  assert.equal(parseSourceUrl(undefined, 'loc')?.href, 'https://lx2.loc.gov/sru/lcdb');
  assert.equal(parseSourceUrl(undefined, 'lobid')?.href, 'https://lobid.org/resources');
  assert.equal(parseSourceUrl({ dnb: 'http://127.0.0.1:9/sru/dnb' }, 'dnb')?.href, 'http://127.0.0.1:9/sru/dnb');
  assert.equal(parseSourceUrl({ bnf: 'http://catalogue.bnf.fr/api/SRU' }, 'bnf'), undefined);
});

test('merge: the national catalogue\'s title and persons win for its group\'s books, with provenance; covers and descriptions still come from others', () => {
  const isbn = '9783161484100';
  const service = book(isbn, 'Strasse der Baume', ['J. Muller'], { image: 'https://covers.example/1.jpg', synopsis: 'Ein Buch.' });
  const dnb = book(isbn, 'Die Straße der Bäume', ['Müller, Jörg'], { contributors: [{ name: 'Weber, Ilse', role: 'translator' }], pages: 320 });
  const merged = mergeBooks(isbn, [{ source: 'isbndb', book: service }, { source: 'dnb', book: dnb }], nationalCatalogueOf(isbn))!;
  assert.equal(merged.book.title, 'Die Straße der Bäume');
  assert.deepEqual(merged.book.authors, ['Müller, Jörg']);
  assert.equal(merged.book.image, 'https://covers.example/1.jpg');
  assert.equal(merged.book.synopsis, 'Ein Buch.');
  assert.equal(merged.book.pages, 320);
  assert.deepEqual(merged.provenance, { base: 'isbndb', filled: [{ source: 'dnb', fields: ['titleLong', 'authors', 'contributors', 'pages'] }] });
  // Not its group: the first record's title stands.
  const english = mergeBooks(isbn, [{ source: 'isbndb', book: service }, { source: 'dnb', book: dnb }])!;
  assert.equal(english.book.title, 'Strasse der Baume');
  // The catalogue first: the hover names it.
  const own = mergeBooks(isbn, [{ source: 'dnb', book: dnb }, { source: 'openLibrary', book: service }], 'dnb')!;
  assert.equal(sourcesLine({ status: 'found', book: own.book, source: 'dnb', provenance: own.provenance }), 'Source: Deutsche Nationalbibliothek; Open Library · cover, description');
});

test('the hover names a catalogue\'s editors and translators beside the authors', () => {
  const text = bookHover(book('9783980000116', 'Die Stille der Bäume', ['Müller, Jörg'], { contributors: [{ name: 'Weber, Ilse', role: 'translator' }, { name: 'Roth, Paul', role: 'editor' }] }));
  assert.match(text, /Müller, Jörg {2}\nEdited by Roth, Paul · Translated by Weber, Ilse/);
  assert.doesNotMatch(bookHover(book('9783980000116', 'X')), /Edited|Translated/);
});

test('an edition statement that says it is one is shown as it is: "2. Auflage", not "2. Auflage edition"', async () => {
  assert.equal(editionLabel('2nd'), '2nd edition');
  assert.equal(editionLabel('First edition'), 'First edition');
  assert.equal(editionLabel('2. Auflage'), '2. Auflage');
  assert.equal(editionLabel('3e éd.'), '3e éd.');
  assert.equal(editionLabel('2e édition'), '2e édition');
  assert.equal(editionLabel('Revised Edition'), 'Revised Edition');
});

test('the LoC answering a query of several ISBNs with a diagnostic: the batch is too large (the batcher halves it), one ISBN a query is a failure that rests it', async () => {
  const a = i13('978052177924');
  const b = i13('978052177925');
  const http = new FakeTransport(() => ({ body: sruDiagnosticXml(37, { prefix: 'srw', version: '1.1', message: 'Unsupported boolean operator' }) }));
  const loc = new LocSource({ userAgent: UA });
  await assert.rejects(loc.books([a, b], { http }), (e) => isServiceError(e, 'tooLarge'));
  assert.match(new URL('https://x' + http.requests[0]!.path).searchParams.get('query')!, /^bath\.ISBN=\^\d+ or bath\.ISBN=\^\d+$/);
  await assert.rejects(loc.books([a], { http }), (e) => isServiceError(e, 'server') && meansOutage(e, true));
});
