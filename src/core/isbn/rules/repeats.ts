// Repeats: a number ruled out where it stands (a cover's file name, a link keyed to another id)
// that is an ISBN found elsewhere in the text (repeats.ts, after the scan).
import { ALL_KINDS, defineRule, PROSE_KINDS } from './rule';

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

export const chanceStretch = defineRule({
  id: 'repeats.chanceStretch',
  family: 'repeats',
  says: 'notIsbn',
  reason: 'Where many bare 10-digit numbers stand in prose (a log, a list of tax ids) and at most a third pass the ISBN-10 check, those that pass are chance too: taken only with more than their checksum (a label, a key, the word ISBN on their line, their ISBN-13 nearby).',
  kinds: PROSE_KINDS,
  reach: { chars: 3 * 16384 },
  yes: [{ text: Array.from({ length: 12 }, (_, k) => `req ${1000000001 + 7 * k} ok`).join('\n') + '\nreq 0306406152 ok', finds: [] }],
  no: [{ text: 'req 0306406152 ok', finds: ['9780306406157'] }],
});
