/**
 * The plan's rate shared by every VS Code window on this machine. Each window has its
 * own extension host, but the service counts the key's requests together; so the slots
 * of a key and plan are kept in one small file that windows take turns to update under a
 * lock. A window that dies leaves slots that expire by themselves.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

interface LedgerSlot {
  id: string;
  start: number;
  end?: number;
}

interface LedgerFile {
  slots: LedgerSlot[];
  /** A limit answer seen by any window holds all of them back until then. */
  pausedUntil: number;
}

export type TakeResult = { ok: true; id: string } | { ok: false; delayMs: number };

/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 3000;
/** A slot whose window never reported its answer counts as ended at its start after this long. */
const MAX_SLOT_HOLD_MS = 2 * 60_000;
const LOCK_RETRY_MS = 4;
const LOCK_TIMEOUT_MS = 5000;

export class SharedLedger {
  private readonly lockPath: string;

  constructor(
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {
    this.lockPath = `${path}.lock`;
  }

  /** Takes a slot if fewer than `rate` slots ended within the last window, else says how long to wait. */
  take(rate: number, windowMs: number): Promise<TakeResult> {
    return this.update((ledger) => {
      const now = this.now();
      const ends = ledger.slots.map((slot) => slot.end ?? (now - slot.start > MAX_SLOT_HOLD_MS ? slot.start : now)).sort((a, b) => a - b);
      const windowFull = ends.length >= rate ? ends[ends.length - rate]! + windowMs - now : 0;
      const delayMs = Math.max(0, windowFull, ledger.pausedUntil - now);
      if (delayMs > 0) return { ok: false, delayMs };
      const id = randomBytes(6).toString('hex');
      ledger.slots.push({ id, start: now });
      return { ok: true, id };
    }, windowMs);
  }

  /** Marks a slot's answer as arrived: its window runs from now. */
  release(id: string, windowMs: number): Promise<void> {
    return this.update((ledger) => {
      const slot = ledger.slots.find((s) => s.id === id);
      if (slot && slot.end === undefined) slot.end = this.now();
    }, windowMs);
  }

  pauseUntil(time: number, windowMs: number): Promise<void> {
    return this.update((ledger) => {
      ledger.pausedUntil = Math.max(ledger.pausedUntil, time);
    }, windowMs);
  }

  resume(windowMs: number): Promise<void> {
    return this.update((ledger) => {
      ledger.pausedUntil = 0;
    }, windowMs);
  }

  async pausedUntilTime(): Promise<number> {
    return (await this.read()).pausedUntil;
  }

  private async update<T>(change: (ledger: LedgerFile) => T, windowMs: number): Promise<T> {
    await this.lock();
    try {
      const ledger = await this.read();
      const result = change(ledger);
      const now = this.now();
      ledger.slots = ledger.slots.filter((slot) => (slot.end ?? (now - slot.start > MAX_SLOT_HOLD_MS ? slot.start : now)) > now - windowMs);
      await this.write(ledger);
      return result;
    } finally {
      await rm(this.lockPath, { recursive: true, force: true });
    }
  }

  private async lock(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const deadline = this.now() + LOCK_TIMEOUT_MS;
    for (;;) {
      try {
        await mkdir(this.lockPath);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const age = await stat(this.lockPath).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS || this.now() > deadline) {
        await rm(this.lockPath, { recursive: true, force: true });
        continue;
      }
      await new Promise((r) => setTimeout(r, LOCK_RETRY_MS + Math.random() * LOCK_RETRY_MS));
    }
  }

  private async read(): Promise<LedgerFile> {
    try {
      const data = JSON.parse(await readFile(this.path, 'utf8')) as Partial<LedgerFile>;
      const slots = Array.isArray(data.slots) ? data.slots.filter((s): s is LedgerSlot => typeof s?.id === 'string' && typeof s.start === 'number') : [];
      return { slots, pausedUntil: typeof data.pausedUntil === 'number' ? data.pausedUntil : 0 };
    } catch {
      // Missing, corrupt or foreign: start afresh; the next write replaces it.
      return { slots: [], pausedUntil: 0 };
    }
  }

  private async write(ledger: LedgerFile): Promise<void> {
    const temporary = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(ledger));
    await rename(temporary, this.path);
  }
}
