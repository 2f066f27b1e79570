// The check of `isbnLens.citeKey.pattern`, which a workspace can set: a hostile
// pattern of n `[[` then `x]` against one bare regex pass over the same text
// (the limit: a check may cost a few such passes, never one per bracket).
// Linear: the time doubles with n, and the ratio to the bare pass stays flat.
// Run: `npx tsx bench/citeKeyPattern.ts`, or import benchCiteKeyPattern() from a bench runner.
import { performance } from 'node:perf_hooks';
import { citeKeyPatternProblem } from '../src/core/formats/bibtex/citeKeyPattern';

function best(rounds: number, run: () => unknown): number {
  let fastest = Infinity;
  for (let k = 0; k < rounds; k++) {
    const start = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

export async function benchCiteKeyPattern(): Promise<Array<Record<string, number | string>>> {
  return [50_000, 100_000, 200_000].map((n) => {
    const pattern = '[['.repeat(n) + 'x]';
    const check = best(7, () => citeKeyPatternProblem(pattern));
    const bare = best(7, () => /\[[^\]]*\]/.exec(pattern));
    return { 'n ([[ pairs)': n, 'check (ms)': Number(check.toFixed(2)), 'bare regex pass (ms)': Number(bare.toFixed(2)), 'check ÷ bare pass': Number((check / bare).toFixed(1)) };
  });
}

if (require.main === module) void benchCiteKeyPattern().then((rows) => console.table(rows));
