import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Throttle } from '../../src/core/service/throttle';
import { maxInWindow } from '../helpers/windows';

test('never more starts in any window than the rate, and close to the bound when queued', async () => {
  const throttle = new Throttle(3, 200);
  const starts: number[] = [];
  const began = performance.now();
  await Promise.all(Array.from({ length: 12 }, () => throttle.acquire().then((release) => {
    release();
    starts.push(performance.now());
  })));
  const elapsed = performance.now() - began;
  assert.equal(starts.length, 12);
  assert.ok(maxInWindow(starts, 199) <= 3, `at most 3 starts in any 200 ms, got ${maxInWindow(starts, 199)}`);
  // 12 requests at 3 per 200 ms: the last group starts after 3 windows.
  assert.ok(elapsed >= 590 && elapsed < 800, `elapsed ${elapsed} ms`);
  throttle.dispose();
});

test('a cancelled waiter leaves the queue and the others go on', async () => {
  const throttle = new Throttle(1, 150);
  (await throttle.acquire())();
  const controller = new AbortController();
  const cancelledOne = throttle.acquire(controller.signal);
  const next = throttle.acquire();
  assert.equal(throttle.waiting, 2);
  controller.abort();
  await assert.rejects(cancelledOne, (e: Error & { kind?: string }) => e.kind === 'cancelled');
  assert.equal(throttle.waiting, 1);
  const began = performance.now();
  await next;
  assert.ok(performance.now() - began < 200);
  throttle.dispose();
});

test('an already aborted signal is refused at once', async () => {
  const throttle = new Throttle(5, 100);
  await assert.rejects(throttle.acquire(AbortSignal.abort()), (e: Error & { kind?: string }) => e.kind === 'cancelled');
  throttle.dispose();
});

test('pauseUntil holds every request back, resume lets them go', async () => {
  const throttle = new Throttle(5, 100);
  throttle.pauseUntil(Date.now() + 250);
  const began = performance.now();
  (await throttle.acquire())();
  assert.ok(performance.now() - began >= 240, 'waited for the pause');
  throttle.pauseUntil(Date.now() + 10_000);
  const waiting = throttle.acquire();
  setTimeout(() => throttle.resume(), 50);
  await waiting;
  assert.ok(performance.now() - began < 1000, 'resume lifted the pause');
  throttle.dispose();
});

test('setRate applies to work already queued', async () => {
  const throttle = new Throttle(1, 200);
  const starts: number[] = [];
  const all = Promise.all(Array.from({ length: 6 }, () => throttle.acquire().then((release) => {
    release();
    starts.push(performance.now());
  })));
  throttle.setRate(6);
  await all;
  assert.ok(starts[5]! - starts[0]! < 100, 'all six went in the first window once the rate rose');
  throttle.dispose();
});

test('a request in flight holds its slot; the window counts from its answer', async () => {
  const throttle = new Throttle(1, 100);
  const release = await throttle.acquire();
  const began = performance.now();
  const next = throttle.acquire();
  setTimeout(release, 200);
  (await next)();
  const waited = performance.now() - began;
  assert.ok(waited >= 295, `waited for the answer plus a window: ${waited} ms`);
  throttle.dispose();
});
