// The library catalogues' part of the admin API (under /catalogues/).

import { faultFromJson, num } from '../adminInput';
import type { CatalogueFault, CataloguesSandbox } from './types';

/** Answers a `METHOD /path` of the admin API: the JSON to send, null for `{"ok": true}`, or undefined when the route is not a catalogue one. */
export function cataloguesAdmin(cs: CataloguesSandbox, route: string, body: Record<string, unknown>): unknown {
  switch (route) {
    case 'GET /catalogues/info':
      return cs.info();
    case 'GET /catalogues/log':
      return cs.log;
    case 'POST /catalogues/log/clear':
      cs.clearLog();
      return null;
    case 'POST /catalogues/faults':
      for (const f of Array.isArray(body) ? body : [body]) cs.injectFault(faultFromJson<CatalogueFault>(f));
      return null;
    case 'POST /catalogues/faults/clear':
      cs.clearFaults();
      return null;
    case 'POST /catalogues/rate':
      cs.setRate(num(body.perSecond, 'perSecond'));
      return null;
    default:
      return undefined;
  }
}
