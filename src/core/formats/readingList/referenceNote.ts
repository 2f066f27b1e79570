/**
 * The reference form of the note after an ISBN (`isbnLens.annotate.markdownForm` `"reference"`):
 * ` — ` and the book's reference in the user's citation style, to the end of the line. Apart from
 * annotation.ts, which the activation bundle holds for the inline titles.
 */
import type { Book } from '../../model/book';
import { ANNOTATION_START, unescapeInline } from './annotation';

/** The reference form: ` — ` and the reference in the user's citation style (Markdown), to the end of the line. */
export function referenceAnnotation(reference: string): string {
  return ` — ${reference.replace(/[\r\n]+/g, ' ')}`;
}

/**
 * Length of a reference annotation of `book` at `at`, or 0: the one `reference` would write, where
 * it stands as written (text of the user's may follow on the line); else ` — ` (not the short
 * form's ` — *`) and the rest of the line, when it names the book's title and ends with a full
 * stop, as every bundled style's references do (a note of another style or form). A note of the
 * user's own that does not name the title is never taken.
 */
export function existingReferenceLength(text: string, at: number, book: Book, reference?: string): number {
  if (reference !== undefined && text.startsWith(referenceAnnotation(reference), at)) return referenceAnnotation(reference).length;
  if (!text.startsWith(' — ', at) || text.startsWith(ANNOTATION_START, at)) return 0;
  const ends = [text.indexOf('\n', at), text.indexOf('\r', at)].filter((i) => i >= 0);
  const rest = text.slice(at, ends.length > 0 ? Math.min(...ends) : text.length);
  const letters = (s: string) => s.toLowerCase().replace(new RegExp('[^\\p{L}\\p{N}]+', 'gu'), '');
  if (!rest.trimEnd().endsWith('.') || !letters(unescapeInline(rest)).includes(letters(book.title))) return 0;
  return rest.trimEnd().length;
}
