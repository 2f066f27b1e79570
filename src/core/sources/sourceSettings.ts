/**
 * The settings that choose the sources: `isbnLens.sources` (which, in what order) and
 * `isbnLens.sourceUrls` (where the keyless ones are). The library catalogues among the sources
 * are asked in an order per ISBN (`routing.ts`): the list says only whether each may be asked. Read here from whatever the user wrote:
 * unknown names and repeats are dropped, an address that is not https (or http on a loopback
 * host, the sandbox) is no address.
 */

export const DEFAULT_SOURCES = ['isbndb', 'openLibrary', 'googleBooks', 'dnb', 'k10plus', 'lobid', 'bnf', 'loc'] as const;
export type SourceName = (typeof DEFAULT_SOURCES)[number];

/** The library catalogues: asked where their books are (`sources/routing.ts`), not in the order written. */
export const CATALOGUE_SOURCES = ['dnb', 'k10plus', 'lobid', 'bnf', 'loc'] as const satisfies readonly SourceName[];
export type CatalogueName = (typeof CATALOGUE_SOURCES)[number];

export function isCatalogue(name: string): name is CatalogueName {
  return (CATALOGUE_SOURCES as readonly string[]).includes(name);
}

/** The defaults of `isbnLens.sourceUrls` (package.json says the same). */
export const DEFAULT_SOURCE_URLS = {
  openLibrary: 'https://openlibrary.org',
  openLibraryCovers: 'https://covers.openlibrary.org',
  googleBooks: 'https://www.googleapis.com',
  k10plus: 'https://sru.k10plus.de/opac-de-627',
  dnb: 'https://services.dnb.de/sru/dnb',
  bnf: 'https://catalogue.bnf.fr/api/SRU',
  loc: 'https://lx2.loc.gov/sru/lcdb',
  lobid: 'https://lobid.org/resources',
} as const;
export type SourceUrlName = keyof typeof DEFAULT_SOURCE_URLS;

/** `isbnLens.sources` as written: the known names in their order, each once; the default when it is not a list. */
export function parseSources(value: unknown): SourceName[] {
  if (!Array.isArray(value)) return [...DEFAULT_SOURCES];
  const names: SourceName[] = [];
  for (const item of value) {
    if ((DEFAULT_SOURCES as readonly unknown[]).includes(item) && !names.includes(item as SourceName)) names.push(item as SourceName);
  }
  return names;
}

/** One address of `isbnLens.sourceUrls`: https, or http on a loopback host (the sandbox); else undefined. */
export function parseSourceUrl(urls: unknown, name: SourceUrlName): URL | undefined {
  const written = typeof urls === 'object' && urls !== null ? (urls as Record<string, unknown>)[name] : undefined;
  const value = written === undefined ? DEFAULT_SOURCE_URLS[name] : written;
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    if (url.username || url.password || url.search || url.hash) return undefined;
    if (url.protocol === 'https:') return url;
    return url.protocol === 'http:' && isLoopback(url.hostname) ? url : undefined;
  } catch {
    return undefined;
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
