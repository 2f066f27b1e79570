/**
 * Cover images for hovers on the Node host, fetched once and kept as data URIs (the keeping:
 * `cover/coverCache.ts`). VS Code's hovers load only
 * https and data images, and a cover host may be plain http; inlining also shows a cover
 * again without the network. Never sends a key. Covers are public images, fetched only from
 * public addresses (or the configured services' own hosts: the sandbox on 127.0.0.1 in tests);
 * one redirect is followed, to another https address (Open Library sends newer covers on to
 * archive.org), and the target is checked as the first address was.
 */
import { isIP } from 'node:net';
import { Agent, type Dispatcher, getGlobalDispatcher, request } from 'undici';
import { MAX_HOVER_COVER_CHARS } from '../../model/book';
import { isPublicAddress, publicOnlyLookup } from './publicAddress';
import { readBodyCapped } from './readBody';
import { COVER_TYPE, CoverCache, type CoverCacheOptions, KEEP_AS_SENT_BYTES } from '../../cover/coverCache';
import { coverRedirectTarget } from '../../cover/coverAddresses';

export interface CoverOptions extends CoverCacheOptions {
  /** Names ISBN Lens to the cover hosts (`keylessUserAgent`): Open Library refuses anonymous agents. */
  userAgent?: string;
  /** For the plan's own host (tests: the sandbox on 127.0.0.1). Other hosts go through a public-only agent. */
  dispatcher?: Dispatcher;
}

export class CoverImages extends CoverCache {
  private publicAgent?: Agent;

  constructor(private readonly options: CoverOptions = {}) {
    super(options);
  }

  override dispose(): void {
    void this.publicAgent?.close();
  }

  private dispatcherFor(url: string, planHost: string | readonly string[] | undefined): Dispatcher | undefined {
    let host: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
      host = parsed.hostname;
    } catch {
      return undefined;
    }
    const trusted = planHost === undefined ? [] : typeof planHost === 'string' ? [planHost] : planHost;
    if (trusted.some((h) => host.toLowerCase() === h.toLowerCase())) return this.options.dispatcher ?? getGlobalDispatcher();
    // A literal address is never looked up, so the public-only lookup would not see it.
    if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return isPublicAddress(host) ? this.publicOnlyAgent() : undefined;
    return this.publicOnlyAgent();
  }

  private publicOnlyAgent(): Agent {
    this.publicAgent ??= new Agent({ connect: { lookup: publicOnlyLookup } });
    return this.publicAgent;
  }

  protected async fetch(url: string, planHost: string | readonly string[] | undefined, redirected = false): Promise<string | undefined> {
    const dispatcher = this.dispatcherFor(url, planHost);
    if (!dispatcher) return undefined;
    try {
      // undici's request() follows no redirect unless told to: the one allowed is followed here.
      const response = await request(url, {
        method: 'GET',
        headers: { accept: 'image/*', ...(this.options.userAgent ? { 'user-agent': this.options.userAgent } : {}) },
        signal: AbortSignal.timeout(this.timeoutMs),
        dispatcher,
      });
      if (response.statusCode >= 300 && response.statusCode < 400 && !redirected) {
        await response.body.dump();
        const location = response.headers.location;
        const target = coverRedirectTarget(url, Array.isArray(location) ? location[0] : location);
        return target === undefined ? undefined : await this.fetch(target, planHost, true);
      }
      const type = String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (response.statusCode !== 200 || !COVER_TYPE.test(type)) {
        await response.body.dump();
        return undefined;
      }
      const image = await readBodyCapped(response.body, this.maxBytes);
      return image && (await this.fitForHover(image, type));
    } catch {
      return undefined;
    }
  }

  /** A data URI short enough for a hover: shrunk when it is a large JPEG or PNG, else as sent if it fits. */
  private async fitForHover(image: Buffer, type: string): Promise<string | undefined> {
    if (image.length > KEEP_AS_SENT_BYTES && (type === 'image/jpeg' || type === 'image/png')) {
      // The decoders load on the first large cover only.
      const { downscaleCover } = await import('../../cover/downscale');
      const small = downscaleCover(image, type, this.height);
      if (small) return `data:image/jpeg;base64,${Buffer.from(small).toString('base64')}`;
    }
    const uri = `data:${type};base64,${image.toString('base64')}`;
    // webp, gif and svg are not decoded here: too large for a hover, they are no cover at all.
    return uri.length <= MAX_HOVER_COVER_CHARS ? uri : undefined;
  }
}
