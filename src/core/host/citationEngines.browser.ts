/**
 * The window's citation engines in the browser's web-worker extension host: in a Worker nested
 * in it, started from a blob URL of browser/citeprocWebWorkerMain.ts's code (citeproc-js inlined;
 * esbuild.js makes the string `citeproc-web-worker-source`), so that building a style's engine
 * holds neither the window nor the extension host. A host without Worker (every current browser
 * has it in a worker) formats no reference: citeproc-js inlined a second time for that case, to
 * run in this thread, cost 389 KB of the browser build. Takes citationEngines.ts's place in
 * dist/web/extension.js (esbuild.js, BROWSER_TWINS).
 */
import type { CitationEngines } from '../citation/engine';
import { localeTexts } from '../citation/render';
import { CiteprocWorker } from './citeprocWorker';
import { startWebWorker } from './browser/webWorker';
import source from 'citeproc-web-worker-source';

export function citationEngines(): CitationEngines {
  if (typeof Worker !== 'function') {
    return {
      make: () => Promise.reject(new Error('This browser starts no Worker in the extension host, where references are formatted.')),
      dispose() {},
    };
  }
  return new CiteprocWorker({ locales: localeTexts, start: () => startWebWorker(source) });
}
