/**
 * Check Bibliography (issue 35): precision and recall of `other-book` (and of the other codes)
 * on the hand-labelled fixtures of test/fixtures/check, the held-out file apart; the comparing
 * time per 1,000 entries of a generated 2,000-entry library (look-ups answered, readings made:
 * the comparing alone, with the lazy LaTeX decoding of each entry's values), against 50 ms; and
 * the longest hold of the host while a 50,000-entry library is compared in slices, against 50 ms.
 * Run: `npm run bench -- m`.
 */
import { performance } from 'node:perf_hooks';
import { checkEntries } from '../src/core/check/checkEntries';
import { formatPart } from '../src/core/formats/registry';
import { isbn13CheckDigit } from '../src/core/isbn/parse';
import type { LookupResult } from '../src/core/model/lookup';
import { checkFixtures, scoreOf } from '../test/helpers/checkFixtures';
import { book } from '../test/helpers/books';

const ACCENTED = ['M{\\"u}ller', "Garc{\\'\\i}a M{\\'a}rquez", 'Dvo{\\v{r}}{\\\'a}k', 'Smith', 'van der Berg', 'O\'Brien'];

function isbn13(i: number): string {
  const body = `978030${String(100000 + i).slice(-6)}`;
  return body + isbn13CheckDigit(body);
}

/** A library of `n` entries in the spellings of the fixtures; one in ten carries another book's ISBN. */
function library(n: number): { text: string; results: Map<string, LookupResult> } {
  const parts: string[] = [];
  const results = new Map<string, LookupResult>();
  for (let i = 0; i < n; i++) {
    const family = ACCENTED[i % ACCENTED.length]!;
    const record = book(isbn13(i), `The {Collected} Essays on Topic ${i}: Volume ${i % 7} \\& More`.replace(/[{}\\]/g, ''), [`Ann ${family.replace(/[{}\\"'v]/g, '')}`], { publisher: `Press ${i % 50}`, year: 1950 + (i % 70) });
    results.set(record.isbn13, { status: 'found', book: record });
    const isbn = i % 10 === 9 ? isbn13(i - 1) : record.isbn13;
    parts.push(`@book{k${i},\n  author = {${family}, Ann and others},\n  title = {The {C}ollected Essays on Topic ${i}: \\emph{Volume} ${i % 7} \\& More},\n  publisher = {Press ${i % 50}},\n  year = ${1950 + (i % 70)},\n  isbn = {${isbn}}\n}\n`);
  }
  return { text: parts.join('\n'), results };
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
  rows.push({ what: '2,000 entries: comparing ms per 1,000, median of 5 (target ≤ 50)', entries: 2000, 'ms per 1,000': round(median(runs.map((r) => r.msPer1000))), longestHoldMs: round(Math.max(...runs.flatMap((r) => r.holds))), flagged: runs[0]!.flagged });
  const big = library(50_000);
  const fifty = await comparing(big.text, big.results, 50_000);
  rows.push({ what: '50,000 entries: holds of the host between pauses (target ≤ 50 ms)', entries: 50_000, 'ms per 1,000': round(fifty.msPer1000), longestHoldMs: round(Math.max(...fifty.holds)), 'hold p95 ms': round(percentile(fifty.holds, 0.95)), slices: fifty.holds.length, flagged: fifty.flagged });
  return rows;
}

if (require.main === module) {
  benchCheck().then((rows) => console.table(rows));
}
