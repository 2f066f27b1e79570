/**
 * Text from the book service made safe inside a BibTeX field. Braces are
 * written as commands, not `\{`: BibTeX counts `\{` as an opening brace, so
 * an escaped brace would unbalance the field. Non-ASCII stays UTF-8, which
 * BibLaTeX (and BibTeX with inputenc) read as is.
 */

const REPLACEMENTS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
};

/** Escaped for the inside of a field; whitespace runs (line breaks too) become one space. */
export function escapeBibtex(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\{}~^&%$#_]/g, (c) => REPLACEMENTS[c]);
}

export type Delimiter = '{' | '"' | 'bare';

/**
 * An escaped value with its delimiters. In a quoted field a `"` is wrapped
 * in braces, or it would end the field; bare is for numbers only.
 */
export function delimit(escaped: string, delimiter: Delimiter): string {
  if (delimiter === 'bare' && /^[0-9]+$/.test(escaped)) return escaped;
  if (delimiter === '"') return `"${escaped.replace(/"/g, '{"}')}"`;
  return `{${escaped}}`;
}

/** The inside of a field as written, for a value of the given delimiter. */
export function inner(escaped: string, delimiter: '{' | '"'): string {
  return delimiter === '"' ? escaped.replace(/"/g, '{"}') : escaped;
}
