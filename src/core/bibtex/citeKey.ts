/**
 * Readable cite keys: first author's family name, year, first significant
 * title word, lower-case ASCII (`knuth1984texbook`), with a, b, c… appended
 * when the key is taken.
 */
import type { Book } from '../service/book';
import { keyName } from './names';

// Articles and short function words of the languages the service sees most.
const STOP_WORDS = new Set(
  ('a an and the of on in to for with from at by or ' +
    'le la les un une des du de et l d ' +
    'der die das ein eine und von zu im ' +
    'el los las uno y del ' +
    'il lo gli i una e di della').split(' '),
);

const FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower-case ASCII letters and digits only; accents dropped, ligatures spelled out. */
export function asciiFold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDS[c])
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}

export function baseCiteKey(book: Book): string {
  const author = book.authors[0] ? asciiFold(keyName(book.authors[0])) : '';
  const word = book.title
    .split(/[\s\-–—:;,.!?/()[\]"“”'‘’]+/)
    .map(asciiFold)
    .find((w) => w.length > 1 && !STOP_WORDS.has(w));
  const key = `${author}${book.year ?? ''}${word ?? ''}`;
  // Titles in other scripts fold to nothing: the ISBN keeps the key unique and readable enough.
  return /[a-z]/.test(key) ? key : `isbn${book.isbn13}`;
}

/** A key not in `taken` (lower-case keys): the base, else base + a…z, then aa, ab… */
export function uniqueCiteKey(book: Book, taken: ReadonlySet<string>): string {
  const base = baseCiteKey(book);
  if (!taken.has(base)) return base;
  for (let n = 0; ; n++) {
    const key = base + suffix(n);
    if (!taken.has(key)) return key;
  }
}

/** 0 → a, 25 → z, 26 → aa, … */
function suffix(n: number): string {
  let s = '';
  for (n++; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(97 + ((n - 1) % 26)) + s;
  return s;
}
