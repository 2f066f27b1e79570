/**
 * The plan's rate as a sliding window: never more than `rate` request starts in any
 * window of `windowMs`. One instance per key and plan is shared by every endpoint and
 * every caller, so hovers, commands and batches together stay within the plan.
 */
import { ServiceError } from './errors';

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * The spec's window is one second. The service sees arrivals, not our starts: a request
 * that leaves a few ms late would otherwise share a window with the next one.
 */
export const WINDOW_MS = 1000;
export const SAFETY_MARGIN_MS = 25;

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class Throttle {
  private readonly starts: number[] = [];
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private pausedUntil = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private rate: number,
    private readonly windowMs = WINDOW_MS + SAFETY_MARGIN_MS,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(rate > 0)) throw new RangeError('rate must be positive');
  }

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

  /** Holds every request back until `time` (a limit answer asked us to wait). */
  pauseUntil(time: number): void {
    if (time <= this.pausedUntil) return;
    this.pausedUntil = time;
    this.changed();
    this.pump();
  }

  /** Lifts a pause early, for example when the user asks to retry now. */
  resume(): void {
    this.pausedUntil = 0;
    this.changed();
    this.pump();
  }

  /** Resolves when a request may start now; rejects with `cancelled` if the signal aborts first. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise<void>((resolve, reject) => {
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

  /** Time until the next start is allowed, 0 when one may start now. */
  delayUntilNextSlot(): number {
    const now = this.clock.now();
    while (this.starts.length > 0 && this.starts[0]! <= now - this.windowMs) this.starts.shift();
    const windowFull = this.starts.length >= this.rate ? this.starts[this.starts.length - this.rate]! + this.windowMs - now : 0;
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
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.waiters.length > 0) {
      const delay = this.delayUntilNextSlot();
      if (delay > 0) {
        this.timer = setTimeout(() => this.pump(), delay);
        return;
      }
      const waiter = this.waiters.shift()!;
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.starts.push(this.clock.now());
      waiter.resolve();
      this.changed();
    }
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

  /** `keyId` identifies the key without holding it (see `keyFingerprint`). */
  get(keyId: string, plan: string, rate: number): Throttle {
    const id = `${plan}:${keyId}`;
    let throttle = this.throttles.get(id);
    if (!throttle) {
      throttle = new Throttle(rate);
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
