// Candidates: how the finder reads a number (find.ts: RUN_START, Digits, Scan.run) and what its
// shape alone says. An unlabelled number is an ISBN by its shape only when it is written as
// one: a 978/979 ISBN-13 with its check digit, or an ISBN-10 in ISBN groups or, bare, where
// nothing around it says otherwise (the other families).
import { ALL_KINDS, defineRule, PROSE_KINDS } from './rule';

export const isbn13Shape = defineRule({
  id: 'candidate.isbn13',
  family: 'candidates',
  says: 'isbn',
  reason: 'Thirteen digits opening with 978 or 979 (not an ISMN\'s 9790) whose check digit holds: no other number is written so by chance.',
  short: 'ISBN-13',
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'See 9780306406157.', finds: ['9780306406157'] }],
  no: [{ text: 'EAN 4006381333931', finds: [] }],
});

export const groupedTen = defineRule({
  id: 'candidate.isbn10Groups',
  family: 'candidates',
  says: 'isbn',
  reason: 'Ten digits in ISBN groups (at most four, the check character alone, or 1 + 9 and 4 + 6 with spaces) whose ISBN-10 check holds: a phone number is grouped otherwise.',
  short: 'ISBN-10 groups',
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'page 0-306-40615-2', finds: ['9780306406157'] }],
  no: [{ text: 'call 030-640-6152', finds: [] }],
});

export const checksumTen = defineRule({
  id: 'candidate.isbn10Checksum',
  family: 'candidates',
  says: 'isbn',
  reason: 'A bare ten-digit number in prose whose ISBN-10 check holds and that isbn3\'s ranges know, where nothing around it says otherwise (one number in eleven passes by chance: see repeats.chanceStretch).',
  short: 'ISBN-10 check digit',
  kinds: PROSE_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'See 0306406152 for more.', finds: ['9780306406157'] }],
  no: [{ text: 'See 0306406153 for more.', finds: [] }],
});

export const checkDigit = defineRule({
  id: 'candidate.checkDigitWrong',
  family: 'candidates',
  says: 'notIsbn',
  reason: 'An unlabelled number whose check digit does not hold is no ISBN (a labelled one is reported with its problem).',
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'See 0306406153 for more.', finds: [] }],
  no: [{ text: 'See 0306406152 for more.', finds: ['9780306406157'] }],
});
