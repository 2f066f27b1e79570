import { lazy } from '../lazy';

/**
 * What would make a link of book text: GFM (VS Code's hovers, GitHub) autolinks `https://…`,
 * `www.…` and e-mail addresses, markdown-it's linkify (the Markdown preview) bare domains and
 * `//host` too. A backslash before the `:` of `://`, the first `/` of `//`, each `@` and each `.`
 * before a letter or digit splits the text at that point, so no link rule can match across it.
 * The pattern's source, joined into the escapes below.
 */
export const LINK_TRIGGERS = String.raw`@|:(?=\/\/)|\/(?=\/)|\.(?=[\p{L}\p{N}])`;

/** Made on first use: see lazy(). */
const markdownSpecial = lazy(() => new RegExp(`${/[\\`*_{}[\]()#+\-.!|<>~]/.source}|${LINK_TRIGGERS}`, 'gu'));

/** Escapes text so that Markdown shows it as written (titles may hold *, _, [, # …) and links nothing. */
export function escapeMarkdown(text: string): string {
  return text.replace(markdownSpecial(), '\\$&');
}

/** The first `max` characters of a text, cut at a word and marked as cut. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '') + '…';
}
