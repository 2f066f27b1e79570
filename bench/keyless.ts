/**
 * The keyless sources, no key, through the same look-up owner the extension uses (`Lookups`
 * over the Node host: chain, batchers, throttles, caches), against the sandbox's Open Library
 * and Google Books: 1,000 distinct ISBNs as Look Up All asks them, and a cold hover.
 * Google's anonymous quota is set to 20 a day here (it is often spent or zero in reality): the
 * run then also shows that a spent Google stops Google only, and its one-at-a-time 1/s pace
 * does not make the run last minutes.
 */
import { HOVER_WAIT_MS } from '../src/core/model/lookup';
import { maxInWindow } from '../test/helpers/windows';
import { keylessLookups } from '../test/helpers/keylessLookups';
import { KEYLESS_DEMO, startSandbox } from '../test/sandbox/server';
import { OPEN_LIBRARY_MAX_BATCH } from '../src/core/sources/openLibrary/request';

const round = (n: number) => Math.round(n * 100) / 100;

export async function benchKeyless(count = 1000): Promise<Array<Record<string, number | string>>> {
  const sandbox = await startSandbox({ catalogueSize: count + 200, keyless: { googleKeylessQuota: 20 } });
  try {
    const run = await keylessLookups(sandbox);
    const isbns = sandbox.catalogue.books.slice(0, count).map((b) => b.isbn13);
    const began = performance.now();
    const results = await run.lookups.chain.lookup(isbns);
    const elapsed = (performance.now() - began) / 1000;
    await run.close();
    const ol = sandbox.keyless.log.filter((r) => r.host === 'openLibrary' && r.path === '/api/books');
    const google = sandbox.keyless.log.filter((r) => r.host === 'googleBooks' && r.path === '/books/v1/volumes');
    const fromOl = new Set(isbns.filter((isbn) => {
      const r = results.get(isbn);
      return r?.status === 'found' && r.source === 'openLibrary';
    }));
    const googleAsked = google.map((r) => /isbn:(\w+)/.exec(decodeURIComponent(r.query))?.[1] ?? '');
    const ideal = Math.ceil(count / OPEN_LIBRARY_MAX_BATCH);
    const bulk = {
      'run': `${count} distinct ISBNs, no key (Look Up All)`,
      'Open Library requests': ol.length,
      'Open Library requests limit ⌈n ÷ 25⌉': ideal,
      'requests ÷ limit': round(ol.length / ideal),
      'most Open Library requests in 1 s (limit 3)': maxInWindow(ol.map((r) => r.time), 999),
      'Open Library answered 403 or 429': ol.filter((r) => r.status === 403 || r.status === 429).length,
      'ISBNs Open Library found': fromOl.size,
      'Google Books requests': google.length,
      'Google asked for an ISBN Open Library had': googleAsked.filter((isbn) => fromOl.has(isbn)).length,
      'Google answered 429 (its daily quota, 20 here)': google.filter((r) => r.status === 429).length,
      'found': [...results.values()].filter((r) => r.status === 'found').length,
      'elapsed s': round(elapsed),
    };

    // A cold hover: a fresh owner (empty caches), one ISBN Open Library has without a
    // description, so the hover asks Google too, as the extension's hover does.
    sandbox.keyless.resetGoogleQuotas();
    sandbox.keyless.setGoogleQuota('keyless', 1000, 0);
    const hover = await keylessLookups(sandbox);
    const start = performance.now();
    const result = await hover.lookups.chain.lookupOne(KEYLESS_DEMO.keylessBoth, { urgent: true, purpose: 'hover' });
    const ms = performance.now() - start;
    await hover.close();
    const cold = {
      'run': 'a cold hover (Open Library, then Google for the description)',
      'found': result.status === 'found' ? `yes (${result.provenance ? [result.provenance.base, ...result.provenance.filled.map((f) => f.source)].join(' + ') : result.source})` : result.status,
      'hover ms': round(ms),
      "hover's wait ms": HOVER_WAIT_MS,
      'ms ÷ wait': round(ms / HOVER_WAIT_MS),
    };
    return [bulk, cold];
  } finally {
    await sandbox.close();
  }
}
