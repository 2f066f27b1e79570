/**
 * The look-up cache on disk, shared by every window. Written atomically, so a crash or a
 * second window never leaves half a file; a corrupt, foreign or oversized file reads as
 * empty and is replaced at the next save. Saving merges with what is on disk, under a
 * lock, so that windows saving at once keep each other's answers.
 */
import { readSmallFile, writeFileAtomic } from './files';
import type { BookCache } from '../../cache/cache';
import { FileLock } from './fileLock';

/** Refuse to read a cache file larger than this: it cannot be ours. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export async function readCacheFile(path: string): Promise<unknown> {
  const text = await readSmallFile(path, MAX_FILE_BYTES);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function writeCacheFile(path: string, data: unknown): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(data));
}

/**
 * Saves `cache`, first taking in the answers other windows saved since (so they are kept,
 * and known here too). Returns how many answers came from disk.
 */
export function saveCacheMerged(path: string, cache: BookCache): Promise<number> {
  return new FileLock(`${path}.lock`).with(async () => {
    const merged = cache.load(await readCacheFile(path));
    await writeCacheFile(path, cache.serialize());
    return merged;
  });
}
