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

/** One name in BibTeX form, escaped. */
export function bibtexName(name: string): string {
  const flat = name.replace(/\s+/g, ' ').trim();
  if (!flat.includes(' ') || ORGANISATION.test(flat)) return `{${escapeBibtex(flat)}}`;
  if (flat.includes(',')) return escapeBibtex(flat); // already "Last, First" (or "Last, Jr., First")
  const words = flat.split(' ');
  const suffix = words.length > 2 && SUFFIX.test(words[words.length - 1]) ? words.pop() : undefined;
  let lastStart = words.length - 1;
  while (lastStart > 1 && PARTICLES.has(words[lastStart - 1])) lastStart--;
  const last = words.slice(lastStart).join(' ');
  const first = words.slice(0, lastStart).join(' ');
  return escapeBibtex(suffix ? `${last}, ${suffix}, ${first}` : `${last}, ${first}`);
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
