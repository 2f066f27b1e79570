// Real mode: each key's daily quota. The real service spends it per ISBN and resets it at
// 00:00 UTC; here the "next day" comes only when a test or the admin API says so.

import type { PlanLimit, PlanName } from './types';

/** Published daily figures (basic 1,000, premium 5,000, pro 15,000); they vary, so all are settable. */
export const DEFAULT_DAILY_QUOTA: Readonly<Record<PlanName, number>> = { default: 1000, premium: 5000, pro: 15000 };

export class DailyQuotas {
  private readonly totals = new Map<string, number>();
  private readonly spent = new Map<string, number>();

  constructor(
    private readonly planOf: (key: string) => PlanName | undefined,
    private readonly byPlan: Record<PlanName, number>,
    perKey: Record<string, number> = {},
  ) {
    for (const [key, total] of Object.entries(perKey)) this.totals.set(key, total);
  }

  /** undefined for a key the sandbox does not know. */
  of(key: string): PlanLimit | undefined {
    const plan = this.planOf(key);
    if (!plan) return undefined;
    const total = this.totals.get(key) ?? this.byPlan[plan];
    const spent = this.spent.get(key) ?? 0;
    return { total, spent, left: Math.max(0, total - spent) };
  }

  isSpent(key: string): boolean {
    return this.of(key)?.left === 0;
  }

  /**
   * Takes `cost` calls. A request is served while anything is left, as a counter checked
   * before the work would: the last one may take more than was left (spent stops at total).
   */
  spend(key: string, cost: number): void {
    const limit = this.of(key);
    if (limit) this.spent.set(key, Math.min(limit.total, limit.spent + cost));
  }

  set(key: string, total: number, spent?: number): void {
    this.totals.set(key, total);
    if (spent !== undefined) this.spent.set(key, spent);
  }

  reset(key?: string): void {
    if (key === undefined) this.spent.clear();
    else this.spent.delete(key);
  }

  /** The quota of each of these keys, for GET /info. */
  snapshot(keys: Iterable<string>): Record<string, PlanLimit> {
    const out: Record<string, PlanLimit> = {};
    for (const key of keys) {
      const limit = this.of(key);
      if (limit) out[key] = limit;
    }
    return out;
  }
}
