/** Small local files shared between windows: written whole or not at all, read only when small. */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes a temporary file and renames it over `path`, so that a crash or a second window
 * never leaves half a file.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (e) {
    await rm(temporary, { force: true });
    throw e;
  }
}

/**
 * The file's text, or undefined if it is missing, unreadable or larger than `maxBytes`:
 * the size is checked before anything is read, so a huge file costs no memory.
 */
export async function readSmallFile(path: string, maxBytes: number): Promise<string | undefined> {
  let file;
  try {
    file = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const { size } = await file.stat();
    if (size > maxBytes) return undefined;
    // Read at most one byte more than allowed, in case the file grew since.
    const buffer = Buffer.alloc(size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) return undefined;
    }
    return buffer.subarray(0, length).toString('utf8');
  } catch {
    return undefined;
  } finally {
    await file.close();
  }
}
