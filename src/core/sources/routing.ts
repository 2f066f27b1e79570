/**
 * Which sources an ISBN is asked, in what order: the one place that decides where a book is
 * likely to be (library-catalogues-facts.md, "How peers choose a catalogue by ISBN" and
 * "Implications"). The registration group says where the publisher registered, not the
 * language, so it orders the catalogues and never skips the other sources:
 * - 978-3 (German language): the DNB (legal deposit), then K10plus and lobid, before Open Library;
 * - 978-2 and 979-10 (French): the BnF before Open Library, the Library of Congress after it;
 * - 978-0, 978-1 and 979-8 (English): Open Library first, the Library of Congress after it;
 * - every other group: Open Library, then K10plus and the Library of Congress (they hold many
 *   non-English academic books).
 * Catalogues asked "before" go ahead of Open Library and Google Books (after the book service,
 * when a key is set); those asked "after" go right after Open Library, ahead of Google's scarce
 * quota. The other sources keep the order the user wrote; `isbnLens.sources` says which may
 * be asked at all.
 */
import { isbnDigits, toIsbn13 } from '../model/book';
import { isCatalogue, type CatalogueName, type SourceName } from './sourceSettings';

export interface Route {
  /** ISBN-13 prefixes of the group (none: every group no other route takes); the log writes each as its group, 9783 as 978-3. */
  prefixes: readonly string[];
  before: readonly CatalogueName[];
  after: readonly CatalogueName[];
  /** The national catalogue of the group: its title and persons are preferred for the group's books (see `merge.ts`). */
  national?: CatalogueName;
}

export const ROUTES: readonly Route[] = [
  { prefixes: ['9783'], before: ['dnb', 'k10plus', 'lobid'], after: [], national: 'dnb' },
  { prefixes: ['9782', '97910'], before: ['bnf'], after: ['loc'], national: 'bnf' },
  { prefixes: ['9780', '9781', '9798'], before: [], after: ['loc'] },
  { prefixes: [], before: [], after: ['k10plus', 'loc'] },
];

/** The route of an ISBN (10 or 13 digits, hyphens allowed); the last route for anything else. */
export function routeOf(isbn: string): Route {
  const digits = isbnDigits(isbn);
  const isbn13 = digits ? toIsbn13(digits) : '';
  return ROUTES.find((r) => r.prefixes.some((p) => isbn13.startsWith(p))) ?? ROUTES.at(-1)!;
}

/** The sources of `chosen` (the user's `isbnLens.sources`, in their order) to ask for a route, in the order to ask them. */
export function orderFor(route: Route, chosen: readonly SourceName[]): SourceName[] {
  const others = chosen.filter((n) => !isCatalogue(n));
  const may = (names: readonly CatalogueName[]) => names.filter((n) => chosen.includes(n));
  const order: SourceName[] = [...others];
  const firstKeyless = order.findIndex((n) => n === 'openLibrary' || n === 'googleBooks');
  order.splice(firstKeyless < 0 ? order.length : firstKeyless, 0, ...may(route.before));
  const ol = order.indexOf('openLibrary');
  const google = order.indexOf('googleBooks');
  const afterAt = ol >= 0 ? ol + 1 : google >= 0 ? google : order.length;
  order.splice(afterAt, 0, ...may(route.after));
  return order;
}

/** The sources to ask for one ISBN, in order. */
export function sourcesFor(isbn: string, chosen: readonly SourceName[]): SourceName[] {
  return orderFor(routeOf(isbn), chosen);
}

/** The national catalogue whose title and persons are preferred for this ISBN, if its group has one. */
export function nationalCatalogueOf(isbn: string): CatalogueName | undefined {
  return routeOf(isbn).national;
}
