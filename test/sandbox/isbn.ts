// Small ISBN helpers for the sandbox. Deliberately independent of the extension's
// own ISBN code (and of isbn3) so the sandbox cannot share a bug with its client.

/** ISBN-13 check digit for the first 12 digits. */
export function check13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** ISBN-10 check digit ('0'-'9' or 'X') for the first 9 digits. */
export function check10(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

/** ISBN-10 of a 978 ISBN-13; undefined for 979 (those have no ISBN-10). */
export function isbn13to10(isbn13: string): string | undefined {
  if (!isbn13.startsWith('978')) return undefined;
  const body = isbn13.slice(3, 12);
  return body + check10(body);
}

export function isbn10to13(isbn10: string): string {
  const first12 = '978' + isbn10.slice(0, 9);
  return first12 + check13(first12);
}

/**
 * Normalise what a client put in a path: drop hyphens, upper-case the X.
 * Returns undefined unless the result is 10 (last may be X) or 13 digits.
 * Check digits are not verified here: an invalid ISBN is simply not in the catalogue.
 */
export function normaliseIsbn(raw: string): string | undefined {
  const s = raw.replace(/-/g, '').toUpperCase();
  return /^(\d{9}[\dX]|\d{13})$/.test(s) ? s : undefined;
}
