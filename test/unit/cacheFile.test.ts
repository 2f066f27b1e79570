import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BookCache } from '../../src/core/service/cache';
import { readCacheFile, writeCacheFile } from '../../src/core/service/cacheFile';

test('the cache file is written atomically and read back; corrupt or foreign files read as empty', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'isbn-lens-cache-'));
  try {
    const path = join(dir, 'nested', 'book-cache.json');
    const cache = new BookCache();
    cache.setNotFound('9780306406164');
    await writeCacheFile(path, cache.serialize());
    assert.deepEqual(await readdir(join(dir, 'nested')), ['book-cache.json'], 'no temporary file is left behind');
    const copy = new BookCache();
    assert.equal(copy.load(await readCacheFile(path)), 1);

    for (const junk of ['{"format": "isbn-lens-cache/1", "entries": [', '\u0000\u0001binary', '[1,2,3]', '']) {
      await writeFile(path, junk);
      assert.equal(new BookCache().load(await readCacheFile(path)), 0, JSON.stringify(junk));
    }
    assert.equal(await readCacheFile(join(dir, 'missing.json')), undefined);
    // A corrupt file is simply replaced by the next save.
    await writeCacheFile(path, cache.serialize());
    assert.match(await readFile(path, 'utf8'), /isbn-lens-cache\/1/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
