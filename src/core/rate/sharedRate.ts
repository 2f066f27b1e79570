/**
 * A rate counted together with other windows (see `Throttle`'s `ledger`). The Node host keeps
 * it in a small file under a lock (`host/node/sharedLedger.ts`); a host with one window only
 * has none, and each throttle then keeps its own count.
 */

export type TakeResult = { ok: true; id: string } | { ok: false; delayMs: number };

export interface SharedRate {
  /** Takes a slot if the shared window and pause allow, else says how long to wait. */
  take(rate: number, windowMs: number): Promise<TakeResult>;
  /** Ends slots this window holds; `unused`: no request went on them. */
  release(ids: readonly string[], windowMs: number, unused?: boolean): Promise<void>;
  /** Holds every window back until `until` (a limit answer). */
  pauseUntil(until: number, windowMs: number): Promise<void>;
  resume(windowMs: number): Promise<void>;
}

