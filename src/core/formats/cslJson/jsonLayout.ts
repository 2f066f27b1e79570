/**
 * Where jsonc-parser's `modify` has put new text into JSON, laid out like
 * what is around it. `modify` with formatting options reformats every whole
 * line it touches: the neighbours of an item on the same line, or a minified
 * file entire. So edits are made without them, and only the new text (with
 * the gap before it) is then given to jsonc-parser's `format`: over lines in
 * the file's indentation, on one line with spaces, or left compact.
 */
import { applyEdits, createScanner, format, type FormattingOptions, SyntaxKind } from 'jsonc-parser';

/** Over several lines, on one line with spaces, or with no whitespace at all. */
export type JsonLayout = 'lines' | 'line' | 'minified';

export function jsonLayoutOf(text: string): JsonLayout {
  if (/[\r\n]/.test(text)) return 'lines';
  const scanner = createScanner(text, false);
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) if (token === SyntaxKind.Trivia) return 'line';
  return 'minified';
}

/** `text` with its span [offset, offset + length) laid out as `layout` says; whitespace outside the span keeps its bytes. */
export function layOut(text: string, offset: number, length: number, layout: JsonLayout, options: FormattingOptions): string {
  if (layout === 'minified') return text;
  return applyEdits(text, format(text, { offset, length }, { ...options, keepLines: layout === 'line' }));
}
