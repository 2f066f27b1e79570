// Repeats: a number ruled out where it stands (a cover's file name, a link keyed to another id)
// that is an ISBN found elsewhere in the text (repeats.ts, after the scan).
import { ALL_KINDS, defineRule, PROSE_KINDS } from './rule';

export const foundElsewhere = defineRule({
  id: 'repeats.foundElsewhere',
  family: 'repeats',
  says: 'isbn',
  short: 'same ISBN found elsewhere',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'text' },
});

export const chanceStretch = defineRule({
  id: 'repeats.chanceStretch',
  family: 'repeats',
  says: 'notIsbn',
  kinds: PROSE_KINDS,
  reach: { lines: 0, chars: 3 * 16384, document: 'text' },
});
