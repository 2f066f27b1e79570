/**
 * A map that keeps at most `maxEntries`, dropping the least recently used first. `get`
 * counts as a use, `peek` does not (for painting many at once).
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.map.size;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key)!;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    this.evict();
  }

  /** Adds without counting as the latest use of anything already here (loading from disk). */
  add(key: K, value: V): void {
    if (!this.map.has(key)) this.map.set(key, value);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  /** Drops the least recently used until at most `maxEntries` remain. */
  evict(): void {
    for (const key of this.map.keys()) {
      if (this.map.size <= this.maxEntries) break;
      this.map.delete(key);
    }
  }
}
