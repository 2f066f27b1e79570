/** The service's subscription plans: each has its own base address and request rate. */

export type PlanName = 'default' | 'premium' | 'pro';

export const PLAN_NAMES: readonly PlanName[] = ['default', 'premium', 'pro'];

/** Requests per second, counted across all endpoints together (spec §8). */
export const PLAN_RATES: Readonly<Record<PlanName, number>> = {
  default: 1,
  premium: 3,
  pro: 5,
};

/** The real service's hosts; users and tests override them through settings. */
export const DEFAULT_BASE_URLS: Readonly<Record<PlanName, string>> = {
  default: 'https://api2.isbndb.com',
  premium: 'https://api.premium.isbndb.com',
  pro: 'https://api.pro.isbndb.com',
};

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

/** Parses a base URL as given in settings; `undefined` when it is not an http(s) URL. */
export function parseBaseUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    if (url.username || url.password || url.search || url.hash) return undefined;
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url;
  } catch {
    return undefined;
  }
}

/** The published maximum ISBNs per `POST /books`: the batch size when the user sets none. */
export const PLAN_MAX_BATCH: Readonly<Record<PlanName, number>> = {
  default: 100,
  premium: 1000,
  pro: 1000,
};

/** A batch size the user set (1–1000) wins; otherwise, or when it is not usable, the plan's maximum. */
export function batchSizeFor(plan: PlanName, set: unknown): number {
  return typeof set === 'number' && Number.isInteger(set) && set >= 1 && set <= 1000 ? set : PLAN_MAX_BATCH[plan];
}
