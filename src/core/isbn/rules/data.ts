// Data and columns: in data (JSON, XML, CSV, SQL, YAML) a bare 10-digit number is far more often
// an id, a timestamp or a phone number than an ISBN (one in eleven passes the ISBN-10 check), so
// there it is an ISBN only where its key, tag or column says so (dataContext.ts). In prose, a
// table's column header says the same of its cells.
import { ALL_KINDS, defineRule, MARKDOWN_TABLE, NUMBER_ARRAY, PROSE_KINDS } from './rule';

export const keySaysIsbn = defineRule({
  id: 'data.keyNamesIsbn',
  family: 'data',
  says: 'isbn',
  short: 'isbn key',
  kinds: ['data'],
  reach: { lines: 0, across: 400, block: NUMBER_ARRAY },
});

export const noIsbnKey = defineRule({
  id: 'data.noIsbnKey',
  family: 'data',
  says: 'notIsbn',
  kinds: ['data'],
  reach: { lines: 200, across: 4096, block: NUMBER_ARRAY, document: 'head' },
});

/** How far back from a cell an HTML table's `<table` and `<tr` may lie: a table's header is read within it. */
export const HTML_TABLE_REACH = 1 << 14;

export const tableColumnIsbn = defineRule({
  id: 'data.tableColumnIsbn',
  family: 'data',
  says: 'isbn',
  short: 'isbn column',
  kinds: PROSE_KINDS,
  reach: { lines: 0, across: HTML_TABLE_REACH, block: MARKDOWN_TABLE },
});

export const tableColumnOther = defineRule({
  id: 'data.tableColumnOther',
  family: 'data',
  says: 'notIsbn',
  kinds: PROSE_KINDS,
  reach: { lines: 0, across: HTML_TABLE_REACH, block: MARKDOWN_TABLE },
});

export const placeholder = defineRule({
  id: 'data.placeholderDigits',
  family: 'data',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, across: 400 },
});

export const csvColumn = defineRule({
  id: 'data.csv.columnNamesIsbn',
  family: 'data',
  says: 'isbn',
  short: 'isbn column',
  kinds: ['data'],
  reach: { lines: 0, across: 4096, document: 'head' },
});

/** How far back from a row an SQL statement's column list (its INSERT, COPY or CREATE TABLE) may lie. */
export const SQL_REACH = 1 << 20;

export const sqlColumn = defineRule({
  id: 'data.sql.columnNamesIsbn',
  family: 'data',
  says: 'isbn',
  short: 'isbn column',
  kinds: ['data'],
  shape: 'sql',
  reach: { lines: 0, across: SQL_REACH },
});

export const yamlTitleKey = defineRule({
  id: 'data.yaml.titleKey',
  family: 'data',
  says: 'isbn',
  short: 'title: ISBN list',
  kinds: ['data'],
  reach: { lines: 0, across: 4096 },
});

export const jsonTextLines = defineRule({
  id: 'data.json.textLines',
  family: 'data',
  says: 'isbn',
  short: 'isbn column',
  kinds: ['data'],
  reach: { lines: 64, chars: 4096 },
});

export const twinNearby = defineRule({
  id: 'data.twinNearby',
  family: 'data',
  says: 'isbn',
  short: 'its ISBN-13 nearby',
  kinds: ['data', 'prose'],
  reach: { lines: 0, across: 600 },
});

export const strayCapital = defineRule({
  id: 'data.strayCapital',
  family: 'data',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 2 },
});

export const misgroupedUnderKey = defineRule({
  id: 'data.misgroupedUnderKey',
  family: 'data',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, across: 400 },
});

export const xmlElement = defineRule({
  id: 'data.xmlElement',
  family: 'data',
  says: 'isbn',
  short: 'isbn element',
  kinds: ['data', 'markup'],
  reach: { lines: 0, across: 400 },
});

export const typeCell = defineRule({
  id: 'data.typeCell',
  family: 'data',
  says: 'isbn',
  short: 'type isbn',
  kinds: ['data'],
  reach: { lines: 0, chars: 16 },
});

export const recordType = defineRule({
  id: 'data.recordType',
  family: 'data',
  says: 'isbn',
  short: 'typed ISBN',
  kinds: ['data', 'code', 'markup'],
  reach: { lines: 0, across: 400 },
});

export const yamlList = defineRule({
  id: 'data.yaml.listUnderIsbnKey',
  family: 'data',
  says: 'isbn',
  short: 'isbn list',
  kinds: ['data'],
  reach: { lines: 200 },
});
