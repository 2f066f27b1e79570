/**
 * The citation worker for real (core/host/citeprocWorker.ts running node/citeprocWorkerMain.ts in a
 * worker_threads Worker, through tsx): every bundled style renders in it exactly as in the host's
 * thread (so citationStyles.test.ts's expectations hold on the worker path), building a style's
 * engine there leaves the host's thread free, and a worker that dies gives a CitationWorkerError
 * and a working worker next time. The protocol on a fake worker and fake time: test/unit/citationWorker.test.ts.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Worker } from 'node:worker_threads';
import { bookCsl } from '../../src/core/citation/cslItem';
import { CitationWorkerError } from '../../src/core/citation/engine';
import { bundledStyleText, localeTexts } from '../../src/core/citation/render';
import { bundledRenderer } from '../../src/core/citation/inThread';
import { BUNDLED_STYLES } from '../../src/core/citation/styles';
import { CiteprocWorker, type WorkerLike } from '../../src/core/host/citeprocWorker';
import { BOOKS } from '../helpers/books';
import { citeprocWorkerFromSource } from '../helpers/citeprocWorker';

const realWorker = citeprocWorkerFromSource;
const ITEMS = [bookCsl(BOOKS.knuth), bookCsl(BOOKS.kr), { ...bookCsl(BOOKS.kr), id: 'again' }];

/** The longest the host's thread was held while `work` ran (a 5 ms timer's longest lateness). */
async function longestHold<T>(work: () => Promise<T>): Promise<{ value: T; holdMs: number }> {
  let last = performance.now();
  let holdMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    holdMs = Math.max(holdMs, now - last - 5);
    last = now;
  }, 5);
  try {
    const value = await work();
    // A hold that ends the work is seen by no tick: counted here.
    holdMs = Math.max(holdMs, performance.now() - last - 5);
    return { value, holdMs };
  } finally {
    clearInterval(timer);
  }
}

test('every bundled style renders in the worker as in the host thread, in English and in German', async () => {
  const engines = new CiteprocWorker({ locales: localeTexts, start: realWorker });
  try {
    for (const style of BUNDLED_STYLES) {
      for (const locale of ['en-US', 'de-DE'] as const) {
        const direct = (await bundledRenderer(style, locale)).bibliography(ITEMS);
        const inWorker = await (await engines.make(bundledStyleText(style), locale)).bibliography(ITEMS);
        assert.deepEqual(inWorker, direct, `${style} ${locale}`);
      }
    }
  } finally {
    engines.dispose();
  }
});

test("building Chicago's engine in the worker holds the host's thread for a fraction of what it holds in the host", async () => {
  const direct = await longestHold(() => bundledRenderer('chicago-author-date', 'en-GB'));
  const engines = new CiteprocWorker({ locales: localeTexts, start: realWorker });
  try {
    // The worker started and citeproc-js loaded there first, as on a window's first reference.
    await (await engines.make(bundledStyleText('ieee'), 'en-US')).bibliography(ITEMS);
    const inWorker = await longestHold(async () => (await engines.make(bundledStyleText('chicago-author-date'), 'en-GB')).bibliography(ITEMS));
    assert.equal(inWorker.value.length, ITEMS.length);
    assert.ok(direct.holdMs > 200, `building Chicago's engine in the host's thread held it only ${direct.holdMs.toFixed(0)} ms: nothing to compare`);
    assert.ok(inWorker.holdMs < Math.max(50, direct.holdMs / 4), `the host was held ${inWorker.holdMs.toFixed(0)} ms with the worker, ${direct.holdMs.toFixed(0)} ms without`);
  } finally {
    engines.dispose();
  }
});

test('a worker that dies fails the ask with a CitationWorkerError, and the next ask gets a working worker', async () => {
  let started = 0;
  const engines = new CiteprocWorker({
    locales: localeTexts,
    start: () => (++started === 1 ? (new Worker('process.exit(3)', { eval: true }) as unknown as WorkerLike) : realWorker()),
  });
  try {
    await assert.rejects(engines.make(bundledStyleText('apa'), 'en-US'), (e: unknown) => e instanceof CitationWorkerError && e.why === 'crashed');
    const [reference] = await (await engines.make(bundledStyleText('apa'), 'en-US')).bibliography([bookCsl(BOOKS.knuth)]);
    assert.match(reference?.markdown ?? '', /Knuth, D\. E\. \(1984\)\. \*The TeXbook\*/);
    assert.equal(started, 2);
  } finally {
    engines.dispose();
  }
});
