/**
 * Check Bibliography (issue 35): precision and recall of `other-book` (and of the other codes)
 * on the hand-labelled fixtures of test/fixtures/check, the held-out file apart; the comparing
 * time per 1,000 entries of a generated 2,000-entry library (look-ups answered, readings made:
 * the comparing alone, with the lazy LaTeX decoding of each entry's values), a generated Zotero
 * export whose entries hold abstracts, keywords and files, against 50 ms; and
 * the longest hold of the host while a 50,000-entry library is compared in slices, against 50 ms.
 * Run: `npm run bench -- m`.
 */
import { performance } from 'node:perf_hooks';
import { checkEntries } from '../src/core/check/checkEntries';
import { formatPart } from '../src/core/formats/registry';
import { parseIsbn } from '../src/core/isbn/parse';
import type { LookupResult } from '../src/core/model/lookup';
import { checkFixtures, scoreOf } from '../test/helpers/checkFixtures';
import { book } from '../test/helpers/books';
import { zoteroLibrary } from '../test/helpers/zoteroLibrary';

/**
 * A generated Zotero/Better BibLaTeX export of `n` entries (abstracts, keywords, files: what real
 * libraries hold; one in three with an ISBN), and the records of its ISBNs as a catalogue gives
 * them ("First Last", the title without its LaTeX); one ISBN in ten answered with another entry's
 * book. The records come from a reading of their own: the one compared is fresh.
 */
function library(n: number): { text: string; results: Map<string, LookupResult> } {
  const text = zoteroLibrary(n);
  const results = new Map<string, LookupResult>();
  const withIsbn = formatPart('bibtex')
    .reading(text)
    .entries()
    .filter((e) => e.isbns.length > 0);
  withIsbn.forEach((entry, k) => {
    const source = k % 10 === 9 ? withIsbn[k - 1]! : entry;
    const isbn = parseIsbn(entry.isbns[0]!.raw)!.isbn13;
    const authors = source.authors.map((name) => name.split(', ').reverse().join(' '));
    results.set(isbn, { status: 'found', book: book(isbn, source.title ?? '', authors, { year: Number(source.year) }) });
  });
  return { text, results };
}

const round = (x: number) => Math.round(x * 100) / 100;

/** One comparing run over a fresh reading: ms per 1,000 entries, and the holds of the host between pauses. */
async function comparing(text: string, results: ReadonlyMap<string, LookupResult>, n: number): Promise<{ msPer1000: number; holds: number[]; flagged: number }> {
  const part = formatPart('bibtex');
  const entries = part.reading(text).entries();
  const holds: number[] = [];
  let last = performance.now();
  const pause = () =>
    new Promise<void>((resolve) => {
      holds.push(performance.now() - last);
      setImmediate(() => {
        last = performance.now();
        resolve();
      });
    });
  const started = performance.now();
  last = started;
  const { counts } = await checkEntries(entries, part.isPart, (isbn) => results.get(isbn), pause);
  holds.push(performance.now() - last);
  return { msPer1000: ((performance.now() - started) / n) * 1000, holds, flagged: counts.otherBook };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export async function benchCheck(): Promise<Array<Record<string, number | string>>> {
  const verdicts = await checkFixtures();
  const rows: Array<Record<string, number | string>> = [];
  for (const [name, set] of [
    ['fixtures (tuned on)', verdicts.filter((v) => !v.id.startsWith('heldout'))],
    ['held out', verdicts.filter((v) => v.id.startsWith('heldout'))],
  ] as const) {
    for (const code of ['other-book', 'other-edition', 'unknown-isbn'] as const) {
      const score = scoreOf(set, code);
      rows.push({ what: `${name}: ${code}`, entries: set.length, labelled: set.filter((v) => v.label === code).length, precision: round(score.precision), recall: round(score.recall), missed: score.falseNegatives.join(' ') || '-', wrong: score.falsePositives.join(' ') || '-' });
    }
  }
  // The median of five runs after a warm-up: the figure is the comparing, not the JIT or a busy machine's moment.
  const two = library(2000);
  await comparing(two.text, two.results, 2000);
  const runs = [];
  for (let k = 0; k < 5; k++) runs.push(await comparing(two.text, two.results, 2000));
  rows.push({ what: '2,000 entries: comparing ms per 1,000, median of 5 (target ≤ 50)', entries: 2000, 'ms per 1,000': round(median(runs.map((r) => r.msPer1000))), longestHoldMs: round(Math.max(...runs.flatMap((r) => r.holds))), 'hold p95 ms': round(percentile(runs.flatMap((r) => r.holds), 0.95)), slices: runs[0]!.holds.length, flagged: runs[0]!.flagged });
  const big = library(50_000);
  const fifty = await comparing(big.text, big.results, 50_000);
  rows.push({ what: '50,000 entries: holds of the host between pauses (target ≤ 50 ms)', entries: 50_000, 'ms per 1,000': round(fifty.msPer1000), longestHoldMs: round(Math.max(...fifty.holds)), 'hold p95 ms': round(percentile(fifty.holds, 0.95)), slices: fifty.holds.length, flagged: fifty.flagged });
  return rows;
}

if (require.main === module) {
  benchCheck().then((rows) => console.table(rows));
}
