// Admin HTTP API, so a test running the sandbox in another process can drive it.
// Not logged, no auth: it only ever listens on the sandbox host.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, splitUrl } from './http-util';
import { BadRequest, faultFromJson, num } from './adminInput';
import { keylessAdmin } from './keyless/admin';
import type { KeylessInfo } from './keyless/types';
import { cataloguesAdmin } from './catalogues/admin';
import type { CataloguesInfo } from './catalogues/types';
import { PLANS, SERVICE_MODES, type LimitMode, type PlanLimit, type PlanName, type Sandbox, type ServiceMode } from './types';

export interface SandboxInfo {
  urls: Record<PlanName, string>;
  adminUrl: string;
  keys: Record<PlanName, string>;
  demoIsbns: readonly string[];
  demoBooks: Record<string, string>;
  rates: Record<PlanName, number>;
  limitResponse: LimitMode;
  maxBatch: number;
  catalogueSize: number;
  mode: ServiceMode;
  planMaxBatch: Record<PlanName, number>; // real mode
  maxResponseBytes: number; // real mode
  quotas: Record<string, PlanLimit>; // real mode: each key's daily quota today
  keyless: KeylessInfo; // Open Library and Google Books emulations
  catalogues: CataloguesInfo; // the library catalogues' emulations
}

const LIMIT_MODES: readonly string[] = ['429', '404', 'alternate'];

function plan(value: unknown): PlanName {
  if (!PLANS.includes(value as PlanName)) throw new BadRequest('plan must be default, premium or pro');
  return value as PlanName;
}

export function adminHandler(sb: Sandbox, info: () => SandboxInfo) {
  const knownKey = (value: unknown): string => {
    if (typeof value !== 'string' || !sb.quotaOf(value)) throw new BadRequest('key must be a key of the sandbox');
    return value;
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { path } = splitUrl(req.url);
    const route = `${req.method} ${path}`;
    try {
      const text = await readBody(req);
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      switch (route) {
        case 'GET /info':
          return sendJson(res, 200, info());
        case 'GET /log':
          return sendJson(res, 200, sb.log);
        case 'POST /log/clear':
          sb.clearLog();
          break;
        case 'POST /faults':
          for (const f of Array.isArray(body) ? body : [body]) sb.injectFault(faultFromJson(f));
          break;
        case 'POST /faults/clear':
          sb.clearFaults();
          break;
        case 'POST /limit':
          if (!LIMIT_MODES.includes(body.mode as string)) throw new BadRequest('mode must be "429", "404" or "alternate"');
          sb.setLimitResponse(body.mode as LimitMode);
          break;
        case 'POST /exhaust':
          if (typeof body.key !== 'string') throw new BadRequest('key must be a string');
          if (body.style !== undefined && body.style !== 'rate' && body.style !== 'daily') throw new BadRequest('style must be "rate" or "daily"');
          sb.exhaustKey(body.key, num(body.forMs, 'forMs'), body.style as 'rate' | 'daily' | undefined);
          break;
        case 'POST /rate':
          sb.setRate(plan(body.plan), num(body.perSecond, 'perSecond'));
          break;
        case 'POST /max-batch':
          sb.setMaxBatch(num(body.n, 'n'));
          break;
        case 'POST /mode':
          if (!SERVICE_MODES.includes(body.mode as ServiceMode)) throw new BadRequest('mode must be "spec" or "real"');
          sb.setMode(body.mode as ServiceMode);
          break;
        case 'POST /plan-max-batch':
          sb.setPlanMaxBatch(plan(body.plan), num(body.n, 'n'));
          break;
        case 'POST /max-response-bytes':
          sb.setMaxResponseBytes(num(body.bytes, 'bytes'));
          break;
        case 'POST /quota':
          sb.setQuota(knownKey(body.key), num(body.total, 'total'), body.spent === undefined ? undefined : num(body.spent, 'spent'));
          break;
        case 'POST /quota/reset':
          sb.resetQuotas(body.key === undefined ? undefined : knownKey(body.key));
          break;
        default: {
          const keyless = keylessAdmin(sb.keyless, route, body);
          const answered = keyless !== undefined ? keyless : cataloguesAdmin(sb.catalogues, route, body);
          if (answered === undefined) return sendJson(res, 404, { errorMessage: 'Not Found' });
          if (answered !== null) return sendJson(res, 200, answered);
        }
      }
      sendJson(res, 200, { ok: true });
    } catch (err) {
      const bad = err instanceof BadRequest || err instanceof SyntaxError;
      sendJson(res, bad ? 400 : 500, { message: String((err as Error).message) });
    }
  };
}
