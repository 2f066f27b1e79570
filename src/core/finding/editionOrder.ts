/**
 * The order a work's editions are shown in: editions with an ISBN before those without (shown
 * last, marked as such); among them the language asked for, then the user's display language,
 * then the other languages, the most edited first; newest first within a language.
 */
import type { Edition } from '../model/works';

export interface OrderOptions {
  /** VS Code's display language, two letters (`de`). */
  displayLanguage?: string;
  /** The language the user asked for (a query's), before the display language. */
  language?: string;
}

export function orderEditions(editions: readonly Edition[], options: OrderOptions = {}): Edition[] {
  const counts = new Map<string, number>();
  for (const e of editions) if (e.language) counts.set(e.language, (counts.get(e.language) ?? 0) + 1);
  const rank = (e: Edition): number => {
    if (!e.language) return 3;
    if (options.language && e.language === options.language) return 0;
    if (options.displayLanguage && e.language === options.displayLanguage) return 1;
    return 2;
  };
  return editions
    .map((edition, index) => ({ edition, index }))
    .sort((a, b) => {
      const isbn = Number(!a.edition.isbn13) - Number(!b.edition.isbn13);
      if (isbn !== 0) return isbn;
      const language = rank(a.edition) - rank(b.edition);
      if (language !== 0) return language;
      if (a.edition.language !== b.edition.language) {
        const more = (counts.get(b.edition.language ?? '') ?? 0) - (counts.get(a.edition.language ?? '') ?? 0);
        return more !== 0 ? more : (a.edition.language ?? '').localeCompare(b.edition.language ?? '');
      }
      const year = (b.edition.year ?? 0) - (a.edition.year ?? 0);
      return year !== 0 ? year : a.index - b.index;
    })
    .map(({ edition }) => edition);
}
