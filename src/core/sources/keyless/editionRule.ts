/**
 * The edition rule for sources that answer with whatever record they hold: a record whose
 * identifiers do not include the asked ISBN (in either form) is never that ISBN's book. It is
 * another edition, shown as such with its own ISBN, or, without any ISBN, left out. (Google
 * Books answers some ISBNs with another edition or a volume without ISBN: xlcnd/isbnlib#23, #142.)
 */
import { isbnDigits, toIsbn13 } from '../../model/book';

export type EditionVerdict =
  /** The record lists the asked ISBN. */
  | { kind: 'asked'; isbn13: string; isbn10?: string }
  /** It lists other ISBNs only: another edition, known by the first of them. */
  | { kind: 'other'; isbn13: string; isbn10?: string }
  /** It lists no ISBN at all: nothing ties it to the asked one. */
  | { kind: 'none' };

/** `identifiers`: the ISBNs a record lists, as sent (10 or 13 digits, hyphens allowed), in any order. */
export function editionVerdict(identifiers: readonly unknown[], asked: string): EditionVerdict {
  const askedDigits = isbnDigits(asked);
  const listed = identifiers.map(isbnDigits).filter((d): d is string => d !== undefined);
  if (askedDigits) {
    const asked13 = toIsbn13(askedDigits);
    if (listed.some((d) => d === askedDigits || toIsbn13(d) === asked13)) {
      return { kind: 'asked', isbn13: asked13, isbn10: tenOf(asked13, [askedDigits, ...listed]) };
    }
  }
  const first = listed.find((d) => d.length === 13) ?? listed[0];
  if (!first) return { kind: 'none' };
  const isbn13 = toIsbn13(first);
  return { kind: 'other', isbn13, isbn10: tenOf(isbn13, listed) };
}

/** The ISBN-10 among `candidates` that belongs to `isbn13`, if any. */
function tenOf(isbn13: string, candidates: readonly string[]): string | undefined {
  return candidates.find((d) => d.length === 10 && toIsbn13(d) === isbn13);
}
