/** Fake time for `node:test`: mocked `setTimeout` and `Date`, advanced a step at a time. */
import type { TestContext } from 'node:test';

/** Lets promise chains and I/O callbacks run (setImmediate is never mocked here). */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Mocks the timers and the date, starting at `now`. */
export function useFakeTime(t: TestContext, now = 1_000_000): void {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'], now });
}

/** Moves fake time on by `ms`, `stepMs` at a time, letting what is due run at each step. */
export async function advance(t: TestContext, ms: number, stepMs = 1): Promise<void> {
  await flush();
  for (let done = 0; done < ms; done += stepMs) {
    t.mock.timers.tick(Math.min(stepMs, ms - done));
    await flush();
  }
}

/** Real time passing, for the few tests that need other processes or real I/O. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Fake time that runs by itself, a millisecond per turn of the event loop, until the test
 * ends: code under test awaits its timers as usual, and minutes of back-off pass in a
 * fraction of a second, in the same order as in real time.
 */
export function runFakeTime(t: TestContext, now = 1_000_000, stepMs = 1): void {
  useFakeTime(t, now);
  let running = true;
  const turn = () => {
    if (!running) return;
    t.mock.timers.tick(stepMs);
    setImmediate(turn);
  };
  setImmediate(turn);
  t.after(() => {
    running = false;
  });
}
