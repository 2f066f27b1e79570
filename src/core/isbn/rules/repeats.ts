// Repeats: a number ruled out where it stands (a cover's file name, a link keyed to another id)
// that is an ISBN found elsewhere in the text (repeats.ts, after the scan).
import { ALL_KINDS, defineRule } from './rule';

export const foundElsewhere = defineRule({
  id: 'repeats.foundElsewhere',
  family: 'repeats',
  says: 'isbn',
  reason: 'A number ruled out by its place (glued to a word, keyed to another id, under another column) is still an ISBN when the text holds the same ISBN where nothing rules it out: a page that lists a book and links its cover.',
  short: 'same ISBN found elsewhere',
  kinds: ALL_KINDS,
  reach: { chars: Infinity, document: true },
  yes: [{ text: 'ISBN 0306406152, cover: 0306406152_k.jpg', finds: ['9780306406157'] }],
  no: [{ text: 'cover: 0306406152_k.jpg', finds: [] }],
});
