/**
 * The look-up cache on disk. Written atomically (a temporary file renamed over the old
 * one), so a crash or a second window never leaves half a file; a corrupt or foreign
 * file reads as empty and is replaced at the next save.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Refuse to parse a cache file larger than this: it cannot be ours. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export async function readCacheFile(path: string): Promise<unknown> {
  try {
    const text = await readFile(path, 'utf8');
    if (text.length > MAX_FILE_BYTES) return undefined;
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function writeCacheFile(path: string, data: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(data), 'utf8');
    await rename(temporary, path);
  } catch (e) {
    await rm(temporary, { force: true });
    throw e;
  }
}
