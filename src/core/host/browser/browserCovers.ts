/**
 * Cover images for hovers in VS Code for the Web (the keeping: `cover/coverCache.ts`). A cover
 * whose host answers the browser (Open Library's, the book service's if it allows it) is fetched
 * and inlined as a data URI, shrunk with `createImageBitmap` and `OffscreenCanvas` when it is
 * over the hover's budget; Google's image host sends no cross-origin permission, so its covers
 * are shown by their address, as https (a hover shows only https and data images). Never sends
 * the API key or cookies; loopback and private literal addresses only when they are a configured
 * service's own host (the browser cannot resolve a name to tell more).
 */
import { MAX_HOVER_COVER_CHARS } from '../../model/book';
import { COVER_TYPE, CoverCache, type CoverCacheOptions, KEEP_AS_SENT_BYTES } from '../../cover/coverCache';
import { readCapped } from './fetchTransport';

/** Hosts that serve images without a cross-origin permission: shown by address, never fetched. */
const SHOWN_BY_ADDRESS = /(^|\.)(books\.google\.[a-z.]+|googleusercontent\.com)$/i;

export class BrowserCovers extends CoverCache {
  constructor(
    options: CoverCacheOptions = {},
    private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init),
  ) {
    super(options);
  }

  protected async fetch(url: string, planHost: string | readonly string[] | undefined): Promise<string | undefined> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    const host = parsed.hostname.toLowerCase();
    if (SHOWN_BY_ADDRESS.test(host)) {
      parsed.protocol = 'https:';
      return parsed.href;
    }
    const trusted = planHost === undefined ? [] : typeof planHost === 'string' ? [planHost] : planHost;
    if (!trusted.some((h) => h.toLowerCase() === host) && isPrivateLiteral(host)) return undefined;
    try {
      // A redirect (Open Library sends newer covers on to archive.org) is followed by the browser,
      // under its own rules (no https page loads http; no cookies, no key go).
      const response = await this.fetchFn(parsed.href, {
        headers: { accept: 'image/*' },
        signal: AbortSignal.timeout(this.timeoutMs),
        credentials: 'omit',
      });
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (response.status !== 200 || !COVER_TYPE.test(type)) {
        await response.body?.cancel().catch(() => undefined);
        return undefined;
      }
      const image = await readCapped(response, this.maxBytes);
      return image && (await this.fitForHover(image, type));
    } catch {
      return undefined;
    }
  }

  /** A data URI short enough for a hover: shrunk when it is a large JPEG or PNG, else as sent if it fits. */
  private async fitForHover(image: Uint8Array, type: string): Promise<string | undefined> {
    if (image.byteLength > KEEP_AS_SENT_BYTES && (type === 'image/jpeg' || type === 'image/png')) {
      const small = await shrink(image, type, this.height).catch(() => undefined);
      if (small) return `data:image/jpeg;base64,${base64(small)}`;
    }
    const uri = `data:${type};base64,${base64(image)}`;
    return uri.length <= MAX_HOVER_COVER_CHARS ? uri : undefined;
  }
}

/** The image at `height` pixels (never enlarged), as JPEG; undefined where the worker cannot draw. */
async function shrink(image: Uint8Array, type: string, height: number): Promise<Uint8Array | undefined> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return undefined;
  const bitmap = await createImageBitmap(new Blob([image as BlobPart], { type }));
  try {
    const scale = Math.min(1, height / bitmap.height);
    const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    bitmap.close();
  }
}

/** Base64 of bytes with `btoa` (no `Buffer` in a browser), in slices small enough for one call. */
export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** `localhost`, or a literal loopback, private, link-local or unspecified address. */
export function isPrivateLiteral(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  // IPv6 literals: loopback, unspecified, unique local, link-local, v4-mapped; any other is public.
  return bare.includes(':') && /^(::1?|f[cd][0-9a-f]*:.*|fe[89ab][0-9a-f]*:.*|::ffff:.*)$/i.test(bare);
}
