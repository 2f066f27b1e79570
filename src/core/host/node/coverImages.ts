/**
 * Cover images for hovers, fetched once and kept as data URIs. VS Code's hovers load only
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
import { Lru } from '../../cache/lru';
import { coverRedirectTarget } from '../../sources/keyless/images';

export interface CoverOptions {
  /** The largest image downloaded. */
  maxBytes?: number;
  /** The most characters of data URIs kept, all covers together. */
  maxCacheChars?: number;
  timeoutMs?: number;
  /** How long a cover that could not be had is not asked for again. */
  retryAfterMs?: number;
  /** Pixel height covers are shrunk to: twice the hover's 140 px, for high-density screens. */
  height?: number;
  now?: () => number;
  /** For the plan's own host (tests: the sandbox on 127.0.0.1). Other hosts go through a public-only agent. */
  dispatcher?: Dispatcher;
}

/** Covers up to this size are inlined as sent; larger JPEG and PNG covers are shrunk first. */
const KEEP_AS_SENT_BYTES = 24 * 1024;
/** Failures remembered at most (their URLs only). */
const MAX_FAILURES = 1000;

export class CoverImages {
  /** URL → data URI, least recently used dropped first once the characters exceed the bound. */
  private readonly cache = new Map<string, string>();
  private cachedChars = 0;
  /** URL → when it failed; asked again after `retryAfterMs`. */
  private readonly failures = new Lru<string, number>(MAX_FAILURES);
  private readonly pending = new Map<string, Promise<string | undefined>>();
  private readonly maxBytes: number;
  private readonly maxCacheChars: number;
  private readonly timeoutMs: number;
  private readonly retryAfterMs: number;
  private readonly height: number;
  private readonly now: () => number;
  private publicAgent?: Agent;

  constructor(private readonly options: CoverOptions = {}) {
    this.maxBytes = options.maxBytes ?? 512 * 1024;
    this.maxCacheChars = options.maxCacheChars ?? 8_000_000;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.retryAfterMs = options.retryAfterMs ?? 10 * 60 * 1000;
    this.height = options.height ?? 280;
    this.now = options.now ?? Date.now;
  }

  /** The data URI if the cover is already here. */
  peek(url: string): string | undefined {
    return this.cache.get(url);
  }

  /** Characters of data URIs held now. */
  get size(): number {
    return this.cachedChars;
  }

  /**
   * The cover as a data URI, or undefined if it is not an image, too large, or out of reach.
   * `planHost`: the hostnames of the configured services (the plan's, the keyless sources'), the non-public hosts allowed.
   */
  get(url: string, planHost?: string | readonly string[]): Promise<string | undefined> {
    const cached = this.cache.get(url);
    if (cached !== undefined) {
      this.remember(url, cached); // now the latest used
      return Promise.resolve(cached);
    }
    const failedAt = this.failures.peek(url);
    if (failedAt !== undefined) {
      const now = this.now();
      // A clock stepped back counts as "just failed" no longer than the wait itself.
      if (now >= failedAt && now - failedAt < this.retryAfterMs) return Promise.resolve(undefined);
      this.failures.delete(url);
    }
    let pending = this.pending.get(url);
    if (!pending) {
      pending = this.fetch(url, planHost).then((uri) => {
        this.pending.delete(url);
        if (uri === undefined) this.failures.set(url, this.now());
        else this.remember(url, uri);
        return uri;
      });
      this.pending.set(url, pending);
    }
    return pending;
  }

  dispose(): void {
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

  private async fetch(url: string, planHost: string | readonly string[] | undefined, redirected = false): Promise<string | undefined> {
    const dispatcher = this.dispatcherFor(url, planHost);
    if (!dispatcher) return undefined;
    try {
      // undici's request() follows no redirect unless told to: the one allowed is followed here.
      const response = await request(url, {
        method: 'GET',
        headers: { accept: 'image/*' },
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
      if (response.statusCode !== 200 || !/^image\/(png|jpeg|gif|webp|svg\+xml)$/.test(type)) {
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

  private remember(url: string, uri: string): void {
    const previous = this.cache.get(url);
    if (previous !== undefined) {
      this.cache.delete(url);
      this.cachedChars -= previous.length;
    }
    if (uri.length > this.maxCacheChars) return;
    this.cache.set(url, uri);
    this.cachedChars += uri.length;
    for (const [oldest, old] of this.cache) {
      if (this.cachedChars <= this.maxCacheChars) break;
      this.cache.delete(oldest);
      this.cachedChars -= old.length;
    }
  }
}
