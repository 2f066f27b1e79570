import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeUtf8 } from '../../src/editor/infrastructure/decodeUtf8';

test('a large file is decoded (in a worker thread) to the same text as TextDecoder gives, a small one too', async () => {
  const large = new TextEncoder().encode(`\uFEFF${'@book{x, title = {Ørsted — 日本語 😀}}\n'.repeat(150_000)}`);
  assert.ok(large.byteLength > 4 * 1024 * 1024);
  assert.equal(await decodeUtf8(large), new TextDecoder('utf-8').decode(large));
  // A view into a larger buffer decodes only its own bytes.
  const view = large.subarray(3, 5_000_003);
  assert.equal(await decodeUtf8(view), new TextDecoder('utf-8').decode(view));
  const small = new TextEncoder().encode('@book{é,}');
  assert.equal(await decodeUtf8(small), '@book{é,}');
});
