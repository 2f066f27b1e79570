// Why each shape rule holds and its examples both ways (rule.ts): read by the tests and the rules page, not at activation.
// Each pair of examples is the same numbers in a document read as data and in one read as prose.
import { describeRules } from './rule';

const DUNE = '9780306406157';
const EMMA = '9780140449136';

describeRules({
  'shape.marcRecords': {
    reason: 'Most of the first lines are MARC fields (or the text is ISO 2709, told by its delimiters): a catalogue\'s records, whose bare numbers are control numbers unless their field is 020.',
    yes: [
      { text: '=LDR  00000nam\n=001  0306406152\n=245  10$aTitle\n', finds: [] },
      { text: '00714cam  2200205 a 4500001001300000003000400013\u001e0306406152\u001e\u001d', finds: [] },
    ],
    no: [{ text: '=245  10$aTitle\nI read this book last year and liked it: 0306406152.\nA second line of notes.\nAnd a third.\n', finds: [DUNE] }],
  },
  'shape.xmlDocument': {
    reason: 'An XML declaration, or a root element that is no HTML tag and is closed: data, whose bare numbers are an ISBN only in an element that says so.',
    yes: [{ text: '<?xml version="1.0"?>\n<records>\n  <record><num>0306406152</num></record>\n</records>\n', finds: [] }],
    no: [{ text: '<p>Buy 0306406152 now</p>\n<p>Other</p>\n', finds: [DUNE] }],
  },
  'shape.xhtmlIsProse': {
    reason: 'A page in HTML or XHTML (an EPUB chapter, a saved page, a README opening with `<p align="center">`) is prose, though it is markup.',
    yes: [
      { text: '<?xml version="1.0"?>\n<!DOCTYPE html>\n<html><body><p>Buy 0306406152</p></body></html>\n', finds: [DUNE] },
      { text: '<div>\n<span>Dune</span> 0306406152\n</div>\n', finds: [DUNE] },
    ],
    no: [{ text: '<?xml version="1.0"?>\n<records>\n  <record><num>0306406152</num></record>\n</records>\n', finds: [] }],
  },
  'shape.jsonDocument': {
    reason: 'A start that only JSON has (`{"`, `[{`, `[[`, `["`, `[1`, an empty container): data, whose bare numbers are an ISBN only under a key that says so.',
    yes: [{ text: '[[1, "0306406152"], [2, "0140449132"]]\n', finds: [] }],
    no: [{ text: '[Dune](https://example.org/dune) 0306406152\n', finds: [DUNE] }],
  },
  'shape.risRecords': {
    reason: 'A first line that is a RIS record\'s type tag (`TY  - BOOK`): records whose numbers are an ISBN only under SN.',
    yes: [{ text: 'TY  - BOOK\nN1  - 0306406152\nER  - \n', finds: [] }],
    no: [{ text: 'My export had TY  - BOOK lines; the book was 0306406152.\n', finds: [DUNE] }],
  },
  'shape.sqlStatements': {
    reason: 'SQL statements or a dump\'s opening (`INSERT INTO`, `CREATE TABLE`, `COPY … (`, `-- MySQL dump`, a first statement in capitals): rows of values, an ISBN only in a column that says so.',
    yes: [{ text: 'INSERT INTO t VALUES (1, 0306406152, 2);\nINSERT INTO t VALUES (2, 0306406152, 3);\n', finds: [] }],
    no: [{ text: 'Select ten books from the shelf: 0306406152.\n', finds: [DUNE] }],
  },
  'shape.delimitedTable': {
    reason: 'Rows that split into as many fields (quote-aware), under a header of names or with a column of numbers, and no line opening as prose does (`#`, `- `, `>`, `|`, `%`, `\\`, `@`): a table, whose numbers are an ISBN in a column that says so.',
    yes: [
      { text: 'id,ref,title\n1,0306406152,A\n2,0140449132,B\n3,0000000001,C\n', finds: [] },
      { text: 'id\tref\n1\t0306406152\n2\t0140449132\n', finds: [] },
    ],
    no: [{ text: '# Books, to read, this year\n- Dune, Herbert, 0306406152\n- Emma, Austen, 0140449132\n', finds: [DUNE, EMMA] }],
  },
  'shape.yamlDocument': {
    reason: 'Nine in ten of the first lines are YAML keys, list items or comments: data, an ISBN only under a key that says so.',
    yes: [{ text: 'id: 7\nref: 0306406152\ntitle: A book\n', finds: [] }],
    no: [{ text: 'The book I mean is 0306406152, and the other is 0140449132.\nBoth are on the shelf.\nAsk me.\n', finds: [DUNE, EMMA] }],
  },
  'shape.listIsProse': {
    reason: 'A Markdown list whose items are words (a reading list), after front matter or not, is prose, though a YAML parser reads it as a list: more items of words than keys.',
    yes: [
      { text: '- The Road by Cormac McCarthy 0306406152\n- Another book by Someone 0140449132\n- third: x\n', finds: [DUNE, EMMA] },
      { text: '---\ntitle: Reading\n---\n- The Road by Cormac McCarthy 0306406152\n- Another book by Someone 0140449132\n', finds: [DUNE, EMMA] },
    ],
    no: [{ text: 'id: 7\nref: 0306406152\ntitle: A book\n', finds: [] }],
  },
});
