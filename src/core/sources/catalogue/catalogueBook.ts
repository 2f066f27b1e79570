/**
 * The records a catalogue answered as the asked ISBN's `Book`, under the edition rule
 * (library-catalogues-facts.md, "Implications"):
 * - a record is the asked ISBN's book only where it lists the ISBN (either form) as its own
 *   (MARC 020 `$a`, UNIMARC 010 `$a`); one that lists it only as cancelled or invalid (`$z`) is
 *   another edition, shown with its own ISBN and said to be one (the LoC answers an e-book ISBN
 *   with the print record: zotero/translators#3095);
 * - a set record that lists the asked ISBN as one volume's ("Bd. 2", "(v. 2)") is not that
 *   volume: the volume's own record is taken where the answer has one; otherwise the set is shown
 *   as another edition, named a multi-volume set;
 * - a record that does not name the asked ISBN at all (another ISBN of the same query) is not
 *   this ISBN's answer.
 */
import { type Book, isbnDigits, toIsbn13 } from '../../model/book';
import { isoDate } from '../keyless/dates';
import { keylessBook } from '../keyless/keylessBook';
import { SET_BINDING } from '../sourceText';
import { pagesOfExtent } from './clean';
import { languageCode } from './languages';
import { isVolumeRecord, namesVolume, type CatalogueIsbn, type CatalogueRecord } from './record';

/** Subjects kept of a record. */
const MAX_SUBJECTS = 20;

function sameIsbn(digits: string, asked13: string): boolean {
  return toIsbn13(digits) === asked13;
}

type Verdict =
  /** The record's own ISBN; `rank` 0 is best (a volume's own record, or no volume qualifier). */
  | { kind: 'asked'; rank: number; entry: CatalogueIsbn }
  /** Another edition (`$z` only) or the set of the asked volume: shown by `isbn13`, said to be another. */
  | { kind: 'other'; isbn: CatalogueIsbn; set: boolean };

function verdictOf(record: CatalogueRecord, asked13: string): Verdict | undefined {
  const own = record.isbns.find((i) => i.valid && sameIsbn(i.digits, asked13));
  const valid = record.isbns.filter((i) => i.valid);
  if (own) {
    if (!namesVolume(own.qualifier) || isVolumeRecord(record)) return { kind: 'asked', rank: 0, entry: own };
    // A set record: the asked ISBN is one of its volumes'. Known by the set's own ISBN, else by another one.
    const setIsbn = valid.find((i) => !sameIsbn(i.digits, asked13) && !namesVolume(i.qualifier)) ?? valid.find((i) => !sameIsbn(i.digits, asked13));
    // A set listing no other ISBN: shown under the asked one, its binding saying it is the set.
    return setIsbn ? { kind: 'other', isbn: setIsbn, set: true } : { kind: 'asked', rank: 1, entry: own };
  }
  if (!record.isbns.some((i) => !i.valid && sameIsbn(i.digits, asked13))) return undefined;
  const first = valid.find((i) => i.digits.length === 13) ?? valid[0];
  return first ? { kind: 'other', isbn: first, set: false } : undefined;
}

/** The title a volume is shown by: "Das gelbe Rechenbuch, 1: Lineare Algebra". */
function fullTitle(record: CatalogueRecord): string {
  const part = [record.partNumber, record.partName].filter(Boolean).join(': ');
  return part ? `${record.title}, ${part}` : record.title;
}

function bookOf(record: CatalogueRecord, isbn13: string, set: boolean): Book | undefined {
  const isbn10 = record.isbns.find((i) => i.valid && i.digits.length === 10 && toIsbn13(i.digits) === isbn13)?.digits;
  const book = keylessBook({
    isbn13,
    isbn10,
    title: fullTitle(record),
    subtitle: record.subtitle,
    authors: record.persons.filter((p) => p.role === 'author').map((p) => p.name),
    publisher: record.publisher,
    datePublished: isoDate(record.date),
    pages: pagesOfExtent(record.extent),
    language: languageCode(record.language),
    subjects: record.subjects,
    maxSubjects: MAX_SUBJECTS,
  });
  if (!book) return undefined;
  const contributors = record.persons.flatMap((p) => (p.role === 'editor' || p.role === 'translator' ? [{ name: p.name, role: p.role }] : []));
  const others = new Map<string, string | undefined>();
  for (const i of record.isbns) {
    const other13 = toIsbn13(i.digits);
    if (i.valid && other13 !== isbn13 && !others.has(other13)) others.set(other13, i.qualifier);
  }
  return {
    ...book,
    ...(record.edition ? { edition: record.edition } : {}),
    ...(set ? { binding: SET_BINDING } : {}),
    ...(contributors.length ? { contributors } : {}),
    ...(record.series[0] ? { series: record.series[0] } : {}),
    otherIsbns: [...others].map(([isbn, binding]) => (binding ? { isbn, binding } : { isbn })),
  };
}

/** The asked ISBN's book among a search's records, or another edition said to be one; undefined when no record names the ISBN. */
export function bookFromRecords(records: readonly CatalogueRecord[], asked: string): Book | undefined {
  const digits = isbnDigits(asked);
  if (!digits) return undefined;
  const asked13 = toIsbn13(digits);
  let best: { record: CatalogueRecord; verdict: Verdict } | undefined;
  const score = (v: Verdict) => (v.kind === 'asked' ? v.rank : 2);
  for (const record of records) {
    const verdict = verdictOf(record, asked13);
    if (verdict && (!best || score(verdict) < score(best.verdict))) best = { record, verdict };
  }
  if (!best) return undefined;
  const { record, verdict } = best;
  return verdict.kind === 'asked' ? bookOf(record, asked13, verdict.rank > 0) : bookOf(record, toIsbn13(verdict.isbn.digits), verdict.set);
}

/** Whether any of the records names the ISBN (as its own, cancelled, or a volume's): a hit for the query. */
export function namesIsbn(records: readonly CatalogueRecord[], asked: string): boolean {
  const digits = isbnDigits(asked);
  if (!digits) return false;
  const asked13 = toIsbn13(digits);
  return records.some((r) => r.isbns.some((i) => sameIsbn(i.digits, asked13)));
}
