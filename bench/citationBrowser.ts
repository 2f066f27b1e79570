/**
 * (o) The citation engine in the browser build (issue 38, the worker): how long building a style's
 * engine holds the thread it runs on when that thread is a web worker, as the browser build's
 * extension host is (core/host/citationEngines.browser.ts builds it there). The code of
 * render.ts, citeproc-js and the data inlined as dist/web/extension.js inlines them, run in a
 * dedicated worker of headless Chromium (the browser the e2e tests drive): each style's build,
 * the first one with citeproc-js's own evaluation before it; against the hover's wait (1.5 s), a
 * limit of the same host. Also whether a nested Worker from a blob URL starts in that worker.
 */
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { HOVER_WAIT_MS } from '../src/core/model/lookup';

const CHROMIUM = process.env.ISBN_LENS_E2E_CHROMIUM ?? '/usr/bin/chromium';
const STYLES = ['apa', 'chicago-author-date', 'chicago-notes-bibliography', 'modern-language-association', 'ieee'];

const WORKER_SOURCE = `
import { bundledStyleText, makeRenderer } from './src/core/citation/render';
const styles = ${JSON.stringify(STYLES)};
(async () => {
  const times = {};
  for (const style of styles) {
    const started = performance.now();
    await makeRenderer(bundledStyleText(style), 'en-US');
    times[style] = performance.now() - started;
  }
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
  postMessage({ times, nested });
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
  });
  const code = built.outputFiles[0]!.text;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage();
    const answer = await page.evaluate(
      (source) =>
        new Promise<{ times: Record<string, number>; nested: string }>((resolve, reject) => {
          const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
          worker.onmessage = (e) => resolve(e.data);
          worker.onerror = (e) => reject(new Error(e.message));
        }),
      code,
    );
    const rows: Array<Record<string, number | string>> = STYLES.map((style, i) => ({
      'a style\'s engine built in a web worker (the browser build\'s extension host)': `${style}${i === 0 ? ' (with citeproc-js evaluated first)' : ''}`,
      'holds the worker ms': round(answer.times[style] ?? NaN),
      'hover\'s wait ms': HOVER_WAIT_MS,
      'hold ÷ wait': Math.round(((answer.times[style] ?? NaN) / HOVER_WAIT_MS) * 100) / 100,
    }));
    rows.push({ 'a style\'s engine built in a web worker (the browser build\'s extension host)': `a nested Worker from a blob URL in a plain Chromium worker: ${answer.nested}`, 'holds the worker ms': '', 'hover\'s wait ms': '', 'hold ÷ wait': '' });
    return rows;
  } finally {
    await browser.close();
  }
}
