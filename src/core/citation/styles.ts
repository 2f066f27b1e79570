/**
 * The bundled CSL styles and locales by name, and which locale a display language gets: cheap
 * facts the settings and the editor need before the processor and the styles themselves load
 * (render.ts, on first use).
 */

/** `isbnLens.citation.style`'s bundled ids (anything else is a path to a `.csl` file). */
export const BUNDLED_STYLES = [
  'apa',
  'chicago-author-date',
  'chicago-notes-bibliography',
  'modern-language-association',
  'ieee',
  'harvard-cite-them-right',
  'vancouver',
] as const;
export type BundledStyle = (typeof BUNDLED_STYLES)[number];

export const BUNDLED_LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES'] as const;
export type BundledLocale = (typeof BUNDLED_LOCALES)[number];

export const DEFAULT_STYLE: BundledStyle = 'apa';
export const DEFAULT_LOCALE: BundledLocale = 'en-US';

export function isBundledStyle(style: string): style is BundledStyle {
  return (BUNDLED_STYLES as readonly string[]).includes(style);
}

/**
 * The locale for `isbnLens.citation.locale` (`auto`, a tag, or nothing) and VS Code's display
 * language: a bundled locale of the same tag, else of the same language (`de` → de-DE, `en-AU`
 * → en-US), else en-US.
 */
export function chooseLocale(setting: string | undefined, displayLanguage: string): BundledLocale {
  const wanted = setting && setting !== 'auto' ? setting : displayLanguage;
  const exact = BUNDLED_LOCALES.find((l) => l.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const language = wanted.toLowerCase().split(/[-_]/)[0];
  if (language === 'en') return wanted.toLowerCase() === 'en-gb' ? 'en-GB' : 'en-US';
  return BUNDLED_LOCALES.find((l) => l.toLowerCase().startsWith(`${language}-`)) ?? DEFAULT_LOCALE;
}
