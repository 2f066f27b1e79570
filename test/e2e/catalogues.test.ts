/**
 * Issue 37, in a real VS Code with the packaged extension, no key at all and the default sources:
 * the sandbox's library catalogues answer where their books are. A German book only the DNB
 * knows, a French one only the BnF knows and an English one only the Library of Congress knows
 * each show in the hover with their catalogue named; the log says the order chosen per group
 * once; "Look Up All" on a file of mixed groups finds them all, each catalogue asked one request
 * at a time, about one a second, never for another group's ISBNs. Then, in the browser's web
 * worker: the lobid book shows, and the four SRU catalogues (no cross-origin permission) are
 * skipped quietly, named once in the log, without a loop.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CATALOGUE_DEMO as D, KEYLESS_DEMO, type CatalogueHost, type CatalogueLoggedRequest } from '../sandbox/server';
import { clearNotifications, dismissHover, hoverText, openFile, runCommand, waitForNotification } from './harness';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

const HOVERS = ['# Catalogues', '', `- German: ISBN ${D.dnbOnly}`, `- French: ISBN ${D.bnfOnly}`, `- English: ISBN ${D.locOnly}`, ''].join('\n');
const MIXED_ISBNS = [D.dnbOnly, D.dnbTenOnly, D.k10plusAndLobid, D.lobidOnly, D.bnfOnly, D.bnf979, D.locOnly, D.italian, D.spanish, D.japanese, KEYLESS_DEMO.openLibraryOnly, D.unknown];
const MIXED = ['# Mixed groups', '', ...MIXED_ISBNS.map((isbn) => `- ISBN ${isbn}`), ''].join('\n');
const CATALOGUES: readonly CatalogueHost[] = ['dnb', 'k10plus', 'lobid', 'bnf', 'loc'];

before(async () => {
  s = await E2eSession.start('catalogues', {
    open: 'catalogues.md',
    // The default sources: every catalogue allowed, asked where its books are.
    sources: 'all',
    // One ISBN per hover: each step sees the requests of its own book.
    settings: { 'isbnLens.hover.lookupScope': 'hovered' },
    viewport: { width: 1400, height: 1100 },
    files: () => ({ 'catalogues.md': HOVERS, 'mixed.md': MIXED }),
  });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
  await web?.close();
});

let web: E2eSession | undefined;

const log = (): CatalogueLoggedRequest[] => s.sandbox.catalogues.log;
const askedFor = (host: CatalogueHost, isbn: string) => log().some((r) => r.host === host && r.isbns.includes(isbn));

for (const [label, isbn, source, title, only, never] of [
  ['German', D.dnbOnly, 'Deutsche Nationalbibliothek', 'Die Stille der Bäume', 'dnb', ['bnf', 'loc']],
  ['French', D.bnfOnly, 'BnF', 'La maison des étoiles', 'bnf', ['dnb', 'k10plus', 'lobid']],
  ['English', D.locOnly, 'Library of Congress', 'The quiet harbour', 'loc', ['dnb', 'bnf', 'k10plus', 'lobid']],
] as const) {
  test(`no key: a ${label} book only the ${source} knows shows in the hover, the catalogue named`, step, (t) =>
    s.step(t, async () => {
      await openFile(s.page, 'catalogues.md');
      const text = await hoverText(s.page, isbn, { contains: `Source: ${source}`, timeout: 30_000 });
      t.diagnostic(`hover: ${text}`);
      assert.match(text, new RegExp(title));
      assert.match(text, new RegExp(`Source: ${source}`));
      assert.ok(askedFor(only, isbn), `${only} was not asked`);
      for (const other of never) assert.ok(!askedFor(other, isbn), `${other} was asked for a ${label} ISBN`);
      for (const r of log()) {
        assert.match(r.headers['user-agent'] ?? '', /^ISBNLens\/\d+\.\d+\.\d+ \(https:\/\/\S+\)$/, `${r.host}: the User-Agent does not name ISBN Lens`);
        assert.equal(r.headers.authorization, undefined);
      }
      assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
      await s.shot(`catalogue-${only}`);
      await dismissHover(s.page);
    }),
  );
}

test('the log says the order chosen for each registration group', step, (t) =>
  s.step(t, async () => {
    const text = s.extensionLog();
    assert.match(text, /978-3…: asking DNB, then K10plus, then lobid, then Open Library, then Google Books\./);
    assert.match(text, /978-2 and 979-10…: asking BnF, then Open Library, then LoC, then Google Books\./);
    assert.match(text, /978-0, 978-1 and 979-8…: asking Open Library, then LoC, then Google Books\./);
    assert.match(text, /Deutsche Nationalbibliothek: GET \/sru\/dnb\?version=1\.1&operation=searchRetrieve&query=num%3D\d+/);
  }),
);

test('"Look Up All" on a file of mixed groups finds every catalogue\'s book, each catalogue one request at a time, about one a second', { timeout: 90_000 }, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'mixed.md');
    const from = log().length;
    const t0 = Date.now();
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    const summary = await waitForNotification(s.page, /found, .* not found/, 60_000);
    const ms = Date.now() - t0;
    const sent = log().slice(from);
    const counts = Object.fromEntries(CATALOGUES.map((h) => [h, sent.filter((r) => r.host === h).length]));
    t.diagnostic(`${summary} in ${ms} ms; catalogue requests ${JSON.stringify(counts)}`);
    // The hovers above cached three; the rest were asked now. Only the ISBN no catalogue holds is not found.
    assert.match(summary, /11 found, 1 not found/);
    for (const host of CATALOGUES) {
      const mine = log().filter((r) => r.host === host);
      assert.ok(mine.every((r) => r.refused === undefined), `${host} refused a request (${mine.map((r) => r.refused).join()})`);
      assert.ok(mine.every((r) => !r.overlapping), `${host}: two requests at once`);
      for (let i = 1; i < mine.length; i++) assert.ok(mine[i]!.time - mine[i - 1]!.time >= 900, `${host}: two requests within ${Math.round(mine[i]!.time - mine[i - 1]!.time)} ms`);
    }
    assert.ok(sent.filter((r) => r.host === 'dnb').every((r) => r.isbns.every((i) => i.startsWith('9783') || i.startsWith('3'))), 'the DNB was asked for another group\'s ISBN');
    assert.ok(sent.filter((r) => r.host === 'bnf').every((r) => r.isbns.every((i) => /^(9782|97910|2)/.test(i))), 'the BnF was asked for another group\'s ISBN');
    await s.shot('catalogues-look-up-all');
    await clearNotifications(s.page);
  }),
);

test('the log names each catalogue\'s requests', step, (t) =>
  s.step(t, async () => {
    const text = s.extensionLog();
    for (const name of ['Deutsche Nationalbibliothek', 'K10plus', 'lobid', 'BnF', 'Library of Congress']) {
      assert.match(text, new RegExp(`${name}: GET \\S+ \\(\\d+ ISBNs?\\) → 200 in \\d+ ms`), `no request line of ${name}`);
    }
  }),
);

test('in the web worker: the lobid book shows; the SRU catalogues, refused by the browser, are skipped without a loop and named once', { timeout: SESSION_TIMEOUT_MS + 2 * STEP_TIMEOUT_MS }, async (t) => {
  // One code-server at a time: the desktop session has said what it had to.
  await s?.close();
  s = undefined as unknown as E2eSession;
  const GERMAN = ['# Web', '', `- lobid only: ISBN ${D.lobidOnly}`, `- K10plus and lobid: ISBN ${D.k10plusAndLobid}`, ''].join('\n');
  web = await E2eSession.start('catalogues-web', {
    web: true,
    open: 'web.md',
    sources: 'all',
    settings: { 'isbnLens.hover.lookupScope': 'hovered' },
    files: () => ({ 'web.md': GERMAN }),
  });
  const session = web;
  await session.step(t, async () => {
    const text = await hoverText(session.page, D.lobidOnly, { contains: 'Source: lobid', timeout: 30_000 });
    t.diagnostic(`hover: ${text}`);
    assert.match(text, /Rheinische Kirchen/);
    await dismissHover(session.page);
    const refused = (host: CatalogueHost) => session.sandbox.catalogues.log.filter((r) => r.host === host).length;
    const before = { dnb: refused('dnb'), k10plus: refused('k10plus') };
    t.diagnostic(`requests that reached the refused catalogues: ${JSON.stringify(before)}`);
    assert.ok(before.dnb <= 1 && before.k10plus <= 1, 'a refused catalogue was asked more than once');
    // Another German ISBN: lobid answers, the refused catalogues are not asked again.
    const second = await hoverText(session.page, D.k10plusAndLobid, { contains: 'Source: lobid', timeout: 30_000 });
    assert.match(second, /Grundlagen der Mechanik/);
    await dismissHover(session.page);
    assert.deepEqual({ dnb: refused('dnb'), k10plus: refused('k10plus') }, before, 'a refused catalogue was asked again: a loop');
    const log = session.extensionLog();
    for (const name of ['Deutsche Nationalbibliothek', 'K10plus']) {
      // Its one refused request's line, and one line that says it is skipped.
      const lines = log.split('\n').filter((l) => l.includes(`${name} does not answer VS Code for the Web`));
      const requests = lines.filter((l) => / GET \S+ .*→ blocked/.test(l));
      assert.equal(requests.length, 1, `${name}: ${requests.length} refused requests in the log`);
      assert.equal(lines.length - requests.length, 1, `${name} was said skipped ${lines.length - requests.length} times`);
    }
    await session.shot('catalogues-web-lobid');
  });
});
