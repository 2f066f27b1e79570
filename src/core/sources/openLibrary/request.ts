/**
 * Open Library's requests: the Books API in batches of at most 25 ISBNs, `bibkeys` one
 * comma-separated parameter (the size its maintainers ask for: internetarchive/openlibrary#11406),
 * and the work search by author for Look Up Author.
 */

/** ISBNs per Books API request. */
export const OPEN_LIBRARY_MAX_BATCH = 25;

/** The bibkey an ISBN is asked by, and found under in the answer (keyed exactly as asked). */
export function bibkey(isbnDigits: string): string {
  return `ISBN:${isbnDigits}`;
}

/** `/api/books?bibkeys=ISBN:a,ISBN:b&format=json&jscmd=data` for ISBN digits (at most OPEN_LIBRARY_MAX_BATCH). */
export function booksApiPath(isbns: readonly string[]): string {
  if (isbns.length === 0 || isbns.length > OPEN_LIBRARY_MAX_BATCH) throw new Error(`a Books API request takes 1 to ${OPEN_LIBRARY_MAX_BATCH} ISBNs, not ${isbns.length}`);
  if (isbns.some((i) => !/^(\d{9}[\dX]|\d{13})$/.test(i))) throw new Error('bibkeys take ISBN digits only');
  return `/api/books?bibkeys=${isbns.map(bibkey).join(',')}&format=json&jscmd=data`;
}

/** The fields Look Up Author reads of each work. */
export const AUTHOR_SEARCH_FIELDS = ['key', 'title', 'subtitle', 'author_name', 'first_publish_year', 'isbn', 'cover_i', 'publisher', 'number_of_pages_median'];

/** `/search.json?author=<name>&fields=…&limit=<pageSize>&page=<page>`. */
export function authorSearchPath(name: string, page: number, pageSize: number): string {
  return `/search.json?author=${encodeURIComponent(name)}&fields=${AUTHOR_SEARCH_FIELDS.join(',')}&limit=${pageSize}&page=${page}`;
}
