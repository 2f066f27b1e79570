import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CoverImages } from '../../src/core/service/store/coverImages';
import { type Sandbox, startSandbox } from '../sandbox/server';

let sandbox: Sandbox;
before(async () => {
  sandbox = await startSandbox();
});
after(() => sandbox.close());

test('a cover is fetched once, without the key, and inlined as a data URI', async () => {
  const covers = new CoverImages();
  const url = sandbox.catalogue.books.find((b) => b.image)!.image!;
  sandbox.clearLog();
  const [a, b] = await Promise.all([covers.get(url), covers.get(url)]);
  assert.match(a!, /^data:image\/svg\+xml;base64,/);
  assert.equal(a, b);
  assert.equal(covers.peek(url), a);
  const requests = sandbox.log.filter((e) => e.path.startsWith('/covers/'));
  assert.equal(requests.length, 1, 'fetched once');
  assert.equal(requests[0]!.headers.authorization, undefined, 'no key travels with a cover');
});

test('what is not an image, too large or out of reach gives no cover', async () => {
  const covers = new CoverImages({ maxBytes: 100, timeoutMs: 500 });
  const url = sandbox.catalogue.books.find((b) => b.image)!.image!;
  assert.equal(await covers.get(url), undefined, 'over the size cap');
  assert.equal(await new CoverImages().get(`${sandbox.urls.default}/book/${sandbox.catalogue.books[0]!.isbn13}`), undefined, 'JSON is not an image');
  assert.equal(await new CoverImages({ timeoutMs: 500 }).get('http://127.0.0.1:9/cover.png'), undefined, 'connection refused');
});
