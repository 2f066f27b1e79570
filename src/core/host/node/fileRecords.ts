/**
 * "Keep a small record" for the Node host (see `host/records.ts`): one JSON file per record in
 * a folder every window shares (the extension's global storage). Written atomically, so a
 * crash or a second window never leaves half a file; a corrupt, foreign or oversized file
 * reads as no record and is replaced at the next update, which runs under a lock file.
 */
import { join } from 'node:path';
import type { RecordStore } from '../records';
import { FileLock } from './fileLock';
import { readSmallFile, writeFileAtomic } from './files';

/** Refuse to read a record file larger than this: it cannot be ours. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export class FileRecords implements RecordStore {
  constructor(private readonly dir: string) {}

  /** The file that keeps `name`. */
  path(name: string): string {
    return join(this.dir, `${name}.json`);
  }

  async read(name: string): Promise<unknown> {
    const text = await readSmallFile(this.path(name), MAX_FILE_BYTES);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }

  update<T>(name: string, change: (current: unknown) => { next: unknown; result: T }): Promise<T> {
    const path = this.path(name);
    return new FileLock(`${path}.lock`).with(async () => {
      const { next, result } = change(await this.read(name));
      await writeFileAtomic(path, JSON.stringify(next));
      return result;
    });
  }
}
