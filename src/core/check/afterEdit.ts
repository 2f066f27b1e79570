/**
 * A check's results moved with an edit: the checked ISBNs of entries the edit left alone move with
 * the text; an edited entry's are dropped and its place marked, to be checked again from the cache
 * once typing settles. Pure: the editor feeds it the changes VS Code reports.
 */
import type { CheckedIsbn } from './checkEntries';

/** One change of an edit, in the offsets of the text before it. */
export interface EditChange {
  offset: number;
  removed: number;
  inserted: number;
}

/** Where the text was edited since the last look, in its current offsets. */
export interface Span {
  start: number;
  end: number;
}

export function afterEdit<T extends CheckedIsbn>(items: readonly T[], dirty: readonly Span[], changes: readonly EditChange[]): { items: T[]; dirty: Span[] } {
  let kept = [...items];
  let spans = [...dirty];
  // Every change's offsets are in the text before the edit: taken from the last in the text to the first, none moves another's.
  for (const change of [...changes].sort((a, b) => b.offset - a.offset)) {
    const from = change.offset;
    const to = from + change.removed;
    const delta = change.inserted - change.removed;
    const touched: Span = { start: from, end: from + change.inserted };
    const next: T[] = [];
    for (const item of kept) {
      if (item.entryEnd < from) next.push(item);
      else if (item.entryStart > to) next.push({ ...item, start: item.start + delta, end: item.end + delta, entryStart: item.entryStart + delta, entryEnd: item.entryEnd + delta });
      else {
        touched.start = Math.min(touched.start, item.entryStart);
        touched.end = Math.max(touched.end, item.entryEnd + delta);
      }
    }
    kept = next;
    spans = spans.map((d) => (d.end < from ? d : d.start > to ? { start: d.start + delta, end: d.end + delta } : { start: Math.min(d.start, from), end: Math.max(d.end + delta, from + change.inserted) }));
    spans.push(touched);
  }
  return { items: kept, dirty: spans };
}
