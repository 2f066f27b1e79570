/**
 * The window's citation engines in the browser's web-worker extension host: in its own thread
 * (Node's worker_threads do not exist there; that host is already a worker of its own, so building
 * an engine holds it, not the window: docs/performance.md). Takes citationEngines.ts's place in
 * dist/web/extension.js (esbuild.js, BROWSER_TWINS).
 */
import type { CitationEngines } from '../citation/engine';
import { inThreadEngines } from '../citation/render';

export function citationEngines(): CitationEngines {
  return inThreadEngines();
}
