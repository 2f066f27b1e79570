/**
 * A book as text where it is data: authors, ISBNs, a citation line, what a hover's cover shows.
 * The hover card and the details, with their words, are the editor's (src/editor/words/).
 */
import { hyphenateIsbn } from '../isbn/parse';
import { type Book, MAX_HOVER_COVER_CHARS } from '../model/book';

/** Up to `shown` names, then "and N more"; `omitted` counts names the Book did not keep. */
export function formatAuthors(authors: readonly string[], omitted = 0, shown = 3): string {
  const more = Math.max(0, authors.length - shown) + omitted;
  const names = authors.slice(0, shown).join(', ');
  return more === 0 ? names : `${names} and ${more.toLocaleString('en-US')} more`;
}

/** The height a hover draws a cover at (CSS pixels); twice that is enough for high-density screens. */
export const HOVER_COVER_HEIGHT = 140;


/**
 * Where the hover's cover image comes from, or undefined when there is none that can be shown
 * whole: the inlined cover, else the book's own https address (escaped for a Markdown link).
 */
export function coverTarget(book: Book, cover: string | undefined): string | undefined {
  // VS Code shows hover images only from https and data URIs (its CSP: img-src 'self' https: data: blob:):
  // the caller passes the cover inlined; an http cover that is not would be a broken-image icon.
  const source = cover ?? (book.image?.startsWith('https:') ? book.image : undefined);
  if (!source || source.length > MAX_HOVER_COVER_CHARS) return undefined;
  try {
    return encodeURI(source).replace(/[()]/g, encodeURIComponent);
  } catch {
    return undefined; // A lone surrogate (a Book cached before it was cleaned): no cover, the rest shown.
  }
}

/** ISBN-13 and ISBN-10 in hyphenated form where the range data knows them. */
export function formatIsbns(book: Book): string[] {
  const lines = [`ISBN-13 ${hyphenateIsbn(book.isbn13) ?? book.isbn13}`];
  if (book.isbn10) lines.push(`ISBN-10 ${hyphenateIsbn(book.isbn10) ?? book.isbn10}`);
  return lines;
}

/** One citation line: Authors (Year). Title. Publisher. ISBN 978-…. */
export function citationLine(book: Book): string {
  const authors = formatAuthors(book.authors, book.authorsOmitted);
  const year = book.year ? ` (${book.year})` : '';
  const head = authors ? `${authors}${year}. ` : year ? `${year.trim()}. ` : '';
  const publisher = book.publisher ? ` ${book.publisher}.` : '';
  return `${head}${book.title}.${publisher} ISBN ${hyphenateIsbn(book.isbn13) ?? book.isbn13}.`;
}
