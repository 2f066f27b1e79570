/**
 * The plan's rate shared by every VS Code window on this machine. Each window has its
 * own extension host, but the service counts the key's requests together; so the slots
 * of a key and plan are kept in one small file that windows update in turn under a
 * `FileLock`. Every update reads, changes and writes the file inside the lock, and writes
 * only if the lock is still its own and the file's version is the one it read: a window
 * that stalled never puts back an older copy over what others wrote since.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { writeFileAtomic, readSmallFile } from './files';
import { FileLock, type FileLockOptions, isRunning } from './fileLock';
import { type Pause, delayForWindow, normalizePause, slotExpired } from '../../rate/window';
import type { SharedRate, TakeResult } from '../../rate/sharedRate';

interface LedgerSlot {
  id: string;
  start: number;
  end?: number;
  /** The process that holds the slot: when it is gone, the slot ends at once. */
  pid?: number;
  host?: string;
}

interface LedgerFile {
  /** Counts writes: a writer that finds another number than it read has lost its turn. */
  version: number;
  slots: LedgerSlot[];
  /** A limit answer seen by any window holds all of them back until then. */
  pause?: Pause;
  /**
   * Windows waiting for a slot, in the order they first asked: a slot that comes free goes
   * to the longest waiting, not to whoever happens to ask first (the window whose answer
   * just came would otherwise win again and again).
   */
  queue?: Waiting[];
}

interface Waiting {
  id: string;
  /** When this window last asked; one that stops asking leaves the queue. */
  seen: number;
}


/** The ledger is a few hundred bytes; anything much larger is not ours and is replaced. */
const MAX_LEDGER_BYTES = 256 * 1024;
const MAX_UPDATE_ATTEMPTS = 5;
/** A window waiting behind another asks again this soon: the other is about to take its slot. */
const QUEUE_RETRY_MS = 20;

export interface SharedLedgerOptions {
  now?: () => number;
  lock?: FileLockOptions;
  /** For tests: runs inside the lock, between reading the file and writing it. */
  insideLock?: () => void | Promise<void>;
}

export class SharedLedger implements SharedRate {
  private readonly lock: FileLock;
  private readonly now: () => number;
  private readonly insideLock: (() => void | Promise<void>) | undefined;
  /** This window's place in the queue. */
  private readonly id = randomBytes(6).toString('hex');

  constructor(
    readonly path: string,
    options: SharedLedgerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.lock = new FileLock(`${path}.lock`, { now: this.now, ...options.lock });
    this.insideLock = options.insideLock;
  }

  /** Takes a slot if the window and the pause allow, else says how long to wait. */
  take(rate: number, windowMs: number): Promise<TakeResult> {
    return this.update((ledger, now) => {
      const pausedFor = ledger.pause ? ledger.pause.until - now : 0;
      const delayMs = Math.max(0, delayForWindow(ledger.slots, rate, windowMs, now), pausedFor);
      const queue = (ledger.queue ??= []);
      const place = queue.findIndex((w) => w.id === this.id);
      // Behind those who asked before: a window new to the queue goes last.
      if (delayMs > 0 || (place >= 0 ? place : queue.length) >= freeSlots(ledger.slots, rate, windowMs, now)) {
        if (place >= 0) queue[place]!.seen = now;
        else queue.push({ id: this.id, seen: now });
        return { ok: false, delayMs: delayMs > 0 ? delayMs : QUEUE_RETRY_MS };
      }
      if (place >= 0) queue.splice(place, 1);
      const id = randomBytes(6).toString('hex');
      ledger.slots.push({ id, start: now, pid: process.pid, host: hostname() });
      return { ok: true, id };
    }, windowMs);
  }

  /** Marks slots' answers as arrived (their window runs from now); unused slots are removed. */
  release(ids: readonly string[], windowMs: number, unused = false): Promise<void> {
    return this.update((ledger, now) => {
      for (const id of ids) {
        const index = ledger.slots.findIndex((s) => s.id === id);
        const slot = ledger.slots[index];
        if (!slot) continue;
        if (unused) ledger.slots.splice(index, 1);
        else slot.end ??= now;
      }
    }, windowMs);
  }

  pauseUntil(until: number, windowMs: number): Promise<void> {
    return this.update((ledger, now) => {
      if (!ledger.pause || until > ledger.pause.until) ledger.pause = { until, setAt: now };
    }, windowMs);
  }

  resume(windowMs: number): Promise<void> {
    return this.update((ledger) => {
      ledger.pause = undefined;
    }, windowMs);
  }

  private async update<T>(change: (ledger: LedgerFile, now: number) => T, windowMs: number): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.lock.with(async (stillHeld) => {
        const ledger = await this.read();
        const read = ledger.version;
        await this.insideLock?.();
        const now = this.now();
        tidy(ledger, now, windowMs);
        const result = change(ledger, now);
        ledger.version = read + 1;
        // Written only if no one broke the lock and wrote since we read: else start again.
        if (!(await stillHeld()) || (await this.read()).version !== read) return { retry: true as const };
        await writeFileAtomic(this.path, JSON.stringify(ledger));
        return { retry: false as const, result };
      });
      if (!outcome.retry) return outcome.result;
      if (attempt >= MAX_UPDATE_ATTEMPTS) throw new Error('The shared rate file kept changing under its lock.');
    }
  }

  private async read(): Promise<LedgerFile> {
    const empty: LedgerFile = { version: 0, slots: [] };
    const text = await readSmallFile(this.path, MAX_LEDGER_BYTES);
    if (text === undefined) return empty;
    try {
      const data = JSON.parse(text) as Partial<LedgerFile> & { pausedUntil?: unknown };
      const slots = Array.isArray(data.slots) ? data.slots.filter(isSlot) : [];
      const pause = isPause(data.pause) ? data.pause : undefined;
      const queue = Array.isArray(data.queue) ? data.queue.filter(isWaiting) : [];
      return { version: typeof data.version === 'number' ? data.version : 0, slots, pause, queue };
    } catch {
      // Corrupt or foreign: start afresh; the next write replaces it.
      return empty;
    }
  }
}

/**
 * Drops what no longer counts: slots out of the window, the pause once over. Times
 * written before the clock was stepped back count from now; slots of processes that are
 * gone end now.
 */
function tidy(ledger: LedgerFile, now: number, windowMs: number): void {
  for (const slot of ledger.slots) {
    if (slot.end === undefined && slot.pid !== undefined && slot.host !== undefined && !isRunning({ pid: slot.pid, host: slot.host })) slot.end = now;
  }
  ledger.slots = ledger.slots.filter((slot) => !slotExpired(slot, now, windowMs));
  // A window asks again at least once a window while it waits; one that stopped has gone.
  ledger.queue = ledger.queue?.filter((w) => Math.min(w.seen, now) > now - 2 * windowMs - QUEUE_RETRY_MS);
  if (ledger.pause) ledger.pause = normalizePause(ledger.pause, now);
  if (ledger.pause && ledger.pause.until <= now) ledger.pause = undefined;
}

/** Slots that may start now: the rate less those still counting in the window. */
function freeSlots(slots: readonly LedgerSlot[], rate: number, windowMs: number, now: number): number {
  return rate - slots.filter((slot) => !slotExpired(slot, now, windowMs)).length;
}

function isWaiting(value: unknown): value is Waiting {
  const waiting = value as Waiting | null;
  return typeof waiting?.id === 'string' && typeof waiting.seen === 'number';
}

function isSlot(value: unknown): value is LedgerSlot {
  const slot = value as LedgerSlot | null;
  return typeof slot?.id === 'string' && typeof slot.start === 'number' && (slot.end === undefined || typeof slot.end === 'number');
}

function isPause(value: unknown): value is Pause {
  const pause = value as Pause | null;
  return typeof pause?.until === 'number' && typeof pause.setAt === 'number';
}
