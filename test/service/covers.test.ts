import assert from 'node:assert/strict';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import * as jpeg from 'jpeg-js';
import { MAX_HOVER_COVER_CHARS } from '../../src/core/model/book';
import { CoverImages } from '../../src/core/host/node/coverImages';
import { keylessUserAgent } from '../../src/core/host/userAgent';
import { type Sandbox, startSandbox } from '../sandbox/server';

let sandbox: Sandbox;
/** A cover host of our own on 127.0.0.1: large images, and a count of what it was asked. */
let images: Server;
let imagesUrl: string;
const asked: string[] = [];
const failing = new Set<string>();
const LARGE_JPEG = noiseJpeg(420, 640);

before(async () => {
  sandbox = await startSandbox();
  images = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (failing.has(req.url ?? '')) return void res.writeHead(503).end();
    if (req.url?.startsWith('/large.jpg')) return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(LARGE_JPEG);
    if (req.url === '/large.webp') return void res.writeHead(200, { 'content-type': 'image/webp' }).end(Buffer.alloc(200_000, 7));
    if (req.url?.startsWith('/small')) return void res.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.alloc(30_000, 1));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
after(async () => {
  await sandbox.close();
  await new Promise((resolve) => images.close(resolve));
});

/** A JPEG of random pixels: it compresses badly, like a large photo cover. */
function noiseJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 7;
  for (let i = 0; i < data.length; i++) data[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  return Buffer.from(jpeg.encode({ width, height, data }, 70).data);
}

const PLAN_HOST = '127.0.0.1';

test('a cover is fetched once, without the key, and inlined as a data URI', async () => {
  const covers = new CoverImages();
  const url = sandbox.catalogue.books.find((b) => b.image)!.image!;
  sandbox.clearLog();
  const [a, b] = await Promise.all([covers.get(url, PLAN_HOST), covers.get(url, PLAN_HOST)]);
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
  assert.equal(await covers.get(url, PLAN_HOST), undefined, 'over the size cap');
  assert.equal(await new CoverImages().get(`${sandbox.urls.default}/book/${sandbox.catalogue.books[0]!.isbn13}`, PLAN_HOST), undefined, 'JSON is not an image');
  assert.equal(await new CoverImages({ timeoutMs: 500 }).get('http://127.0.0.1:9/cover.png', PLAN_HOST), undefined, 'connection refused');
});

test('a large JPEG cover is shrunk to fit a hover; an undecodable one too large is no cover', async () => {
  assert.ok(LARGE_JPEG.length > 200_000, `${LARGE_JPEG.length} bytes`);
  const covers = new CoverImages();
  const uri = await covers.get(`${imagesUrl}/large.jpg`, PLAN_HOST);
  assert.match(uri!, /^data:image\/jpeg;base64,/);
  assert.ok(uri!.length <= MAX_HOVER_COVER_CHARS, `${uri!.length} characters`);
  const shrunk = jpeg.decode(Buffer.from(uri!.split(',')[1]!, 'base64'));
  assert.equal(shrunk.height, 280);
  assert.equal(shrunk.width, Math.round((420 * 280) / 640));
  assert.equal(await covers.get(`${imagesUrl}/large.webp`, PLAN_HOST), undefined);
});

test('the cover cache is bounded by its size in characters, not by entries', async () => {
  const oneCover = Math.ceil((30_000 * 4) / 3) + 'data:image/gif;base64,'.length;
  const covers = new CoverImages({ maxCacheChars: oneCover * 3 });
  for (let i = 0; i < 5; i++) assert.ok(await covers.get(`${imagesUrl}/small${i}.gif`, PLAN_HOST));
  assert.ok(covers.size <= oneCover * 3, `${covers.size} characters held`);
  assert.equal(covers.peek(`${imagesUrl}/small0.gif`), undefined, 'the oldest went first');
  assert.ok(covers.peek(`${imagesUrl}/small4.gif`));
});

test('covers come only from public addresses or the plan host: loopback, private and metadata addresses are never asked', async () => {
  asked.length = 0;
  const covers = new CoverImages({ timeoutMs: 1000 });
  for (const url of [`${imagesUrl}/large.jpg`, `http://localhost:${new URL(imagesUrl).port}/large.jpg`, 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/c.jpg', 'http://[::1]/c.jpg', 'http://[::ffff:127.0.0.1]/c.jpg']) {
    assert.equal(await covers.get(url, 'isbndb.example'), undefined, url);
  }
  assert.deepEqual(asked, [], 'no request reached the local host');
  assert.ok(await covers.get(`${imagesUrl}/large.jpg?again`, PLAN_HOST), 'the plan host itself is allowed');
});

test('a failed cover is asked again after ten minutes, not before', async () => {
  let now = 1_000_000;
  const covers = new CoverImages({ now: () => now });
  const url = `${imagesUrl}/small-flaky.gif`;
  failing.add('/small-flaky.gif');
  asked.length = 0;
  assert.equal(await covers.get(url, PLAN_HOST), undefined);
  failing.delete('/small-flaky.gif');
  now += 9 * 60 * 1000;
  assert.equal(await covers.get(url, PLAN_HOST), undefined, 'not asked again within the wait');
  assert.equal(asked.length, 1);
  now += 2 * 60 * 1000;
  assert.ok(await covers.get(url, PLAN_HOST), 'asked again after it');
  assert.equal(asked.length, 2);
});

test('an Open Library cover on the archive host: one redirect is followed, a second is not, and none to plain http elsewhere', async () => {
  const { ARCHIVE_COVER_ID_FROM } = await import('../sandbox/keyless/catalogue');
  const userAgent = keylessUserAgent('0.0.0-test');
  const covers = new CoverImages({ userAgent });
  sandbox.keyless.clearLog();
  const url = `${sandbox.keyless.urls.openLibraryCovers}/b/id/${ARCHIVE_COVER_ID_FROM + 123_456}-M.jpg`;
  const uri = await covers.get(url, [PLAN_HOST]);
  assert.match(uri ?? '', /^data:image\//, 'the redirected cover was not fetched');
  const hosts = sandbox.keyless.log.map((r) => r.host);
  assert.deepEqual(hosts, ['openLibraryCovers', 'archive'], 'one request to the covers host, one to the archive host');
  for (const r of sandbox.keyless.log) {
    assert.equal(r.headers.authorization, undefined);
    assert.equal(r.headers['user-agent'], userAgent, 'every cover request names ISBN Lens and its address');
  }

  // A redirect whose target redirects again: the second is not followed.
  let hops = 0;
  const loop = createServer((_req, res) => {
    hops++;
    res.writeHead(302, { location: `${loopUrl}/again${hops}` }).end();
  });
  await new Promise<void>((resolve) => loop.listen(0, '127.0.0.1', resolve));
  const loopUrl = `http://127.0.0.1:${(loop.address() as AddressInfo).port}`;
  assert.equal(await new CoverImages().get(`${loopUrl}/start`, PLAN_HOST), undefined);
  assert.equal(hops, 2, 'more than one redirect was followed');
  await new Promise((resolve) => loop.close(resolve));
});
