/**
 * Cover addresses from keyless services. Google's imageLinks come as plain `http://` (every
 * public recording): they are asked over https, which its image host serves too. A loopback
 * address (the sandbox) is left as it is: there is nothing on the way to read.
 */

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The address over https (http upgraded, loopback kept); undefined for anything but http(s). */
export function httpsImage(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length > 2000) return undefined;
  const parsed = parse(url.trim());
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return undefined;
  if (parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)) parsed.protocol = 'https:';
  return parsed.href;
}

/**
 * Where a cover may be fetched from after a redirect (Open Library sends newer covers on to
 * archive.org): one redirect, to an https address (a loopback cover host may redirect to
 * another loopback address: the sandbox). Undefined when it must not be followed.
 */
export function coverRedirectTarget(from: string, location: string | undefined): string | undefined {
  const source = parse(from);
  const target = location === undefined || source === undefined ? undefined : parse(new URL(location, source).href);
  if (!source || !target || target.username || target.password) return undefined;
  if (target.protocol === 'https:') return target.href;
  return target.protocol === 'http:' && LOOPBACK.test(source.hostname) && LOOPBACK.test(target.hostname) ? target.href : undefined;
}

/**
 * Whether a cover address may be asked: on Open Library's covers host only by cover id
 * (`/b/id/<id>-S|M|L.jpg`), since covers by ISBN, OCLC or LCCN are limited to 100 per address
 * every 5 minutes; any other host's cover as it is.
 */
export function coverAddressAllowed(url: string, openLibraryCovers: URL | undefined): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  const coverHosts = ['covers.openlibrary.org', openLibraryCovers?.host].filter(Boolean);
  if (!coverHosts.includes(parsed.host)) return true;
  return /^\/b\/id\/\d+-[SML]\.jpg$/.test(parsed.pathname) && parsed.search === '';
}
