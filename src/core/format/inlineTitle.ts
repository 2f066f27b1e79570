/** The short title shown beside an ISBN: a long title loses its subtitle, then is cut at a word. */
import type { Book } from '../model/book';

export const INLINE_TITLE_MAX = 48;

export function inlineTitle(book: Book, max = INLINE_TITLE_MAX): string {
  let title = book.title.replace(/\s+/g, ' ').trim();
  if (title.length > max) {
    const main = title.split(/: | [—–-] | \(/)[0];
    if (main.length >= 3) title = main;
  }
  if (title.length <= max) return title;
  const cut = title.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '') + '…';
}
