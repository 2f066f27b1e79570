// Shape: whether a document is prose or data, told by its start (textShape.ts: kindFromText,
// csvShape, proseList). In data a bare 10-digit number needs its context (a key, a column, a
// tag) to be an ISBN (data.noIsbnKey); in prose its checksum and range are enough. These rules
// decide nothing about a number themselves: they say how the document is read. Applied where
// textShape.ts decides the shape, each branch named by its rule; a file's name or language id
// (documentKind.ts) comes first where it says something.
import { ALL_KINDS, defineRule } from './rule';

export const marcRecords = defineRule({
  id: 'shape.marcRecords',
  family: 'shape',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const xmlDocument = defineRule({
  id: 'shape.xmlDocument',
  family: 'shape',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const xhtmlIsProse = defineRule({
  id: 'shape.xhtmlIsProse',
  family: 'shape',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const jsonDocument = defineRule({
  id: 'shape.jsonDocument',
  family: 'shape',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const risRecords = defineRule({
  id: 'shape.risRecords',
  family: 'shape',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const sqlStatements = defineRule({
  id: 'shape.sqlStatements',
  family: 'shape',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const delimitedTable = defineRule({
  id: 'shape.delimitedTable',
  family: 'shape',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const yamlDocument = defineRule({
  id: 'shape.yamlDocument',
  family: 'shape',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});

export const listIsProse = defineRule({
  id: 'shape.listIsProse',
  family: 'shape',
  says: 'reads',
  kinds: ALL_KINDS,
  reach: { lines: 0, document: 'head' },
});
