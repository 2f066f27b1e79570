/**
 * Bounded LRU of look-up results with separate lifetimes for found and not-found.
 * Only answers the service gave are stored: a limit or a failure is never cached, so it
 * can never pass for "no such book".
 */
import type { Book } from '../model/book';
import { type Clock, systemClock } from '../clock';
import { Emitter } from '../events';
import { Lru } from './lru';

export type CacheEntry =
  | { status: 'found'; book: Book; storedAt: number }
  | { status: 'notFound'; storedAt: number };

export interface CacheOptions {
  maxEntries?: number;
  foundTtlMs?: number;
  notFoundTtlMs?: number;
  clock?: Clock;
}

const DAY = 24 * 60 * 60 * 1000;
export const CACHE_FORMAT = 'isbn-lens-cache/1';

export interface SerializedCache {
  format: typeof CACHE_FORMAT;
  entries: [string, CacheEntry][];
}

export class BookCache {
  private readonly entries: Lru<string, CacheEntry>;
  private readonly foundTtlMs: number;
  private readonly notFoundTtlMs: number;
  private readonly clock: Clock;
  private readonly changes = new Emitter<void>();
  /** Fires after answers were stored, loaded or cleared. */
  readonly onDidChange = this.changes.event;

  constructor(options: CacheOptions = {}) {
    this.entries = new Lru(options.maxEntries ?? 20_000);
    this.foundTtlMs = options.foundTtlMs ?? 30 * DAY;
    this.notFoundTtlMs = options.notFoundTtlMs ?? 1 * DAY;
    this.clock = options.clock ?? systemClock;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry for an ISBN-13 if it is still fresh; refreshes its place in the LRU order. */
  get(isbn13: string): CacheEntry | undefined {
    const entry = this.entries.get(isbn13);
    if (!entry || !this.isExpired(entry)) return entry;
    this.entries.delete(isbn13);
    return undefined;
  }

  /** Like `get`, without touching the LRU order (for painting many at once). */
  peek(isbn13: string): CacheEntry | undefined {
    const entry = this.entries.peek(isbn13);
    return entry && !this.isExpired(entry) ? entry : undefined;
  }

  setFound(isbn13: string, book: Book): void {
    this.put(isbn13, { status: 'found', book, storedAt: this.clock.now() });
  }

  setNotFound(isbn13: string): void {
    this.put(isbn13, { status: 'notFound', storedAt: this.clock.now() });
  }

  clear(): void {
    this.entries.clear();
    this.changed();
  }

  serialize(): SerializedCache {
    const entries = [...this.entries.entries()].filter(([, entry]) => !this.isExpired(entry));
    return { format: CACHE_FORMAT, entries };
  }

  /** Loads what `serialize` wrote; anything foreign or malformed is skipped. Returns the count loaded. */
  load(data: unknown): number {
    if (!isSerializedCache(data)) return 0;
    let loaded = 0;
    for (const item of data.entries) {
      if (!Array.isArray(item) || typeof item[0] !== 'string' || !isEntry(item[1])) continue;
      if (this.isExpired(item[1]) || this.entries.has(item[0])) continue;
      this.entries.add(item[0], item[1]);
      loaded++;
    }
    this.entries.evict();
    if (loaded > 0) this.changed();
    return loaded;
  }

  private put(isbn13: string, entry: CacheEntry): void {
    this.entries.set(isbn13, entry);
    this.changed();
  }

  private isExpired(entry: CacheEntry): boolean {
    const ttl = entry.status === 'found' ? this.foundTtlMs : this.notFoundTtlMs;
    return this.clock.now() - entry.storedAt > ttl;
  }

  private changed(): void {
    this.changes.fire();
  }
}

function isSerializedCache(data: unknown): data is SerializedCache {
  return typeof data === 'object' && data !== null && (data as SerializedCache).format === CACHE_FORMAT && Array.isArray((data as SerializedCache).entries);
}

function isEntry(value: unknown): value is CacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as CacheEntry;
  if (typeof entry.storedAt !== 'number') return false;
  if (entry.status === 'notFound') return true;
  if (entry.status !== 'found' || typeof entry.book !== 'object' || entry.book === null) return false;
  const book = entry.book;
  return typeof book.isbn13 === 'string' && typeof book.title === 'string' && [book.authors, book.subjects, book.deweyDecimal, book.otherIsbns].every(Array.isArray);
}
