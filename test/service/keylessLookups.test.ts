// The look-up owner wired to the keyless sources, against the sandbox, without a key: the sources
// in the order of isbnLens.sources, Open Library in batches of 25, Google only for what Open
// Library lacks, answers merged with provenance, each source's answers kept in its own cache
// record, Google's daily quota stopping Google only (said once), the book service asked first
// once its key is set.
// Run: node --import tsx --test test/service/keylessLookups.test.ts

import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, KEYLESS_DEMO, type Sandbox } from '../sandbox/server';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keylessLookups } from '../helpers/keylessLookups';

let sb: Sandbox;

before(async () => {
  sb = await startSandbox();
});
after(() => sb.close());
beforeEach(() => {
  sb.keyless.clearLog();
  sb.keyless.resetGoogleQuotas();
  sb.keyless.setGoogleQuota('keyless', 1000, 0);
  sb.clearLog();
});

const olRequests = () => sb.keyless.log.filter((r) => r.host === 'openLibrary' && r.path === '/api/books');
const googleRequests = () => sb.keyless.log.filter((r) => r.host === 'googleBooks' && r.path === '/books/v1/volumes');

test('no key: 60 ISBNs go to Open Library in ⌈60/25⌉ requests, Google only for those it lacks; merged with provenance', async () => {
  const t = await keylessLookups(sb);
  try {
    assert.deepEqual(t.lookups.sourceNames, ['openLibrary', 'googleBooks'], 'the book service is skipped without a key');
    const isbns = sb.catalogue.books.slice(0, 60).map((b) => b.isbn13);
    const results = await t.lookups.chain.lookup(isbns);
    assert.equal(olRequests().length, Math.ceil(60 / 25));
    assert.ok(olRequests().every((r) => (r.bibkeyCount ?? 0) <= 25));
    const olMissed = isbns.filter((isbn) => {
      const r = results.get(isbn)!;
      return r.status !== 'found' || r.source !== 'openLibrary';
    });
    const askedGoogle = googleRequests().map((r) => /isbn:(\w+)/.exec(decodeURIComponent(r.query))?.[1]);
    assert.deepEqual(askedGoogle.sort(), olMissed.sort(), 'Google asked exactly for what Open Library lacked');
    assert.ok(sb.log.length === 0, 'the book service was asked without a key');
    assert.ok(t.requests.every((r) => r.source === 'Open Library' || r.source === 'Google Books'), 'a request without its source');
    // Each source's answers in its own record, with their time; nothing for the book service without a key.
    await t.lookups.flush();
    const kept = JSON.parse(readFileSync(join(t.dir, 'book-cache-openLibrary.json'), 'utf8')) as { entries: Array<[string, { status: string; storedAt: number }]> };
    assert.equal(kept.entries.length, 60, 'Open Library answered each ISBN, found or not');
    assert.ok(kept.entries.every(([, e]) => typeof e.storedAt === 'number'));
    assert.ok(existsSync(join(t.dir, 'book-cache-googleBooks.json')));
    assert.equal(existsSync(join(t.dir, 'book-cache.json')), false, 'a record for the book service that was never asked');
  } finally {
    await t.close();
  }
});

test('a hover asks Google for the description Open Library lacks; the provenance names it', async () => {
  const t = await keylessLookups(sb);
  try {
    const result = await t.lookups.chain.lookupOne(KEYLESS_DEMO.keylessBoth, { purpose: 'hover' });
    assert.equal(result.status, 'found');
    assert.ok(result.status === 'found' && result.provenance);
    assert.equal(result.provenance.base, 'openLibrary');
    assert.ok(result.provenance.filled.some((f) => f.source === 'googleBooks' && f.fields.includes('synopsis')));
    const none = await t.lookups.chain.lookupOne(KEYLESS_DEMO.unknown, { purpose: 'hover' });
    assert.deepEqual(none, { status: 'notFound', asked: ['openLibrary', 'googleBooks'] });
  } finally {
    await t.close();
  }
});

test('Google\'s daily quota stops Google only, said once with the hint of a free key; Open Library goes on', async () => {
  sb.keyless.setGoogleQuota('keyless', 0, 0);
  const t = await keylessLookups(sb);
  try {
    const results = await t.lookups.chain.lookup([KEYLESS_DEMO.openLibraryOnly, KEYLESS_DEMO.googleBooksOnly, KEYLESS_DEMO.unknown]);
    assert.equal(results.get(KEYLESS_DEMO.openLibraryOnly)?.status, 'found');
    const google = results.get(KEYLESS_DEMO.googleBooksOnly)!;
    assert.equal(google.status, 'notFound', 'Open Library said it knows no such ISBN; Google could not answer');
    assert.equal(google.status === 'notFound' && google.unanswered?.[0]?.error.kind, 'quota');
    const before = googleRequests().length;
    await t.lookups.chain.lookup([KEYLESS_DEMO.keylessBoth], { purpose: 'hover' });
    assert.equal(googleRequests().length, before, 'Google asked again after its daily quota was spent');
    const said = t.logLines.filter((l) => l.includes("Google Books' daily quota is spent"));
    assert.equal(said.length, 1, 'said once');
    assert.match(said[0]!, /Set Google Books API Key/);
  } finally {
    await t.close();
  }
});

test('with the book service\'s key it is asked first; the keyless sources only for what it lacks', async () => {
  const t = await keylessLookups(sb, { key: sb.keys.default });
  try {
    assert.deepEqual(t.lookups.sourceNames, ['isbndb', 'openLibrary', 'googleBooks']);
    const isbns = sb.catalogue.books.slice(0, 30).map((b) => b.isbn13);
    const results = await t.lookups.chain.lookup(isbns);
    assert.ok([...results.values()].every((r) => r.status === 'found' && r.source === 'isbndb'));
    assert.equal(olRequests().length, 0, 'Open Library asked for books the book service had');
    const only = await t.lookups.chain.lookupOne(KEYLESS_DEMO.openLibraryOnly);
    assert.equal(only.status === 'found' && only.source, 'openLibrary');
  } finally {
    await t.close();
  }
});

test('isbnLens.sources decides: Google alone, or nothing without a key', async () => {
  const t = await keylessLookups(sb, { sources: ['googleBooks'] });
  try {
    assert.deepEqual(t.lookups.sourceNames, ['googleBooks']);
    await t.lookups.chain.lookupOne(KEYLESS_DEMO.googleBooksOnly);
    assert.equal(olRequests().length, 0);
  } finally {
    await t.close();
  }
  const none = await keylessLookups(sb, { sources: ['isbndb'] });
  try {
    assert.equal(none.lookups.answering, false);
    const result = await none.lookups.chain.lookupOne(KEYLESS_DEMO.googleBooksOnly);
    assert.equal(result.status === 'failed' && result.error.kind, 'auth');
  } finally {
    await none.close();
  }
});
