/**
 * Google Books' volumes as the model's Book. Every field may be missing; `industryIdentifiers`
 * come in any order; `imageLinks` are plain http (asked over https); descriptions may hold
 * HTML (kept as the book service's are, cleaned by `keylessBook` and stripped where shown).
 * A search may answer with another edition or a volume without ISBN: the edition rule decides.
 */
import { type Book, isObject } from '../../model/book';
import { isoDate } from '../keyless/dates';
import { editionVerdict, type EditionVerdict } from '../keyless/editionRule';
import { httpsImage } from '../../cover/coverAddresses';
import { keylessBook } from '../keyless/keylessBook';

export interface MappedVolume {
  book: Book;
  verdict: Exclude<EditionVerdict, { kind: 'none' }>;
}

function isbnsOf(info: Record<string, unknown>): string[] {
  const ids = Array.isArray(info.industryIdentifiers) ? info.industryIdentifiers : [];
  return ids.flatMap((id) => (isObject(id) && (id.type === 'ISBN_13' || id.type === 'ISBN_10') && typeof id.identifier === 'string' ? [id.identifier] : []));
}

/** One volume as the Book of `asked` or of the other edition it is; undefined without ISBN or title. */
export function bookFromVolume(volume: unknown, asked: string): MappedVolume | undefined {
  const info = isObject(volume) && isObject(volume.volumeInfo) ? volume.volumeInfo : undefined;
  if (!info) return undefined;
  const verdict = editionVerdict(isbnsOf(info), asked);
  if (verdict.kind === 'none') return undefined;
  const images = isObject(info.imageLinks) ? info.imageLinks : {};
  const book = keylessBook({
    isbn13: verdict.isbn13,
    isbn10: verdict.isbn10,
    title: info.title,
    subtitle: info.subtitle,
    authors: info.authors,
    publisher: info.publisher,
    datePublished: isoDate(info.publishedDate),
    pages: info.pageCount,
    language: info.language,
    image: httpsImage(images.thumbnail ?? images.smallThumbnail),
    synopsis: info.description,
    subjects: info.categories,
  });
  return book && { book, verdict };
}

/**
 * The answer of a search for `asked`: the first volume of the asked ISBN itself; else the first
 * other edition's (labelled as such by its own ISBN); undefined when no volume has an ISBN.
 * `items` is absent when nothing matched (`totalItems: 0`).
 */
export function bookFromSearch(body: Record<string, unknown>, asked: string): Book | undefined {
  const mapped = (Array.isArray(body.items) ? body.items : []).map((v) => bookFromVolume(v, asked)).filter((m): m is MappedVolume => m !== undefined);
  return (mapped.find((m) => m.verdict.kind === 'asked') ?? mapped[0])?.book;
}
