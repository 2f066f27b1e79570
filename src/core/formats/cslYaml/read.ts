/**
 * CSL-YAML (a list of items, or pandoc's `references:` list, in a .yaml file
 * or in a Markdown document's front matter) as bibliography entries, through
 * the `yaml` package's Document API, which keeps every node's offsets.
 */
import { type Document, isMap, isScalar, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { isObject } from '../../model/book';
import { frontMatter } from '../readingList/frontMatter';
import { type BibliographyEntry, isbnsInValue, lineCounter } from '../shared/entry';
import { yamlTooDeep } from '../shared/nesting';
import { cslPeopleAndDates } from '../cslJson/read';

/** The items' sequence: the root list, or the list under `references:`. */
export function cslYamlItems(doc: Document): YAMLSeq | undefined {
  const root = doc.contents;
  if (isSeq(root)) return root;
  if (isMap(root)) {
    const references = root.get('references', true);
    if (isSeq(references)) return references;
  }
  return undefined;
}

/** The text after a byte-order mark, and where it starts: `yaml` reads a leading BOM as content and loses the first item. */
export function withoutBom(text: string): { body: string; base: number } {
  return text.charCodeAt(0) === 0xfeff ? { body: text.slice(1), base: 1 } : { body: text, base: 0 };
}

/** Whether a CSL-YAML text nests too deep to edit safely. */
export function cslYamlTooDeep(text: string): boolean {
  return yamlTooDeep(parseDocument(withoutBom(text).body));
}

export function readCslYaml(text: string): BibliographyEntry[] {
  const { body, base } = withoutBom(text);
  return readItems(body, base, lineCounter(text));
}

/** The inline `references:` of a Markdown document's front matter, with offsets in the document. */
export function readFrontMatterReferences(documentText: string): BibliographyEntry[] {
  const front = frontMatter(documentText);
  if (!front) return [];
  return readItems(front.yaml, front.start, lineCounter(documentText));
}

function readItems(yamlText: string, base: number, line: (offset: number) => number): BibliographyEntry[] {
  const doc = parseDocument(yamlText);
  const items = cslYamlItems(doc);
  if (!items || yamlTooDeep(doc)) return [];
  const out: BibliographyEntry[] = [];
  for (const node of items.items) {
    if (!isMap(node) || !node.range) continue;
    const item: unknown = node.toJSON();
    if (!isObject(item)) continue;
    const start = base + node.range[0];
    const key = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : '';
    const keyRange = scalarTextRange(yamlText, node, 'id', key);
    const isbnNode = node.get('ISBN', true);
    const isbns = isScalar(isbnNode) && isbnNode.range ? isbnsInValue(yamlText.slice(isbnNode.range[0], isbnNode.range[1]), base + isbnNode.range[0]) : [];
    out.push({
      format: 'csl-yaml',
      key,
      type: typeof item.type === 'string' ? item.type.toLowerCase() : '',
      start,
      end: base + node.range[1],
      keyStart: keyRange ? base + keyRange[0] : start,
      keyEnd: keyRange ? base + keyRange[1] : start,
      line: line(start),
      isbns,
      ...cslPeopleAndDates(item),
    });
  }
  return out;
}

/** Offsets of a scalar's text without its quotes. */
function scalarTextRange(text: string, map: YAMLMap, name: string, value: string): [number, number] | undefined {
  const node = map.get(name, true);
  if (!isScalar(node) || !node.range || value === '') return undefined;
  const at = text.indexOf(value, node.range[0]);
  return at >= 0 && at < node.range[1] ? [at, at + value.length] : [node.range[0], node.range[1]];
}
