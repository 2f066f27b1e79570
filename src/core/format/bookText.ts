/** How a book is written out for people: hover cards, details, citation lines. */
import { hyphenateIsbn } from '../isbn/parse';
import { type Book, MAX_HOVER_COVER_CHARS } from '../model/book';
import { editionText, otherEditionNote } from '../model/edition';
import { escapeMarkdown, excerpt } from './markdown';

/** Up to `shown` names, then "and N more"; `omitted` counts names the Book did not keep. */
export function formatAuthors(authors: readonly string[], omitted = 0, shown = 3): string {
  const more = Math.max(0, authors.length - shown) + omitted;
  const names = authors.slice(0, shown).join(', ');
  return more === 0 ? names : `${names} and ${more.toLocaleString('en-US')} more`;
}

/** "Edited by A, B · Translated by C": the people a catalogue names beside the authors. */
export function formatContributors(contributors: Book['contributors']): string | undefined {
  if (!contributors?.length) return undefined;
  const names = (role: 'editor' | 'translator') => contributors.filter((c) => c.role === role).map((c) => c.name);
  const parts = [
    names('editor').length ? `Edited by ${formatAuthors(names('editor'))}` : undefined,
    names('translator').length ? `Translated by ${formatAuthors(names('translator'))}` : undefined,
  ];
  return parts.filter(Boolean).join(' · ') || undefined;
}

/** The height a hover draws a cover at (CSS pixels); twice that is enough for high-density screens. */
export const HOVER_COVER_HEIGHT = 140;


/** The cover's Markdown image, or '' when there is none that can be shown whole. */
function coverMarkdown(book: Book, cover: string | undefined): string {
  // VS Code shows hover images only from https and data URIs (its CSP: img-src 'self' https: data: blob:):
  // the caller passes the cover inlined; an http cover that is not would be a broken-image icon.
  const source = cover ?? (book.image?.startsWith('https:') ? book.image : undefined);
  if (!source || source.length > MAX_HOVER_COVER_CHARS) return '';
  try {
    const target = encodeURI(source).replace(/[()]/g, encodeURIComponent);
    return `\n\n![Cover of ${escapeMarkdown(book.title)}](${target}|height=${HOVER_COVER_HEIGHT})`;
  } catch {
    return ''; // A lone surrogate (a Book cached before it was cleaned): no cover, the rest shown.
  }
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
  if (book.authors.length > 0) parts.push(escapeMarkdown(formatAuthors(book.authors, book.authorsOmitted)));
  const contributors = formatContributors(book.contributors);
  if (contributors) parts.push(escapeMarkdown(contributors));
  const publication = [book.publisher, book.datePublished].filter(Boolean).join(', ');
  if (publication) parts.push(escapeMarkdown(publication));
  const physical = [book.pages ? `${book.pages} pages` : undefined, book.binding, book.edition ? editionText(book.edition) : undefined].filter(Boolean).join(' · ');
  if (physical) parts.push(escapeMarkdown(physical));
  parts.push(formatIsbns(book).map(escapeMarkdown).join(' · '));
  let text = parts.join('  \n') + coverMarkdown(book, options.cover);
  if (book.synopsis) text += `\n\n${escapeMarkdown(excerpt(book.synopsis, options.synopsisChars ?? 300))}`;
  return text;
}

/** Authors named in full in the details; a long list ends "and N more". */
const DETAILS_AUTHORS = 20;

/** Plain-text details, for a dialog or a copied note. */
export function bookDetailsText(book: Book, asked?: string): string {
  const lines = [
    book.titleLong ?? book.title,
    asked ? otherEditionNote(book, asked) : undefined,
    book.authors.length > 0 ? `by ${formatAuthors(book.authors, book.authorsOmitted, DETAILS_AUTHORS)}` : undefined,
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
  const authors = formatAuthors(book.authors, book.authorsOmitted);
  const year = book.year ? ` (${book.year})` : '';
  const head = authors ? `${authors}${year}. ` : year ? `${year.trim()}. ` : '';
  const publisher = book.publisher ? ` ${book.publisher}.` : '';
  return `${head}${book.title}.${publisher} ISBN ${hyphenateIsbn(book.isbn13) ?? book.isbn13}.`;
}
