/**
 * (o) The citation engine in the browser build (issue 38, the worker): how long building a style's
 * engine holds the thread it runs on when that thread is a web worker, as the browser build's
 * extension host is (core/host/citationEngines.browser.ts builds it there). The code of
 * render.ts, citeproc-js and the data inlined as dist/web/extension.js inlines them, run in a
 * dedicated worker of headless Chromium (the browser the e2e tests drive): each style's build,
 * the first one with citeproc-js's own evaluation before it; against the hover's wait (1.5 s), a
 * limit of the same host (before: what the browser build did); then the longest hold of that
 * worker while the same styles are built in a Worker nested in it, as the browser build now does
 * (citationEngines.browser.ts), against 50 ms. Also whether a nested Worker from a blob URL starts.
 */
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { HOVER_WAIT_MS } from '../src/core/model/lookup';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { citeprocWebWorkerSourcePlugin } = require('../esbuild.js') as { citeprocWebWorkerSourcePlugin: (production: boolean) => esbuild.Plugin };

const CHROMIUM = process.env.ISBN_LENS_E2E_CHROMIUM ?? '/usr/bin/chromium';
const STYLES = ['apa', 'chicago-author-date', 'chicago-notes-bibliography', 'modern-language-association', 'ieee'];

const WORKER_SOURCE = `
import { bundledStyleText, localeTexts } from './src/core/citation/render';
import { makeRenderer } from './src/core/citation/inThread';
import { CiteprocWorker } from './src/core/host/citeprocWorker';
import { startWebWorker } from './src/core/host/browser/webWorker';
import source from 'citeproc-web-worker-source';
const styles = ${JSON.stringify(STYLES)};
async function holdWhile(work) {
  let last = performance.now();
  let hold = 0;
  const timer = setInterval(() => { const now = performance.now(); hold = Math.max(hold, now - last - 5); last = now; }, 5);
  await work();
  hold = Math.max(hold, performance.now() - last - 5);
  clearInterval(timer);
  return hold;
}
(async () => {
  const times = {};
  for (const style of styles) {
    const started = performance.now();
    await makeRenderer(bundledStyleText(style), 'en-US');
    times[style] = performance.now() - started;
  }
  const nestedHolds = {};
  const engines = new CiteprocWorker({ locales: localeTexts, start: () => startWebWorker(source) });
  for (const style of styles) nestedHolds[style] = await holdWhile(async () => (await engines.make(bundledStyleText(style), 'en-US')).bibliography([{ id: 'a', type: 'book', title: 'T', author: [{ family: 'Knuth', given: 'Donald E.' }] }]));
  engines.dispose();
  let nested = 'no Worker in a worker';
  if (typeof Worker === 'function') {
    nested = await new Promise((resolve) => {
      try {
        const inner = new Worker(URL.createObjectURL(new Blob(['postMessage("up")'], { type: 'text/javascript' })));
        inner.onmessage = () => resolve('starts');
        inner.onerror = (e) => resolve('fails: ' + (e.message || 'error'));
        setTimeout(() => resolve('no answer in 5 s'), 5000);
      } catch (e) {
        resolve('throws: ' + e.message);
      }
    });
  }
  postMessage({ times, nestedHolds, nested });
})();
`;

const round = (n: number) => Math.round(n);

export async function benchCitationBrowser(): Promise<Array<Record<string, number | string>>> {
  const built = await esbuild.build({
    stdin: { contents: WORKER_SOURCE, resolveDir: join(__dirname, '..'), sourcefile: 'citation-browser-bench.ts', loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    plugins: [citeprocWebWorkerSourcePlugin(true)],
  });
  const code = built.outputFiles[0]!.text;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage();
    const answer = await page.evaluate(
      (source) =>
        new Promise<{ times: Record<string, number>; nestedHolds: Record<string, number>; nested: string }>((resolve, reject) => {
          const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
          worker.onmessage = (e) => resolve(e.data);
          worker.onerror = (e) => reject(new Error(e.message));
        }),
      code,
    );
    const rows: Array<Record<string, number | string>> = STYLES.map((style, i) => ({
      'a style\'s engine built in a web worker (the browser build\'s extension host)': `${style}${i === 0 ? ' (with citeproc-js evaluated first)' : ''}`,
      'holds the worker ms': round(answer.times[style] ?? NaN),
      'limit ms': HOVER_WAIT_MS,
      'hold ÷ limit': Math.round(((answer.times[style] ?? NaN) / HOVER_WAIT_MS) * 100) / 100,
    }));
    for (const style of STYLES) {
      const hold = answer.nestedHolds[style] ?? NaN;
      rows.push({ 'a style\'s engine built in a web worker (the browser build\'s extension host)': `${style}, in a Worker nested in it (now): its longest hold`, 'holds the worker ms': round(hold), 'limit ms': 50, 'hold ÷ limit': Math.round((hold / 50) * 100) / 100 });
    }
    rows.push({ 'a style\'s engine built in a web worker (the browser build\'s extension host)': `a nested Worker from a blob URL in a plain Chromium worker: ${answer.nested}`, 'holds the worker ms': '', 'limit ms': '', 'hold ÷ limit': '' });
    return rows;
  } finally {
    await browser.close();
  }
}
