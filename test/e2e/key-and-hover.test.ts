/**
 * A new user's first minutes, in a real VS Code with the packaged extension: no key yet (the
 * hover offers to set one and nothing is sent), an invalid ISBN, setting the key (another plan's
 * key, a refused key, the right key), then hovers in Markdown, BibTeX and plain text, and the
 * log, which names every request and never the key.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { DEMO_BOOKS } from '../sandbox/server';
import { RESULTS_DIR, clearNotifications, dismissHover, editorText, hoverText, openFile, quickInput, runCommand, waitFor } from './harness';
import { apiRequests, assertWithinRate, batchCalls, isCover, isKeyQuery, mark, since, waitForRequests } from './sandboxLog';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { SET_KEY_TITLE, clickHoverLink, enterApiKey, hoverImages, hoverRegion, hoverWithCover, waitForStatus } from './ui';

const REFUSED_KEY = '51827_this-key-was-never-issued';
const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;

before(async () => {
  // Tall enough for the whole hover, cover and synopsis (its height is at most max(editor height / 4, 250 px)).
  s = await E2eSession.start('key-and-hover', { open: 'reading-list.md', viewport: { width: 1400, height: 1400 } });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

test('activates when a Markdown file opens, and says there is no key', step, (t) =>
  s.step(t, async () => {
    t.diagnostic(`activation: "Activated in ${s.activationMs} ms." (from the ISBN Lens log)`);
    assert.ok(s.activationMs >= 0 && s.activationMs < 5000, `activation took ${s.activationMs} ms`);
    assert.match(await waitForStatus(s.page, /^ISBN: no key$/), /no key/);
    await s.shot('no-key-status');
  }),
);

test('without a key the hover offers "Set an API key" and nothing is sent', step, (t) =>
  s.step(t, async () => {
    const text = await hoverText(s.page, '978-0-13-110362-7', { contains: 'Set an API key' });
    assert.match(text, /ISBN 9780131103627: Set an API key to see this book\./);
    await s.shot('no-key-hover');
    assert.deepEqual(s.sandbox.log, [], 'a request was sent without a key');
    await dismissHover(s.page);
  }),
);

test('an ISBN with a wrong check digit says "Not a valid ISBN" without a request', step, (t) =>
  s.step(t, async () => {
    const text = await hoverText(s.page, '978-0-13-110362-8', { contains: 'Not a valid ISBN' });
    assert.match(text, /Not a valid ISBN: 978-0-13-110362-8 — the check digit does not match\. No look-up was made\./);
    await s.shot('invalid-isbn-hover');
    assert.deepEqual(s.sandbox.log, [], 'an invalid ISBN was sent to the service');
    await dismissHover(s.page);
  }),
);

test('the hover link opens "Set API Key"; a key of another plan is told apart', step, (t) =>
  s.step(t, async () => {
    await hoverText(s.page, '978-0-13-110362-7', { contains: 'Set an API key' });
    await clickHoverLink(s.page, 'Set an API key');
    const from = mark(s.sandbox);
    const note = await enterApiKey(s.page, s.sandbox.keys.premium, /API key saved, but it belongs to another plan/, { viaPalette: false });
    assert.match(note, /API key saved, but it belongs to another plan: the default plan's address denies it\. Set “isbnLens\.isbndb\.plan” to the key's plan\./);
    // The queue stops on the denial: the status bar says why.
    assert.equal(await waitForStatus(s.page, /wrong plan/), 'ISBN: wrong plan');
    await s.shot('wrong-plan-key');
    // The check, and the look-up the key-less hover had queued (look-ups wait for a key): all sent
    // to the default plan's address with the premium key, all denied.
    // The key check is GET /key (denied on this address, so no look-up is spent on it); the batch the
    // key-less hover had queued may have gone before the denial came back.
    const all = since(s.sandbox, from);
    const keyQueries = all.filter(isKeyQuery);
    assert.equal(keyQueries.length, 1, 'one GET /key');
    const requests = apiRequests(all);
    assert.ok(requests.length <= 1 && requests.every((r) => r.isbnCount === 4), `at most the queued batch, once: ${requests.map((r) => r.isbnCount).join()}`);
    for (const r of [...keyQueries, ...requests]) {
      assert.deepEqual([r.plan, r.status, r.headers.authorization], ['default', 403, s.sandbox.keys.premium]);
    }
    await clearNotifications(s.page);
  }),
);

test('a key with a space or a non-ASCII character is refused as it is typed, and never stored or sent', step, (t) =>
  s.step(t, async () => {
    const from = mark(s.sandbox);
    await runCommand(s.page, SET_KEY_TITLE);
    const qi = quickInput(s.page);
    await qi.waitPrompt(SET_KEY_TITLE);
    await qi.fill('abcdéf');
    assert.match(await qi.waitPrompt(/character “é” at position 5/), /a key has only letters, digits and ASCII signs/);
    await qi.fill('abc def');
    await qi.waitPrompt(/The key has a space at position 4/);
    await s.page.keyboard.press('Enter'); // refused: the box stays open
    assert.ok(await qi.isOpen(), 'a key with a space was accepted');
    await s.page.keyboard.press('Escape');
    await qi.waitClosed();
    assert.deepEqual(since(s.sandbox, from), [], 'a refused key was sent');
  }),
);

test('a key the service does not know is reported as refused', step, (t) =>
  s.step(t, async () => {
    const from = mark(s.sandbox);
    const note = await enterApiKey(s.page, REFUSED_KEY, /API key saved, but the service refused/, { viaPalette: true });
    assert.match(note, /API key saved, but the service refused it on the default plan\. Check the key and set it again\./);
    await s.shot('refused-key');
    const [check, ...more] = await waitForRequests(s.sandbox, from, (r) => r.length >= 1, 'the key check');
    // GET /key refused: no look-up is sent for a refused key.
    assert.deepEqual([check!.path, check!.status, more.length], ['/key', 401, 0]);
    await clearNotifications(s.page);
  }),
);

test('the default plan\'s key works, and the status bar shows the plan', step, (t) =>
  s.step(t, async () => {
    const from = mark(s.sandbox);
    const note = await enterApiKey(s.page, s.sandbox.keys.default, /API key saved\. It works on/, { viaPalette: true });
    assert.equal(note, 'ISBN Lens: API key saved. It works on the default plan.');
    // The spec's service has no GET /key (404, nothing said): the key is checked with one look-up.
    const [keyQuery, check, ...more] = await waitForRequests(s.sandbox, from, (r) => r.length >= 2, 'the key check');
    assert.deepEqual([keyQuery!.path, keyQuery!.status], ['/key', 404]);
    assert.deepEqual([check!.isbnCount, check!.status, more.length], [1, 200, 0]);
    assert.equal(await waitForStatus(s.page, /^ISBN: default$/), 'ISBN: default');
    await s.shot('key-works');
    await clearNotifications(s.page);
  }),
);

test('Markdown: the first hover says "looking up…", looks up the whole file at once, then shows the book', step, (t) =>
  s.step(t, async () => {
    // A slow answer (8 s): each hover waits 1.5 s at most, so every try in that time says "looking up…".
    s.sandbox.injectFault({ match: { method: 'POST', pathPrefix: '/books' }, delayMs: 8000 });
    const from = mark(s.sandbox);
    const waiting = await hoverText(s.page, '978-0-13-110362-7', { contains: 'looking up…', tryMs: 3000 });
    assert.match(waiting, /ISBN 978-0-13-110362-7: looking up… Hover again in a moment to see the book\./);
    assert.match(await waitForStatus(s.page, /^ISBN: \d+ waiting$/), /^ISBN: 4 waiting$/);
    await s.shot('hover-looking-up');

    const text = await hoverText(s.page, '978-0-13-110362-7', { contains: 'The C Programming Language', timeout: 30_000 });
    assert.match(text, /The C Programming Language/);
    assert.match(text, /Brian W\. Kernighan, Dennis M\. Ritchie/);
    assert.match(text, /Prentice Hall, 1988-03-22/);
    assert.match(text, /272 pages · Paperback/);
    assert.match(text, /ISBN-13 978-0-13-110362-7 · ISBN-10 0-13-110362-8/);
    assert.match(text, /complete guide to ANSI standard C/);
    assert.deepEqual((await hoverImages(s.page)).filter((i) => !i.shown), [], 'the hover shows a broken image');
    await s.shot('hover-markdown');

    // The first hover queued every valid ISBN of the file, in one batch: the hovered one first, the others in the file's order.
    const calls = batchCalls(since(s.sandbox, from));
    assert.deepEqual(
      calls.map((c) => c.body),
      [`isbns=${[DEMO_BOOKS.cProgramming, DEMO_BOOKS.stranger, DEMO_BOOKS.eitherOr, DEMO_BOOKS.laughOfMedusa].join(',')}`],
    );
    await dismissHover(s.page);

    // So the next hover is answered from the cache, without a request.
    const before = mark(s.sandbox);
    const kierkegaard = await hoverText(s.page, '3-16-148410-X', { contains: 'Entweder – Oder' });
    assert.match(kierkegaard, /Søren Kierkegaard/);
    assert.match(kierkegaard, /ISBN-13 978-3-16-148410-0 · ISBN-10 3-16-148410-X/);
    assert.deepEqual(apiRequests(since(s.sandbox, before)), [], 'a cached book was asked for again');
    await dismissHover(s.page);

    // Found books show their title beside the ISBN (inlay hints, on by default in Markdown).
    await waitFor(async () => /110362-7\s*The C Programming Language/.test(await editorText(s.page)), {
      message: 'no inline title beside the ISBN',
      page: s.page,
    });
    await hoverWithCover(s.page, '978-0-13-110362-7', 'The C Programming Language');
    await s.shot('hover-with-cover');
    await s.shotOf(path.join(RESULTS_DIR, 'readme-hover.png'), await hoverRegion(s.page));
    await dismissHover(s.page);
  }),
);

test('BibTeX: each ISBN of an isbn field with several has its own hover', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'references.bib');
    const acdc = await hoverText(s.page, '9781402894626', { contains: 'Highway to the Catalogue', timeout: 30_000 });
    assert.match(acdc, /AC\/DC Historians/);
    assert.match(acdc, /ISBN-13 978-1-4028-9462-6 · ISBN-10 1-4028-9462-7/);
    await s.shot('hover-bibtex');
    await dismissHover(s.page);

    const cixous = await hoverText(s.page, '979-10-90636-07-1', { contains: 'Le Rire de la Méduse' });
    assert.match(cixous, /Hélène Cixous/);
    assert.match(cixous, /ISBN-13 979-10-90636-07-1/);
    assert.doesNotMatch(cixous, /ISBN-10/, 'a 979 ISBN has no ISBN-10');
    await dismissHover(s.page);

    const murakami = await hoverText(s.page, '978-4-06-203516-3', { contains: 'ノルウェイの森', timeout: 30_000 });
    assert.match(murakami, /村上 春樹/);
    assert.match(murakami, /ISBN-13 978-4-06-203516-3 · ISBN-10 4-06-203516-2/);
    await dismissHover(s.page);
  }),
);

test('plain text: an ISBN-10 shows the book with both ISBNs hyphenated', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'notes.txt');
    const text = await hoverText(s.page, '0-306-40615-2', { contains: 'Check Digits: A Practical Guide', timeout: 30_000 });
    assert.match(text, /Ada Whitlock/);
    assert.match(text, /ISBN-13 978-0-306-40615-7 · ISBN-10 0-306-40615-2/);
    await s.shot('hover-plaintext');
    await dismissHover(s.page);
  }),
);

test('the "ISBN Lens" log names each request and never holds the key; the rate stayed within the plan', step, (t) =>
  s.step(t, async () => {
    const log = s.extensionLog();
    assert.match(log, /Using the default plan at http:\/\/127\.0\.0\.1:\d+ \(1 requests\/s\)\./);
    // The key checks: GET /key denied (another plan's key), refused (unknown key), absent (the spec's service).
    assert.match(log, /GET \/key → 403 in \d+ ms/);
    assert.match(log, /GET \/key → 401 in \d+ ms/);
    assert.match(log, /GET \/key → 404 in \d+ ms\n/);
    assert.match(log, /POST \/books \(4 ISBNs\) → 200 in \d+ ms/);
    s.assertKeysNowhere([...Object.values(s.sandbox.keys), REFUSED_KEY]);
    assertWithinRate(s.sandbox.log, 1);
    assert.deepEqual(s.sandbox.log.filter((r) => r.status === 429), [], 'the service had to refuse a request for its rate');
    // Covers are public images: fetched for the hover, never with the key.
    const covers = s.sandbox.log.filter(isCover);
    assert.ok(covers.length > 0, 'no cover was fetched');
    assert.deepEqual(covers.filter((r) => 'authorization' in r.headers), [], 'a cover request carried the key');
  }),
);
