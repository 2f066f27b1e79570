/**
 * Author names as BibTeX wants them: `Last, First and Last, First`. Names the
 * service already sends as "Last, First" are kept; "First Last" is turned
 * round with its particles (van, de) and suffixes (Jr.); organisations and
 * single words are braced so that BibTeX keeps them whole.
 */
import { escapeBibtex } from './escape';

const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'des', 'la', 'le', 'ten', 'ter', 'zu', 'dos', 'das', 'y']);
const SUFFIX = /^(?:jr\.?|sr\.?|ii|iii|iv|v)$/i;
const ORGANISATION = /[/&+@0-9]|\b(?:and|press|inc|ltd|llc|gmbh|society|association|university|institute|committee|council|foundation|group|team|staff|company|corporation|corp|agency|department|ministry|organi[sz]ation|office|museum|library|board|editors|historians|publishing|publishers|collective|project|consortium)\b/i;

/** A person's name split as bibliographies store it; organisations and single words stay whole (`literal`). */
export type PersonName = { family: string; given?: string; suffix?: string } | { literal: string };

export function splitName(name: string): PersonName {
  const flat = name.replace(/\s+/g, ' ').trim();
  if (!flat.includes(' ') || ORGANISATION.test(flat)) return { literal: flat };
  if (flat.includes(',')) {
    // Already "Last, First" or "Last, Jr., First".
    const parts = flat.split(',').map((p) => p.trim());
    if (parts.length === 3) return { family: parts[0], suffix: parts[1], given: parts[2] };
    return { family: parts[0], given: parts.slice(1).join(', ') || undefined };
  }
  const words = flat.split(' ');
  const suffix = words.length > 2 && SUFFIX.test(words[words.length - 1]) ? words.pop() : undefined;
  let lastStart = words.length - 1;
  while (lastStart > 1 && PARTICLES.has(words[lastStart - 1])) lastStart--;
  return { family: words.slice(lastStart).join(' '), given: words.slice(0, lastStart).join(' '), suffix };
}

/** One name in BibTeX form, escaped. */
export function bibtexName(name: string): string {
  const split = splitName(name);
  if ('literal' in split) return `{${escapeBibtex(split.literal)}}`;
  const parts = [split.family, split.suffix, split.given].filter((p): p is string => Boolean(p));
  return escapeBibtex(parts.join(', '));
}

/** "Last, First" for formats that write one name per line (RIS). */
export function invertedName(name: string): string {
  const split = splitName(name);
  if ('literal' in split) return split.literal;
  return [split.family, split.given, split.suffix].filter(Boolean).join(', ');
}

export function bibtexAuthors(authors: readonly string[]): string {
  return authors.map(bibtexName).join(' and ');
}

/** The word of a name that a cite key starts with: the family name, or an organisation's first word. */
export function keyName(author: string): string {
  const flat = author.replace(/\s+/g, ' ').trim();
  if (ORGANISATION.test(flat)) return flat.split(' ')[0];
  if (flat.includes(',')) return flat.slice(0, flat.indexOf(',')).split(' ').pop()!;
  const words = flat.split(' ');
  if (words.length > 2 && SUFFIX.test(words[words.length - 1])) words.pop();
  return words[words.length - 1];
}
