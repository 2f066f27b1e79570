/**
 * `GET /key` of the current service (not in the spec): which plan host the key belongs to
 * and today's quota. Pure reading and comparing; the client sends the request. The host it
 * names is only compared with the user's own settings, never sent anything.
 */
import { isObject } from '../../model/book';
import type { KeyInfo, Quota } from '../../model/quota';
import type { PlanName } from '../../model/plans';

/**
 * No plan counts this many calls a day (the largest published plan has 15,000): a number above
 * it (`1e308`) is not a quota, and read as one it made an 853-character tooltip and a pre-look-up
 * check that never asked.
 */
export const MAX_DAILY_CALLS = 10_000_000;

function count(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= MAX_DAILY_CALLS ? Math.floor(n) : undefined;
}

/** The answer of `GET /key`; undefined when it holds neither a host nor a quota. */
export function parseKeyInfo(body: unknown): KeyInfo | undefined {
  if (!isObject(body)) return undefined;
  const apiHost = typeof body.api_host === 'string' && body.api_host.trim() !== '' ? body.api_host.trim().slice(0, 300) : undefined;
  let quota: Quota | undefined;
  if (isObject(body.plan_limit)) {
    const total = count(body.plan_limit.total);
    const sentSpent = count(body.plan_limit.spent);
    const spent = total !== undefined && sentSpent !== undefined ? Math.min(sentSpent, total) : undefined;
    const sentLeft = count(body.plan_limit.left) ?? (total !== undefined && spent !== undefined ? total - spent : undefined);
    // More left than the day's total cannot be: what is left is at most the total less what was spent.
    const left = total !== undefined && sentLeft !== undefined ? Math.min(sentLeft, total - (spent ?? 0)) : undefined;
    if (total !== undefined && left !== undefined) quota = { total, spent: spent ?? total - left, left };
  }
  if (!apiHost && !quota) return undefined;
  return { ...(apiHost && { apiHost }), ...(quota && { quota }) };
}

/** host[:port] and path of an address, for comparing; a bare host is taken as https. */
function addressKey(address: string | URL): string | undefined {
  try {
    const url = typeof address === 'string' ? new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `https://${address}`) : address;
    return `${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/**
 * The plan whose configured address is the host the service named; undefined when it names
 * none of them (then nothing is offered: the key goes only where the user's settings say).
 */
export function planOfHost(apiHost: string, baseUrls: Readonly<Record<PlanName, URL | undefined>>): PlanName | undefined {
  const wanted = addressKey(apiHost);
  if (!wanted) return undefined;
  const plans = Object.keys(baseUrls) as PlanName[];
  return plans.find((plan) => {
    const url = baseUrls[plan];
    return url !== undefined && addressKey(url) === wanted;
  });
}
