/**
 * (n) The citation engine (issue 38, the worker): the longest hold of the host while a style's
 * engine is built, for the three styles that take long (APA, Chicago author-date and notes), in the
 * host's thread (as before: core/citation/inThread.ts's makeRenderer, what the browser build once
 * does) and through the Node host's worker (core/host/citeprocWorker.ts, its script run by tsx
 * from source), each against a limit measured in the same run: the project's 50 ms for a hold plus
 * the longest lateness of the same timer on an idle host over as long (the machine's own noise).
 * The worker's first engine includes its start and citeproc-js's load there; then each style.
 */
import { bookCsl } from '../src/core/citation/cslItem';
import { bundledStyleText, localeTexts } from '../src/core/citation/render';
import { bundledRenderer } from '../src/core/citation/inThread';
import type { BundledStyle } from '../src/core/citation/styles';
import { CiteprocWorker } from '../src/core/host/citeprocWorker';
import { citeprocWorkerFromSource } from '../test/helpers/citeprocWorker';
import { BOOKS } from '../test/helpers/books';

const HOLD_TARGET_MS = 50;
const TICK_MS = 5;
const STYLES: BundledStyle[] = ['apa', 'chicago-author-date', 'chicago-notes-bibliography'];

/** The longest the host's thread was held while `work` ran (a 5 ms timer's longest lateness), and how long it ran. */
async function holdWhile(work: () => Promise<unknown>): Promise<{ holdMs: number; tookMs: number }> {
  let last = performance.now();
  let holdMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    holdMs = Math.max(holdMs, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  const started = performance.now();
  try {
    await work();
    // A hold that ends the work is seen by no tick: counted here.
    holdMs = Math.max(holdMs, performance.now() - last - TICK_MS);
    return { holdMs, tookMs: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function benchCitation(): Promise<Array<Record<string, number | string>>> {
  const items = [bookCsl(BOOKS.knuth), bookCsl(BOOKS.kr)];
  const rows: Array<Record<string, number | string>> = [];
  const engines = new CiteprocWorker({ locales: localeTexts, start: citeprocWorkerFromSource });
  try {
    for (const [i, style] of STYLES.entries()) {
      const inThread = await holdWhile(async () => (await bundledRenderer(style, 'en-US')).bibliography(items));
      const inWorker = await holdWhile(async () => (await engines.make(bundledStyleText(style), 'en-US')).bibliography(items));
      // The machine's noise over as long: the same timer with nothing to do.
      const idle = await holdWhile(() => new Promise((resolve) => setTimeout(resolve, Math.max(inThread.tookMs, inWorker.tookMs))));
      const limit = HOLD_TARGET_MS + idle.holdMs;
      const name = `${style}${i === 0 ? ' (the worker started and citeproc-js loaded there first)' : ''}`;
      rows.push({ 'longest hold of the host while a style\'s engine is built': `${name}, in the host's thread (before)`, 'hold ms': round(inThread.holdMs), 'took ms': round(inThread.tookMs), 'limit ms': round(limit), 'hold ÷ limit': round(inThread.holdMs / limit) });
      rows.push({ 'longest hold of the host while a style\'s engine is built': `${name}, in the worker (now)`, 'hold ms': round(inWorker.holdMs), 'took ms': round(inWorker.tookMs), 'limit ms': round(limit), 'hold ÷ limit': round(inWorker.holdMs / limit) });
    }
  } finally {
    engines.dispose();
  }
  return rows;
}
