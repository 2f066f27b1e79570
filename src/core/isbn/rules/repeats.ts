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

/**
 * The bare 10s a number is judged with: those within this many characters of it, 48 K about it
 * (a log's first or last lines with the rest of it), not a whole notes file with one log in it.
 */
export const CHANCE_AROUND = 3 << 13;

export const chanceStretch = defineRule({
  id: 'repeats.chanceStretch',
  family: 'repeats',
  says: 'notIsbn',
  kinds: PROSE_KINDS,
  reach: { lines: 0, decisions: CHANCE_AROUND },
});
