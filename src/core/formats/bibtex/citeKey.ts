/**
 * Readable cite keys, unique in their file: by default the first author's
 * family name, year, first significant title word, lower-case ASCII
 * (`knuth1984texbook`); the pattern (citeKeyPattern.ts) may say otherwise.
 * a, b, c… are appended when the key is taken.
 */
import type { Book } from '../../model/book';
import { DEFAULT_CITE_KEY_PATTERN, formatCiteKey } from './citeKeyPattern';

export { asciiFold } from './citeKeyWords';

/**
 * A key not in `taken`: the pattern's key, else key + a…z, then aa, ab…
 * `taken` holds lower-case keys (BibTeX compares keys without case), so keys
 * are compared lower-cased.
 */
export function uniqueCiteKey(book: Book, taken: ReadonlySet<string>, pattern = DEFAULT_CITE_KEY_PATTERN): string {
  const base = formatCiteKey(book, pattern);
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 0; ; n++) {
    const key = base + suffix(n);
    if (!taken.has(key.toLowerCase())) return key;
  }
}

/** 0 → a, 25 → z, 26 → aa, … */
function suffix(n: number): string {
  let s = '';
  for (n++; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(97 + ((n - 1) % 26)) + s;
  return s;
}
