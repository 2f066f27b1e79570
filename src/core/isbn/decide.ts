// The one decision on every candidate, labelled or not (ARCHITECTURE.md, "The finder's
// rules"). The scanner (find.ts, Scan) reads a candidate and asks the rules about it; each rule
// that fires puts its code in the candidate's Evidence; `decide` reads that evidence and says
// which rule decided, and whether the candidate is an ISBN. Its precedence is written here
// once, in order, with its reasons; the scanner asks a rule only where its answer can still
// matter by that order (a labelled number has no context asked, a number glued to a word has
// none either), which is cost, not meaning. What the scanner does with the decision (report
// an ISBN, a broken one with its problem, or tell explainIsbns) stays in the scanner.
import { checkDigit, checksumTen, groupedTen, isbn13Shape } from './rules/candidates';
import { tableColumnIsbn } from './rules/data';
import { issnInField, labelledProblem, zerosPlaceholder } from './rules/labels';
import { bookPath } from './rules/urls';

// The codes decide names, read once (an import's property is read through a getter unbundled).
const CHECK_DIGIT = checkDigit.code;
const ISBN13 = isbn13Shape.code;
const GROUPED_TEN = groupedTen.code;
const CHECKSUM_TEN = checksumTen.code;
const BOOK_PATH = bookPath.code;
const TABLE_COLUMN_ISBN = tableColumnIsbn.code;
const BROKEN = labelledProblem.code;
const ISSN_IN_FIELD = issnInField.code;
const ZEROS = zerosPlaceholder.code;

/** An ISSN's length: the one candidate under 9 digits a label admits (find.ts, Scan.single). */
const ISSN_DIGITS = 8;

/** What the checksum and isbn3 say of a candidate's digits (Evidence.check). */
export const CHECK_RANGE = 0;
/** A checksum-valid ISBN-10 in no range of isbn3's. */
export const CHECK_NO_RANGE = 1;
/** The check digit does not hold (or an X stands where no check character can). */
export const CHECK_WRONG = 2;
/** Checksum-valid, not parsed: its context ruled it out whatever isbn3 would say (`context` holds the rule). */
export const CHECK_UNPARSED = 3;
/** Of no ISBN's length (a labelled candidate's: 9 to 14 digits read, or an ISSN's 8). */
export const CHECK_LENGTH = 4;

/**
 * What is known about one candidate: a few facts of its form, and the code of each rule that
 * fired (0: none did, or it was not asked). One object per scan, reset for each candidate: the
 * decision allocates nothing.
 */
export class Evidence {
  /** 13 (978/979) or 10 digits; a labelled candidate's, as many as were read (CHECK_LENGTH when no ISBN's). */
  digits = 10;
  /** Groups as written (one for a bare number; a single space makes two). */
  groups = 1;
  /** CHECK_RANGE, CHECK_NO_RANGE, CHECK_WRONG, CHECK_UNPARSED (unlabelled) or CHECK_LENGTH (labelled). */
  check = CHECK_RANGE;
  /** The label rule that labels it (label.isbnWord, label.isbnField): it is meant as an ISBN. 0: unlabelled. */
  label = 0;
  /** A labelled candidate of zeros alone (a template's placeholder). */
  zeros = false;
  /** A labelled 13 or 14 that is no ISBN whose first ten are a valid ISBN-10, a price typed on (catalogue.priceTypedOn). */
  priced = false;
  /** A rule that rules it out by its form, before anything around it is read: grouped as no ISBN, a DOI's suffix, glued to a word. */
  form = 0;
  /** Another number's label right before it (`order 1481623893`): asked of bare 10s that are no ISBN as read. */
  otherLabel = 0;
  /** What its context says: a rule's code for an ISBN (a link's path, a key, a column), minus one against (a key naming something else, a program's number). */
  context = 0;
  /** Placeholder digits (`0123456789`) in prose. */
  placeholder = 0;
  /** The word ISBN on its line. */
  onLine = 0;
  /** Read again from a run that is no ISBN as written (a price typed on, a cell's stray capital): a `reads` rule's candidate. */
  reread = false;

  reset(digits: number, groups: number, form: number): this {
    this.digits = digits;
    this.groups = groups;
    this.check = CHECK_RANGE;
    this.label = 0;
    this.zeros = false;
    this.priced = false;
    this.form = form;
    this.reread = false;
    this.otherLabel = 0;
    this.context = 0;
    this.placeholder = 0;
    this.onLine = 0;
    return this;
  }
}

/**
 * Decides about a candidate from its evidence: the code of the rule that found it an ISBN
 * (> 0), minus the code of the rule that ruled it out (< 0), or 0 when it is none and no rule
 * names why (a checksum-valid 10 in no range that nothing vouches for). For a labelled
 * candidate that is no ISBN, minus the `flags` rule that says what becomes of it: reported
 * with its problem (label.brokenIsbn, label.issnInField), or left alone (label.zerosPlaceholder).
 * In order, the first that applies decides:
 *
 * 0. A label (label.isbnWord, label.isbnField): the candidate is meant as an ISBN, which beats
 *    every other rule, so nothing else is asked. It is found when valid, and a checksum-valid
 *    10 in no range of isbn3's is one there (the writer says so; isbn3's ranges lag behind the
 *    agencies'), as is the valid 10 of a 13 or 14 with a price typed on (catalogue.priceTypedOn:
 *    the run as written is a slip). Else it is reported with its problem (a wrong check digit, a
 *    wrong length, no range: label.brokenIsbn; an ISSN: label.issnInField), for the writer meant
 *    an ISBN there; but zeros alone are a template's placeholder, nothing to flag
 *    (label.zerosPlaceholder).
 * 1. Its form rules it out (candidate.otherGroups, url.doiSuffix, candidate.gluedToWord):
 *    a number not written as an ISBN is none, whatever is around it.
 * 2. Another number's label before it, for a bare 10 that is no ISBN as read (label.*): it
 *    explains the number, which is then not counted as a chance number (repeats.chanceStretch).
 * 3. Its check digit does not hold (candidate.checkDigitWrong).
 * 4. A checksum-valid 10 in no range of isbn3's is an ISBN only where its context or the
 *    word ISBN on its line says so; in prose the range is what keeps a chance number out.
 *    Its context against is not needed: without evidence for, it is not taken.
 * 5. Its context against (a key or label naming something else, a program's number, an
 *    authority's link, a column or key that is not ISBN in data): one number in eleven passes
 *    the ISBN-10 check, so the checksum alone does not outweigh it.
 * 6. Placeholder digits in prose (data.placeholderDigits), unless a book's link or an ISBN
 *    column vouches for them: a test's or a form's, though they pass the check.
 * 7. Its context for (a book's link, a key, column, tag or field that says ISBN).
 * 8. A candidate read again from a run that is no ISBN as written (catalogue.priceTypedOn,
 *    data.strayCapital) is one only by its context: the run as written said otherwise.
 * 9. Its shape and checksum: an ISBN-13, an ISBN-10 in groups, a bare ISBN-10 (in data
 *    rule 5 has already ruled out a bare 10 whose key or column says nothing).
 */
export function decide(e: Evidence): number {
  if (e.label !== 0) return labelled(e);
  if (e.form !== 0) return -e.form;
  if (e.otherLabel !== 0) return -e.otherLabel;
  if (e.check === CHECK_WRONG) return -CHECK_DIGIT;
  if (e.check === CHECK_NO_RANGE) return e.context > 0 ? e.context : e.onLine;
  if (e.context < 0) return e.context;
  if (e.placeholder !== 0 && !vouchesInProse(e.context)) return -e.placeholder;
  if (e.context > 0) return e.context;
  if (e.reread) return 0;
  return e.digits === 13 ? ISBN13 : e.groups > 1 ? GROUPED_TEN : CHECKSUM_TEN;
}

/** Step 0 of decide: a labelled candidate. */
function labelled(e: Evidence): number {
  if (e.check === CHECK_RANGE || (e.check === CHECK_NO_RANGE && e.digits === 10) || e.priced) return e.label;
  if (e.zeros) return -ZEROS;
  return e.digits === ISSN_DIGITS ? -ISSN_IN_FIELD : -BROKEN;
}

/**
 * Does the rule of `code` (a context rule that found a bare 10) vouch for it beyond its checksum
 * in prose (find.ts, BareTens): a book's link or an ISBN column does; a key in a page's script or
 * the word ISBN on its line leave it to BareTens' own look.
 */
export function vouchesInProse(code: number): boolean {
  return code === BOOK_PATH || code === TABLE_COLUMN_ISBN;
}

