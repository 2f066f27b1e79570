/**
 * The look-up facade starts without blocking activation: the runtime (client, cache file,
 * key) comes after `start()` is called, and a look-up that arrives meanwhile waits for it.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type * as vscode from 'vscode';
import { settings } from '../helpers/fakeVscode';
import { BOOKS } from '../helpers/books';
import { withDir } from '../helpers/tempDir';
import { BookCache } from '../../src/core/cache/cache';
import { saveCacheMerged } from '../../src/core/cache/cacheRecord';
import { FileRecords } from '../../src/core/host/node/fileRecords';
import { nodeHost } from '../../src/core/host/node/nodeHost';
import { ApiKeyStore } from '../../src/editor/infrastructure/apiKeyStore';
import { Config } from '../../src/editor/infrastructure/config';
import { Log } from '../../src/editor/infrastructure/log';
import { LookupService } from '../../src/editor/infrastructure/lookupService';

/** SecretStorage whose read of the key waits until `release` is called. */
function slowSecrets(): { secrets: vscode.SecretStorage; release(key: string | undefined): void } {
  let release!: (key: string | undefined) => void;
  const read = new Promise<string | undefined>((resolve) => (release = resolve));
  const secrets = { get: () => read, store: async () => undefined, delete: async () => undefined, keys: async () => [], onDidChange: () => ({ dispose: () => undefined }) };
  return { secrets: secrets as unknown as vscode.SecretStorage, release };
}

/** SecretStorage without any key. */
function secretsWithout(): vscode.SecretStorage {
  return { get: async () => undefined, store: async () => undefined, delete: async () => undefined, keys: async () => [], onDidChange: () => ({ dispose: () => undefined }) } as unknown as vscode.SecretStorage;
}

const settle = (ms: number) => new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms));

test('a look-up made while the key is still being read answers from the cache file, and an uncached one waits', async () => {
  // The book service alone, as before keyless sources: without a key, nothing can answer.
  settings.user['isbnLens.sources'] = ['isbndb'];
  await withDir(async (dir) => {
    const saved = new BookCache();
    saved.setFound(BOOKS.kr.isbn13, BOOKS.kr);
    await saveCacheMerged(new FileRecords(dir), saved);

    const { secrets, release } = slowSecrets();
    const config = new Config();
    const keys = new ApiKeyStore(secrets);
    const log = new Log();
    const service = new LookupService(config, keys, log, new ApiKeyStore(secretsWithout(), 'isbnLens.googleBooksApiKey'), '0.2.0', async () => nodeHost(dir, '0.2.0'));
    const starting = service.start();
    assert.equal(service.peek(BOOKS.kr.isbn13), undefined, 'nothing is loaded while start() has only begun');
    assert.equal(service.covers.peek('https://covers.example/x.jpg'), undefined);

    const cached = await service.lookupOne(BOOKS.kr.isbn13);
    assert.equal(cached.status, 'found');
    assert.deepEqual(cached.status === 'found' && cached.book, BOOKS.kr);
    assert.equal(cached.status === 'found' && cached.source, 'isbndb');
    assert.equal(service.known(BOOKS.kr.isbn13)?.status, 'found');

    const uncached = service.lookupOne('9780262033848');
    uncached.catch(() => undefined);
    assert.equal(await Promise.race([uncached, settle(50)]), 'still waiting', 'waits for the key as for any look-up on its way; never fails for it');
    assert.equal(await Promise.race([starting, settle(20)]), 'still waiting', 'start() waits for the key');

    release(undefined);
    await starting;
    assert.equal(service.connected, false);
    assert.equal(service.state.kind, 'noKey');
    service.dispose();
    keys.dispose();
    config.dispose();
    log.dispose();
  });
  delete settings.user['isbnLens.sources'];
});

test('without a key, the keyless sources answer: the queue is not waiting for a key', async () => {
  await withDir(async (dir) => {
    const config = new Config();
    const keys = new ApiKeyStore(secretsWithout());
    const log = new Log();
    const service = new LookupService(config, keys, log, new ApiKeyStore(secretsWithout(), 'isbnLens.googleBooksApiKey'), '0.2.0', async () => nodeHost(dir, '0.2.0'));
    await service.start();
    assert.equal(service.connected, false, 'the book service has no key');
    assert.equal(service.anySource, true);
    assert.deepEqual(service.sourceNames, ['openLibrary', 'googleBooks', 'dnb', 'k10plus', 'lobid', 'bnf', 'loc']);
    assert.notEqual(service.state.kind, 'noKey');
    assert.equal(await service.authorSource(), 'openLibrary');
    await service.close();
    service.dispose();
    keys.dispose();
    config.dispose();
    log.dispose();
  });
});

test('a window closed before anything asked for a look-up loads nothing and writes nothing', async () => {
  await withDir(async (dir) => {
    const config = new Config();
    const keys = new ApiKeyStore(slowSecrets().secrets);
    const log = new Log();
    const service = new LookupService(config, keys, log, new ApiKeyStore(secretsWithout(), 'isbnLens.googleBooksApiKey'), '0.2.0', async () => nodeHost(dir, '0.2.0'));
    assert.equal(service.state.kind, 'idle', 'no "no key" in the status bar before the key is read');
    assert.equal(service.connected, false);
    await service.close();
    assert.equal(existsSync(join(dir, 'book-cache.json')), false);
    service.dispose();
    keys.dispose();
    config.dispose();
    log.dispose();
  });
});
