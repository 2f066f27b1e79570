/**
 * Cover images for hovers, fetched once and kept as data URIs. VS Code's hovers load only
 * https and data images, and a cover host may be plain http; inlining also shows a cover
 * again without the network. Never sends the API key: covers are public images.
 */
import { type Dispatcher, request } from 'undici';
import { readBodyCapped } from '../http/readBody';
import { Lru } from './lru';

export interface CoverOptions {
  maxBytes?: number;
  maxEntries?: number;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

export class CoverImages {
  /** URL → data URI, or null when the image could not be had (not retried this session). */
  private readonly cache: Lru<string, string | null>;
  private readonly pending = new Map<string, Promise<string | undefined>>();
  private readonly maxBytes: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: CoverOptions = {}) {
    this.maxBytes = options.maxBytes ?? 512 * 1024;
    this.cache = new Lru(options.maxEntries ?? 200);
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  /** The data URI if the cover is already here. */
  peek(url: string): string | undefined {
    return this.cache.peek(url) ?? undefined;
  }

  /** The cover as a data URI, or undefined if it is not an image, too large, or out of reach. */
  get(url: string): Promise<string | undefined> {
    if (this.cache.has(url)) return Promise.resolve(this.cache.get(url) ?? undefined);
    let pending = this.pending.get(url);
    if (!pending) {
      pending = this.fetch(url).then((uri) => {
        this.pending.delete(url);
        this.remember(url, uri ?? null);
        return uri;
      });
      this.pending.set(url, pending);
    }
    return pending;
  }

  private async fetch(url: string): Promise<string | undefined> {
    try {
      const response = await request(url, {
        method: 'GET',
        headers: { accept: 'image/*' },
        signal: AbortSignal.timeout(this.timeoutMs),
        ...(this.options.dispatcher ? { dispatcher: this.options.dispatcher } : {}),
      });
      const type = String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (response.statusCode !== 200 || !/^image\/(png|jpeg|gif|webp|svg\+xml)$/.test(type)) {
        await response.body.dump();
        return undefined;
      }
      const image = await readBodyCapped(response.body, this.maxBytes);
      return image && `data:${type};base64,${image.toString('base64')}`;
    } catch {
      return undefined;
    }
  }

  private remember(url: string, uri: string | null): void {
    this.cache.set(url, uri);
  }
}
