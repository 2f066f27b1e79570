/**
 * CSL-JSON files (an array of items, as Zotero, Better BibTeX and pandoc
 * write them) as bibliography entries, with offsets, through jsonc-parser's
 * tree: comments and trailing commas are tolerated, as VS Code does.
 */
import { findNodeAtLocation, getNodeValue, type Node as JsonNode, parseTree } from 'jsonc-parser';
import { isObject } from '../../model/book';
import { type BibliographyEntry, isbnsInValue, lineCounter, yearOf } from '../shared/entry';
import { jsonTooDeep } from '../shared/nesting';

/** The items of a CSL-JSON list as jsonc-parser nodes: none when the text is no list, or nests too deep to walk safely. */
export function cslJsonItemNodes(text: string): JsonNode[] {
  if (jsonTooDeep(text)) return [];
  const root = parseTree(text, [], { allowTrailingComma: true });
  return root?.type === 'array' ? (root.children ?? []).filter((node) => node.type === 'object') : [];
}

export function readCslJson(text: string): BibliographyEntry[] {
  const line = lineCounter(text);
  return cslJsonItemNodes(text).flatMap((node) => cslJsonEntry(text, node, line) ?? []);
}

/** One item node as an entry, with offsets in `text`. */
export function cslJsonEntry(text: string, node: JsonNode, line: (offset: number) => number): BibliographyEntry | undefined {
  const item: unknown = getNodeValue(node);
  if (!isObject(item)) return undefined;
  const idNode = findNodeAtLocation(node, ['id']);
  const key = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : '';
  // A string's node includes its quotes.
  const keyStart = idNode ? idNode.offset + (idNode.type === 'string' ? 1 : 0) : node.offset;
  const isbnNode = findNodeAtLocation(node, ['ISBN']);
  return {
    format: 'csl-json',
    key,
    type: typeof item.type === 'string' ? item.type.toLowerCase() : '',
    start: node.offset,
    end: node.offset + node.length,
    keyStart,
    keyEnd: idNode ? keyStart + key.length : keyStart,
    line: line(node.offset),
    isbns: isbnNode?.type === 'string' ? isbnsInValue(text.slice(isbnNode.offset, isbnNode.offset + isbnNode.length), isbnNode.offset) : [],
    ...cslPeopleAndDates(item),
  };
}

/** Authors, editors, title, year and flat fields of a CSL item (JSON or YAML alike). */
export function cslPeopleAndDates(item: Record<string, unknown>): Pick<BibliographyEntry, 'authors' | 'editors' | 'title' | 'year' | 'fields'> {
  const fields = new Map<string, string>();
  for (const [name, value] of Object.entries(item)) {
    if (typeof value === 'string' || typeof value === 'number') fields.set(name.toLowerCase(), String(value));
  }
  return {
    authors: cslNames(item.author),
    editors: cslNames(item.editor),
    title: typeof item.title === 'string' ? item.title : undefined,
    year: cslYear(item.issued),
    fields,
  };
}

/** `[{family, given}]` or `[{literal}]` → "Given Family" / the literal. */
export function cslNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((person: unknown) => {
    if (typeof person === 'string') return [person];
    if (!isObject(person)) return [];
    if (typeof person.literal === 'string') return [person.literal];
    const parts = [person.given, person['non-dropping-particle'], person.family].filter((p): p is string => typeof p === 'string' && p !== '');
    return parts.length > 0 ? [parts.join(' ')] : [];
  });
}

/** `{date-parts: [[1988]]}`, `{raw: "1988"}`, `[{year: 1988}]` (older pandoc YAML), or a string. */
export function cslYear(issued: unknown): string | undefined {
  if (typeof issued === 'string' || typeof issued === 'number') return yearOf(String(issued));
  if (Array.isArray(issued)) return cslYear(issued[0]);
  if (!isObject(issued)) return undefined;
  const parts = issued['date-parts'];
  if (Array.isArray(parts) && Array.isArray(parts[0]) && parts[0].length > 0) return yearOf(String(parts[0][0]));
  return yearOf(String(issued.year ?? issued.raw ?? issued.literal ?? ''));
}
