/**
 * The one owner of "when may the next request go". Never more than `rate` requests in any
 * window of `windowMs` as the service counts them (see `window.ts`), and no request while
 * a pause holds. One instance per key and plan is shared by every endpoint and every
 * caller, so hovers, commands and batches together stay within the plan; with a
 * `SharedRate` (a file in the Node host), every window on the machine shares its count and its pauses too.
 */
import { type Clock, systemClock } from '../clock';
import { Disposable, toDisposable } from '../disposable';
import { Emitter } from '../events';
import { cancelledError } from '../model/errors';
import type { SharedRate, TakeResult } from './sharedRate';
import { type Pause, SAFETY_MARGIN_MS, WINDOW_MS, type WindowSlot, delayForWindow, normalizePause, slotExpired, timerDelay } from './window';

/**
 * Call when the request's answer (or failure) has arrived. `unused`: no request was sent
 * on the slot after all, so it gives the window back.
 */
export type ReleaseSlot = (options?: { unused?: boolean }) => void;

/**
 * Why requests wait: a limit answer (`limit`), a failure being retried after a while
 * (`retry`), both shared with other windows; or the quota spent for the day (`quota`),
 * which holds only this window's queue: a request the user asks for directly may still go
 * and find out whether the quota is back.
 */
export type PauseReason = 'limit' | 'retry' | 'quota';

export interface AcquireOptions {
  signal?: AbortSignal;
  /** Queued work (the batcher): it also waits out a `quota` pause. */
  queued?: boolean;
}

interface Slot extends WindowSlot {
  ledgerId?: string;
}

interface Waiter {
  resolve(release: ReleaseSlot): void;
  reject(error: unknown): void;
  queued: boolean;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export interface ThrottleOptions {
  windowMs?: number;
  clock?: Clock;
  /** Shares the window with other processes (other VS Code windows) using the same key. */
  ledger?: SharedRate;
  /** Told when the shared ledger cannot be used; the throttle then keeps to its own count. */
  onLedgerError?: (error: unknown) => void;
}

export class Throttle extends Disposable {
  private readonly slots: Slot[] = [];
  private readonly waiters: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pauseEndTimer: ReturnType<typeof setTimeout> | undefined;
  private pause: (Pause & { reason: PauseReason }) | undefined;
  private pumping = false;
  private pumpAgain = false;
  private readonly changes = this.register(new Emitter<void>());
  /** Fires when waiting requests, slots or the pause change, and when a pause ends by itself. */
  readonly onDidChange = this.changes.event;
  private readonly windowMs: number;
  private readonly clock: Clock;
  private ledger: SharedRate | undefined;
  private readonly onLedgerError: ((error: unknown) => void) | undefined;
  /** Shared-ledger writes in progress, awaited by `close`. */
  private readonly sharedWrites = new Set<Promise<void>>();

  constructor(
    private rate: number,
    options: ThrottleOptions = {},
  ) {
    super();
    if (!(rate > 0)) throw new RangeError('rate must be positive');
    this.windowMs = options.windowMs ?? WINDOW_MS + SAFETY_MARGIN_MS;
    this.clock = options.clock ?? systemClock;
    this.ledger = options.ledger;
    this.onLedgerError = options.onLedgerError;
    this.register(
      toDisposable(() => {
        clearTimeout(this.timer);
        clearTimeout(this.pauseEndTimer);
        for (const waiter of this.waiters.splice(0)) {
          if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
          waiter.reject(cancelledError());
        }
      }),
    );
  }

  get perSecond(): number {
    return this.rate;
  }

  /** The pause in force, if any: until when, and why. */
  get paused(): { until: number; reason: PauseReason } | undefined {
    const pause = this.currentPause();
    return pause && { until: pause.until, reason: pause.reason };
  }

  setRate(rate: number): void {
    if (!(rate > 0)) throw new RangeError('rate must be positive');
    this.rate = rate;
    this.pump();
  }

  /** Holds requests back until `until`; a `limit` or `retry` pause holds every window. */
  pauseUntil(until: number, reason: PauseReason = 'limit'): void {
    const now = this.clock.now();
    const current = this.currentPause();
    if (current && until <= current.until) return;
    this.pause = { until, setAt: now, reason };
    if (reason !== 'quota') this.shared((ledger) => ledger.pauseUntil(until, this.windowMs));
    this.armPauseEnd();
    this.changed();
    this.pump();
  }

  /**
   * Lifts the pause early, for example when the user asks to retry now. `only`: lifts it
   * only if it is of that kind (a `quota` pause is this window's own: the shared one stays).
   */
  resume(only?: PauseReason): void {
    if (only && this.currentPause()?.reason !== only) return;
    this.pause = undefined;
    clearTimeout(this.pauseEndTimer);
    if (only !== 'quota') this.shared((ledger) => ledger.resume(this.windowMs));
    this.changed();
    this.pump();
  }

  /**
   * Resolves when a request may start now, with the function to call once its answer has
   * arrived; rejects with `cancelled` if the signal aborts first.
   */
  acquire(signalOrOptions?: AbortSignal | AcquireOptions): Promise<ReleaseSlot> {
    const options: AcquireOptions = signalOrOptions instanceof AbortSignal ? { signal: signalOrOptions } : (signalOrOptions ?? {});
    const { signal } = options;
    if (signal?.aborted || this.isDisposed) return Promise.reject(cancelledError());
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, queued: options.queued ?? false };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(cancelledError());
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

  /** Time until this window's count and pause allow the next start of `waiter`'s kind; 0 when now. */
  delayUntilNextSlot(queued = true): number {
    const now = this.clock.now();
    for (let i = this.slots.length - 1; i >= 0; i--) {
      if (slotExpired(this.slots[i]!, now, this.windowMs)) this.slots.splice(i, 1);
    }
    const pause = this.currentPause();
    const pausedFor = pause && (queued || pause.reason !== 'quota') ? pause.until - now : 0;
    return Math.max(0, delayForWindow(this.slots, this.rate, this.windowMs, now), pausedFor);
  }

  /** Ends every slot this window still holds in the shared ledger (the window is closing). */
  async close(): Promise<void> {
    const held = this.slots.filter((slot) => slot.end === undefined && slot.ledgerId).map((slot) => slot.ledgerId!);
    this.dispose();
    if (held.length > 0) this.shared((ledger) => ledger.release(held, this.windowMs));
    await Promise.all(this.sharedWrites);
  }

  /** The pause ends by itself: say so when it does, so that states with an end time move on. */
  private armPauseEnd(): void {
    clearTimeout(this.pauseEndTimer);
    const pause = this.currentPause();
    if (!pause) return;
    this.pauseEndTimer = setTimeout(() => {
      if (this.currentPause()) return this.armPauseEnd();
      this.changed();
      this.pump();
    }, timerDelay(pause.until - this.clock.now()));
    // Only a note for listeners: it must not keep a process alive by itself.
    (this.pauseEndTimer as { unref?: () => void }).unref?.();
  }

  private currentPause(): (Pause & { reason: PauseReason }) | undefined {
    if (!this.pause) return undefined;
    const now = this.clock.now();
    this.pause = { ...normalizePause(this.pause, now), reason: this.pause.reason };
    if (this.pause.until <= now) this.pause = undefined;
    return this.pause;
  }

  private pump(): void {
    if (this.isDisposed) return;
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
    while (this.waiters.length > 0 && !this.isDisposed) {
      // The first waiter that may go: queued work waits out a quota pause, direct requests do not.
      const index = this.waiters.findIndex((w) => this.delayUntilNextSlot(w.queued) === 0);
      let delay = index < 0 ? Math.min(...this.waiters.map((w) => this.delayUntilNextSlot(w.queued))) : 0;
      let ledgerId: string | undefined;
      if (delay === 0 && this.ledger) {
        const taken = await this.takeShared();
        if (taken?.ok === false) delay = Math.max(taken.delayMs, 1);
        else ledgerId = taken?.id;
      }
      if (delay > 0) {
        this.timer = setTimeout(() => this.pump(), timerDelay(delay));
        return;
      }
      // Who may go is looked at again: waiters may have left while the ledger was asked.
      const next = this.waiters.findIndex((w) => this.delayUntilNextSlot(w.queued) === 0);
      const waiter = next >= 0 ? this.waiters.splice(next, 1)[0] : undefined;
      if (!waiter || this.isDisposed) {
        if (ledgerId) this.shared((ledger) => ledger.release([ledgerId], this.windowMs, true));
        if (waiter) waiter.reject(cancelledError());
        return;
      }
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      const slot: Slot = { start: this.clock.now(), ledgerId };
      this.slots.push(slot);
      waiter.resolve((options) => this.release(slot, options?.unused ?? false));
      this.changed();
    }
  }

  private release(slot: Slot, unused: boolean): void {
    if (slot.end !== undefined || !this.slots.includes(slot)) return;
    if (unused) this.slots.splice(this.slots.indexOf(slot), 1);
    else slot.end = this.clock.now();
    const id = slot.ledgerId;
    if (id) this.shared((ledger) => ledger.release([id], this.windowMs, unused));
    this.pump();
  }

  private async takeShared(): Promise<TakeResult | undefined> {
    try {
      return await this.ledger!.take(this.rate, this.windowMs);
    } catch (e) {
      this.ledgerFailed(e);
      return undefined;
    }
  }

  private shared(action: (ledger: SharedRate) => Promise<void>): void {
    const ledger = this.ledger;
    if (!ledger) return;
    const write = action(ledger).catch((e) => this.ledgerFailed(e));
    this.sharedWrites.add(write);
    void write.finally(() => this.sharedWrites.delete(write));
  }

  /** A broken shared file must not stop look-ups: keep to this window's own count. */
  private ledgerFailed(error: unknown): void {
    if (!this.ledger) return;
    this.ledger = undefined;
    this.onLedgerError?.(error);
  }

  private changed(): void {
    this.changes.fire();
  }
}


/** One throttle per key and plan, however many clients are made for them. */
export class ThrottleRegistry {
  private readonly throttles = new Map<string, Throttle>();

  /**
   * The throttle of a shared count (a source's `rate.shareName`: for the book service, its
   * plan and the key's fingerprint, never the key); `options` apply when it is first made.
   */
  get(shareName: string, rate: number, options: () => ThrottleOptions = () => ({})): Throttle {
    let throttle = this.throttles.get(shareName);
    if (!throttle) {
      throttle = new Throttle(rate, options());
      this.throttles.set(shareName, throttle);
    } else if (throttle.perSecond !== rate) {
      throttle.setRate(rate);
    }
    return throttle;
  }

  /** Ends the slots every throttle holds in the shared ledgers, and disposes them. */
  async close(): Promise<void> {
    const all = [...this.throttles.values()];
    this.throttles.clear();
    await Promise.all(all.map((throttle) => throttle.close()));
  }

  dispose(): void {
    for (const throttle of this.throttles.values()) throttle.dispose();
    this.throttles.clear();
  }
}
