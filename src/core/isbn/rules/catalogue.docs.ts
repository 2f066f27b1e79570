// Why each catalogue rule holds and its examples both ways (rule.ts): read by the tests and the rules page, not at activation.
import { describeRules } from './rule';

describeRules({
  'catalogue.marcTag': {
    reason: 'In a MARC record (mnemonic `=020  \\\\$a…` or display `020    |a …`), field 020 holds ISBNs, and a linking entry\'s (76X-78X, 80X-830) `$z`; other fields (001, 035 control numbers) hold other numbers.',
    yes: [{ text: '=001  12345\n=020  \\\\$a0306406152\n', name: 'a.mrk', finds: ['9780306406157'] }],
    no: [{ text: '=001  12345\n=035  \\\\$a0306406152\n', name: 'a.mrk', finds: [] }],
  },
  'catalogue.picaTag': {
    reason: 'In PICA+, fields 004A (the book), 004D, 004P (another form), 004J (a reproduction) and 004L hold ISBNs, and a linking field whose subfield C types its number ISBN (`039D ƒCISBNƒ6…`); 003@ is the record\'s own number.',
    yes: [{ text: '004A ƒ00306406152ƒf : pbk.\n', name: 'a.pica', finds: ['9780306406157'] }],
    no: [{ text: '003@ ƒ00306406152\n', name: 'a.pica', finds: [] }],
  },
  'catalogue.iso2709Tag': {
    reason: 'In binary MARC (ISO 2709) the record\'s directory gives each field\'s tag: 020 (UNIMARC: 010) holds ISBNs, a linking entry\'s `$z` too.',
    yes: [{ text: '00000nam  2200049   4500020001500000\x1e  \x1fa0306406152\x1e\x1d', finds: ['9780306406157'] }],
    no: [{ text: '00000nam  2200049   4500035001500000\x1e  \x1fa0306406152\x1e\x1d', finds: [] }],
  },
  'catalogue.risSN': {
    reason: 'In RIS, the SN tag holds ISBNs (and ISSNs); AN (accession), M1, ID and the others hold other numbers.',
    yes: [{ text: 'TY  - BOOK\nSN  - 0306406152\nER  - \n', name: 'a.ris', finds: ['9780306406157'] }],
    no: [{ text: 'TY  - BOOK\nAN  - 0306406152\nER  - \n', name: 'a.ris', finds: [] }],
  },
  'catalogue.priceTypedOn': {
    reason: 'A run of 13 or 14 digits, no ISBN-13 and no other EAN, that is a valid ISBN-10 with a price typed onto it (`0553101315175`: $1.75 in an old MARC record\'s 020 `$z`, the `:` before `$c` lost) is read as the ten, where a label, field, key or column says ISBN.',
    yes: [{ text: '=020  \\\\$z0306406152175\n', name: 'a.mrk', finds: ['9780306406157'] }],
    no: [{ text: 'Reference 0306406152175 in prose.', finds: [] }],
  },
  'catalogue.marcXml': {
    reason: 'In MARCXML, a subfield of datafield 020 (or a linking entry\'s `code="z"`), the last tag before it however many subfields lie between.',
    yes: [{ text: '<datafield tag="020" ind1=" " ind2=" "><subfield code="a">0306406152</subfield></datafield>', name: 'a.xml', finds: ['9780306406157'] }],
    no: [{ text: '<datafield tag="035" ind1=" " ind2=" "><subfield code="a">0306406152</subfield></datafield>', name: 'a.xml', finds: [] }],
  },
  'catalogue.marcJson': {
    reason: 'In MARC-in-JSON (`{"020": {"subfields": [{"a": "…"}]}}`), a subfield code\'s value under field 020, or a linking entry\'s `z`.',
    yes: [{ text: '{"020": {"subfields": [{"a": "0306406152"}]}}', name: 'a.json', finds: ['9780306406157'] }],
    no: [{ text: '{"035": {"subfields": [{"a": "0306406152"}]}}', name: 'a.json', finds: [] }],
  },
  'catalogue.onixType': {
    reason: 'In ONIX, an `IDValue` (or `b244`) whose `ProductIDType` (`b221`) is 02, an ISBN-10; other types (01 proprietary, 03 GTIN) hold other numbers.',
    yes: [{ text: '<ProductIdentifier><ProductIDType>02</ProductIDType><IDValue>0306406152</IDValue></ProductIdentifier>', name: 'a.xml', finds: ['9780306406157'] }],
    no: [{ text: '<ProductIdentifier><ProductIDType>01</ProductIDType><IDValue>0306406152</IDValue></ProductIdentifier>', name: 'a.xml', finds: [] }],
  },
  'catalogue.edifactQualifier': {
    reason: 'In an EDIFACT message, a number after a segment\'s qualifier (`RFF+ON:…`, an order number) is what the qualifier says; ISBNs come typed `:IB` or `:EN` (candidate.afterPlusOrFolder).',
    yes: [{ text: 'RFF+ON:0306406152', finds: [] }],
    no: [{ text: 'RFF:0306406152', finds: ['9780306406157'] }],
  },
});
