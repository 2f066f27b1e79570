/**
 * Covers for hovers, fetched once and kept: the memory of both hosts' cover stores (Node:
 * `host/node/coverImages.ts`, browser: `host/browser/browserCovers.ts`). Each cover is kept as
 * what the hover shows (a data URI, or an https address where the browser may not read the
 * image), the least recently used dropped first once their characters exceed the bound; a cover
 * that could not be had is not asked for again for a while; callers asking at once share one fetch.
 * How a cover is fetched and made small is the host's.
 */
import { Lru } from '../cache/lru';

export interface CoverCacheOptions {
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
}

/** Covers up to this size are inlined as sent; larger JPEG and PNG covers are shrunk first. */
export const KEEP_AS_SENT_BYTES = 24 * 1024;
/** The image types a hover may show inlined. */
export const COVER_TYPE = /^image\/(png|jpeg|gif|webp|svg\+xml)$/;
/** Failures remembered at most (their URLs only). */
const MAX_FAILURES = 1000;

export abstract class CoverCache {
  /** URL → data URI, least recently used dropped first once the characters exceed the bound. */
  private readonly cache = new Map<string, string>();
  private cachedChars = 0;
  /** URL → when it failed; asked again after `retryAfterMs`. */
  private readonly failures = new Lru<string, number>(MAX_FAILURES);
  private readonly pending = new Map<string, Promise<string | undefined>>();
  protected readonly maxBytes: number;
  private readonly maxCacheChars: number;
  protected readonly timeoutMs: number;
  private readonly retryAfterMs: number;
  protected readonly height: number;
  private readonly now: () => number;

  constructor(options: CoverCacheOptions = {}) {
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

  dispose(): void {}

  /** The cover as the hover shows it, or undefined; never throws. */
  protected abstract fetch(url: string, planHost: string | readonly string[] | undefined): Promise<string | undefined>;

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
