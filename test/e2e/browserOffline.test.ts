/**
 * Issue 33, offline, in VS Code for the Web: the same .vsix, its browser build in code-server's
 * web-worker extension host (proven as browser.test.ts does: the workbench's `=> LocalWebWorker`
 * line), no key, the default keyless sources, Open Library and Google Books each at a loopback
 * port nothing listens on (the browser's fetch fails with no status, as it does for a host that
 * is down or a machine that is offline). A hover says at once that the sources cannot be reached
 * (never "looking up…", never "not found"); the status bar says "offline"; at most one
 * notification says so; a second hover sends nothing (counted in the extension's log, read from
 * the worker's console, and in what the browser itself reports of the worker's requests); "Look
 * Up All" finishes with every ISBN "not asked" and sends nothing: no request loop.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEMO_BOOKS, KEYLESS_DEMO } from '../sandbox/server';
import { refusedUrl } from '../helpers/deadHosts';
import { dismissHover, openFile, runCommand, sleep, waitForNotification } from './harness';
import { E2eSession, EXTENSION_ID, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS, sandboxSettings } from './session';
import { notificationsSaying, statusText, statusTooltip, timedHover, waitForStatus } from './ui';

const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;
/** The refused addresses: `http://127.0.0.1:<port>`, nothing listening. */
let deadOpenLibrary = '';
let deadGoogle = '';
/** When the first hover had said the sources cannot be reached. */
let firstFailure = 0;
/** What the browser itself reports of requests to the dead ports (the worker's fetches, seen by the page). */
const attempts: string[] = [];

const FILE = [
  '# Offline in the browser',
  '',
  `- ISBN ${KEYLESS_DEMO.openLibraryOnly}`,
  `- ISBN ${KEYLESS_DEMO.googleBooksOnly}`,
  `- ISBN ${DEMO_BOOKS.cProgramming}`,
  '',
].join('\n');
const START_FILE = '# Notes\n\nNo ISBN here: opening this file starts ISBN Lens.\n';

/** The workbench's hover delay and the harness's mouse moves; the hover itself does not wait. */
const AT_ONCE_MS = 1_500;
const OFFLINE_NOTICE = /No book source can be reached/;
/** How long a step watches for a request loop after the sources failed. */
const WATCH_MS = 5_000;

before(async () => {
  // Two ports, taken and freed: nothing listens on them, so each connection is refused.
  deadOpenLibrary = await refusedUrl();
  deadGoogle = await refusedUrl();
  s = await E2eSession.start('browser-offline', {
    web: true,
    open: 'start.md',
    // The book service (skipped while no key is set), Open Library, then Google Books: the defaults
    // before the library catalogues (issue 37), which the sandbox would answer.
    sources: 'all',
    settings: (sandbox) => ({
      'isbnLens.sources': ['isbndb', 'openLibrary', 'googleBooks'],
      'isbnLens.sourceUrls': {
        // Open Library's covers stay at the sandbox; its API and Google Books are out of reach.
        ...(sandboxSettings(sandbox)['isbnLens.sourceUrls'] as Record<string, string>),
        openLibrary: deadOpenLibrary,
        googleBooks: deadGoogle,
      },
    }),
    files: () => ({ 'start.md': START_FILE, 'offline.md': FILE }),
  });
  // Counted from here: no ISBN was shown yet, so nothing was asked (the first step checks the log).
  const dead = (url: string) => [deadOpenLibrary, deadGoogle].some((d) => url.startsWith(`${d}/`));
  s.page.on('request', (r) => {
    if (dead(r.url())) attempts.push(`sent ${r.method()} ${r.url()}`);
  });
  s.page.on('requestfailed', (r) => {
    if (dead(r.url())) attempts.push(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`);
  });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

/** The request lines of the "ISBN Lens" log (the worker's console: `ISBN Lens: Open Library: GET … → network in 3 ms`), of any source. */
function requestLines(): string[] {
  return s.extensionLog().split('\n').filter((line) => /ISBN Lens: (ISBNdb|Open Library|Google Books): (GET|POST) \S+.* → /.test(line));
}

const linesOf = (lines: string[], title: string) => lines.filter((l) => l.includes(`ISBN Lens: ${title}:`));

const browserAttempts = (): string[] => [...attempts];

/**
 * Why a source is out of reach, as the browser build can tell it: a refused connection reaches the
 * worker as a bare failed fetch (Chromium: net::ERR_CONNECTION_REFUSED, no status), which it cannot
 * tell from any other network failure; a browser that knows it has no network says so.
 */
const CAUSE = '(?: from the browser|: the network is unreachable \\(offline\\?\\))';
const unreachable = (title: string) => new RegExp(`Could not reach ${title}${CAUSE}; ISBN Lens tries it again at \\d\\d:\\d\\d:\\d\\d\\.`);

function assertUnreachableHover(text: string): void {
  assert.doesNotMatch(text, /looking up/, 'the hover said "looking up…"');
  assert.doesNotMatch(text, /not found|not in |knows no book/, 'the hover said the book was not found');
  assert.match(text, unreachable('Open Library'));
  assert.match(text, unreachable('Google Books'));
}

test('runs in the browser\'s web-worker extension host, from the browser build', step, (t) =>
  s.step(t, async () => {
    const where = s.vscode.workerConsole().find((l) => l.includes(`pickRunningLocation for ${EXTENSION_ID}`));
    t.diagnostic(`workbench: ${where}`);
    assert.match(where ?? '', /=> LocalWebWorker/, 'the workbench did not put ISBN Lens in the web worker');
    // The Node extension host never activated it: its log names no activation of ours.
    assert.doesNotMatch(s.vscode.exthostLog(), new RegExp(`_doActivateExtension ${EXTENSION_ID}`, 'i'));
    assert.ok(s.activationMs >= 0, 'the "Activated" line came from the worker\'s console');
    assert.equal(await waitForStatus(s.page, /^ISBN: Open Library$/), 'ISBN: Open Library');
    assert.deepEqual(requestLines(), [], 'a request before any ISBN was shown');
  }),
);

test('no key, offline: the first hover says at once that the sources cannot be reached', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'offline.md');
    const { text, ms } = await timedHover(s.page, KEYLESS_DEMO.openLibraryOnly);
    t.diagnostic(`first hover: ${ms} ms to "${text}"`);
    assertUnreachableHover(text);
    firstFailure = Date.now();
    assert.ok(ms <= AT_ONCE_MS, `the hover took ${ms} ms`);
    assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
    await s.shot('browser-offline-hover');
    await dismissHover(s.page);
  }),
);

test('the status bar says "offline", its tooltip each source\'s reason and next try; at most one notification says so', step, (t) =>
  s.step(t, async () => {
    const status = await waitForStatus(s.page, /^ISBN: offline$/);
    const tooltip = await statusTooltip(s.page);
    t.diagnostic(`status bar: "${status}"; tooltip: ${tooltip}`);
    assert.match(tooltip, /No book source can be reached\./);
    assert.match(tooltip, unreachable('Open Library'));
    assert.match(tooltip, unreachable('Google Books'));
    const notice = await waitForNotification(s.page, OFFLINE_NOTICE);
    t.diagnostic(`notification: ${notice}`);
    assert.match(notice, /ISBN Lens: Retry Now/);
    await s.shot('browser-offline-status');
    assert.equal((await notificationsSaying(s.page, OFFLINE_NOTICE)).length, 1, 'more than one offline notification');
  }),
);

test('a second hover sends nothing and says the same at once; no request loop runs, no second notification', step, (t) =>
  s.step(t, async () => {
    const before = requestLines();
    const tried = browserAttempts();
    t.diagnostic(`requests so far (the extension's log):\n${before.join('\n')}`);
    t.diagnostic(`what the browser reports of them:\n${tried.join('\n')}`);
    // One each: the first try of each source; the rest of the file went on without one.
    assert.equal(linesOf(before, 'Open Library').length, 1, 'Open Library was asked more than once');
    assert.equal(linesOf(before, 'Google Books').length, 1, 'Google Books was asked more than once');
    // The browser's own count of what left the worker for the dead ports: the same two, each refused.
    for (const dead of [deadOpenLibrary, deadGoogle]) {
      const to = tried.filter((l) => l.includes(`${dead}/`));
      assert.equal(to.filter((l) => l.startsWith('sent ')).length, 1, `the browser saw other than one request to ${dead}`);
      assert.match(to.find((l) => l.startsWith('failed ')) ?? '', /net::ERR_CONNECTION_REFUSED/, `the request to ${dead} did not fail as refused`);
    }
    const { text, ms } = await timedHover(s.page, KEYLESS_DEMO.googleBooksOnly);
    t.diagnostic(`second hover: ${ms} ms to "${text}"`);
    assertUnreachableHover(text);
    assert.ok(ms <= AT_ONCE_MS, `the second hover took ${ms} ms`);
    await dismissHover(s.page);
    const third = await timedHover(s.page, DEMO_BOOKS.cProgramming);
    assertUnreachableHover(third.text);
    await dismissHover(s.page);
    // Watch a while longer: a loop would show within seconds (Open Library's pace is 1 a second).
    await sleep(Math.max(0, firstFailure + WATCH_MS - Date.now()));
    t.diagnostic(`watched for ${Date.now() - firstFailure} ms after the first hover: ${requestLines().length} requests in the log, ${browserAttempts().filter((l) => l.startsWith('sent ')).length} seen by the browser`);
    assert.equal(await statusText(s.page), 'ISBN: offline');
    assert.deepEqual(requestLines(), before, 'a request was sent while every source rests');
    assert.deepEqual(browserAttempts(), tried, 'the browser saw a request while every source rests');
    assert.equal((await notificationsSaying(s.page, OFFLINE_NOTICE)).length, 1, 'a second offline notification');
    assert.equal(s.sandbox.log.length, 0, 'the book service was asked without a key');
  }),
);

test('"Look Up All" offline finishes at once: every ISBN "not asked", never "not found", and nothing sent', step, (t) =>
  s.step(t, async () => {
    const before = requestLines();
    const tried = browserAttempts();
    const t0 = Date.now();
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    const summary = await waitForNotification(s.page, /not asked/, 15_000);
    t.diagnostic(`Look Up All: ${Date.now() - t0} ms to "${summary}"`);
    assert.match(summary, /0 found, 0 not found, 0 invalid, 3 ISBNs not asked: Open Library and Google Books could not be reached\./);
    await s.shot('browser-offline-look-up-all');
    await sleep(2000);
    t.diagnostic(`watched for ${Date.now() - firstFailure} ms after the first hover: ${requestLines().length} requests in all`);
    assert.deepEqual(requestLines(), before, 'Look Up All sent a request while every source rests');
    assert.deepEqual(browserAttempts(), tried, 'the browser saw a request while every source rests');
    assert.equal((await notificationsSaying(s.page, OFFLINE_NOTICE)).length, 1, 'a second offline notification');
    assert.equal(await statusText(s.page), 'ISBN: offline');
    assert.deepEqual(s.sandbox.keyless.log.filter((r) => r.host !== 'openLibraryCovers'), [], 'the sandbox\'s keyless services were asked');
  }),
);
