// Why each repeats rule holds and its examples both ways (rule.ts): read by the tests and the rules page, not at activation.
import { describeRules } from './rule';

describeRules({
  'repeats.foundElsewhere': {
    reason: 'A number ruled out by its place (glued to a word, keyed to another id, under another column) is still an ISBN when the text holds the same ISBN where nothing rules it out: a page that lists a book and links its cover.',
    yes: [{ text: 'ISBN 0306406152, cover: 0306406152_k.jpg', finds: ['9780306406157'] }],
    no: [{ text: 'cover: 0306406152_k.jpg', finds: [] }],
  },
  'repeats.chanceStretch': {
    reason: 'Where many bare 10-digit numbers stand in prose (a log, a list of tax ids) and at most a third pass the ISBN-10 check, those that pass are chance too: taken only with more than their checksum (a label, a key, the word ISBN on their line, their ISBN-13 nearby).',
    yes: [{ text: Array.from({ length: 12 }, (_, k) => `req ${1000000001 + 7 * k} ok`).join('\n') + '\nreq 0306406152 ok', finds: [] }],
    no: [{ text: 'req 0306406152 ok', finds: ['9780306406157'] }],
  },
});
