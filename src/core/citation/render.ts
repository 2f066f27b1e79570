/**
 * References as a CSL style writes them, by citeproc-js (the CSL processor Zotero runs), with the
 * bundled styles and locales (cslData.json, made by scripts/cslData.ts). Loaded on first use:
 * this module and the data from dist/lazy.js, citeproc-js from a bundle of its own
 * (dist/citeproc.js, esbuild.js) when the first renderer is made; the browser build inlines both.
 *
 * The engine itself is engine.ts's CitationRenderer, which the hosts run in a worker
 * (host/citeprocWorker.ts), handed the XML of localeTexts; inThread.ts makes one in this thread.
 * This module does not import citeproc-js, so the browser build holds it once (in its worker).
 */
import type { LocaleTexts } from './engine';
import { type BundledLocale, type BundledStyle, DEFAULT_LOCALE } from './styles';
import data from './cslData.json';

export { bookCsl, entryCsl } from './cslItem';
export { CitationRenderer, CitationWorkerError, StyleError, type CitationEngines, type Reference, type ReferenceRenderer } from './engine';

const LOCALES = data.locales as Record<BundledLocale, string>;
const STYLES = data.styles as Record<BundledStyle, string>;

export function bundledStyleText(id: BundledStyle): string {
  return STYLES[id];
}

/** The bundled locales' XML, en-US for a tag without one. */
export function localeTexts(): LocaleTexts {
  return { texts: LOCALES, fallback: LOCALES[DEFAULT_LOCALE] };
}
