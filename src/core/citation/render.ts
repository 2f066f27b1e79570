/**
 * References as a CSL style writes them, by citeproc-js (the CSL processor Zotero runs), with the
 * bundled styles and locales (cslData.json, made by scripts/cslData.ts). Loaded on first use:
 * this module and the data from dist/lazy.js, citeproc-js from a bundle of its own
 * (dist/citeproc.js, esbuild.js) when the first renderer is made; the browser build inlines both.
 *
 * The engine itself is engine.ts's CitationRenderer. Here: the renderer made in this thread
 * (makeRenderer, what the tests check the styles by) and the window's engines in this thread
 * (inThreadEngines, for a browser host without `Worker`); the hosts run them in a worker instead
 * (host/citeprocWorker.ts), handed the XML of localeTexts.
 */
import { CitationRenderer, type CitationEngines, type Citeproc, type LocaleTexts, type ReferenceRenderer } from './engine';
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

/** citeproc-js, loaded on the first renderer. */
async function citeproc(): Promise<Citeproc> {
  return (await import('citeproc')).default;
}

/** A renderer of a style's text (a bundled style's, or a user's `.csl`) in this thread: a StyleError if the style cannot be used. */
export async function makeRenderer(style: string, locale: BundledLocale): Promise<CitationRenderer> {
  return new CitationRenderer(await citeproc(), style, locale, localeTexts());
}

/** A bundled style in a locale, in this thread. */
export function bundledRenderer(style: BundledStyle, locale: BundledLocale): Promise<CitationRenderer> {
  return makeRenderer(STYLES[style], locale);
}

/** The window's engines in this thread: building one holds it (a browser host without `Worker`: host/citationEngines.browser.ts). */
export function inThreadEngines(): CitationEngines {
  return {
    async make(style: string, locale: BundledLocale): Promise<ReferenceRenderer> {
      const renderer = await makeRenderer(style, locale);
      return { locale, bibliography: async (items) => renderer.bibliography(items) };
    },
    dispose() {},
  };
}
