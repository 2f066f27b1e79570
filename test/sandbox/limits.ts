// Per-key rate limiting (sliding 1 s window) and forced exhaustion of keys.

import type { LimitMode, PlanName } from './types';

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const NOT_FOUND: Answer = { status: 404, body: { errorMessage: 'Not Found' } };
const LIMIT_EXCEEDED: Answer = { status: 429, body: { message: 'Limit Exceeded' } };
const DAILY_EXCEEDED: Answer = { status: 429, body: { message: 'Daily quota exceeded, please try again later' } };

export const WINDOW_MS = 1000;

export class Limits {
  /** Arrival times of accepted (non-limited) requests per key; pruned to the window. */
  private readonly accepted = new Map<string, number[]>();
  private readonly exhausted = new Map<string, { until: number; style: 'rate' | 'daily' }>();
  /** For 'alternate': the next limit response is a 404 when true. */
  private next404 = false;

  constructor(
    public readonly rates: Record<PlanName, number>,
    public mode: LimitMode,
  ) {}

  exhaust(key: string, until: number, style: 'rate' | 'daily'): void {
    this.exhausted.set(key, { until, style });
  }

  /**
   * Called once per authenticated request, with its arrival time. Returns the limit
   * answer, or undefined when the request is accepted (and then counts in the window).
   */
  check(key: string, plan: PlanName, time: number): Answer | undefined {
    const ex = this.exhausted.get(key);
    if (ex && time < ex.until) return this.limitAnswer(ex.style);
    if (ex) this.exhausted.delete(key);

    const times = (this.accepted.get(key) ?? []).filter((t) => t > time - WINDOW_MS);
    this.accepted.set(key, times);
    if (times.length >= this.rates[plan]) return this.limitAnswer('rate');
    times.push(time);
    return undefined;
  }

  private limitAnswer(style: 'rate' | 'daily'): Answer {
    let use404 = this.mode === '404';
    if (this.mode === 'alternate') {
      use404 = this.next404;
      this.next404 = !this.next404;
    }
    if (use404) return NOT_FOUND;
    return style === 'daily' ? DAILY_EXCEEDED : LIMIT_EXCEEDED;
  }
}
