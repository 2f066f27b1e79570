/**
 * Google Books' request: `volumes?q=isbn:<ISBN>`, the lowercase `isbn:` keyword and one ISBN
 * (`ISBN:x` or `isbn x` are no keyword: a text search that can answer with other books;
 * xlcnd/isbnlib#46). The optional key goes only in `X-Goog-Api-Key`, never in the address.
 */

export function volumesPath(isbnDigits: string): string {
  if (!/^(\d{9}[\dX]|\d{13})$/.test(isbnDigits)) throw new Error('q=isbn: takes the digits of one ISBN');
  return `/books/v1/volumes?q=isbn:${isbnDigits}`;
}

/** The key's header, when there is a key. */
export function keyHeader(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { 'x-goog-api-key': apiKey } : {};
}
