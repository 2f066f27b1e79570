/**
 * The library catalogues (issue 37), no key, through the look-up owner the extension uses
 * (`Lookups` over the Node host), against the sandbox's emulations at their rate (1/s each, 429
 * past it): Look Up All over 300 ISBNs of mixed groups (the book service's catalogue, whose
 * books the keyless sources partly know and the catalogues do not, plus the catalogues' own
 * books), each catalogue's requests, its most in a second and any overlap, and cold hovers:
 * a German book only the DNB knows, a German book no catalogue holds (asked after the
 * DNB, K10plus and lobid have said "0 records", each with its ISBN-10 second try where it has one).
 */
import { HOVER_WAIT_MS } from '../src/core/model/lookup';
import { maxInWindow } from '../test/helpers/windows';
import { keylessLookups } from '../test/helpers/keylessLookups';
import { CATALOGUE_DEMO, startSandbox, type CatalogueHost } from '../test/sandbox/server';
import { CATALOGUE_RECORDS } from '../test/sandbox/catalogues/books';

const round = (n: number) => Math.round(n * 100) / 100;
const ALL = ['openLibrary', 'googleBooks', 'dnb', 'k10plus', 'lobid', 'bnf', 'loc'];
const HOSTS: readonly CatalogueHost[] = ['dnb', 'k10plus', 'lobid', 'bnf', 'loc'];

export async function benchCatalogues(count = 300): Promise<Array<Record<string, number | string>>> {
  const sandbox = await startSandbox({ catalogueSize: count, keyless: { googleKeylessQuota: 1000 } });
  try {
    const run = await keylessLookups(sandbox, { sources: ALL });
    const own = [...new Set(CATALOGUE_RECORDS.flatMap((r) => r.isbns.filter((i) => !i.cancelled && i.digits.length === 13).map((i) => i.digits)))];
    const isbns = [...sandbox.catalogue.books.slice(0, count - own.length).map((b) => b.isbn13), ...own];
    const began = performance.now();
    const results = await run.lookups.chain.lookup(isbns);
    const elapsed = (performance.now() - began) / 1000;
    await run.close();
    const rows: Array<Record<string, number | string>> = [];
    const bySource = new Map<string, number>();
    for (const r of results.values()) if (r.status === 'found') bySource.set(r.source ?? '?', (bySource.get(r.source ?? '?') ?? 0) + 1);
    rows.push({
      run: `Look Up All, ${isbns.length} ISBNs of mixed groups, no key`,
      'elapsed s': round(elapsed),
      found: [...results.values()].filter((r) => r.status === 'found').length,
      'found by': [...bySource].map(([s, n]) => `${s} ${n}`).join(', '),
      'Open Library requests': sandbox.keyless.log.filter((r) => r.host === 'openLibrary').length,
      'Google requests': sandbox.keyless.log.filter((r) => r.host === 'googleBooks').length,
    });
    for (const host of HOSTS) {
      const log = sandbox.catalogues.log.filter((r) => r.host === host);
      rows.push({
        run: `  ${host}`,
        requests: log.length,
        'ISBN forms asked': log.reduce((n, r) => n + r.isbns.length, 0),
        'most in 1 s': maxInWindow(log.map((r) => r.time), 999),
        overlapping: log.filter((r) => r.overlapping).length,
        'refused (429)': log.filter((r) => r.refused === 'rate').length,
      });
    }
    for (const [label, isbn] of [
      ['a cold hover: a German book only the DNB knows', CATALOGUE_DEMO.dnbOnly],
      ['a cold hover: a German book no catalogue holds (asked after DNB, K10plus, lobid say 0 records)', sandbox.catalogue.books.find((b) => b.isbn13.startsWith('9783'))?.isbn13 ?? CATALOGUE_DEMO.unknown],
      ['a cold hover: an English book Open Library knows', sandbox.catalogue.books.find((b) => b.isbn13.startsWith('9780'))!.isbn13],
    ] as const) {
      sandbox.catalogues.clearLog();
      const hover = await keylessLookups(sandbox, { sources: ALL });
      const start = performance.now();
      let first = -1;
      const result = await hover.lookups.chain.lookup([isbn], {
        urgent: true,
        purpose: 'hover',
        onProgress: () => undefined,
      }).then((m) => m.get(isbn)!);
      first = performance.now() - start;
      await hover.close();
      rows.push({
        run: label,
        found: result.status === 'found' ? `yes (${[result.provenance?.base, ...(result.provenance?.filled.map((f) => f.source) ?? [])].join(' + ')})` : result.status,
        'ms to the full answer': round(first),
        "hover's wait ms": HOVER_WAIT_MS,
        'catalogue requests': sandbox.catalogues.log.length,
      });
    }
    return rows;
  } finally {
    await sandbox.close();
  }
}
