/**
 * How deep a CSL file nests, measured without recursion before any parser or
 * editor walks it: 10,000 nested arrays (20 KB of JSON) overflow jsonc-parser's
 * recursive tree and value readers, and `yaml` gives up near 800 levels. Real
 * CSL nests five deep (list, item, `issued`, `date-parts`, a date), so a file
 * nested deeper than MAX_NESTING is not a bibliography to edit: it is refused
 * with a clear message instead of a stack overflow.
 */
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { type Document, isMap, isPair, isSeq } from 'yaml';

export const MAX_NESTING = 100;


/** Whether JSON (with comments) opens more than `limit` arrays and objects inside each other: one pass of the scanner. */
export function jsonTooDeep(text: string, limit = MAX_NESTING): boolean {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      if (++depth > limit) return true;
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      depth--;
    }
  }
  return false;
}

/** Whether a parsed YAML document nests collections more than `limit` deep (or `yaml` itself ran out of stack on it). */
export function yamlTooDeep(doc: Document, limit = MAX_NESTING): boolean {
  if (doc.errors.some((e) => /call stack/i.test(e.message))) return true;
  const stack: Array<{ node: unknown; depth: number }> = [{ node: doc.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (isMap(node) || isSeq(node)) {
      if (depth + 1 > limit) return true;
      for (const item of node.items) {
        if (isPair(item)) stack.push({ node: item.key, depth: depth + 1 }, { node: item.value, depth: depth + 1 });
        else stack.push({ node: item, depth: depth + 1 });
      }
    }
  }
  return false;
}
