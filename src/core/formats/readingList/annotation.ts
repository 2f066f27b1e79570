/**
 * The annotation written after an ISBN in Markdown and plain text:
 *   ` — *Title* (Author A, Author B; Publisher, 2019)`
 * Everything taken from the book is escaped, so the only unescaped `*` close
 * the title and the only unescaped parentheses enclose the details: the
 * annotation's end is always known, and a rerun can replace it exactly
 * without touching text that follows it on the line.
 */
import { formatAuthors } from '../../format/bookText';
import { LINK_TRIGGERS } from '../../format/markdown';
import { lazy } from '../../lazy';
import type { Book } from '../../model/book';

export const ANNOTATION_START = ' — *';

// Characters with inline meaning in Markdown (GFM tables and strikethrough,
// `$` math in many renderers), plus the parentheses that delimit the details,
// and what would make a link of a bare URL, www. name or e-mail address. Made on first use: see lazy().
const inlineSpecial = lazy(() => new RegExp(`${/[\\`*_[\]()<>|~$]/.source}|${LINK_TRIGGERS}`, 'gu'));

export function escapeInline(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(inlineSpecial(), '\\$&');
}

export function unescapeInline(text: string): string {
  return text.replace(/\\([\s\S])/g, '$1');
}

export function annotationText(book: Book): string {
  const publication = [book.publisher, book.year].filter(Boolean).join(', ');
  const details = [formatAuthors(book.authors, book.authorsOmitted), publication].filter(Boolean).map(escapeInline).join('; ');
  return `${ANNOTATION_START}${escapeInline(book.title)}*${details ? ` (${details})` : ''}`;
}

// ` — *title*` then optional ` (details)`; escapes count as one character.
const EXISTING = / — \*((?:\\[\s\S]|[^\\*\r\n])+)\*(?: \((?:\\[\s\S]|[^\\()\r\n])*\))?/y;

/**
 * Length of the annotation of `book` that starts at `at`, or 0 when there is
 * none. The italic title must be the book's title: ` — *so good*` after an
 * ISBN is the user's own text, never taken for an annotation.
 */
export function existingAnnotationLength(text: string, at: number, book: Book): number {
  if (!text.startsWith(ANNOTATION_START, at)) return 0;
  EXISTING.lastIndex = at;
  const m = EXISTING.exec(text);
  if (!m) return 0;
  return sameTitle(unescapeInline(m[1]), book.title) ? m[0].length : 0;
}

function sameTitle(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
}
