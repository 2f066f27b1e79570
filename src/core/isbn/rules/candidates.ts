// Candidates: how the finder reads a number (find.ts: RUN_START, Digits, Scan.run) and what its
// shape alone says. An unlabelled number is an ISBN by its shape only when it is written as
// one: a 978/979 ISBN-13 with its check digit, or an ISBN-10 in ISBN groups or, bare, where
// nothing around it says otherwise (the other families).
import { ALL_KINDS, defineRule, PROSE_KINDS } from './rule';

export const isbn13Shape = defineRule({
  id: 'candidate.isbn13',
  family: 'candidates',
  says: 'isbn',
  short: 'ISBN-13',
  kinds: ALL_KINDS,
  reach: { lines: 0 },
});

export const groupedTen = defineRule({
  id: 'candidate.isbn10Groups',
  family: 'candidates',
  says: 'isbn',
  short: 'ISBN-10 groups',
  kinds: ALL_KINDS,
  reach: { lines: 0 },
});

export const checksumTen = defineRule({
  id: 'candidate.isbn10Checksum',
  family: 'candidates',
  says: 'isbn',
  short: 'ISBN-10 check digit',
  kinds: PROSE_KINDS,
  reach: { lines: 0 },
});

export const checkDigit = defineRule({
  id: 'candidate.checkDigitWrong',
  family: 'candidates',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0 },
});

export const gluedToWord = defineRule({
  id: 'candidate.gluedToWord',
  family: 'candidates',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 128 },
});

export const phoneGroups = defineRule({
  id: 'candidate.otherGroups',
  family: 'candidates',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0 },
});

export const texRange = defineRule({
  id: 'candidate.texRange',
  family: 'candidates',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 1, chars: 40 },
});

export const fullWidthDigits = defineRule({
  id: 'candidate.fullWidthDigits',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'text' },
});

export const otherScriptDigits = defineRule({
  id: 'candidate.otherScriptDigits',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const cyrillicX = defineRule({
  id: 'candidate.cyrillicX',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const escapedHyphen = defineRule({
  id: 'candidate.escapedHyphen',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0 },
});

export const lineBreakHyphen = defineRule({
  id: 'candidate.lineBreakHyphen',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 4, chars: 24 },
});

export const dottedGroups = defineRule({
  id: 'candidate.dottedGroups',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0 },
});

export const spacedGroups = defineRule({
  id: 'candidate.spacedGroups',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0 },
});

export const gluedTogether = defineRule({
  id: 'candidate.gluedTogether',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 160 },
});

export const slashJoined = defineRule({
  id: 'candidate.slashJoined',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0 },
});

export const afterPlusOrFolder = defineRule({
  id: 'candidate.afterPlusOrFolder',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 8, document: 'head' },
});

export const idPrefix = defineRule({
  id: 'candidate.idPrefix',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 8 },
});

export const subfieldCode = defineRule({
  id: 'candidate.subfieldCode',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 2 },
});

export const bindingGlued = defineRule({
  id: 'candidate.bindingGlued',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 12 },
});

export const percentEncoded = defineRule({
  id: 'candidate.percentEncoded',
  family: 'candidates',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 3 },
});

export const tenWith978 = defineRule({
  id: 'candidate.tenWith978',
  family: 'candidates',
  says: 'flags',
  kinds: ALL_KINDS,
  reach: { lines: 0 },
});
