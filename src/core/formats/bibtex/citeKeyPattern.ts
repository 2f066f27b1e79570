/**
 * Cite keys by a pattern (`isbnLens.citeKey.pattern`): literal text and
 * fields in brackets, each with optional modifiers after colons.
 *
 * Fields:
 * - `[auth]`: the first author's family name (an organisation's first word)
 * - `[authors]`: the family names of up to three authors, then `EtAl`
 * - `[authN]`: the family names of the first N authors (`[auth2]`)
 * - `[year]`: the year of publication
 * - `[shorttitle]`: the first significant word of the title (articles and short words skipped)
 * - `[shorttitleN]`: the first N significant words (`[shorttitle3]`)
 * - `[title]`: every significant word of the title
 * - `[publisher]`: the publisher's first significant word
 * - `[isbn]`: the ISBN-13, digits only
 *
 * Modifiers: `lower`, `upper`, `capitalize` (each word's first letter upper case).
 * Keys are ASCII letters, digits and the pattern's own `-_:.` characters; a key
 * with no letter falls back to `isbn` + the ISBN-13. The default pattern,
 * `[auth:lower][year][shorttitle:lower]`, gives `kernighan1988programming`.
 */
import type { Book } from '../../model/book';
import { asciiFold, significantWords } from './citeKeyWords';
import { keyName } from './names';

export const DEFAULT_CITE_KEY_PATTERN = '[auth:lower][year][shorttitle:lower]';

const FIELD = /^(auth|authors|auth[1-9]|year|shorttitle|shorttitle[1-9]|title|publisher|isbn)$/;
const MODIFIERS = new Set(['lower', 'upper', 'capitalize']);
const TOKEN = /\[([^\]]*)\]|([^[\]]+)/g;

const KNOWN_FIELDS = ['auth', 'authors', 'authN', 'year', 'shorttitle', 'shorttitleN', 'title', 'publisher', 'isbn'];

/** Why a pattern cannot be used (the editor's words say it; `field`, `modifier`, `token` cut short). */
export type CiteKeyPatternProblem =
  | { kind: 'noField' }
  | { kind: 'unclosedBracket' }
  | { kind: 'unknownField'; field: string; known: readonly string[] }
  | { kind: 'unknownModifier'; modifier: string; token: string; known: readonly string[] };

/** Why a pattern cannot be used, or undefined when it can (for the settings message). */
export function citeKeyPatternProblem(pattern: string): CiteKeyPatternProblem | undefined {
  if (!pattern.includes('[')) return { kind: 'noField' };
  if (!bracketsClosed(pattern)) return { kind: 'unclosedBracket' };
  for (const m of pattern.matchAll(TOKEN)) {
    if (m[1] === undefined) continue;
    const [field, ...modifiers] = m[1].split(':');
    if (!FIELD.test(field)) return { kind: 'unknownField', field: brief(field), known: KNOWN_FIELDS };
    const bad = modifiers.find((mod) => !MODIFIERS.has(mod));
    if (bad !== undefined) return { kind: 'unknownModifier', modifier: brief(bad), token: brief(m[1]), known: [...MODIFIERS] };
  }
  return undefined;
}

/**
 * Every `]` closes a `[` and every `[` is closed, in one pass: a `[` inside an
 * open bracket is part of its field (as TOKEN reads it). A regex per `[` was
 * quadratic on a workspace's pattern of 50,000 `[[` (3.6 s).
 */
function bracketsClosed(pattern: string): boolean {
  let open = false;
  for (const c of pattern) {
    if (c === '[') open = true;
    else if (c === ']') {
      if (!open) return false;
      open = false;
    }
  }
  return !open;
}

/** A name from the pattern, short enough for a message. */
function brief(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The key a pattern gives a book; an unusable pattern falls back to the default. */
export function formatCiteKey(book: Book, pattern = DEFAULT_CITE_KEY_PATTERN): string {
  const usable = citeKeyPatternProblem(pattern) === undefined ? pattern : DEFAULT_CITE_KEY_PATTERN;
  let key = '';
  for (const m of usable.matchAll(TOKEN)) {
    if (m[2] !== undefined) {
      key += m[2].replace(/[^A-Za-z0-9\-_:.]/g, '');
      continue;
    }
    const [field, ...modifiers] = m[1].split(':');
    let words = fieldWords(book, field);
    for (const mod of modifiers) words = words.map((w) => modify(w, mod));
    key += words.join('');
  }
  // Titles in other scripts fold to nothing: the ISBN keeps the key unique and readable enough.
  return /[A-Za-z]/.test(key) ? key : `isbn${book.isbn13}`;
}

/** A field's value as ASCII words, case kept. */
function fieldWords(book: Book, field: string): string[] {
  const names = book.authors.map((a) => fold(keyName(a)));
  const n = Number(/[1-9]$/.exec(field)?.[0] ?? 1);
  switch (field.replace(/[1-9]$/, '')) {
    case 'auth':
      return names.slice(0, n);
    case 'authors':
      return names.length > 3 ? [names[0], 'EtAl'] : names;
    case 'year':
      return book.year ? [String(book.year)] : [];
    case 'shorttitle':
      return significantWords(book.title).slice(0, n).map(fold);
    case 'title':
      return significantWords(book.title).map(fold);
    case 'publisher':
      return significantWords(book.publisher ?? '').slice(0, 1).map(fold);
    case 'isbn':
      return [book.isbn13];
    default:
      return [];
  }
}

/** ASCII letters and digits of a word, accents dropped, case kept. */
function fold(word: string): string {
  return [...word].map((c) => (c === c.toLowerCase() ? asciiFold(c) : asciiFold(c).toUpperCase())).join('');
}

function modify(word: string, modifier: string): string {
  if (modifier === 'lower') return word.toLowerCase();
  if (modifier === 'upper') return word.toUpperCase();
  return word.charAt(0).toUpperCase() + word.slice(1);
}
