// Admin HTTP API, so a test running the sandbox in another process can drive it.
// Not logged, no auth: it only ever listens on the sandbox host.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, splitUrl } from './http-util';
import { PLANS, type Fault, type LimitMode, type PlanName, type Sandbox } from './types';

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
}

class BadRequest extends Error {}

const LIMIT_MODES: readonly string[] = ['429', '404', 'alternate'];

/** JSON cannot carry Infinity: `"times": null` (what JSON.stringify(Infinity) gives) or "Infinity" mean forever. */
function faultFromJson(raw: unknown): Fault {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new BadRequest('fault must be an object');
  const fault = { ...(raw as Record<string, unknown>) };
  if (fault.times === null || fault.times === 'Infinity') fault.times = Infinity;
  if (fault.times !== undefined && typeof fault.times !== 'number') throw new BadRequest('times must be a number');
  return fault as Fault;
}

function num(value: unknown, name: string): number {
  if (value === null || value === 'Infinity') return Infinity; // same JSON/Infinity rule as faults
  if (typeof value !== 'number' || Number.isNaN(value)) throw new BadRequest(`${name} must be a number`);
  return value;
}

export function adminHandler(sb: Sandbox, info: () => SandboxInfo) {
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
          if (!PLANS.includes(body.plan as PlanName)) throw new BadRequest('plan must be default, premium or pro');
          sb.setRate(body.plan as PlanName, num(body.perSecond, 'perSecond'));
          break;
        case 'POST /max-batch':
          sb.setMaxBatch(num(body.n, 'n'));
          break;
        default:
          return sendJson(res, 404, { errorMessage: 'Not Found' });
      }
      sendJson(res, 200, { ok: true });
    } catch (err) {
      const bad = err instanceof BadRequest || err instanceof SyntaxError;
      sendJson(res, bad ? 400 : 500, { message: String((err as Error).message) });
    }
  };
}
