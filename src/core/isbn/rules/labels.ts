// Labels: the word ISBN before a number, or an isbn field around it. A labelled candidate is
// meant as an ISBN: it is reported even when invalid (with its problem), and a checksum-valid
// ISBN-10 in no range of isbn3's is an ISBN there. Applied in find.ts (labelBefore, Scan.field).
import { ALL_KINDS, defineRule } from './rule';

export const isbnLabel = defineRule({
  id: 'label.isbnWord',
  family: 'labels',
  says: 'isbn',
  short: 'ISBN label',
  kinds: ALL_KINDS,
  reach: { lines: 1, chars: 40 },
});

export const isbnField = defineRule({
  id: 'label.isbnField',
  family: 'labels',
  says: 'isbn',
  short: 'isbn field',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 4096, field: 20 },
});

export const labelGap = defineRule({
  id: 'label.encodedGap',
  family: 'labels',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 40 },
});

export const wrappedLabel = defineRule({
  id: 'label.wrappedLine',
  family: 'labels',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 1, chars: 40 },
});

export const letterForDigit = defineRule({
  id: 'label.letterForDigit',
  family: 'labels',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 16, document: 'head' },
});

export const otherLabel = defineRule({
  id: 'label.otherNumber',
  family: 'labels',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, across: 300 },
});

export const isbnOnLine = defineRule({
  id: 'label.isbnOnLine',
  family: 'labels',
  says: 'isbn',
  short: 'ISBN on its line',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 400 },
});

export const controlNumber = defineRule({
  id: 'label.controlNumberSource',
  family: 'labels',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 20 },
});

export const numero = defineRule({
  id: 'label.numero',
  family: 'labels',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 8 },
});

export const otherPhrase = defineRule({
  id: 'label.otherPhrase',
  family: 'labels',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 80 },
});

export const labelledProblem = defineRule({
  id: 'label.brokenIsbn',
  family: 'labels',
  says: 'flags',
  kinds: ALL_KINDS,
  reach: { lines: 1, chars: 40, field: 20 },
});

export const issnInField = defineRule({
  id: 'label.issnInField',
  family: 'labels',
  says: 'flags',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 4096, field: 20 },
});

export const zerosPlaceholder = defineRule({
  id: 'label.zerosPlaceholder',
  family: 'labels',
  says: 'flags',
  kinds: ALL_KINDS,
  reach: { lines: 1, chars: 40, field: 20 },
});
