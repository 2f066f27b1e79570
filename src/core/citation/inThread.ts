/**
 * A citation renderer made in this thread (citeproc-js imported here): what the tests check the
 * bundled styles by, and what a host without a worker would run. The extension's hosts build
 * engines in a worker (host/citationEngines.ts and its browser twin), so that building one holds
 * neither the window nor the extension host; nothing in the extension imports this module.
 */
import { CitationRenderer, type CitationEngines, type Citeproc, type ReferenceRenderer } from './engine';
import { localeTexts, bundledStyleText } from './render';
import type { BundledLocale, BundledStyle } from './styles';

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
  return makeRenderer(bundledStyleText(style), locale);
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
