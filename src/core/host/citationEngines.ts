/**
 * The window's citation engines on the Node host: citeproc-js in a worker thread
 * (citeprocWorker.ts, node/citeprocWorker.ts), so that building a style's engine never holds the
 * extension host. The browser build takes citationEngines.browser.ts in its place (esbuild.js,
 * BROWSER_TWINS).
 */
import type { CitationEngines } from '../citation/engine';
import { localeTexts } from '../citation/render';
import { CiteprocWorker } from './citeprocWorker';
import { startNodeWorker } from './node/citeprocWorker';

export function citationEngines(): CitationEngines {
  return new CiteprocWorker({ locales: localeTexts, start: startNodeWorker });
}
