/** The largest number of times that fall within any window of `windowMs` (inclusive). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let max = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! > windowMs) first++;
    max = Math.max(max, last - first + 1);
  }
  return max;
}
