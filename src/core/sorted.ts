/**
 * The first index in [0, length) at which `before` stops holding, for a `before` that holds for a
 * prefix of a sorted list and then never again (a binary search: `before(k)` is asked about
 * log2(length) times). `length` when it holds throughout.
 */
export function partitionPoint(length: number, before: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
