// The keyless services' part of the admin API (under /keyless/), beside the book service's.

import { BadRequest, faultFromJson, num } from '../adminInput';
import type { KeylessFault, KeylessSandbox } from './types';

/**
 * Answers a `METHOD /path` of the admin API: the JSON to send, null for `{"ok": true}`, or
 * undefined when the route is not a keyless one. Throws BadRequest on bad input.
 */
export function keylessAdmin(ks: KeylessSandbox, route: string, body: Record<string, unknown>): unknown {
  switch (route) {
    case 'GET /keyless/info':
      return ks.info();
    case 'GET /keyless/log':
      return ks.log;
    case 'POST /keyless/log/clear':
      ks.clearLog();
      return null;
    case 'POST /keyless/faults':
      for (const f of Array.isArray(body) ? body : [body]) ks.injectFault(faultFromJson<KeylessFault>(f));
      return null;
    case 'POST /keyless/faults/clear':
      ks.clearFaults();
      return null;
    case 'POST /keyless/open-library-rates':
      ks.setOpenLibraryRates({
        identified: body.identified === undefined ? undefined : num(body.identified, 'identified'),
        unidentified: body.unidentified === undefined ? undefined : num(body.unidentified, 'unidentified'),
      });
      return null;
    case 'POST /keyless/cover-isbn-limit':
      ks.setCoverIsbnLimit(num(body.n, 'n'));
      return null;
    case 'POST /keyless/google-quota':
      if (body.which !== 'keyless' && body.which !== 'key') throw new BadRequest('which must be "keyless" or "key"');
      ks.setGoogleQuota(body.which, num(body.total, 'total'), body.spent === undefined ? undefined : num(body.spent, 'spent'));
      return null;
    case 'POST /keyless/google-quota/reset':
      ks.resetGoogleQuotas();
      return null;
    case 'POST /keyless/google-rate':
      ks.setGoogleRate(num(body.perSecond, 'perSecond'));
      return null;
    case 'POST /keyless/imports/reset':
      ks.resetImports();
      return null;
    default:
      return undefined;
  }
}
