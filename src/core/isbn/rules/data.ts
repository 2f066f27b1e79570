// Data and columns: in data (JSON, XML, CSV, SQL, YAML) a bare 10-digit number is far more often
// an id, a timestamp or a phone number than an ISBN (one in eleven passes the ISBN-10 check), so
// there it is an ISBN only where its key, tag or column says so (dataContext.ts). In prose, a
// table's column header says the same of its cells.
import { ALL_KINDS, defineRule, PROSE_KINDS } from './rule';

export const keySaysIsbn = defineRule({
  id: 'data.keyNamesIsbn',
  family: 'data',
  says: 'isbn',
  reason: 'In data, the key before a bare 10 names ISBNs (`"isbn_10":`, `isbn: …`, `isbn = \'…\'`, `ISBN number:`, Amazon\'s key for a book, SQL\'s `isbn IN (…)`), or it is an element of a list or array under such a key.',
  short: 'isbn key',
  kinds: ['data'],
  reach: { chars: 400, document: true },
  yes: [{ text: '{"isbn_10": "0306406152"}', name: 'a.json', finds: ['9780306406157'] }],
  no: [{ text: '{"isbn_10": "0306406153"}', name: 'a.json', finds: [] }],
});

export const noIsbnKey = defineRule({
  id: 'data.noIsbnKey',
  family: 'data',
  says: 'notIsbn',
  reason: 'In data, a bare 10 whose key, tag or column does not say ISBN, and whose ISBN-13 is not in the same record, is an id, a timestamp or another number that passes the check by chance.',
  kinds: ['data'],
  reach: { chars: 600, document: true },
  yes: [{ text: '{"id": "0306406152"}', name: 'a.json', finds: [] }],
  no: [{ text: '{"isbn_10": "0306406152"}', name: 'a.json', finds: ['9780306406157'] }],
});

export const tableColumnIsbn = defineRule({
  id: 'data.tableColumnIsbn',
  family: 'data',
  says: 'isbn',
  reason: 'In prose, a bare 10 that is a whole cell of a Markdown or HTML table whose column header names ISBNs.',
  short: 'isbn column',
  kinds: PROSE_KINDS,
  reach: { chars: 1 << 20 },
  yes: [{ text: '| ISBN |\n|---|\n| 9999678270 |', finds: ['9789999678278'] }],
  no: [{ text: '| Title |\n|---|\n| 9999678270 |', finds: [] }],
});

export const tableColumnOther = defineRule({
  id: 'data.tableColumnOther',
  family: 'data',
  says: 'notIsbn',
  reason: 'In prose, a bare 10 that is a whole cell of a table whose column header names another kind of number (`Order No.`, `SKU`, `OCLC`, a date).',
  kinds: PROSE_KINDS,
  reach: { chars: 1 << 20 },
  yes: [{ text: '| Order No. |\n|---|\n| 0306406152 |', finds: [] }],
  no: [{ text: '| Title |\n|---|\n| 0306406152 |', finds: ['9780306406157'] }],
});

export const placeholder = defineRule({
  id: 'data.placeholderDigits',
  family: 'data',
  says: 'notIsbn',
  reason: '`0123456789` and `123456789X` (the digits in order, which pass the ISBN-10 check) are a form\'s or a test\'s placeholder in prose or code, unless a label, key, column or path says ISBN.',
  kinds: ALL_KINDS,
  reach: { chars: 400 },
  yes: [{ text: 'Type 0123456789 here', finds: [] }],
  no: [{ text: 'isbn: 0123456789', finds: ['9780123456786'] }],
});

export const csvColumn = defineRule({
  id: 'data.csv.columnNamesIsbn',
  family: 'data',
  says: 'isbn',
  reason: 'In CSV or TSV, the header names the number\'s column for ISBNs (ISBN, ISBN13, isbn_10, ISBNs…), or a header-less column holds ISBNs by its values; a cell of JSON (an Open Library dump) is read by its own keys.',
  short: 'isbn column',
  kinds: ['data'],
  reach: { chars: 4096, document: true },
  yes: [{ text: 'isbn,title\n0306406152,Dune\n', name: 'a.csv', finds: ['9780306406157'] }],
  no: [{ text: 'id,title\n0306406152,Dune\n', name: 'a.csv', finds: [] }],
});

export const sqlColumn = defineRule({
  id: 'data.sql.columnNamesIsbn',
  family: 'data',
  says: 'isbn',
  reason: 'In SQL, the column of the value in an INSERT\'s tuple (or a COPY block\'s row), named by the statement\'s column list or the table\'s CREATE TABLE, names ISBNs.',
  short: 'isbn column',
  kinds: ['data'],
  reach: { chars: 1 << 20 },
  yes: [{ text: "INSERT INTO books (id, isbn) VALUES (1, '0306406152');", name: 'a.sql', finds: ['9780306406157'] }],
  no: [{ text: "INSERT INTO books (isbn, id) VALUES ('x', '0306406152');", name: 'a.sql', finds: [] }],
});

export const yamlTitleKey = defineRule({
  id: 'data.yaml.titleKey',
  family: 'data',
  says: 'isbn',
  reason: 'A YAML list of titles and their ISBNs (`- Dune: 0441013597`): a key written as a title (a capital, then words, no number\'s name) holding nothing but the number.',
  short: 'title: ISBN list',
  kinds: ['data'],
  reach: { chars: 4096 },
  yes: [{ text: '- Dune: 0306406152\n', name: 'a.yaml', finds: ['9780306406157'] }],
  no: [{ text: '- Order no: 0306406152\n', name: 'a.yaml', finds: [] }],
});

export const jsonTextLines = defineRule({
  id: 'data.json.textLines',
  family: 'data',
  says: 'isbn',
  reason: 'Text kept in JSON as an array of lines (a notebook\'s printed table, `"text/plain": ["   ISBN  Title\\n", "0  0441013597  Dune\\n"]`) whose earlier line names ISBNs: its header.',
  short: 'isbn column',
  kinds: ['data'],
  reach: { chars: 4096, lines: 64 },
  yes: [{ text: '{"text/plain": [\n"   ISBN        Title\\n",\n"0  0306406152  Dune\\n"\n]}', name: 'a.json', finds: ['9780306406157'] }],
  no: [{ text: '{"text/plain": [\n"   Id        Title\\n",\n"0  0306406152  Dune\\n"\n]}', name: 'a.json', finds: [] }],
});

export const twinNearby = defineRule({
  id: 'data.twinNearby',
  family: 'data',
  says: 'isbn',
  reason: 'The same record holds the ISBN-13 of this ISBN-10 (Goodreads\' ISBN and ISBN13 columns), or 978 and the ten written together with the old check digit kept (FOLIO\'s made-up 13s).',
  short: 'its ISBN-13 nearby',
  kinds: ['data', 'prose'],
  reach: { chars: 600 },
  yes: [{ text: 'id,code,title\n0306406152,9780306406157,Dune\n', name: 'a.csv', finds: ['9780306406157'] }],
  no: [{ text: 'id,code,title\n0306406152,9780441013593,Dune\n', name: 'a.csv', finds: ['9780441013593'] }],
});

export const strayCapital = defineRule({
  id: 'data.strayCapital',
  family: 'data',
  says: 'reads',
  reason: 'In a column or under a key that says ISBN, one capital opening a cell before its ISBN-10 (`276762,N3453124715,4`, a ratings dataset\'s slip) is left out; elsewhere the number stays glued to it.',
  kinds: ALL_KINDS,
  reach: { chars: 2 },
  yes: [{ text: 'user,isbn,rating\n1,N0306406152,4\n', name: 'a.csv', finds: ['9780306406157'] }],
  no: [{ text: 'user,id,rating\n1,N0306406152,4\n', name: 'a.csv', finds: [] }],
});

export const misgroupedUnderKey = defineRule({
  id: 'data.misgroupedUnderKey',
  family: 'data',
  says: 'reads',
  reason: 'A 10 or a 978/979 13 grouped as no ISBN is (`3-94-7-1-8-83-4-X`, a cataloguer\'s or a test\'s odd hyphens) is still read where a key, attribute, element or variable says ISBN; elsewhere its groups rule it out.',
  kinds: ALL_KINDS,
  reach: { chars: 400 },
  yes: [{ text: '{"isbn_10": "3-94-7-1-8-83-4-X"}', name: 'a.json', finds: ['9783947188345'] }],
  no: [{ text: '{"id_10": "3-94-7-1-8-83-4-X"}', name: 'a.json', finds: [] }],
});

export const xmlElement = defineRule({
  id: 'data.xmlElement',
  family: 'data',
  says: 'isbn',
  reason: 'In XML, the element or its attributes name ISBNs (`<isbn>`, `<identifier type="isbn">`, `<dc:identifier xsi:type="urn:isbn">`, ONIX\'s short `b004`), or its parent or a type sibling does.',
  short: 'isbn element',
  kinds: ['data', 'markup'],
  reach: { chars: 400 },
  yes: [{ text: '<isbn>0306406152</isbn>', name: 'a.xml', finds: ['9780306406157'] }],
  no: [{ text: '<id>0306406152</id>', name: 'a.xml', finds: [] }],
});

export const typeCell = defineRule({
  id: 'data.typeCell',
  family: 'data',
  says: 'isbn',
  reason: 'A type/value pair whose type cell is `isbn` (Calibre\'s `INSERT INTO identifiers VALUES(118,215,\'isbn\',\'0812571398\')`, `["isbn", "0441013597"]`).',
  short: 'type isbn',
  kinds: ['data'],
  reach: { chars: 16 },
  yes: [{ text: "INSERT INTO identifiers VALUES(118,215,'isbn','0306406152');", name: 'a.sql', finds: ['9780306406157'] }],
  no: [{ text: "INSERT INTO identifiers VALUES(118,215,'oclc','0306406152');", name: 'a.sql', finds: [] }],
});

export const recordType = defineRule({
  id: 'data.recordType',
  family: 'data',
  says: 'isbn',
  reason: 'Under a key that names no kind of number (`identifier`, `value`, `@value`), the record around types the value ISBN (`{"type": "ISBN_10", "identifier": …}`, JSON-LD\'s `@type`, a parent key, Wikidata\'s `"property": "P957"`).',
  short: 'typed ISBN',
  kinds: ['data', 'code', 'markup'],
  reach: { chars: 400 },
  yes: [
    { text: '{"type": "ISBN_10", "identifier": "0306406152"}', name: 'a.json', finds: ['9780306406157'] },
    { text: '{"property": "P957", "datavalue": {"value": "0306406152"}}', name: 'a.json', finds: ['9780306406157'] },
  ],
  no: [{ text: '{"type": "OCLC", "identifier": "0306406152"}', name: 'a.json', finds: [] }],
});

export const yamlList = defineRule({
  id: 'data.yaml.listUnderIsbnKey',
  family: 'data',
  says: 'isbn',
  reason: 'An item of a YAML list (`- 0306406152`) under a key that names ISBNs (`isbn:`, `isbn_ssim:`).',
  short: 'isbn list',
  kinds: ['data'],
  reach: { chars: 4096, lines: 200 },
  yes: [{ text: 'isbn:\n  - 0306406152\n', name: 'a.yaml', finds: ['9780306406157'] }],
  no: [{ text: 'oclc:\n  - 0306406152\n', name: 'a.yaml', finds: [] }],
});
