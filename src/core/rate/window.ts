/**
 * The plan's rate as one sliding-window formula, used by this window's throttle and by
 * the ledger shared with other windows alike. The service counts arrivals, which we
 * cannot see: a request arrives somewhere between its start and its answer. So a slot in
 * flight counts as ending now, and the window runs from its answer.
 */

/** The spec's window is one second; the margin absorbs timer and clock granularity. */
export const WINDOW_MS = 1000;
export const SAFETY_MARGIN_MS = 10;
/** A slot whose request never reported back is taken as ended at its start after this long. */
export const SLOT_EXPIRY_MS = 2 * 60_000;
/** `setTimeout` takes at most this; a longer delay overflows to 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface WindowSlot {
  /** When the request started, and when its answer came (undefined while in flight). */
  start: number;
  end?: number;
}

/**
 * When the slot stops counting, as far as the window is concerned. Times in the future
 * (the clock was stepped back since they were written) count as now, so a step back never
 * holds look-ups for as long as the step.
 */
export function slotEnd(slot: WindowSlot, now: number): number {
  const start = Math.min(slot.start, now);
  if (slot.end !== undefined) return Math.min(slot.end, now);
  return now - start > SLOT_EXPIRY_MS ? start : now;
}

/** Whether the slot no longer counts in any window that starts from `now`. */
export function slotExpired(slot: WindowSlot, now: number, windowMs: number): boolean {
  return slotEnd(slot, now) <= now - windowMs;
}

/** Time until one more request may start: 0 when fewer than `rate` slots ended within the window. */
export function delayForWindow(slots: readonly WindowSlot[], rate: number, windowMs: number, now: number): number {
  if (slots.length < rate) return 0;
  const ends = slots.map((slot) => slotEnd(slot, now)).sort((a, b) => a - b);
  return Math.max(0, ends[ends.length - rate]! + windowMs - now);
}

/** A delay fit for `setTimeout`: never negative, never past its overflow. */
export function timerDelay(ms: number): number {
  return Number.isFinite(ms) ? Math.min(Math.max(0, Math.ceil(ms)), MAX_TIMER_MS) : MAX_TIMER_MS;
}

/** A pause that every request waits out: a limit answer asked us to wait until `until`. */
export interface Pause {
  until: number;
  /** When it was set; later than now only if the clock was stepped back since. */
  setAt: number;
}

/** The pause as seen from `now`: one set "in the future" is moved back to now, keeping its length. */
export function normalizePause(pause: Pause, now: number): Pause {
  return pause.setAt > now ? { until: now + (pause.until - pause.setAt), setAt: now } : pause;
}
