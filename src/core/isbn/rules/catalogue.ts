// Catalogue records: MARC (mnemonic, display, MARCXML, MARC-in-JSON, binary ISO 2709), PICA+ and
// RIS say by their tags which fields hold ISBNs (dataContext.ts, marcRecords.ts); a bare 10 is
// an ISBN in those fields and no other. How a subfield's mark and code are read apart from the
// number is a candidate's reading (find.ts: Scan.gluedBefore, Scan.afterDigitCode).
import { ALL_KINDS, defineRule } from './rule';

export const marcTag = defineRule({
  id: 'catalogue.marcTag',
  family: 'catalogue',
  says: 'isbn',
  reason: 'In a MARC record (mnemonic `=020  \\\\$a…` or display `020    |a …`), field 020 holds ISBNs, and a linking entry\'s (76X-78X, 80X-830) `$z`; other fields (001, 035 control numbers) hold other numbers.',
  short: 'MARC 020',
  kinds: ['data'],
  reach: { chars: 4096, lines: 20 },
  yes: [{ text: '=001  12345\n=020  \\\\$a0306406152\n', name: 'a.mrk', finds: ['9780306406157'] }],
  no: [{ text: '=001  12345\n=035  \\\\$a0306406152\n', name: 'a.mrk', finds: [] }],
});

export const picaTag = defineRule({
  id: 'catalogue.picaTag',
  family: 'catalogue',
  says: 'isbn',
  reason: 'In PICA+, fields 004A (the book), 004D, 004P (another form), 004J (a reproduction) and 004L hold ISBNs, and a linking field whose subfield C types its number ISBN (`039D ƒCISBNƒ6…`); 003@ is the record\'s own number.',
  short: 'PICA+ 004A',
  kinds: ['data'],
  reach: { chars: 4096, lines: 20 },
  yes: [{ text: '004A ƒ00306406152ƒf : pbk.\n', name: 'a.pica', finds: ['9780306406157'] }],
  no: [{ text: '003@ ƒ00306406152\n', name: 'a.pica', finds: [] }],
});

export const iso2709Tag = defineRule({
  id: 'catalogue.iso2709Tag',
  family: 'catalogue',
  says: 'isbn',
  reason: 'In binary MARC (ISO 2709) the record\'s directory gives each field\'s tag: 020 (UNIMARC: 010) holds ISBNs, a linking entry\'s `$z` too.',
  short: 'MARC 020',
  kinds: ['data'],
  reach: { chars: 100000, document: true },
  yes: [{ text: '00000nam  2200049   4500020001500000\x1e  \x1fa0306406152\x1e\x1d', finds: ['9780306406157'] }],
  no: [{ text: '00000nam  2200049   4500035001500000\x1e  \x1fa0306406152\x1e\x1d', finds: [] }],
});

export const risSn = defineRule({
  id: 'catalogue.risSN',
  family: 'catalogue',
  says: 'isbn',
  reason: 'In RIS, the SN tag holds ISBNs (and ISSNs); AN (accession), M1, ID and the others hold other numbers.',
  short: 'RIS SN',
  kinds: ['data', 'bibliography'],
  reach: { chars: 4096 },
  yes: [{ text: 'TY  - BOOK\nSN  - 0306406152\nER  - \n', name: 'a.ris', finds: ['9780306406157'] }],
  no: [{ text: 'TY  - BOOK\nAN  - 0306406152\nER  - \n', name: 'a.ris', finds: [] }],
});

export const priceTypedOn = defineRule({
  id: 'catalogue.priceTypedOn',
  family: 'catalogue',
  says: 'reads',
  reason: 'A run of 13 or 14 digits, no ISBN-13 and no other EAN, that is a valid ISBN-10 with a price typed onto it (`0553101315175`: $1.75 in an old MARC record\'s 020 `$z`, the `:` before `$c` lost) is read as the ten, where a label, field, key or column says ISBN.',
  kinds: ALL_KINDS,
  reach: { chars: 14 },
  yes: [{ text: '=020  \\\\$z0306406152175\n', name: 'a.mrk', finds: ['9780306406157'] }],
  no: [{ text: 'Reference 0306406152175 in prose.', finds: [] }],
});

export const marcXml = defineRule({
  id: 'catalogue.marcXml',
  family: 'catalogue',
  says: 'isbn',
  reason: 'In MARCXML, a subfield of datafield 020 (or a linking entry\'s `code="z"`), the last tag before it however many subfields lie between.',
  short: 'MARC 020',
  kinds: ['data'],
  reach: { chars: 4000 },
  yes: [{ text: '<datafield tag="020" ind1=" " ind2=" "><subfield code="a">0306406152</subfield></datafield>', name: 'a.xml', finds: ['9780306406157'] }],
  no: [{ text: '<datafield tag="035" ind1=" " ind2=" "><subfield code="a">0306406152</subfield></datafield>', name: 'a.xml', finds: [] }],
});

export const marcJson = defineRule({
  id: 'catalogue.marcJson',
  family: 'catalogue',
  says: 'isbn',
  reason: 'In MARC-in-JSON (`{"020": {"subfields": [{"a": "…"}]}}`), a subfield code\'s value under field 020, or a linking entry\'s `z`.',
  short: 'MARC 020',
  kinds: ['data'],
  reach: { chars: 400 },
  yes: [{ text: '{"020": {"subfields": [{"a": "0306406152"}]}}', name: 'a.json', finds: ['9780306406157'] }],
  no: [{ text: '{"035": {"subfields": [{"a": "0306406152"}]}}', name: 'a.json', finds: [] }],
});

export const onixType = defineRule({
  id: 'catalogue.onixType',
  family: 'catalogue',
  says: 'isbn',
  reason: 'In ONIX, an `IDValue` (or `b244`) whose `ProductIDType` (`b221`) is 02, an ISBN-10; other types (01 proprietary, 03 GTIN) hold other numbers.',
  short: 'ONIX ISBN-10',
  kinds: ['data'],
  reach: { chars: 400 },
  yes: [{ text: '<ProductIdentifier><ProductIDType>02</ProductIDType><IDValue>0306406152</IDValue></ProductIdentifier>', name: 'a.xml', finds: ['9780306406157'] }],
  no: [{ text: '<ProductIdentifier><ProductIDType>01</ProductIDType><IDValue>0306406152</IDValue></ProductIdentifier>', name: 'a.xml', finds: [] }],
});

export const edifactQualifier = defineRule({
  id: 'catalogue.edifactQualifier',
  family: 'catalogue',
  says: 'notIsbn',
  reason: 'In an EDIFACT message, a number after a segment\'s qualifier (`RFF+ON:…`, an order number) is what the qualifier says; ISBNs come typed `:IB` or `:EN` (candidate.afterPlusOrFolder).',
  kinds: ['data', 'prose'],
  reach: { chars: 8 },
  yes: [{ text: 'RFF+ON:0306406152', finds: [] }],
  no: [{ text: 'RFF:0306406152', finds: ['9780306406157'] }],
});
