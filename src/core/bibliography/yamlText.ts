/** YAML written by the `yaml` package for insertion into a user's file. */
import { Document, isScalar, visit } from 'yaml';

/** `value` as block YAML with `unit` spaces of indentation, number lists (date parts) in flow style, no final line break. */
export function yamlText(value: unknown, unit: number): string {
  const doc = new Document(value);
  visit(doc, { Seq: (_, seq) => void (seq.items.every((i) => isScalar(i) && typeof i.value === 'number') && (seq.flow = true)) });
  return doc.toString({ indent: unit, lineWidth: 0 }).replace(/\n$/, '');
}
