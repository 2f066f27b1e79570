// Why each data rule holds and its examples both ways (rule.ts): read by the tests and the rules page, not at activation.
import { describeRules } from './rule';

describeRules({
  'data.keyNamesIsbn': {
    reason: 'In data, the key before a bare 10 names ISBNs (`"isbn_10":`, `isbn: …`, `isbn = \'…\'`, `ISBN number:`, Amazon\'s key for a book, SQL\'s `isbn IN (…)`), or it is an element of a list or array under such a key.',
    yes: [{ text: '{"isbn_10": "0306406152"}', name: 'a.json', finds: ['9780306406157'] }],
    no: [{ text: '{"isbn_10": "0306406153"}', name: 'a.json', finds: [] }],
  },
  'data.noIsbnKey': {
    reason: 'In data, a bare 10 whose key, tag or column does not say ISBN, and whose ISBN-13 is not in the same record, is an id, a timestamp or another number that passes the check by chance.',
    yes: [{ text: '{"id": "0306406152"}', name: 'a.json', finds: [] }],
    no: [{ text: '{"isbn_10": "0306406152"}', name: 'a.json', finds: ['9780306406157'] }],
  },
  'data.tableColumnIsbn': {
    reason: 'In prose, a bare 10 that is a whole cell of a Markdown or HTML table whose column header names ISBNs.',
    yes: [{ text: '| ISBN |\n|---|\n| 9999678270 |', finds: ['9789999678278'] }],
    no: [{ text: '| Title |\n|---|\n| 9999678270 |', finds: [] }],
  },
  'data.tableColumnOther': {
    reason: 'In prose, a bare 10 that is a whole cell of a table whose column header names another kind of number (`Order No.`, `SKU`, `OCLC`, a date).',
    yes: [{ text: '| Order No. |\n|---|\n| 0306406152 |', finds: [] }],
    no: [{ text: '| Title |\n|---|\n| 0306406152 |', finds: ['9780306406157'] }],
  },
  'data.placeholderDigits': {
    reason: '`0123456789` and `123456789X` (the digits in order, which pass the ISBN-10 check) are a form\'s or a test\'s placeholder in prose or code, unless a label, key, column or path says ISBN.',
    yes: [{ text: 'Type 0123456789 here', finds: [] }],
    no: [{ text: 'isbn: 0123456789', finds: ['9780123456786'] }],
  },
  'data.csv.columnNamesIsbn': {
    reason: 'In CSV or TSV, the header names the number\'s column for ISBNs (ISBN, ISBN13, isbn_10, ISBNs…), or a header-less column holds ISBNs by its values; a cell of JSON (an Open Library dump) is read by its own keys.',
    yes: [{ text: 'isbn,title\n0306406152,Dune\n', name: 'a.csv', finds: ['9780306406157'] }],
    no: [{ text: 'id,title\n0306406152,Dune\n', name: 'a.csv', finds: [] }],
  },
  'data.sql.columnNamesIsbn': {
    reason: 'In SQL, the column of the value in an INSERT\'s tuple (or a COPY block\'s row), named by the statement\'s column list or the table\'s CREATE TABLE, names ISBNs.',
    yes: [{ text: "INSERT INTO books (id, isbn) VALUES (1, '0306406152');", name: 'a.sql', finds: ['9780306406157'] }],
    no: [{ text: "INSERT INTO books (isbn, id) VALUES ('x', '0306406152');", name: 'a.sql', finds: [] }],
  },
  'data.yaml.titleKey': {
    reason: 'A YAML list of titles and their ISBNs (`- Dune: 0441013597`): a key written as a title (a capital, then words, no number\'s name) holding nothing but the number.',
    yes: [{ text: '- Dune: 0306406152\n', name: 'a.yaml', finds: ['9780306406157'] }],
    no: [{ text: '- Order no: 0306406152\n', name: 'a.yaml', finds: [] }],
  },
  'data.json.textLines': {
    reason: 'Text kept in JSON as an array of lines (a notebook\'s printed table, `"text/plain": ["   ISBN  Title\\n", "0  0441013597  Dune\\n"]`) whose earlier line names ISBNs: its header.',
    yes: [{ text: '{"text/plain": [\n"   ISBN        Title\\n",\n"0  0306406152  Dune\\n"\n]}', name: 'a.json', finds: ['9780306406157'] }],
    no: [{ text: '{"text/plain": [\n"   Id        Title\\n",\n"0  0306406152  Dune\\n"\n]}', name: 'a.json', finds: [] }],
  },
  'data.twinNearby': {
    reason: 'The same record holds the ISBN-13 of this ISBN-10 (Goodreads\' ISBN and ISBN13 columns), or 978 and the ten written together with the old check digit kept (FOLIO\'s made-up 13s).',
    yes: [{ text: 'id,code,title\n0306406152,9780306406157,Dune\n', name: 'a.csv', finds: ['9780306406157'] }],
    no: [{ text: 'id,code,title\n0306406152,9780441013593,Dune\n', name: 'a.csv', finds: ['9780441013593'] }],
  },
  'data.strayCapital': {
    reason: 'In a column or under a key that says ISBN, one capital opening a cell before its ISBN-10 (`276762,N3453124715,4`, a ratings dataset\'s slip) is left out; elsewhere the number stays glued to it.',
    yes: [{ text: 'user,isbn,rating\n1,N0306406152,4\n', name: 'a.csv', finds: ['9780306406157'] }],
    no: [{ text: 'user,id,rating\n1,N0306406152,4\n', name: 'a.csv', finds: [] }],
  },
  'data.misgroupedUnderKey': {
    reason: 'A 10 or a 978/979 13 grouped as no ISBN is (`3-94-7-1-8-83-4-X`, a cataloguer\'s or a test\'s odd hyphens) is still read where a key, attribute, element or variable says ISBN; elsewhere its groups rule it out.',
    yes: [{ text: '{"isbn_10": "3-94-7-1-8-83-4-X"}', name: 'a.json', finds: ['9783947188345'] }],
    no: [{ text: '{"id_10": "3-94-7-1-8-83-4-X"}', name: 'a.json', finds: [] }],
  },
  'data.xmlElement': {
    reason: 'In XML, the element or its attributes name ISBNs (`<isbn>`, `<identifier type="isbn">`, `<dc:identifier xsi:type="urn:isbn">`, ONIX\'s short `b004`), or its parent or a type sibling does.',
    yes: [{ text: '<isbn>0306406152</isbn>', name: 'a.xml', finds: ['9780306406157'] }],
    no: [{ text: '<id>0306406152</id>', name: 'a.xml', finds: [] }],
  },
  'data.typeCell': {
    reason: 'A type/value pair whose type cell is `isbn` (Calibre\'s `INSERT INTO identifiers VALUES(118,215,\'isbn\',\'0812571398\')`, `["isbn", "0441013597"]`).',
    yes: [{ text: "INSERT INTO identifiers VALUES(118,215,'isbn','0306406152');", name: 'a.sql', finds: ['9780306406157'] }],
    no: [{ text: "INSERT INTO identifiers VALUES(118,215,'oclc','0306406152');", name: 'a.sql', finds: [] }],
  },
  'data.recordType': {
    reason: 'Under a key that names no kind of number (`identifier`, `value`, `@value`), the record around types the value ISBN (`{"type": "ISBN_10", "identifier": …}`, JSON-LD\'s `@type`, a parent key, Wikidata\'s `"property": "P957"`).',
    yes: [
    { text: '{"type": "ISBN_10", "identifier": "0306406152"}', name: 'a.json', finds: ['9780306406157'] },
    { text: '{"property": "P957", "datavalue": {"value": "0306406152"}}', name: 'a.json', finds: ['9780306406157'] },
  ],
    no: [{ text: '{"type": "OCLC", "identifier": "0306406152"}', name: 'a.json', finds: [] }],
  },
  'data.yaml.listUnderIsbnKey': {
    reason: 'An item of a YAML list (`- 0306406152`) under a key that names ISBNs (`isbn:`, `isbn_ssim:`).',
    yes: [{ text: 'isbn:\n  - 0306406152\n', name: 'a.yaml', finds: ['9780306406157'] }],
    no: [{ text: 'oclc:\n  - 0306406152\n', name: 'a.yaml', finds: [] }],
  },
});
