import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { downscaleCover, resize } from '../../src/core/cover/downscale';

/** A noisy picture: noise compresses badly, so the JPEG is as big as real covers get. */
function noisyRaster(width: number, height: number, seed = 7) {
  const data = new Uint8Array(width * height * 4);
  let s = seed;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    data[i] = i % 4 === 3 ? 255 : s & 255;
  }
  return { width, height, data };
}

test('a 500 px JPEG cover over 100 KB becomes a JPEG 280 px high of a few KB, aspect kept', () => {
  const source = jpeg.encode(noisyRaster(330, 500), 95).data;
  assert.ok(source.length > 100_000, `source is ${source.length} bytes`);
  const small = downscaleCover(source, 'image/jpeg', 280)!;
  const decoded = jpeg.decode(small, { useTArray: true });
  assert.equal(decoded.height, 280);
  assert.equal(decoded.width, Math.round((330 * 280) / 500));
  assert.ok(small.length * 4 / 3 < 60_000, `inlined it is ${Math.ceil(small.length * 4 / 3)} characters`);
});

test('a PNG cover is shrunk too, its transparency on white', () => {
  const png = new PNG({ width: 40, height: 600 });
  png.data.fill(0); // fully transparent black
  const small = downscaleCover(PNG.sync.write(png), 'image/png', 280)!;
  const decoded = jpeg.decode(small, { useTArray: true });
  assert.equal(decoded.height, 280);
  assert.ok(decoded.data[0]! > 240, 'transparent became white');
});

test('a small cover keeps its size; broken, unknown and oversized images give undefined', () => {
  const tiny = jpeg.encode(noisyRaster(20, 30), 90).data;
  assert.equal(jpeg.decode(downscaleCover(tiny, 'image/jpeg', 280)!, { useTArray: true }).height, 30);
  assert.equal(downscaleCover(new Uint8Array([1, 2, 3]), 'image/jpeg', 280), undefined);
  assert.equal(downscaleCover(tiny, 'image/webp', 280), undefined);
  const bomb = Buffer.from(PNG.sync.write(new PNG({ width: 1, height: 1 })));
  bomb.writeUInt32BE(100_000, 16);
  bomb.writeUInt32BE(100_000, 20);
  assert.equal(downscaleCover(bomb, 'image/png', 280), undefined);
});

test('resize averages the pixels it covers', () => {
  const source = { width: 2, height: 2, data: new Uint8Array([0, 0, 0, 255, 200, 200, 200, 255, 100, 100, 100, 255, 100, 100, 100, 255]) };
  assert.deepEqual([...resize(source, 1, 1).data], [100, 100, 100, 255]);
});
