/**
 * The plan's rate as a sliding window: never more than `rate` requests in any window of
 * `windowMs` as the service counts them. One instance per key and plan is shared by every
 * endpoint and every caller, so hovers, commands and batches together stay within the plan;
 * with a `SharedLedger`, every window on the machine shares it too.
 *
 * The service counts arrivals, which we cannot see: a request arrives somewhere between
 * its start and its answer (a new connection alone can take 100 ms). So each request
 * holds its slot until its answer comes, and the window is counted from then. That keeps
 * the bound even when one request is slow and the next is fast, at the cost of one
 * round trip per window.
 */
import { ServiceError } from './errors';
import type { SharedLedger } from './sharedLedger';

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The spec's window is one second; the margin absorbs timer and clock granularity. */
export const WINDOW_MS = 1000;
export const SAFETY_MARGIN_MS = 10;
/** A slot whose request never reported back is taken as done after this long. */
const MAX_SLOT_HOLD_MS = 5 * 60_000;

/** Call when the request's answer (or failure) has arrived. */
export type ReleaseSlot = () => void;

interface Slot {
  /** When the request started, and when its answer came (undefined while in flight). */
  start: number;
  end?: number;
}

interface Waiter {
  resolve(release: ReleaseSlot): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export interface ThrottleOptions {
  windowMs?: number;
  clock?: Clock;
  /** Shares the window with other processes (other VS Code windows) using the same key. */
  ledger?: SharedLedger;
  /** Told when the shared ledger cannot be used; the throttle then keeps to its own count. */
  onLedgerError?: (error: unknown) => void;
}

export class Throttle {
  private readonly slots: Slot[] = [];
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private pausedUntil = 0;
  private pumping = false;
  private readonly listeners = new Set<() => void>();
  private readonly windowMs: number;
  private readonly clock: Clock;
  private ledger: SharedLedger | undefined;

  constructor(
    private rate: number,
    windowMsOrOptions: number | ThrottleOptions = {},
  ) {
    if (!(rate > 0)) throw new RangeError('rate must be positive');
    const options = typeof windowMsOrOptions === 'number' ? { windowMs: windowMsOrOptions } : windowMsOrOptions;
    this.windowMs = options.windowMs ?? WINDOW_MS + SAFETY_MARGIN_MS;
    this.clock = options.clock ?? systemClock;
    this.ledger = options.ledger;
    this.onLedgerError = options.onLedgerError;
  }

  private readonly onLedgerError: ((error: unknown) => void) | undefined;

  get perSecond(): number {
    return this.rate;
  }

  /** Requests waiting for a slot. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** When the throttle will let requests go again after a back-off; 0 when not paused. */
  get pausedUntilTime(): number {
    return this.pausedUntil > this.clock.now() ? this.pausedUntil : 0;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  setRate(rate: number): void {
    if (!(rate > 0)) throw new RangeError('rate must be positive');
    this.rate = rate;
    this.pump();
  }

  /** Holds every request back until `time` (a limit answer asked us to wait), in every window. */
  pauseUntil(time: number): void {
    if (time <= this.pausedUntil) return;
    this.pausedUntil = time;
    this.shared((ledger) => ledger.pauseUntil(time, this.windowMs));
    this.changed();
    this.pump();
  }

  /** Lifts a pause early, for example when the user asks to retry now. */
  resume(): void {
    this.pausedUntil = 0;
    this.shared((ledger) => ledger.resume(this.windowMs));
    this.changed();
    this.pump();
  }

  /**
   * Resolves when a request may start now, with the function to call once its answer has
   * arrived; rejects with `cancelled` if the signal aborts first.
   */
  acquire(signal?: AbortSignal): Promise<ReleaseSlot> {
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(cancelled());
          this.changed();
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
      this.changed();
      this.pump();
    });
  }

  /** Time until this window's count allows the next start, 0 when one may start now. */
  delayUntilNextSlot(): number {
    const now = this.clock.now();
    // Slots in flight count as ending now: their arrival may still be ahead.
    const ends = this.slots.map((slot) => slot.end ?? (now - slot.start > MAX_SLOT_HOLD_MS ? slot.start : now));
    for (let i = this.slots.length - 1; i >= 0; i--) {
      if (ends[i]! <= now - this.windowMs) {
        this.slots.splice(i, 1);
        ends.splice(i, 1);
      }
    }
    ends.sort((a, b) => a - b);
    const windowFull = ends.length >= this.rate ? ends[ends.length - this.rate]! + this.windowMs - now : 0;
    return Math.max(0, windowFull, this.pausedUntil - now);
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const waiter of this.waiters.splice(0)) {
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.reject(cancelled());
    }
    this.listeners.clear();
  }

  private pump(): void {
    if (this.pumping) {
      // A grant is waiting on the shared ledger; it looks again when it is done.
      this.pumpAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pumping = true;
    void this.grant();
  }

  private pumpAgain = false;

  /** Hands out slots while both this window's count and the shared ledger allow. */
  private async grant(): Promise<void> {
    try {
      await this.grantSlots();
    } finally {
      this.pumping = false;
      if (this.pumpAgain) {
        this.pumpAgain = false;
        if (!this.timer) this.pump();
      }
    }
  }

  private async grantSlots(): Promise<void> {
    while (this.waiters.length > 0) {
      let delay = this.delayUntilNextSlot();
      let ledgerId: string | undefined;
      if (delay === 0 && this.ledger) {
        const taken = await this.takeShared();
        if (taken?.ok === false) delay = Math.max(taken.delayMs, 1);
        else ledgerId = taken?.id;
      }
      if (delay > 0) {
        this.timer = setTimeout(() => this.pump(), delay);
        return;
      }
      const waiter = this.waiters.shift();
      if (!waiter) {
        // Everyone gave up while the ledger was asked: hand the slot straight back.
        if (ledgerId) this.shared((ledger) => ledger.release(ledgerId, this.windowMs));
        return;
      }
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      const slot: Slot = { start: this.clock.now() };
      this.slots.push(slot);
      waiter.resolve(() => {
        if (slot.end !== undefined) return;
        slot.end = this.clock.now();
        if (ledgerId) this.shared((ledger) => ledger.release(ledgerId, this.windowMs));
        this.pump();
      });
      this.changed();
    }
  }

  private async takeShared(): Promise<Awaited<ReturnType<SharedLedger['take']>> | undefined> {
    try {
      return await this.ledger!.take(this.rate, this.windowMs);
    } catch (e) {
      // A broken shared file must not stop look-ups: keep to this window's own count.
      this.ledger = undefined;
      this.onLedgerError?.(e);
      return undefined;
    }
  }

  private shared(action: (ledger: SharedLedger) => Promise<void>): void {
    const ledger = this.ledger;
    if (!ledger) return;
    action(ledger).catch((e) => {
      this.ledger = undefined;
      this.onLedgerError?.(e);
    });
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

function cancelled(): ServiceError {
  return new ServiceError('cancelled', 'Cancelled.');
}

/** One throttle per key and plan, however many clients are made for them. */
export class ThrottleRegistry {
  private readonly throttles = new Map<string, Throttle>();

  /**
   * `keyId` identifies the key without holding it (see `keyFingerprint`);
   * `options` apply when the throttle is first made.
   */
  get(keyId: string, plan: string, rate: number, options: () => ThrottleOptions = () => ({})): Throttle {
    const id = `${plan}:${keyId}`;
    let throttle = this.throttles.get(id);
    if (!throttle) {
      throttle = new Throttle(rate, options());
      this.throttles.set(id, throttle);
    } else if (throttle.perSecond !== rate) {
      throttle.setRate(rate);
    }
    return throttle;
  }

  dispose(): void {
    for (const throttle of this.throttles.values()) throttle.dispose();
    this.throttles.clear();
  }
}
