import assert from 'node:assert/strict';
import { readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { BookCache } from '../../src/core/cache/cache';
import { CACHE_RECORD, loadCache, saveCacheMerged } from '../../src/core/cache/cacheRecord';
import { FileRecords } from '../../src/core/host/node/fileRecords';
import { readSmallFile } from '../../src/core/host/node/files';
import { withDir } from '../helpers/tempDir';

test('the cache file is written atomically and read back; corrupt or foreign files read as empty', () =>
  withDir(async (dir) => {
    const records = new FileRecords(join(dir, 'nested'));
    const path = records.path(CACHE_RECORD);
    assert.equal(path, join(dir, 'nested', 'book-cache.json'));
    const cache = new BookCache();
    cache.setNotFound('9780306406164');
    await saveCacheMerged(records, cache);
    assert.deepEqual((await readdir(join(dir, 'nested'))).filter((f) => !f.endsWith('.lock')), ['book-cache.json'], 'no temporary file is left behind');
    const copy = new BookCache();
    assert.equal(await loadCache(records, copy), 1);

    for (const junk of ['{"format": "isbn-lens-cache/1", "entries": [', '\u0000\u0001binary', '[1,2,3]', '']) {
      await writeFile(path, junk);
      assert.equal(await loadCache(records, new BookCache()), 0, JSON.stringify(junk));
    }
    assert.equal(await new FileRecords(join(dir, 'missing')).read(CACHE_RECORD), undefined);
    // A corrupt file is simply replaced by the next save.
    await saveCacheMerged(records, cache);
    assert.match(await readFile(path, 'utf8'), /isbn-lens-cache\/1/);
  }));

test('five windows saving at once keep every window\'s answers', () =>
  withDir(async (dir) => {
    const records = new FileRecords(dir);
    const windows = Array.from({ length: 5 }, (_, w) => {
      const cache = new BookCache();
      for (let i = 0; i < 20; i++) cache.setNotFound(`97803064${w}${String(i).padStart(4, '0')}`);
      return cache;
    });
    await Promise.all(windows.map((cache) => saveCacheMerged(records, cache)));
    const onDisk = new BookCache();
    assert.equal(await loadCache(records, onDisk), 100, 'all 100 answers are on disk');
    assert.equal(windows.at(-1)!.size >= 20, true);
  }));

test('an oversized cache file is not read at all', () =>
  withDir(async (dir) => {
    const records = new FileRecords(dir);
    const path = records.path(CACHE_RECORD);
    // Sparse: 65 MB on paper, nothing on disk. Reading it whole would take 65 MB of memory.
    await writeFile(path, '');
    await truncate(path, 65 * 1024 * 1024);
    assert.equal(await records.read(CACHE_RECORD), undefined);
    assert.equal(await readSmallFile(path, 10), undefined);
    await writeFile(path, '{"a":1}');
    assert.equal(await readSmallFile(path, 7), '{"a":1}');
  }));
