/**
 * The settings that choose the sources: `isbnLens.sources` (which, in what order) and
 * `isbnLens.sourceUrls` (where the keyless ones are). Read here from whatever the user wrote:
 * unknown names and repeats are dropped, an address that is not https (or http on a loopback
 * host, the sandbox) is no address.
 */

export const DEFAULT_SOURCES = ['isbndb', 'openLibrary', 'googleBooks'] as const;
export type SourceName = (typeof DEFAULT_SOURCES)[number];

/** The defaults of `isbnLens.sourceUrls` (package.json says the same). */
export const DEFAULT_SOURCE_URLS = {
  openLibrary: 'https://openlibrary.org',
  openLibraryCovers: 'https://covers.openlibrary.org',
  googleBooks: 'https://www.googleapis.com',
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
