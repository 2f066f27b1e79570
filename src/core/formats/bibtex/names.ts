/**
 * Author names as BibTeX wants them: `Last, First and Last, First`. Names the
 * service already sends as "Last, First" are kept; "First Last" is turned
 * round with its particles (van, de) and suffixes (Jr.); organisations and
 * single words are braced so that BibTeX keeps them whole.
 */
import { escapeBibtex } from './escape';
import { latexToText } from './latexText';

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

/** What BibTeX's `and others` stands for in a list of names read for a person. */
export const ET_AL = 'et al.';

const AND = /\s+and\s+/iy;
const COMMA = /,/y;
const SPACE = /\s/y;

/**
 * The names of a BibTeX name field as BibTeX reads them, each as plain text in the order and
 * form written: the list is split on `and` outside braces only, so a brace group stays whole
 * (`{Barnes and Noble}` is one name), `and others` becomes "et al.", and the braces, escapes and
 * `\relax` that protect letters are dropped (`{\relax Ch}ristian` reads "Christian").
 * `raw`: the value between its delimiters, as in the file.
 */
export function readNameList(raw: string): string[] {
  return splitOutsideBraces(raw, AND)
    .map(plainName)
    .filter(Boolean)
    .map((name) => (name.toLowerCase() === 'others' ? ET_AL : name));
}

/**
 * The names of a BibTeX name field split into BibTeX's parts (`raw`: the value between its
 * delimiters, braces kept), `and others` as ET_AL; a name written as one brace group
 * (`{World Health Organization}`) is an organisation: `{ last, corporate: true }`.
 */
export function readNamePartsList(raw: string): Array<(BibtexNameParts & { corporate?: boolean }) | typeof ET_AL> {
  return splitOutsideBraces(raw, AND)
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      if (name.toLowerCase() === 'others') return ET_AL;
      // One brace group from end to end: BibTeX keeps it whole.
      if (/^\{[^{}]*\}$/.test(name) && !name.startsWith('{\\')) return { last: plainName(name), corporate: true };
      return bibtexNameParts(name);
    });
}

/** A name as plain text: LaTeX decoded (`{\"u}`, `\relax`, escapes of special characters, protective braces), spacing flattened. */
function plainName(name: string): string {
  return latexToText(name);
}

/** A name's parts as BibTeX tells them: `First von Last`, `von Last, First` or `von Last, Jr, First`. */
export interface BibtexNameParts {
  first?: string;
  von?: string;
  last: string;
  jr?: string;
}

/**
 * Splits one name of a BibTeX name list (`raw`: as written, braces kept) into BibTeX's four
 * parts: a brace group is one word (`{Barnes and Noble}` is all last name), the von part is
 * the run of words starting in lower case (`de la Fontaine`), the last part the rest.
 */
export function bibtexNameParts(raw: string): BibtexNameParts {
  const commaParts = splitOutsideBraces(raw.trim(), COMMA).map((p) => p.trim());
  if (commaParts.length >= 2) {
    const [vonLast, ...rest] = commaParts;
    const { von, last } = vonAndLast(words(vonLast!));
    const jr = rest.length >= 2 ? plainName(rest[0]!) || undefined : undefined;
    const first = plainName(rest.at(-1)!) || undefined;
    return { first, von, last, jr };
  }
  const list = words(raw.trim());
  if (list.length <= 1) return { last: plainName(list[0] ?? '') };
  // First von Last: von starts at the first lower-case word that is not the last word.
  const vonStart = list.findIndex((w, i) => i < list.length - 1 && startsLower(w));
  if (vonStart <= 0) return { first: plainName(list.slice(0, -1).join(' ')) || undefined, last: plainName(list.at(-1)!) };
  const { von, last } = vonAndLast(list.slice(vonStart));
  return { first: plainName(list.slice(0, vonStart).join(' ')) || undefined, von, last };
}

function vonAndLast(list: string[]): { von?: string; last: string } {
  // The von part: the longest run of words from the start whose last word starts in lower case, the last word always left for Last.
  let end = 0;
  for (let i = 0; i < list.length - 1; i++) if (startsLower(list[i]!)) end = i + 1;
  return { von: end > 0 ? plainName(list.slice(0, end).join(' ')) : undefined, last: plainName(list.slice(end).join(' ')) };
}

/** Whether a word starts in lower case as BibTeX sees it: a brace group at its start counts as upper case, unless it is a special character `{\\'e}`. */
function startsLower(word: string): boolean {
  if (word.startsWith('{\\')) {
    const letter = /^\{\\[^a-zA-Z]?\s*\{?([a-zA-Z])/.exec(word)?.[1] ?? /^\{\\[a-zA-Z]+\s*\{?([a-zA-Z])/.exec(word)?.[1];
    return letter !== undefined && letter === letter.toLowerCase();
  }
  const first = /[\p{L}{]/u.exec(word)?.[0];
  return first !== undefined && first !== '{' && first === first.toLowerCase() && first !== first.toUpperCase();
}

/** The words of a name part, a brace group being one word (or part of one). */
function words(text: string): string[] {
  return splitOutsideBraces(text, SPACE).map((w) => w.trim()).filter(Boolean);
}

/** `text` split where `separator` (sticky) matches outside braces and escapes: a brace group is never split. */
function splitOutsideBraces(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      separator.lastIndex = i;
      if (!separator.exec(text)) continue;
      parts.push(text.slice(start, i));
      start = separator.lastIndex;
      i = start - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
