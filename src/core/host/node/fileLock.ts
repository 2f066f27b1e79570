/**
 * A lock file shared by processes on one machine. The lock is the file itself, created
 * whole and at once (a hard link of a finished temporary file), naming its owner: a
 * random token, the process id and the host. Only the owner removes it; anyone else may
 * break it only when its owner is gone (that process no longer runs), or when it has been
 * held for longer than any live holder could hold it.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

interface Owner {
  token: string;
  pid: number;
  host: string;
}

export interface FileLockOptions {
  /** Give up waiting after this long (the caller then works without the lock). */
  waitMs?: number;
  /**
   * A lock held longer than this is taken as abandoned even if its process runs: the
   * holder is hung, or the pid was reused. Holders keep it for milliseconds.
   */
  abandonedAfterMs?: number;
  retryMs?: number;
  /** Wall time used to age lock files (the file system's clock). */
  now?: () => number;
}

export class LockTimeoutError extends Error {}

export class FileLock {
  private readonly waitMs: number;
  private readonly abandonedAfterMs: number;
  private readonly retryMs: number;
  private readonly now: () => number;

  constructor(
    readonly path: string,
    options: FileLockOptions = {},
  ) {
    this.waitMs = options.waitMs ?? 15_000;
    this.abandonedAfterMs = options.abandonedAfterMs ?? 30_000;
    this.retryMs = options.retryMs ?? 4;
    this.now = options.now ?? Date.now;
  }

  /** Runs `work` holding the lock; `stillHeld` tells, just before a write, that no one broke it. */
  async with<T>(work: (stillHeld: () => Promise<boolean>) => Promise<T>): Promise<T> {
    const token = await this.acquire();
    try {
      return await work(async () => (await this.readOwner())?.token === token);
    } finally {
      await this.release(token);
    }
  }

  private async acquire(): Promise<string> {
    await mkdir(dirname(this.path), { recursive: true });
    const owner: Owner = { token: randomBytes(8).toString('hex'), pid: process.pid, host: hostname() };
    const temporary = `${this.path}.${owner.token}.tmp`;
    await writeFile(temporary, JSON.stringify(owner));
    const began = this.now();
    let written = began;
    try {
      for (;;) {
        if (this.now() - written > 1000) {
          // The lock's age is its file's: keep it fresh while waiting.
          written = this.now();
          await utimes(temporary, new Date(written), new Date(written));
        }
        try {
          await link(temporary, this.path);
          return owner.token;
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        }
        if (await this.breakIfAbandoned()) continue;
        if (this.now() - began > this.waitMs) throw new LockTimeoutError(`The lock ${this.path} stayed held by a running process.`);
        await new Promise((r) => setTimeout(r, this.retryMs + Math.random() * this.retryMs));
      }
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /** Only the owner's token releases the lock. */
  private async release(token: string): Promise<void> {
    if ((await this.readOwner())?.token === token) await rm(this.path, { force: true });
  }

  /**
   * Removes the lock if its holder is gone. It is first moved aside (one process wins the
   * move), then read: if it turns out to be a live holder's lock after all, it goes back.
   */
  private async breakIfAbandoned(): Promise<boolean> {
    const seen = await this.inspect();
    if (!seen || !seen.abandoned) return false;
    const aside = `${this.path}.${randomBytes(6).toString('hex')}.broken`;
    try {
      await rename(this.path, aside);
    } catch {
      return true; // Someone else moved or released it: try again at once.
    }
    const moved = await readOwnerFile(aside);
    if (moved && moved.token !== seen.owner?.token) {
      // Between looking and moving, a live process took the lock: give it back.
      await link(aside, this.path).catch(() => undefined);
    }
    await rm(aside, { force: true });
    return true;
  }

  private async inspect(): Promise<{ owner: Owner | undefined; abandoned: boolean } | undefined> {
    let age: number;
    try {
      age = this.now() - (await stat(this.path)).mtimeMs;
    } catch {
      return undefined;
    }
    const owner = await this.readOwner();
    if (!owner) return { owner, abandoned: age > this.abandonedAfterMs };
    return { owner, abandoned: !isRunning(owner) || age > this.abandonedAfterMs };
  }

  private readOwner(): Promise<Owner | undefined> {
    return readOwnerFile(this.path);
  }
}

async function readOwnerFile(path: string): Promise<Owner | undefined> {
  try {
    const data = JSON.parse(await readFile(path, 'utf8')) as Partial<Owner>;
    return typeof data.token === 'string' && typeof data.pid === 'number' && typeof data.host === 'string' ? (data as Owner) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote `owner` still runs. A process on another host is taken as running. */
export function isRunning(owner: { pid: number; host: string }): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
