/**
 * The palette commands, in a real VS Code with the packaged extension: "Look Up All ISBNs in
 * File" on 250 ISBNs (asserted from what the sandbox received: number of batches, exact bodies
 * and headers, the plan's rate), on look-alike numbers, "Look Up Author" through its input box
 * and quick pick into the document, and "Look Up ISBN" with its validation as the user types.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { DEMO_BOOKS } from '../sandbox/server';
import { clearNotifications, goTo, openFile, quickInput, runCommand, saveActiveEditor, waitForNotification } from './harness';
import { chunks, manyIsbnsMarkdown, positionOf, type ManyIsbns } from './fixtures';
import { apiRequests, assertWithinRate, batchCalls, mark, since, waitForRequests } from './sandboxLog';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { clickDialogButton, enterApiKey, waitForDialog } from './ui';

const BATCH_SIZE = 100;
const AUTHOR = 'José Saramago';
const step = { timeout: STEP_TIMEOUT_MS };
let s: E2eSession;
let many: ManyIsbns;

before(async () => {
  s = await E2eSession.start('commands', {
    open: 'many-isbns.md',
    settings: { 'isbnLens.batchSize': BATCH_SIZE },
    files: (sandbox) => {
      many = manyIsbnsMarkdown(sandbox.catalogue, { found: 240, notFound: 10, invalid: 3 });
      return { 'many-isbns.md': many.text };
    },
  });
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await s?.close();
});

test('the key is set through the palette', step, (t) =>
  s.step(t, async () => {
    t.diagnostic(`activation: "Activated in ${s.activationMs} ms."`);
    await enterApiKey(s.page, s.sandbox.keys.default, /works on the default plan/, { viaPalette: true });
    await clearNotifications(s.page);
  }),
);

test('"Look Up All ISBNs in File": 250 ISBNs in ⌈250/100⌉ batches, exact bodies and headers, within the plan\'s rate', step, (t) =>
  s.step(t, async () => {
    assert.equal(many.isbn13s.length, 250);
    const from = mark(s.sandbox);
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    // Three batches at one request per second take two seconds or more: the progress shows.
    assert.match(await waitForNotification(s.page, /looking up 250 ISBNs/), /ISBN Lens: looking up 250 ISBNs/);
    await s.shot('look-up-all-progress');
    const summary = await waitForNotification(s.page, /found, .* not found/, 30_000);
    assert.equal(summary, 'ISBN Lens: 240 found, 10 not found, 3 invalid.');
    await s.shot('look-up-all-summary');

    const requests = apiRequests(since(s.sandbox, from));
    const calls = batchCalls(requests);
    assert.equal(requests.length, calls.length, 'requests other than POST /books were sent');
    assert.equal(calls.length, Math.ceil(250 / BATCH_SIZE));
    // Each ISBN once, as an ISBN-13, in the file's order (the visible ones, at the top, first).
    const expected = chunks(many.isbn13s, BATCH_SIZE).map((c) => `isbns=${c.join(',')}`);
    assert.deepEqual(calls.map((c) => c.body), expected);
    for (const call of calls) {
      assert.equal(call.plan, 'default');
      assert.equal(call.query, '');
      assert.equal(call.headers['content-type'], 'application/json');
      assert.equal(call.headers.authorization, s.sandbox.keys.default);
      assert.equal(call.status, 200);
    }
    assertWithinRate(s.sandbox.log, 1);
    t.diagnostic(`batches arrived at +${calls.map((c) => Math.round(c.time - calls[0]!.time)).join(' ms, +')} ms`);
    await clearNotifications(s.page);
  }),
);

test('look-alike numbers (phone, EAN, DOI, date) are not looked up; broken ISBNs count as invalid', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'look-alikes.txt');
    const from = mark(s.sandbox);
    await runCommand(s.page, 'ISBN Lens: Look Up All ISBNs in File');
    assert.equal(await waitForNotification(s.page, /found, .* not found/, 20_000), 'ISBN Lens: 1 found, 0 not found, 2 invalid.');
    await s.shot('look-alikes-summary');
    assert.deepEqual(batchCalls(since(s.sandbox, from)).map((c) => c.body), [`isbns=${DEMO_BOOKS.checkDigits}`]);
    await clearNotifications(s.page);
  }),
);

test('"Look Up Author": input box, quick pick of the author\'s books, "Insert ISBN at cursor" writes the ISBN into the file', step, (t) =>
  s.step(t, async () => {
    const books = s.sandbox.catalogue.authors.get(AUTHOR) ?? [];
    // A book whose title is the author's only one of that name, so the pick is unambiguous.
    const chosen = books.find((b) => books.filter((o) => o.title === b.title).length === 1);
    assert.ok(chosen, `the catalogue has no book by ${AUTHOR} with a unique title`);

    await openFile(s.page, 'author.md');
    const label = positionOf('author.md', 'Chosen book: ISBN ');
    await goTo(s.page, label.line, label.col + 'Chosen book: ISBN '.length);
    const from = mark(s.sandbox);
    await runCommand(s.page, 'ISBN Lens: Look Up Author');
    const qi = quickInput(s.page);
    await qi.waitPrompt('ISBN Lens: Look Up Author');
    await qi.fill(AUTHOR);
    await qi.accept();
    const listed = await qi.waitPrompt(new RegExp(`${books.length} of ${books.length} books by ${AUTHOR}`), 20_000);
    assert.match(listed, new RegExp(`Books by ${AUTHOR}`));
    await s.shot('author-quick-pick');
    await qi.pick(chosen.title);
    await qi.waitPrompt('What to do with this book');
    await qi.pick(/Insert ISBN at cursor/);
    await qi.waitClosed();
    await saveActiveEditor(s.page);

    const saved = fs.readFileSync(path.join(s.workspace, 'author.md'), 'utf8').split('\n');
    assert.equal(saved[label.line - 1], `Chosen book: ISBN ${chosen.isbn13}`);
    await s.shot('author-inserted');
    // One request: the author's first page, the name as one percent-encoded path segment.
    const [request, ...more] = await waitForRequests(s.sandbox, from, (r) => r.length >= 1, 'the author look-up');
    assert.deepEqual(
      [request!.method, request!.path, request!.query, request!.status, request!.headers.authorization, more.length],
      ['GET', `/author/${encodeURIComponent(AUTHOR)}`, 'page=1&pageSize=50', 200, s.sandbox.keys.default, 0],
    );
  }),
);

test('"Look Up ISBN": prefilled from the cursor, says why an ISBN is invalid as it is typed, then shows the book', step, (t) =>
  s.step(t, async () => {
    await openFile(s.page, 'reading-list.md');
    const isbn = positionOf('reading-list.md', '978-2-07-036002-4');
    await goTo(s.page, isbn.line, isbn.col + 4);
    await runCommand(s.page, 'ISBN Lens: Look Up ISBN');
    const qi = quickInput(s.page);
    await qi.waitPrompt('ISBN Lens: Look Up ISBN');
    assert.equal(await qi.value(), '978-2-07-036002-4', 'the input is not prefilled with the ISBN under the cursor');

    await qi.fill('978-2-07-036002-5');
    assert.match(await qi.waitPrompt(/check digit does not match/), /The check digit does not match\. Did you mean 978-?2-?07-?036002-?4\?/);
    await s.shot('lookup-isbn-invalid');
    await qi.fill('978-2-07');
    assert.match(await qi.waitPrompt(/10 or 13 digits/), /An ISBN has 10 or 13 digits, this one has 6\./);
    await qi.fill('978-2-07-O36002-4');
    assert.match(await qi.waitPrompt(/only digits/), /An ISBN has only digits, hyphens and spaces/);

    await qi.fill('978-2-07-036002-4');
    await qi.accept();
    const details = await waitForDialog(s.page, "L'Étranger", 20_000);
    assert.match(details, /by Albert Camus/);
    assert.match(details, /ISBN-13 978-2-07-036002-4 · ISBN-10 2-07-036002-4/);
    await s.shot('lookup-isbn-details');
    await clickDialogButton(s.page, 'Copy ISBN-13');
    await waitForNotification(s.page, 'ISBN Lens: copied 9782070360024.');
    assert.equal(await s.page.evaluate(() => navigator.clipboard.readText()), DEMO_BOOKS.stranger);
    await clearNotifications(s.page);
  }),
);

test('the "ISBN Lens" log names each request and never holds the key; no request was refused for the rate', step, (t) =>
  s.step(t, async () => {
    const log = s.extensionLog();
    assert.match(log, /POST \/books \(100 ISBNs\) → 200 in \d+ ms/);
    assert.match(log, /POST \/books \(50 ISBNs\) → 200 in \d+ ms/);
    assert.match(log, new RegExp(`GET /author/${encodeURIComponent(AUTHOR)}\\?page=1&pageSize=50 → 200 in \\d+ ms`));
    s.assertKeysNowhere(Object.values(s.sandbox.keys));
    assertWithinRate(s.sandbox.log, 1);
    assert.deepEqual(s.sandbox.log.filter((r) => r.status === 429 || r.limited), [], 'the service refused a request for the rate');
  }),
);
