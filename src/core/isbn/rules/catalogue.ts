// Catalogue records: MARC (mnemonic, display, MARCXML, MARC-in-JSON, binary ISO 2709), PICA+ and
// RIS say by their tags which fields hold ISBNs (dataContext.ts, marcRecords.ts); a bare 10 is
// an ISBN in those fields and no other. How a subfield's mark and code are read apart from the
// number is a candidate's reading (find.ts: Scan.gluedBefore, Scan.afterDigitCode).
import { ALL_KINDS, defineRule } from './rule';

export const marcTag = defineRule({
  id: 'catalogue.marcTag',
  family: 'catalogue',
  says: 'isbn',
  short: 'MARC 020',
  kinds: ['data'],
  reach: { lines: 20, chars: 4096 },
});

export const picaTag = defineRule({
  id: 'catalogue.picaTag',
  family: 'catalogue',
  says: 'isbn',
  short: 'PICA+ 004A',
  kinds: ['data'],
  reach: { lines: 20, chars: 4096 },
});

export const iso2709Tag = defineRule({
  id: 'catalogue.iso2709Tag',
  family: 'catalogue',
  says: 'isbn',
  short: 'MARC 020',
  kinds: ['data'],
  reach: { lines: 0, chars: 100000 },
});

export const risSn = defineRule({
  id: 'catalogue.risSN',
  family: 'catalogue',
  says: 'isbn',
  short: 'RIS SN',
  kinds: ['data', 'bibliography'],
  reach: { lines: 0, chars: 4096 },
});

export const priceTypedOn = defineRule({
  id: 'catalogue.priceTypedOn',
  family: 'catalogue',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 14 },
});

export const marcXml = defineRule({
  id: 'catalogue.marcXml',
  family: 'catalogue',
  says: 'isbn',
  short: 'MARC 020',
  kinds: ['data'],
  reach: { lines: 0, across: 4000 },
});

export const marcJson = defineRule({
  id: 'catalogue.marcJson',
  family: 'catalogue',
  says: 'isbn',
  short: 'MARC 020',
  kinds: ['data'],
  reach: { lines: 0, across: 400 },
});

export const onixType = defineRule({
  id: 'catalogue.onixType',
  family: 'catalogue',
  says: 'isbn',
  short: 'ONIX ISBN-10',
  kinds: ['data'],
  reach: { lines: 0, across: 400 },
});

export const edifactQualifier = defineRule({
  id: 'catalogue.edifactQualifier',
  family: 'catalogue',
  says: 'notIsbn',
  kinds: ['data', 'prose'],
  reach: { lines: 0, chars: 8 },
});
