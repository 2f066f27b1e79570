import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SharedLedger } from '../../src/core/host/node/sharedLedger';
import { Throttle } from '../../src/core/rate/throttle';
import { MAX_TIMER_MS, timerDelay } from '../../src/core/rate/window';
import { advance, flush, useFakeTime } from '../helpers/time';
import { maxInWindow } from '../helpers/windows';

const isCancelled = (e: Error & { kind?: string }) => e.kind === 'cancelled';

test('never more starts in any window than the rate, and exactly at the bound when queued', async (t) => {
  useFakeTime(t, 0);
  const throttle = new Throttle(3, { windowMs: 200 });
  const starts: number[] = [];
  const all = Promise.all(Array.from({ length: 12 }, () => throttle.acquire().then((release) => {
    release();
    starts.push(Date.now());
  })));
  await advance(t, 700);
  await all;
  assert.equal(starts.length, 12);
  assert.ok(maxInWindow(starts, 199) <= 3, `at most 3 starts in any 200 ms, got ${maxInWindow(starts, 199)}`);
  // 12 requests at 3 per 200 ms: the last group starts after 3 windows.
  assert.deepEqual(starts, [0, 0, 0, 200, 200, 200, 400, 400, 400, 600, 600, 600]);
  throttle.dispose();
});

test('a cancelled waiter leaves the queue and the others go on', async (t) => {
  useFakeTime(t, 0);
  const throttle = new Throttle(1, { windowMs: 150 });
  (await throttle.acquire())();
  const controller = new AbortController();
  const cancelledOne = throttle.acquire(controller.signal);
  const next = throttle.acquire();
  controller.abort();
  await assert.rejects(cancelledOne, isCancelled);
  await advance(t, 150);
  await next;
  assert.equal(Date.now(), 150, 'the next one went at the first window');
  throttle.dispose();
});

test('an already aborted signal is refused at once', async () => {
  const throttle = new Throttle(5, { windowMs: 100 });
  await assert.rejects(throttle.acquire(AbortSignal.abort()), isCancelled);
  throttle.dispose();
});

test('pauseUntil holds every request back, resume lets them go', async (t) => {
  useFakeTime(t, 0);
  const throttle = new Throttle(5, { windowMs: 100 });
  throttle.pauseUntil(250);
  let went = 0;
  void throttle.acquire().then((release) => (release(), (went = Date.now())));
  await advance(t, 249);
  assert.equal(went, 0, 'held by the pause');
  await advance(t, 1);
  assert.equal(went, 250);
  throttle.pauseUntil(Date.now() + 10_000);
  let second = false;
  void throttle.acquire().then(() => (second = true), () => undefined);
  await advance(t, 50);
  assert.equal(second, false);
  throttle.resume();
  await flush();
  assert.equal(second, true, 'resume lifted the pause');
  throttle.dispose();
});

test('a pause ends by itself and says so', async (t) => {
  useFakeTime(t, 0);
  const throttle = new Throttle(5, { windowMs: 100 });
  let changes = 0;
  throttle.onDidChange(() => changes++);
  throttle.pauseUntil(5000, 'quota');
  assert.deepEqual(throttle.paused, { until: 5000, reason: 'quota' });
  changes = 0;
  await advance(t, 5000, 100);
  assert.equal(throttle.paused, undefined);
  assert.ok(changes >= 1, 'listeners heard the pause end');
  throttle.dispose();
});

test('a spent quota holds only queued work; a request the user asks for still goes', async (t) => {
  useFakeTime(t, 0);
  const throttle = new Throttle(5, { windowMs: 100 });
  throttle.pauseUntil(60_000, 'quota');
  let queued = false;
  void throttle.acquire({ queued: true }).then(() => (queued = true), () => undefined);
  const direct = await throttle.acquire();
  direct();
  await advance(t, 200);
  assert.equal(queued, false);
  throttle.dispose();
});

test('setRate applies to work already queued', async (t) => {
  useFakeTime(t, 0);
  const throttle = new Throttle(1, { windowMs: 200 });
  const starts: number[] = [];
  const all = Promise.all(Array.from({ length: 6 }, () => throttle.acquire().then((release) => {
    release();
    starts.push(Date.now());
  })));
  throttle.setRate(6);
  await advance(t, 10);
  await all;
  assert.deepEqual(starts, [0, 0, 0, 0, 0, 0], 'all six went in the first window once the rate rose');
  throttle.dispose();
});

test('a request in flight holds its slot; the window counts from its answer', async (t) => {
  useFakeTime(t, 0);
  const throttle = new Throttle(1, { windowMs: 100 });
  const release = await throttle.acquire();
  let went = 0;
  void throttle.acquire().then((r) => (r(), (went = Date.now())));
  await advance(t, 200);
  release();
  await advance(t, 150);
  assert.equal(went, 300, 'waited for the answer plus a window');
  throttle.dispose();
});

test('an unused slot gives its place back at once', async (t) => {
  useFakeTime(t, 0);
  const throttle = new Throttle(1, { windowMs: 100 });
  (await throttle.acquire())({ unused: true });
  let went = -1;
  void throttle.acquire().then(() => (went = Date.now()));
  await advance(t, 1);
  assert.equal(went, 0);
  throttle.dispose();
});

test('a clock stepped back an hour does not hold requests for an hour', async () => {
  let now = 10 * 3_600_000;
  const throttle = new Throttle(1, { windowMs: 100, clock: { now: () => now } });
  (await throttle.acquire())();
  throttle.pauseUntil(now + 1000);
  now -= 3_600_000;
  assert.ok(throttle.delayUntilNextSlot() <= 1000, `waits the pause's own length at most, not the step: ${throttle.delayUntilNextSlot()} ms`);
  throttle.resume();
  assert.ok(throttle.delayUntilNextSlot() <= 100, 'the slot answered "in the future" counts one window from now');
  throttle.dispose();
});

test('every timer delay is clamped: a month-long wait does not spin', async (t) => {
  useFakeTime(t);
  assert.equal(timerDelay(30 * 86_400_000), MAX_TIMER_MS);
  assert.equal(timerDelay(-5), 0);
  assert.equal(timerDelay(Number.POSITIVE_INFINITY), MAX_TIMER_MS);
  // A ledger that says "wait a month": a timer past 2^31-1 ms would fire at once, and ask again and again.
  let asked = 0;
  const ledger = { take: async () => (asked++, { ok: false as const, delayMs: 30 * 86_400_000 }) } as unknown as SharedLedger;
  const throttle = new Throttle(5, { windowMs: 100, ledger });
  void throttle.acquire().catch(() => undefined);
  await advance(t, 100, 10);
  assert.equal(asked, 1);
  throttle.dispose();
});
