/** YAML written by the `yaml` package for insertion into a user's file. */
import { Document, isCollection, isScalar, visit } from 'yaml';

/** `value` as block YAML with `unit` spaces of indentation, number lists (date parts) in flow style, no final line break. */
export function yamlText(value: unknown, unit: number): string {
  const doc = new Document(value);
  visit(doc, { Seq: (_, seq) => void (seq.items.every((i) => isScalar(i) && typeof i.value === 'number') && (seq.flow = true)) });
  return doc.toString({ indent: unit, lineWidth: 0 }).replace(/\n$/, '');
}

/** `value` as flow YAML on one line (`{id: a, author: [{family: B}]}`), quoted where a flow collection needs it; `padding` as in `{ id: a }`. */
export function yamlFlowText(value: unknown, padding: boolean): string {
  const doc = new Document(value);
  visit(doc, { Collection: (_, node) => void (isCollection(node) && (node.flow = true)) });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: padding }).replace(/\n$/, '');
}

/** `name: value` as one pair of a flow map, as yamlFlowText writes it inside the braces. */
export function yamlFlowPair(name: string, value: unknown): string {
  return yamlFlowText({ [name]: value }, false).slice(1, -1);
}
