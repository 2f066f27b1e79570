/** What a source says of the key: its plan host and today's quota, and the sums made with them. */

export interface Quota {
  total: number;
  spent: number;
  left: number;
}

export interface KeyInfo {
  /** The plan host the service says the key belongs to, as sent (a URL or a bare host). */
  apiHost?: string;
  quota?: Quota;
}

/** The quota after calls the extension made since it was read: each ISBN of a batch is one call. */
export function spendQuota(quota: Quota, calls: number): Quota {
  const spent = Math.min(quota.total, quota.spent + calls);
  return { total: quota.total, spent, left: Math.max(0, quota.left - calls) };
}

/** How a look-up of `needed` uncached ISBNs fits in what is left: undefined when it fits or the quota is unknown. */
export function quotaShortfall(needed: number, quota: Quota | undefined): { left: number; unlooked: number } | undefined {
  if (!quota || needed <= quota.left) return undefined;
  return { left: quota.left, unlooked: needed - quota.left };
}
