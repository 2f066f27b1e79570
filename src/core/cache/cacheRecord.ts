/**
 * The look-up cache kept as a record (see `host/records.ts`), shared by every window:
 * loading takes in what is kept; saving first takes in what other windows saved since, in
 * the same turn, so windows saving at once keep each other's answers. A record that is not
 * a cache reads as empty and is replaced at the next save.
 */
import type { RecordStore } from '../host/records';
import type { BookCache } from './cache';

/** The record's name: the Node host keeps it as `book-cache.json`. */
export const CACHE_RECORD = 'book-cache';

/** Takes the kept answers into `cache`; returns how many. `record`: a keyless source keeps its own (`book-cache-openLibrary`). */
export async function loadCache(records: RecordStore, cache: BookCache, record: string = CACHE_RECORD): Promise<number> {
  return cache.load(await records.read(record));
}

/** Saves `cache`, taking in the answers other windows kept since; returns how many came from them. */
export function saveCacheMerged(records: RecordStore, cache: BookCache, record: string = CACHE_RECORD): Promise<number> {
  return records.update(record, (current) => {
    const merged = cache.load(current);
    return { next: cache.serialize(), result: merged };
  });
}
