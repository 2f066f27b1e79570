/** How a book is written out for people: hover cards, details, citation lines. */
import { hyphenateIsbn } from '../isbn/parse';
import type { Book } from '../service/book';
import { otherEditionNote } from '../service/edition';
import { escapeMarkdown, excerpt } from './markdown';

export function formatAuthors(authors: readonly string[]): string {
  if (authors.length <= 3) return authors.join(', ');
  return `${authors.slice(0, 3).join(', ')} and ${authors.length - 3} more`;
}

/** ISBN-13 and ISBN-10 in hyphenated form where the range data knows them. */
export function formatIsbns(book: Book): string[] {
  const lines = [`ISBN-13 ${hyphenateIsbn(book.isbn13) ?? book.isbn13}`];
  if (book.isbn10) lines.push(`ISBN-10 ${hyphenateIsbn(book.isbn10) ?? book.isbn10}`);
  return lines;
}

/** The hover card: title, people, publication, physical facts, ISBNs, cover, synopsis. */
export function bookHoverMarkdown(book: Book, options: { synopsisChars?: number; cover?: string; asked?: string } = {}): string {
  const parts: string[] = [];
  parts.push(`**${escapeMarkdown(book.title)}**`);
  // The record answers the hovered ISBN with another edition: say which.
  const edition = options.asked ? otherEditionNote(book, options.asked) : undefined;
  if (edition) parts.push(`*${escapeMarkdown(edition)}*`);
  if (book.authors.length > 0) parts.push(escapeMarkdown(formatAuthors(book.authors)));
  const publication = [book.publisher, book.datePublished].filter(Boolean).join(', ');
  if (publication) parts.push(escapeMarkdown(publication));
  const physical = [book.pages ? `${book.pages} pages` : undefined, book.binding, book.edition ? `${book.edition} edition`.replace(/edition edition$/i, 'edition') : undefined].filter(Boolean).join(' · ');
  if (physical) parts.push(escapeMarkdown(physical));
  parts.push(formatIsbns(book).map(escapeMarkdown).join(' · '));
  let text = parts.join('  \n');
  // VS Code shows hover images only from https and data URIs (its CSP: img-src 'self' https: data: blob:):
  // the caller passes the cover inlined; an http cover that is not would be a broken-image icon.
  const cover = options.cover ?? (book.image?.startsWith('https:') ? book.image : undefined);
  if (cover) text += `\n\n![Cover of ${escapeMarkdown(book.title)}](${encodeURI(cover).replace(/[()]/g, encodeURIComponent)}|height=140)`;
  if (book.synopsis) text += `\n\n${escapeMarkdown(excerpt(book.synopsis, options.synopsisChars ?? 300))}`;
  return text;
}

/** Plain-text details, for a dialog or a copied note. */
export function bookDetailsText(book: Book, asked?: string): string {
  const lines = [
    book.titleLong ?? book.title,
    asked ? otherEditionNote(book, asked) : undefined,
    book.authors.length > 0 ? `by ${book.authors.join(', ')}` : undefined,
    [book.publisher, book.datePublished].filter(Boolean).join(', ') || undefined,
    [book.pages ? `${book.pages} pages` : undefined, book.binding, book.language].filter(Boolean).join(' · ') || undefined,
    formatIsbns(book).join(' · '),
    book.subjects.length > 0 ? `Subjects: ${book.subjects.slice(0, 8).join('; ')}` : undefined,
    book.synopsis ? '\n' + excerpt(book.synopsis, 600) : undefined,
  ];
  return lines.filter((line): line is string => line !== undefined).join('\n');
}

/** One citation line: Authors (Year). Title. Publisher. ISBN 978-…. */
export function citationLine(book: Book): string {
  const authors = formatAuthors(book.authors);
  const year = book.year ? ` (${book.year})` : '';
  const head = authors ? `${authors}${year}. ` : year ? `${year.trim()}. ` : '';
  const publisher = book.publisher ? ` ${book.publisher}.` : '';
  return `${head}${book.title}.${publisher} ISBN ${hyphenateIsbn(book.isbn13) ?? book.isbn13}.`;
}
