// The rules keyless services enforce on their callers: Open Library's User-Agent policy and
// per-IP rates, the covers host's limit on look-ups by ISBN, Google's daily quotas.

/** How Open Library treats a User-Agent (free-sources-facts.md, "rate limits and User-Agent"). */
export type AgentClass = 'refused' | 'unidentified' | 'identified';

/** Library defaults and agents nginx refuses outright. */
const REFUSED_AGENTS = /^(python-requests|python-urllib|python-httpx|aiohttp|node-fetch|node|undici|axios|got|okhttp|go-http-client|java|apache-httpclient|libwww-perl|wget|ruby|dart|reqwest)\b|bytespider|meta-externalagent/i;
/** A contact: a URL or an e-mail address. */
const CONTACT = /https?:\/\/[^\s)]+|[^\s()<>@]+@[^\s()<>@]+\.[a-z]{2,}/i;

export function classifyAgent(agent: string | undefined): AgentClass {
  const ua = (agent ?? '').trim();
  if (!ua || REFUSED_AGENTS.test(ua)) return 'refused';
  if (CONTACT.test(ua)) return 'identified';
  // Browsers and curl's default were served in users' reports; app agents without a contact were not.
  if (/^Mozilla\/\d/.test(ua) || /^curl\/\d/.test(ua)) return 'unidentified';
  return 'refused';
}

/** Requests accepted in a sliding window, per caller class. */
export class SlidingWindow {
  private readonly times = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  /** Whether one more request at `time` stays within `limit` (and then counts it). */
  admit(who: string, limit: number, time: number): boolean {
    const recent = (this.times.get(who) ?? []).filter((t) => t > time - this.windowMs);
    this.times.set(who, recent);
    if (recent.length >= limit) return false;
    recent.push(time);
    return true;
  }

  reset(): void {
    this.times.clear();
  }
}

export interface Quota {
  total: number;
  spent: number;
}

/** The project Google charges requests without a key to (named in its error messages). */
export const ANONYMOUS_PROJECT = '624717413613';
export const DEMO_KEY_PROJECT = '100200300400';
