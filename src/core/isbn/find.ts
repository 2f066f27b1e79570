// Finds ISBNs in plain text (Markdown, BibTeX, LaTeX, prose). Pure: no
// `vscode` import. One global regex pass finds where digit runs start; for
// each, JS reads the run once (its end and its digits), looks back a few
// characters for a label, and asks the parse cache (parse.ts) by a numeric
// key. Checksums and isbn3 are only consulted for candidates the cache has
// not seen. No JS loop runs over the whole text: the regex does the scanning.
import { DataMemo, InlineScripts, dataMaySayIsbn, dataSaysIsbn, foreignLabelBefore, foreignWordBefore, headerNamesIsbn, headerNamesOther, isCapital, keyedToOtherValue, keyNamesIsbn, PrefixMemo, spaceEntityEndingAt, tableColumnHeader, twinNearby, yamlListSaysIsbn } from './dataContext';
import { cachedInfoId, digitsKey, infoList, isbn13CheckDigit, isIssn, NO_RANGE, NOT_CACHED, parseAndCache, tenWith978, tenWithoutRange } from './parse';
import { lazy } from '../lazy';
import { type IsbnMatch, IsbnMatches } from './matches';
import { Repeats } from './repeats';
import { COLUMN_SNIFF_CHARS, sniffShape, type TextShape, withLineFeeds } from './textShape';
import { ruleOfCode, type Rule } from './rules/rule';
import { CHECK_LENGTH, CHECK_NO_RANGE, CHECK_RANGE, CHECK_UNPARSED, CHECK_WRONG, decide, Evidence, vouchesInProse } from './decide';
import { gluedToWord, isbn13Shape, phoneGroups, texRange } from './rules/candidates';
import { CHANCE_AROUND, chanceStretch } from './rules/repeats';
import { isbnField, isbnLabel, isbnOnLine, otherLabel, zerosPlaceholder } from './rules/labels';
import { authorityLink, bookPath, doiSuffix, pathId } from './rules/urls';
import { noIsbnKey, placeholder, tableColumnIsbn, tableColumnOther } from './rules/data';
import { callArgument as callArgumentRule, inlineScript, machineNumber as machineNumberRule } from './rules/code';
import { partitionPoint } from '../sorted';

export type { IsbnMatch } from './matches';
export { IsbnMatches } from './matches';


export interface FindOptions {
  /** Stop after this many matches (the editor caps work on huge files). */
  maxMatches?: number;
  /**
   * The shape of the whole document (see documentKind/), when `text` is a part of
   * it: structured data asks for context before taking a bare 10-digit number.
   * A function is called only when such a number turns up. Default: sniffed
   * from the start of `text`.
   */
  shape?: TextShape | (() => TextShape);
  /**
   * Also report where an ISBN found elsewhere in the text stands in a place whose
   * context alone rules it out: a cover's file name, a link keyed to another id
   * (repeats.ts). Default true. The editor's index turns it off: it rescans a few
   * lines at a time, and a rescan must find what a scan of the whole text finds.
   */
  repeats?: boolean;
  /**
   * The start of the whole document (its first HEAD_SNIFF_CHARS characters), when `text` is a
   * part of it: what it says of the text's script and notations (rules of reach `document:
   * 'head'`), so that a part is read as the whole is. Default: the start of `text`.
   */
  head?: string;
  /**
   * Read the text in its half-width reading (full-width digits and the other scripts' digits as
   * ASCII ones) whether or not it holds full-width digits. Default false: a text is read so only
   * when it holds some (candidate.fullWidthDigits, which reads the whole text). The editor's index
   * turns it on: a part of a document is then read as any other part is, wherever they stand.
   */
  halfWidth?: boolean;
}

// Group separators: ASCII hyphen plus the typographic hyphens and dashes that
// pasted ISBNs carry (U+2010 to U+2014, and the minus sign U+2212 of text
// taken from a PDF), and TeX's tie `~` and en dash `--` (`ISBN~0~07~115983~5`,
// `978--1--118--71470--6` in BibTeX), which join an ISBN only where a label or
// field says ISBN (Scan.runOnce: between numbers in prose they make a range). A single space also separates
// groups; it splits a run into tokens, which the JS below joins or keeps apart.
const SEP = '\\-\\u2010-\\u2014\\u2212~';
const TOKEN_REST = `(?:(?:[${SEP}]|--|\\\\-)?[0-9])*(?:[${SEP}]?[Xx])?`;
const TOKEN = `[0-9]${TOKEN_REST}`;
// A lone X after a space is the check character of a space-separated ISBN-10.
const MORE_TOKENS = `(?: ${TOKEN})*(?: [Xx](?![A-Za-z0-9]))?`;

// An ISSN opening a field body, `isbn = {0022-0000}`: too short for a run, but reported (see isIssn).
const ISSN_IN_FIELD = `(?<=[{"][0-9])[0-9]{3}[${SEP}]?[0-9]{3}[0-9Xx](?![0-9Xx${SEP}])`;

/**
 * Two full-width digits (Japanese and Chinese text: `９７８－４`): RUN_START stops at the first
 * such pair, and the text is then read again as ASCII (halfWidth). Every ISBN written so has a
 * pair. Found by the scan itself, not by a search of its own for a full-width 9 before the scan
 * or along it (that reads the whole text once more). Two characters, not one: the regex skips
 * ahead by what may stand at a match's second character, and a one-character alternative
 * leaves it nothing to skip by. What each costs: docs/performance.md, scan.
 */
const FULL_WIDTH_DIGITS = '[\\uff10-\\uff19][\\uff10-\\uff19]';
// Not Arabic-Indic, Persian or Devanagari digits in the same pair: their codes share their low
// seven bits with lower-case ASCII letters, and the regex's skip table, built on those bits, then
// stops at every word (docs/performance.md, scan). A text in those scripts is known by
// its start instead (OTHER_SCRIPT).

/**
 * At least 9 digits (or 9 + X) from the run's first, an ISSN opening a field body, or `978.` (dotted groups, see Scan.dotted).
 * `(?:[0-9Xx]|[ SEP][0-9Xx]){8}` is `(?:[ SEP]?[0-9Xx]){8}` with the digit tried first: most characters
 * after a run's first digit are digits, and an optional separator tested before each slows the scan.
 */
const NINE_DIGITS_AHEAD = `(?=(?:[0-9Xx]|[ ${SEP}][0-9Xx]|[-\\\\]-[0-9Xx]){8}|${ISSN_IN_FIELD}|(?<=9)7[89]\\.[0-9])`;

/** A binding typed right after an ISBN in a catalogue record (`0440487331pbk.`, `(0373197527pbk.)`): its qualifier, not a word's rest. */
const BINDING_GLUED = /^(?:pbk|hbk|alk|ebk|cloth|paper(?:back)?|hard(?:cover|back))(?![a-z])/i;

/**
 * Where candidate runs start: maximal runs (never the inside of a decimal
 * number), not glued to '+' (phone) before them (but see nextSkippedRun), not right after a slash that
 * ends a number (the end of a DOI prefix, 10.1007/978-…: BibTeX doi and url
 * fields are full of those, and skipping them here is cheaper than in JS; a URL
 * path of ids, /286811443/…), though after a hash's or a word's digits
 * (`/52d974b65209/978…`) a run may start, and with at least 9
 * digits (or 9 + X) so that dates and small numbers fail inside the regex.
 * A letter before the run is judged in JS (Scan.gluedBefore: `ISBN9780306406157`,
 * MARC's `$a0441013597`, an OpenURL's `urn%3Aisbn%3A978…` are runs; `x978…` is
 * no ISBN): a look-behind for it here would run at every number's start, for
 * the few runs of 9 digits glued to a letter. The inside of a
 * spaced run is no start: `+1 3849957454` is a phone number whose run the
 * '+' kept out.
 * A comma between digits is a CSV field boundary (`183,1400032717`). Two ISBNs
 * joined by a slash (`0199535566/0140449132`) are read by Scan.run, which goes
 * on past a slash after a run: cheaper there than a look-behind here.
 *
 * The character before the run is taken, not looked behind at: a digit or
 * '+' there fails at once, and most digits follow another. A match ends just
 * after the run's first digit; JS reads the
 * run (Digits.readRun). A run that opens the text has no character before
 * it: RUN_AT_TEXT_START.
 */
const RUN_START = new RegExp(
  `[^0-9+][0-9](?<![0-9][Xx]?[ ${SEP}][0-9]|[0-9]\\.[0-9]|(?:^|[^A-Za-z0-9])[0-9]+/[0-9])${NINE_DIGITS_AHEAD}|${FULL_WIDTH_DIGITS}`,
  'g',
);
const RUN_AT_TEXT_START = new RegExp(`^[0-9]${NINE_DIGITS_AHEAD}`);

// Runs inside an isbn field: everything there is meant as an ISBN, so no length prefilter.
// Also right after an ISBN-10's X check character: the next of ISBNs glued together (Scan.gluedTogether).
const FIELD_RUN = new RegExp(`(?:(?<![A-Za-z0-9])|(?<=[0-9][${SEP}]?[Xx]))${TOKEN}${MORE_TOKENS}`, 'g');

// Also line ends and indentation: an ISBN broken at a hyphen by a line's end is read whole (Digits.readRun).
const STRIP = /[\s.\-\u2010-\u2014\u2212~\\]/g;
// A letter or digit of any script, made on first use (see lazy.ts): most documents never need it.
// Not Chinese or Japanese: they write no spaces, so an ISBN sits right against
// their words (`ISBN 978-4-06-159111-0を参照`).
const nonAsciiWord = lazy(() => new RegExp('(?![\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}])[\\p{L}\\p{N}]', 'u'));

/** Most ISBNs read from one run of digits with nothing between them (Scan.gluedTogether). */
const MAX_GLUED = 12;
/** Labelled candidates shorter than this are prose ("ISBN 13 format"), not ISBNs. */
const MIN_LABELLED_DIGITS = 9;
/** ISSN length: an 8-digit ISSN in an isbn field is reported (wrong length), see isIssn. */
const ISSN_DIGITS = 8;
/** How far back from a number a label (or `isbn = {`) may start. */
const LABEL_LOOKBACK = 40;
/** Longest label-to-number gap outside fields, e.g. `:** ` in `**ISBN:** 978…`. */
const LABEL_GAP = 6;
const FIELD_LIMIT = 4096;
const DOI_LOOKBACK = 300;

/** How a number inside a page's inline script is judged: as in JSON, by its key. */
const SCRIPT_SHAPE: TextShape = Object.freeze({ kind: 'json' });

/**
 * Scan.contextBeforeData's answers beside a rule's code: the number's context is asked of the
 * data's shape (ASK_DATA), or, in prose, of a page's inline script read as JSON (ASK_SCRIPT).
 */
const ASK_DATA = 1 << 20;
const ASK_SCRIPT = ASK_DATA + 1;

/** The codes of the rules the scanner names on every run (a module's constants: an import's property is read through a getter unbundled). */
const LABEL_RULE = isbnLabel.code;
const FIELD_RULE = isbnField.code;
const ZEROS_RULE = zerosPlaceholder.code;
const ISBN13_RULE = isbn13Shape.code;

/** Scan.lookup's answer for a number that is no ISBN (beside an info's number and NO_RANGE). */
const NOT_ISBN = -2;
/**
 * Scan.lookup's answers for a checksum-valid number its context ruled out before isbn3 was
 * asked: this minus the ruling rule's code (Scan.ruledOutBeforeParse).
 */
const RULED_OUT_UNPARSED = -(1 << 16);

const NO_LABEL = -1;
const LABEL = 0;

/** Finds ISBNs (10 and 13, any usual notation) in `text`, in order of position, as objects. */
export function findIsbns(text: string, options: FindOptions = {}): IsbnMatch[] {
  return scanIsbns(text, options).toArray();
}

/** Finds ISBNs as findIsbns does, column-wise: no object per match (see matches.ts). */
export function scanIsbns(text: string, options: FindOptions = {}): IsbnMatches {
  return scanWith(text, options, undefined);
}

/** What decided about a candidate: the rule that found it an ISBN, or the one that ruled it out. */
export interface FinderDecision {
  start: number;
  end: number;
  raw: string;
  /** Found as a valid ISBN (its ISBN-13 in `isbn13`), or ruled out. */
  found: boolean;
  isbn13?: string;
  rule: Rule;
  /** How the candidate is written. */
  form: CandidateForm;
}

/** A candidate as written: its digits (and X) as read, its groups, the separators between them, and the readings applied. */
export interface CandidateForm {
  digits: string;
  groups: number;
  separators: string[];
  /** `full-width digits`, `other script's digits`, `TeX tie or en dash`, `escaped hyphen`, `line break`, `letter for a digit`, `Cyrillic Х`. */
  readings: string[];
}

/** The form of `raw`, a candidate as written (for explanations: read again from its text, not kept by the scan). */
export function candidateForm(raw: string): CandidateForm {
  const read = halfWidth(raw.replace(CYRILLIC_CHECK_X, 'X'));
  const readings: string[] = [];
  if (/[\uff10-\uff19]/.test(raw)) readings.push('full-width digits');
  if (/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/.test(raw)) readings.push('other script\'s digits');
  if (/~|--/.test(raw)) readings.push('TeX tie or en dash');
  if (raw.includes('\\-')) readings.push('escaped hyphen');
  if (raw.includes('\n')) readings.push('line break');
  if (/^[OoIl]/.test(raw)) readings.push('letter for a digit');
  if (/[\u0425\u0445]/.test(raw)) readings.push('Cyrillic Х');
  const digits = read.replace(/^[Oo]/, '0').replace(/^[Il]/, '1').replace(/[^0-9Xx]/g, '').toUpperCase();
  const separators = [...new Set(read.replace(/^[OoIl]/, '0').match(/[^0-9Xx]+/g) ?? [])];
  return { digits, groups: separators.length === 0 ? 1 : read.split(/[^0-9XxOoIl]+/).filter((g) => g !== '').length, separators, readings };
}

/**
 * What the finder decided about each candidate of `text`, in order: each ISBN it finds and
 * the rule that found it, and each ISBN-shaped number it ruled out and the rule that did
 * (`npm run measure:finder -- <folder> --why`). Finds what scanIsbns finds.
 */
export function explainIsbns(text: string, options: FindOptions = {}): FinderDecision[] {
  const rejected: number[] = [];
  const found = scanWith(text, options, rejected);
  const decisions: FinderDecision[] = [];
  for (let i = 0; i < found.length; i++) {
    const rule = foundBy(found, i);
    if (rule) decisions.push({ start: found.start(i), end: found.end(i), raw: found.raw(i), found: true, isbn13: found.info(i)!.isbn13, rule, form: candidateForm(found.raw(i)) });
  }
  const taken = decisions.map((d) => [d.start, d.end]);
  const seen = new Set<number>();
  for (let k = 0; k < rejected.length; k += 3) {
    const [start, end, code] = [rejected[k], rejected[k + 1], rejected[k + 2]];
    if (seen.has(start) || taken.some(([s, e]) => s < end && start < e)) continue;
    seen.add(start);
    decisions.push({ start, end, raw: text.slice(start, end), found: false, rule: ruleOfCode(code)!, form: candidateForm(text.slice(start, end)) });
  }
  return decisions.sort((a, b) => a.start - b.start);
}

/** The rule that found match i of `found` (a valid one): the deciding rule's code it carries (decide.ts, or a label's). */
export function foundBy(found: IsbnMatches, i: number): Rule | undefined {
  return found.valid(i) ? ruleOfCode(found.ruleCode(i)) : undefined;
}

/** The code of the label rule for labelBefore's answer LABEL (`ISBN 978…`), else 0. */
function labelRule(label: number): number {
  return label === LABEL ? LABEL_RULE : 0;
}

/** Scans as scanIsbns does; `rejected`, when given, gets start, end and rule code of each candidate a rule ruled out. */
function scanWith(text: string, options: FindOptions, rejected: number[] | undefined): IsbnMatches {
  const head = options.head ?? (text.length > HEAD_SNIFF_CHARS ? text.slice(0, HEAD_SNIFF_CHARS) : text);
  // Lines that end in a CR alone (an old Mac export, as a ratings CSV's) are read as lines, at the same offsets.
  let read = withLineFeeds(head) === head ? text : withLineFeeds(text);
  // A scan's or a transcription's letter for the first digit right after an ISBN label (`ISBN O-387-90652-5`).
  if (LETTER_FOR_DIGIT.test(head)) read = read.replace(LETTERS_FOR_DIGITS, (match: string, letter: string) => match.slice(0, -1) + ((letter.charCodeAt(0) | 0x20) === 0x6f ? '0' : '1'));
  // A Russian keyboard's Х for an ISBN-10's check character X (`isbn = {5-201-02033-Х}`), in text written in Cyrillic.
  if (CYRILLIC.test(head)) read = read.replace(CYRILLIC_CHECK_X, 'X');
  const shape = options.shape ?? (() => sniffShape(read.length > COLUMN_SNIFF_CHARS ? read.slice(0, COLUMN_SNIFF_CHARS) : read));
  const skipped = SKIPPED_RUN.test(head);
  // Arabic, Persian or Hindi text may write its digits in its own script (`شابک: ۹۷۸-۶۲۲-…`): read as ASCII from the start.
  if (options.halfWidth === true || OTHER_SCRIPT.test(head)) return scanReading(halfWidth(read), text, options, shape, skipped, rejected, head)!;
  // Full-width digits (Japanese and Chinese text) are read as ASCII ones, at the same offsets.
  return scanReading(read, text, options, shape, skipped, rejected, head) ?? scanReading(halfWidth(read), text, options, shape, skipped, rejected && (rejected.length = 0, rejected), head)!;
}

/**
 * ISBN-13s where RUN_START does not look: right after a + (EDIFACT's `LIN+1+5+9780446360272:EN`
 * in an acquisitions module's vendor messages, a search link's `q=isbn+978…`; RUN_START skips
 * runs after a +, phone numbers, and no country's calling code is 978 or 979), and written whole
 * after a path of digit folders (a cover store's `/covers/59/90/9781593275990.jpg`,
 * `/lrg/9780/0995/9780099590088.jpg`; RUN_START skips runs after `digits/`, a DOI's prefix or a
 * path of ids), and ISBN-10s after a + that EDIFACT's item number type `:IB` (ISBN) follows
 * (`PIA+5+0749577215:IB'`, `LIN+1+1+0764569104:IB'` in older order and quote messages). Where the
 * text's start holds one, such runs are visited too, in order with the others. Not in every text,
 * nor by letting a + start a run in the regex: both cost every scan (docs/performance.md, scan).
 */
const SKIPPED_RUN = /\+97[89][0-9]|\/[0-9]{1,6}\/97[89](?:[0-9]{10}(?![0-9])|-[0-9])|\+[0-9]{9}[0-9Xx]:IB/;

/** The start of the next such run at or after `from`, or -1. Searches for rare strings: `97` alone is in every ISBN. */
function nextSkippedRun(text: string, from: number): number {
  let plus = text.indexOf('+97', from);
  while (plus >= 0 && !((text.charCodeAt(plus + 3) === 56 || text.charCodeAt(plus + 3) === 57) && wholeThirteen(text, plus + 1))) plus = text.indexOf('+97', plus + 1);
  let next = plus < 0 ? -1 : plus + 1;
  let slash = text.indexOf('/97', from);
  while (slash >= 0 && (next < 0 || slash < next) && !afterDigitFolder(text, slash + 1)) slash = text.indexOf('/97', slash + 1);
  if (slash >= 0 && (next < 0 || slash < next)) next = slash + 1;
  let ib = text.indexOf(':IB', from + 10);
  while (ib >= 0 && (next < 0 || ib - 10 < next) && !edifactTenAt(text, ib - 10)) ib = text.indexOf(':IB', ib + 1);
  return ib >= 0 && (next < 0 || ib - 10 < next) ? ib - 10 : next;
}

/** Ten digits (or nine and an X) at `k`, after a + and before EDIFACT's `:IB`. */
function edifactTenAt(text: string, k: number): boolean {
  if (text.charCodeAt(k - 1) !== 43) return false;
  for (let i = 0; i < 9; i++) if (!isDigit(text.charCodeAt(k + i))) return false;
  return isDigitOrX(text.charCodeAt(k + 9));
}

/**
 * A whole 978/979 thirteen at `k`, or one hyphenated from its prefix on (a publisher's
 * `gihyo.jp/book/2017/978-4-7741-8705-1`), after a folder of one to six digits (`/59/`, a
 * year's `/2017/`), not a DOI's prefix (`10.1007/`).
 */
function afterDigitFolder(text: string, k: number): boolean {
  const c = text.charCodeAt(k + 2);
  if ((c !== 56 && c !== 57) || !(wholeThirteen(text, k) || hyphenatedThirteen(text, k))) return false;
  let j = k - 2;
  while (j >= k - 7 && isDigit(text.charCodeAt(j))) j--;
  return j < k - 2 && text.charCodeAt(j) === 47;
}

/** `978-` and hyphenated groups at `k` that hold thirteen digits, and no digit after them. */
function hyphenatedThirteen(text: string, k: number): boolean {
  if (text.charCodeAt(k + 3) !== 45) return false;
  let digits = 3;
  let i = k + 4;
  for (let c = text.charCodeAt(i); isDigit(c) || (c === 45 && isDigit(text.charCodeAt(i + 1))); c = text.charCodeAt(++i)) if (c !== 45) digits++;
  return digits === 13;
}

/** Thirteen digits at `k` and no digit after them. */
function wholeThirteen(text: string, k: number): boolean {
  for (let i = 3; i < 13; i++) if (!isDigit(text.charCodeAt(k + i))) return false;
  return !isDigit(text.charCodeAt(k + 13));
}

/**
 * Scans `read`, a reading of `text` with the same offsets. Undefined when `read` holds
 * full-width digits (FULL_WIDTH_DIGITS): the text is then read again in its half-width
 * reading, which has none.
 */
function scanReading(read: string, text: string, options: FindOptions, shape: TextShape | (() => TextShape), skippedRuns: boolean, rejected: number[] | undefined, head: string): IsbnMatches | undefined {
  const scan = new Scan(read, options.maxMatches ?? Infinity, shape, new IsbnMatches(text), options.repeats ?? true, rejected, head);
  const re = RUN_START;
  re.lastIndex = !scan.full && RUN_AT_TEXT_START.test(read) ? scan.run(0) : 0;
  let skipped = skippedRuns ? nextSkippedRun(read, 0) : -1;
  while (!scan.full && re.test(read)) {
    const at = re.lastIndex - 1;
    if (read.charCodeAt(at) > 0xff00) return undefined; // FULL_WIDTH_DIGITS
    if (skipped >= 0 && skipped < at) {
      let resume = 0;
      for (; skipped >= 0 && skipped < at && !scan.full; skipped = nextSkippedRun(read, resume)) resume = scan.run(skipped);
      if (resume > at) {
        re.lastIndex = resume;
        continue;
      }
    }
    re.lastIndex = scan.run(at);
  }
  for (let resume; skipped >= 0 && !scan.full; skipped = nextSkippedRun(read, resume)) resume = scan.run(skipped);
  return scan.finish();
}

/**
 * O or o for a 0, I or l for a 1, as the first digit of a number right after an ISBN label
 * (`ISBN O-387-90652-5`, `ISBN I-56592-074-0`: a scan's or a transcription's). Looked for where
 * the text's start holds one, as a scanned book's copyright page does: a search of the whole
 * text for the label would cost every scan.
 */
const LETTER_FOR_DIGIT = /\bISBN(?:[- ]?1[03])?:?[ \t]?([OoIl])(?=[-\u2010 ]?[0-9])/i;
const LETTERS_FOR_DIGITS = new RegExp(LETTER_FOR_DIGIT.source, 'gi');

/** Cyrillic letters; and a Cyrillic Х or х after a number's digit, closing it (the check character a Russian keyboard types for X). */
const CYRILLIC = /[\u0410-\u044f]/;
const CYRILLIC_CHECK_X = /(?<=[0-9][-\u2010-\u2014]?)[\u0425\u0445](?![\u0400-\u04ffA-Za-z0-9])/g;

/** Arabic (and Persian) letters or Devanagari ones: their digits may be the script's own. */
const OTHER_SCRIPT = /[\u0620-\u064a\u0671-\u06d3\u0905-\u0939]/;
/** How much of a text's start tells its script, and whether it has runs RUN_START skips (SKIPPED_RUN). */
export const HEAD_SNIFF_CHARS = 16384;

/**
 * Full-width ASCII forms (`９７８－４`, `ＩＳＢＮ：`), the ideographic space, and Arabic-Indic,
 * Persian and Devanagari digits as ASCII: one UTF-16 unit each, so offsets stay.
 */
function halfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e\u3000\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x3000) return ' ';
    if (code >= 0xff01) return String.fromCharCode(code - 0xfee0);
    return String.fromCharCode(48 + (code & 0x0f) - (code >= 0x0966 ? 6 : 0));
  });
}

/**
 * Facts about a stretch of text gathered in one pass over its characters.
 * No checksum here: the parse cache only holds checksum-valid ISBNs, so the
 * checksum is computed on a cache miss only (see Scan.lookup).
 */
class Digits {
  count = 0; // digits and X
  value = 0; // digits as a number (X excluded)
  key = 0; // parse cache key, 0 unless ISBN-shaped (see digitsKey)
  // The parse cache's answer for the key (cachedInfoId), asked as soon as the
  // key is known: the probe is a memory read that often misses the
  // processor's cache, and asked early, it is on its way while the label
  // look-back runs. Not asked for 13 digits without 978/979 (timestamps,
  // EANs): lookup asks if it needs to.
  cached = NOT_CACHED;
  asked = false;
  groups = 1;
  lastGroup = 0;
  spaces = 0;
  firstToken = 0; // count of the first space-separated token
  longestToken = 0; // count of the longest one
  texJoined = false; // TeX's tie `~` or en dash `--` joins groups: an ISBN only where a label or field says so

  /** The stretch read last: a spaced ISBN is read again as tokens are joined, and then need not be (plausibleGroups reads its prefix). */
  start = -1;
  private end = -1;

  /**
   * Reads the run starting at `start` (a digit) as far as RUN_START's grammar
   * goes, each character once, and returns its end. The grammar: digits
   * joined by single separators, an X closing a token, tokens joined by
   * single spaces, and a lone X after a space.
   */
  readRun(text: string, start: number): number {
    let value = 0;
    let count = 0;
    let groups = 0;
    let lastGroup: number;
    let texJoined = false;
    let k = start;
    let c = text.charCodeAt(k);
    // Most runs are digits and hyphens only ("978-0-306-40615-7"): a group's
    // digits in a tight loop, then a separator if a digit follows (one branch
    // a digit; testing each character for both cost a quarter more).
    for (;;) {
      const before = count;
      while (c >= 48 && c <= 57) {
        value = value * 10 + (c - 48);
        count++;
        c = text.charCodeAt(++k);
      }
      groups++;
      lastGroup = count - before;
      if (!isSeparator(c)) {
        if (c !== 92 || text.charCodeAt(k + 1) !== 45 || !isDigitOrX(text.charCodeAt(k + 2))) break;
        c = text.charCodeAt(++k); // Markdown's escaped hyphen, `978\-0\-07\-…`
      }
      if (c === 126) texJoined = true;
      let next = text.charCodeAt(k + 1);
      if (!isDigit(next)) {
        if (c === 45 && next === 45 && isDigitOrX(text.charCodeAt(k + 2))) {
          // TeX's en dash between groups, `978--1--118--71470--6`.
          texJoined = true;
          next = text.charCodeAt(++k + 1);
        } else {
          // `978-3-540-44598-⏎2`: an ISBN broken at a hyphen by a line's end (hard-wrapped or taken from a PDF).
          const on = count < 13 && count !== 10 && next <= 13 ? lineContinuedAt(text, k + 1) : -1;
          if (on < 0) break;
          k = on - 1;
          next = text.charCodeAt(on);
        }
      }
      c = next;
      k++;
    }
    this.start = start;
    // Only an X, or a space or separator before a digit or an X, may go on (a space before a word ends most runs).
    const next = text.charCodeAt(k + 1);
    if (c !== 88 && c !== 120 && !((c === 32 || isSeparator(c)) && (next === 88 || next === 120 || (c === 32 && isDigit(next))))) {
      this.end = k;
      this.value = value;
      this.texJoined = texJoined;
      this.keep(count, groups, lastGroup, 0, count, count, 0, -1);
      return k;
    }
    // A space, an X or a separator before an X may go on: the same reading, with tokens.
    let xAt = -1;
    let xs = 0;
    let spaces = 0;
    let token = count;
    let firstToken = -1;
    let longestToken = 0;
    for (;;) {
      if (isDigit(c)) {
        value = value * 10 + (c - 48);
        count++;
        lastGroup++;
        token++;
      } else if (isSeparator(c)) {
        const next = text.charCodeAt(k + 1);
        if (c === 126) texJoined = true;
        if (!isDigit(next) && next !== 88 && next !== 120) {
          if (c !== 45 || next !== 45 || !isDigitOrX(text.charCodeAt(k + 2))) break;
          texJoined = true; // TeX's en dash, `--`
          k++;
        }
        groups++;
        lastGroup = 0;
      } else if (c === 92 && text.charCodeAt(k + 1) === 45 && isDigitOrX(text.charCodeAt(k + 2))) {
        k++; // Markdown's escaped hyphen
        groups++;
        lastGroup = 0;
      } else if (c === 32) {
        // A space goes on to a digit, or to a lone X that ends the run.
        const next = text.charCodeAt(k + 1);
        const loneX = (next === 88 || next === 120) && !(classAt(text, k + 2) & ALNUM);
        if (!isDigit(next) && !loneX) break;
        spaces++;
        if (firstToken < 0) firstToken = token;
        if (token > longestToken) longestToken = token;
        token = 0;
        groups++;
        lastGroup = 0;
        if (loneX) {
          xAt = count;
          xs++;
          count++;
          lastGroup++;
          token++;
          k += 2;
          break;
        }
      } else if (c === 88 || c === 120) {
        // An X closes its token: only a space may follow.
        xAt = count;
        xs++;
        count++;
        lastGroup++;
        token++;
        c = text.charCodeAt(++k);
        if (c !== 32) break;
        continue;
      } else {
        break;
      }
      c = text.charCodeAt(++k);
    }
    this.end = k;
    this.value = value;
    this.texJoined = texJoined;
    this.keep(count, groups, lastGroup, spaces, firstToken < 0 ? token : firstToken, token > longestToken ? token : longestToken, xs, xAt);
    return k;
  }

  read(text: string, start: number, end: number): this {
    if (start === this.start && end === this.end) return this;
    this.start = start;
    this.end = end;
    // Most runs are digits and hyphens only ("978-0-306-40615-7"): one tight
    // loop; a space or an X hands over to readSeparated.
    let value = 0;
    let count = 0;
    let groups = 1;
    let lastGroup = 0;
    let texJoined = false;
    for (let k = start; k < end; k++) {
      const c = text.charCodeAt(k);
      const digit = c - 48;
      if (digit >= 0 && digit <= 9) {
        value = value * 10 + digit;
        count++;
        lastGroup++;
      } else if (c === 32 || c === 88 || c === 120) {
        return this.readSeparated(text, start, end);
      } else if (c !== 92) {
        groups++; // a hyphen, dash or tie; not the backslash of Markdown's escaped hyphen
        lastGroup = 0;
        if (c === 126) texJoined = true;
      }
    }
    this.value = value;
    this.texJoined = texJoined;
    this.keep(count, groups, lastGroup, 0, count, count, 0, -1);
    return this;
  }

  /** As read, for a stretch with spaces or an X: tracks its tokens too. */
  private readSeparated(text: string, start: number, end: number): this {
    let value = 0;
    let count = 0;
    let groups = 1;
    let lastGroup = 0;
    let xAt = -1;
    let xs = 0;
    let spaces = 0;
    let token = 0;
    let firstToken = -1;
    let longestToken = 0;
    let texJoined = false;
    for (let k = start; k < end; k++) {
      const c = text.charCodeAt(k);
      if (c >= 48 && c <= 57) {
        value = value * 10 + (c - 48);
      } else if (c === 88 || c === 120) {
        xAt = count;
        xs++;
      } else {
        if (c === 92) continue; // Markdown's escaped hyphen: its hyphen separates
        if (c === 126) texJoined = true;
        if (c === 32) {
          spaces++;
          if (firstToken < 0) firstToken = token;
          if (token > longestToken) longestToken = token;
          token = 0;
        }
        groups++;
        lastGroup = 0;
        continue;
      }
      count++;
      lastGroup++;
      token++;
    }
    this.value = value;
    this.texJoined = texJoined;
    this.keep(count, groups, lastGroup, spaces, firstToken < 0 ? token : firstToken, token > longestToken ? token : longestToken, xs, xAt);
    return this;
  }

  /**
   * Keeps what a reading found: `xs` Xs, the last at index `xAt` among the
   * digits (-1: none). The value is set by the caller, not passed: a double
   * passed to a call that is not inlined is boxed, an allocation per run.
   */
  private keep(count: number, groups: number, lastGroup: number, spaces: number, firstToken: number, longestToken: number, xs: number, xAt: number): void {
    this.count = count;
    this.groups = groups;
    this.lastGroup = lastGroup;
    this.spaces = spaces;
    this.firstToken = firstToken;
    this.longestToken = longestToken;
    // Two check characters can never be one ISBN; the key (digits only) would name one that can.
    this.key = xs > 1 ? 0 : digitsKey(this.value, count, xAt);
    this.askEarly();
  }

  private askEarly(): void {
    this.asked = this.key !== 0 && (this.count !== 13 || this.isbn13Prefix);
    this.cached = this.asked ? cachedInfoId(this.key) : NOT_CACHED;
  }

  /** 13 digits starting 978/979, not 9790 (that is an ISMN). Compares, no division: it runs for every 13. */
  get isbn13Prefix(): boolean {
    const value = this.value;
    return value >= 978e10 && value < 980e10 && !(value >= 9790e9 && value < 9791e9);
  }
}

/**
 * Tokens (space-separated parts) of the run being handled, as parallel typed
 * arrays reused across runs and calls (findIsbns is synchronous), so that
 * multi-token runs allocate nothing and long numeric lines stay cheap.
 */
class Tokens {
  length = 0;
  start = new Int32Array(64);
  end = new Int32Array(64);
  count = new Int32Array(64); // digits and X

  push(start: number, end: number, count: number): void {
    if (this.length === this.start.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.start = grow(this.start);
      this.end = grow(this.end);
      this.count = grow(this.count);
    }
    this.start[this.length] = start;
    this.end[this.length] = end;
    this.count[this.length] = count;
    this.length++;
  }
}
const TOKENS = new Tokens();

/**
 * Bare 10-digit numbers in prose, by stretch of text: one in eleven numbers passes
 * the ISBN-10 check by chance (a log's timestamps, a list of tax ids). Where many
 * bare 10s stand and few pass, those that pass are chance too, and are taken
 * only with more than their checksum (a label, a key, a column, the word ISBN on
 * their line, their ISBN-13 nearby): the finder drops the others at the end of
 * its scan (IsbnMatches.withoutChecksumOnly), in the rare text where it must.
 * Numbers a label rules out (`order 1481623893`) are explained and not counted:
 * a text full of order numbers may still list ISBN-10s bare (a label word is
 * looked up by its hash first, foreignWordBefore: the notes corpus has 2,900
 * order numbers, and the whole look-back for each is not cheap).
 */
class BareTens {
  /** Where bare 10s failed (not explained by a label) and where bare 10s were taken, in the order met. */
  private readonly failed = new Positions();
  private readonly passed = new Positions();

  fail(start: number): void {
    this.failed.push(start);
  }

  pass(start: number): void {
    this.passed.push(start);
  }

  /**
   * `found` without its checksum-only ISBN-10s among chance numbers. Loops over the failed
   * numbers, not the matches, unless a stretch of them is dense enough to hold chance numbers.
   * `rejected`: explainIsbns' list, told of each number dropped (repeats.chanceStretch).
   */
  withoutChance(found: IsbnMatches, text: string, rejected: number[] | undefined): IsbnMatches {
    const failed = this.failed.sorted();
    if (!denseSomewhere(failed)) return found;
    const passed = this.passed.sorted();
    return found.withoutChecksumOnly((start, end, info) => {
      const drop = amongChance(failed, passed, start) && !lineNamesIsbn(text, start) && !yamlListSaysIsbn(text, start) && !twinNearby(text, start, end, info);
      if (drop) rejected?.push(start, end, chanceStretch.code);
      return drop;
    });
  }
}

/** Offsets, appended as met (almost always in order), read sorted. */
class Positions {
  private at: Int32Array = new Int32Array(0);
  private n = 0;
  private inOrder = true;

  push(offset: number): void {
    if (this.n === this.at.length) {
      const b = new Int32Array(Math.max(64, 2 * this.n));
      b.set(this.at);
      this.at = b;
    }
    if (this.n > 0 && this.at[this.n - 1] > offset) this.inOrder = false;
    this.at[this.n++] = offset;
  }

  sorted(): Int32Array {
    const out = this.at.subarray(0, this.n);
    if (!this.inOrder) {
      out.sort();
      this.inOrder = true;
    }
    return out;
  }
}

/** How many of the sorted offsets lie in [from, to). */
function countIn(sorted: Int32Array, from: number, to: number): number {
  return lowerBound(sorted, to) - lowerBound(sorted, from);
}

function lowerBound(sorted: Int32Array, value: number): number {
  return partitionPoint(sorted.length, (k) => sorted[k] < value);
}

/**
 * Could any number stand among chance numbers: are there, somewhere, as many failed bare 10s
 * within one window (CHANCE_AROUND on each side) as a window of chance numbers needs at least?
 */
function denseSomewhere(failed: Int32Array): boolean {
  const least = CHANCE_MIN_NUMBERS - Math.floor(CHANCE_MIN_NUMBERS / CHANCE_MAX_SHARE);
  for (let i = 0; i + least - 1 < failed.length; i++) if (failed[i + least - 1] - failed[i] <= 2 * CHANCE_AROUND) return true;
  return false;
}

/**
 * Does the bare 10 at `start` stand among chance numbers: within CHANCE_AROUND characters of it
 * enough bare 10s, of which at most a third pass; but not where, within CHANCE_OWN of it, half or
 * more pass (a reading list near a log). Windows around the number, not a grid of the text: what
 * is decided depends on the characters around it alone, wherever a scan begins (the index's).
 */
function amongChance(failed: Int32Array, passed: Int32Array, start: number): boolean {
  if (countIn(passed, start - CHANCE_OWN, start + CHANCE_OWN) >= countIn(failed, start - CHANCE_OWN, start + CHANCE_OWN)) return false;
  const passedAround = countIn(passed, start - CHANCE_AROUND, start + CHANCE_AROUND + 1);
  const numbers = countIn(failed, start - CHANCE_AROUND, start + CHANCE_AROUND + 1) + passedAround;
  return numbers >= CHANCE_MIN_NUMBERS && passedAround * CHANCE_MAX_SHARE <= numbers;
}

/** A number's own neighbourhood: 16 K characters about it, a log's page. */
const CHANCE_OWN = 1 << 13;
/** At least this many bare 10s around, of which at most a third pass: chance numbers. Real ISBN lists pass at 50-100 %. */
const CHANCE_MIN_NUMBERS = 8;
const CHANCE_MAX_SHARE = 3;

/** How far along its line the word ISBN may stand from a number (a minified line is not searched whole for each). */
const LINE_REACH = 400;

/** Does the line around `at` say ISBN within LINE_REACH (a table or list whose header line is elsewhere does not)? */
function lineNamesIsbn(text: string, at: number): boolean {
  let from = at;
  while (from > 0 && at - from < LINE_REACH && text.charCodeAt(from - 1) !== 10) from--;
  let to = at;
  while (to < text.length && to - at < LINE_REACH && text.charCodeAt(to) !== 10) to++;
  return /isbn/i.test(text.slice(from, to));
}

class Scan {
  /** The run being decided, as the run's handler read it. */
  private readonly d = new Digits();
  /** A run read again with a price typed on (glued), and a part of a run read alone (tenWithPrice, gluedTogether): `d` stays the run's. */
  private readonly part = new Digits();
  private readonly piece = new Digits();
  /** The evidence about the candidate being decided (decide.ts): reset for each, passed explicitly. */
  private readonly evidence = new Evidence();
  readonly bareTens = new BareTens();
  private readonly repeats = new Repeats();
  private readonly t = TOKENS;
  private memo: DataMemo | undefined;
  private prefix: PrefixMemo | undefined;
  private foreignAskedAt = -1;
  private foreign = 0;
  constructor(
    private readonly text: string,
    private readonly max: number,
    private shape: TextShape | (() => TextShape),
    /** Over the text as given: `text` may be its half-width reading. */
    readonly out: IsbnMatches,
    private readonly withRepeats: boolean,
    /** explainIsbns: start, end and rule code of each candidate a rule rules out. */
    private readonly rejected: number[] | undefined,
    /** The document's start (FindOptions.head): whether it is a page (InlineScripts). */
    private readonly head: string,
  ) {}

  /** The rule of `code` ruled out text[start, end): told to explainIsbns, when it asks. */
  private ruledOut(start: number, end: number, code: number): void {
    if (this.rejected !== undefined) this.rejected.push(start, end, code);
  }

  get full(): boolean {
    return this.out.length >= this.max;
  }

  /** The matches, once the text is scanned: without chance numbers, with the repeats of its ISBNs (repeats.ts). */
  finish(): IsbnMatches {
    const found = this.bareTens.withoutChance(this.out, this.text, this.rejected);
    return this.withRepeats && this.max === Infinity ? this.repeats.taken(found, this.keptId) : found;
  }

  /** text[start, end) as isbn3 and the caches read it: digits and X, separators and line breaks left out. */
  private normalizedAt(start: number, end: number): string {
    return this.text.slice(start, end).replace(STRIP, '').toUpperCase();
  }

  /** A kept number's info id (repeats.ts): cached, or parsed now when its checksum holds; negative when no ISBN. */
  private readonly keptId = (start: number, end: number, key: number): number => {
    let id = cachedInfoId(key);
    if (id === NOT_CACHED) {
      if (!checksumOk(this.text, start, end, key >= 1e13 ? 13 : 10)) return NOT_ISBN;
      id = parseAndCache(key, this.normalizedAt(start, end));
    }
    // A 10 in no range is an ISBN here: its ISBN-13 is asked for among the text's ISBNs.
    return id === NO_RANGE && key < 1e13 ? tenWithoutRange(this.normalizedAt(start, end)) : id;
  };

  /**
   * Handles the run starting at `start` (found by RUN_START), and the runs
   * joined to it by a slash (`0199535566/0140449132`, which RUN_START skips
   * as it skips a DOI's suffix). Returns where the main scan resumes.
   */
  run(start: number): number {
    const before = this.out.length;
    let end = this.runOnce(start);
    // `ISBN 978-⏎0470093559`: the run may be the end of an ISBN broken at a hyphen by a line's end.
    if (this.out.length === before) end = Math.max(end, this.brokenBefore(start));
    // Only after an ISBN's length: `/286811443/1565532112` is a URL's path of ids.
    while (this.text.charCodeAt(end) === 47 && isDigit(this.text.charCodeAt(end + 1)) && isbnLength(this.text, start, end) && !this.full) {
      start = end + 1;
      end = this.runOnce(start);
    }
    return end;
  }

  /**
   * The run at `start` opens a line, after the previous one ended in digits and a hyphen:
   * handles the whole ISBN read from those digits (readRun goes on over the line's end).
   * Returns its end, or -1.
   */
  private brokenBefore(start: number): number {
    const text = this.text;
    const hyphen = lineEndBefore(text, start);
    if (hyphen < 1 || !isSeparator(text.charCodeAt(hyphen)) || !isDigit(text.charCodeAt(hyphen - 1))) return -1;
    let from = hyphen - 1;
    while (from > 0 && start - from < 24 && (isDigit(text.charCodeAt(from - 1)) || (isSeparator(text.charCodeAt(from - 1)) && isDigit(text.charCodeAt(from - 2))))) from--;
    if (from > 0 && (classAt(text, from - 1) & ALNUM) !== 0) return -1; // a word's end, not a number's
    return this.runOnce(from);
  }

  /** Handles the run starting at `start`. Returns where the main scan resumes: its end, or after a field. */
  private runOnce(start: number): number {
    // `%20978…`: the run opens with an encoded character's hex digits (an OpenURL's `isbn=a%20b`).
    if (this.text.charCodeAt(start - 1) === 37 && isHex(this.text.charCodeAt(start + 1)) && isDigit(this.text.charCodeAt(start + 2))) start += 2;
    const end = this.d.readRun(this.text, start);
    if (this.d.count === 3 && this.text.charCodeAt(end) === 46) return this.dotted(start, end);
    if (this.d.spaces === 0) {
      // Common case: one token, no allocation beyond the match itself.
      const label = labelBefore(this.text, start);
      if (label > LABEL) return Math.max(this.field(label, start, end), end);
      if (this.d.texJoined && label === NO_LABEL) return this.texRange(start, end);
      const by = labelRule(label);
      if (!this.cachedHit(start, end, by)) this.single(start, end, by);
      return end;
    }
    // "ISBN-13 978…", "isbn10 0…": the run starts with the label's 10/13.
    const text = this.text;
    const c1 = text.charCodeAt(start + 1);
    if (text.charCodeAt(start) === 49 && (c1 === 48 || c1 === 51) && text.charCodeAt(start + 2) === 32) {
      const label = labelBefore(this.text, start + 3);
      if (label > LABEL) return Math.max(this.field(label, start, end), end);
      if (label === LABEL) {
        this.splitTokens(start, end);
        this.tokensFrom(this.takeLabelled(1, LABEL_RULE), 0);
        return end;
      }
    }
    const label = labelBefore(this.text, start);
    if (label > LABEL) return Math.max(this.field(label, start, end), end);
    if (this.d.texJoined && label === NO_LABEL) return this.texRange(start, end);
    if (this.wholeRun(start, end, labelRule(label))) return end;
    this.splitTokens(start, end);
    let i = 0;
    if (label === LABEL) i = this.takeLabelled(0, LABEL_RULE);
    else if (this.inDoi(start)) i = 1; // a DOI ends at the first space
    this.tokensFrom(i, 0);
    return end;
  }

  /** An unlabelled run in `this.d` joined by TeX's `~` or `--`: a range by its form, no ISBN (candidate.texRange). Returns its end. */
  private texRange(start: number, end: number): number {
    const d = this.d;
    this.decided(this.evidence.reset(d.count, d.groups, texRange.code), d, start, end, NOT_ISBN, false);
    return end;
  }

  /**
   * `978.0.262.51111.7`, `978.0826.497529`: an ISBN-13 in three to five groups
   * joined by dots (a label printer's, a spreadsheet's). Taken only whole and
   * valid: a decimal has two groups, a version number or an address goes on
   * with more. Returns the groups' end.
   */
  private dotted(start: number, runEnd: number): number {
    const text = this.text;
    let k = runEnd;
    let groups = 1;
    while (text.charCodeAt(k) === 46 && isDigit(text.charCodeAt(k + 1))) {
      groups++;
      k++;
      while (isDigit(text.charCodeAt(k))) k++;
    }
    if (groups < 3 || groups > 5) return k;
    const d = this.d.read(text, start, k);
    if (d.count !== 13 || !d.isbn13Prefix) return k;
    // Clear of what is around it, labelled or not: a label before a glued one takes nothing either.
    const form = this.gluedBefore(d, start) || this.gluedAfter(d, k, true) ? gluedToWord.code : this.inDoi(start) ? doiSuffix.code : 0;
    const label = labelRule(labelBefore(text, start));
    if (label === 0) {
      const e = this.evidence.reset(d.count, d.groups, form);
      this.decided(e, d, start, k, form === 0 ? this.evidenceOf(e, d, start, k, false) : NOT_ISBN, false);
    } else if (form === 0) {
      // Labelled, taken only valid too (candidate.dottedGroups): then its label finds it.
      const id = this.lookup(d, start, k);
      if (id >= 0) this.validLabelled(d.count, d.groups, start, k, id, label);
    }
    return k;
  }

  /**
   * Fast path for a run with spaces that is one ISBN as a whole, as in
   * "978 0 306 40615 7": handles it as the token logic below would and returns
   * true, or returns false to leave it to that logic. The run is in `this.d`; `label`, the
   * code of the label rule that labels it (0: none).
   */
  private wholeRun(start: number, end: number, label: number): boolean {
    const d = this.d;
    if (d.count !== 10 && d.count !== 13) return false;
    if (label !== 0) {
      if (this.cachedHit(start, end, label)) return true;
      // takeLabelled takes all of a 10, and all of a 13 when that is valid.
      if (d.count === 13 && !(d.isbn13Prefix && this.lookup(d, start, end) >= 0)) return false;
      if (!this.gluedAfter(d, end, false)) this.labelled(start, end, label);
      return true;
    }
    // tokensFrom joins short tokens, and a 978/979 split off a 10 (another 3-digit number before a 10 is a column of its own).
    if (d.longestToken >= 10 && !(d.spaces === 1 && d.firstToken === 3 && d.longestToken === 10 && d.isbn13Prefix)) return false;
    if (!this.cachedHit(start, end, 0)) this.single(start, end, 0);
    return true;
  }

  /**
   * The common case, decided in short: the run in `this.d` is a cached ISBN
   * (the early probe hit), and labelled, or an unlabelled ISBN-13 clear of
   * anything around it. Reports it and returns true, or returns false to
   * leave it to single(), which decides the same with every case in view.
   * Called straight from the run's handler, not through single, labelled,
   * lookup and decide: the calls cost a dense list of ISBNs. `label`: the label rule's code,
   * which decide gives a labelled ISBN; 0 for none (decide's shape rule, candidate.isbn13, is
   * then what found it: finderDecide.test.ts checks that decide says the same).
   */
  private cachedHit(start: number, end: number, label: number): boolean {
    const d = this.d;
    const id = d.cached; // NOT_CACHED and NO_RANGE are negative
    if (id < 0 || this.gluedAfter(d, end, label === 0)) return false;
    if (label === 0 && (d.count !== 13 || (d.groups > 1 && !plausibleGroups(d, this.text)) || this.gluedBefore(d, start) || this.inDoi(start))) return false;
    this.out.addValid(start, end, label !== 0, id, false, label || ISBN13_RULE);
    return true;
  }

  /**
   * A run (without spaces, or one whole ISBN) read into `this.d`: the whole run is the candidate.
   * `label`: the code of the label rule that labels it (0: none); either is decided (decide.ts),
   * a labelled one by its label (Scan.labelled).
   */
  private single(start: number, end: number, label: number): void {
    const d = this.d;
    if (label !== 0) {
      if ((d.count >= MIN_LABELLED_DIGITS || (d.count === ISSN_DIGITS && isIssn(this.text.slice(start, end)))) && !this.gluedAfter(d, end, false)) {
        if (d.count <= 13 || !this.gluedTogether(start, label)) this.labelled(start, end, label);
      }
      return;
    }
    if (d.count === 13 ? !d.isbn13Prefix : d.count !== 10) {
      this.noTenOrThirteen(start, end);
      return;
    }
    let form = 0;
    if (d.groups > 1 && !plausibleGroups(d, this.text) && !this.keyedMisgrouped(start)) {
      form = phoneGroups.code;
    } else if (this.gluedBefore(d, start) || this.gluedAfter(d, end, true)) {
      if (this.gluedReadAgain(start, end)) return;
      form = this.inDoi(start) ? doiSuffix.code : gluedToWord.code;
    } else if (this.inDoi(start)) {
      form = doiSuffix.code;
    }
    const e = this.evidence.reset(d.count, d.groups, form);
    const id = form === 0 ? this.evidenceOf(e, d, start, end, true) : NOT_ISBN;
    this.decided(e, d, start, end, id, true);
  }

  /**
   * Asks the rules about the unlabelled 10 or 13 in `d` that its form did not rule out, into
   * `e`: its checksum and isbn3's range, then what can still decide by decide's order (a bare
   * 10's context, placeholder digits, the word ISBN on its line, another number's label).
   * `whole`: the candidate is a whole run (single), not tokens of one (takeUnlabelled), which
   * ask no placeholder and no rangeless 10's context. Returns its info's number (lookup).
   */
  private evidenceOf(e: Evidence, d: Digits, start: number, end: number, whole: boolean): number {
    const id = this.lookup(d, start, end, true);
    if (id >= 0) {
      e.context = this.contextEvidence(d, start, end, id);
      if (whole && e.context >= 0) e.placeholder = this.placeholderInProse(start, end);
      return id;
    }
    if (id === NO_RANGE && d.count === 10) {
      e.check = CHECK_NO_RANGE;
      if (!whole || (d.groups !== 1 && d.spaces !== 1)) return id;
      // A 10 in no range is an ISBN here when its context or its line says so (`isbn.split('9999678270')  # ISBN10`).
      const ten = tenWithoutRange(this.normalizedAt(start, end));
      e.context = this.contextEvidence(d, start, end, ten);
      if (e.context <= 0 && lineNamesIsbn(this.text, start)) e.onLine = isbnOnLine.code;
      return ten;
    }
    if (id <= RULED_OUT_UNPARSED) {
      e.check = CHECK_UNPARSED;
      e.context = id - RULED_OUT_UNPARSED;
    } else {
      e.check = CHECK_WRONG;
    }
    // Another number's label explains a bare 10 that is no ISBN (`order 1481623893`): a label word by its hash first.
    if (d.count === 10 && d.groups === 1) e.otherLabel = foreignWordBefore(this.text, start) ? otherLabel.code : this.foreignLabelBefore(start);
    return NOT_ISBN;
  }

  /**
   * Acts on decide's answer for the unlabelled candidate text[start, end) in `d` (whose info is
   * infoList()[id] when it is valid): reports it when found, or tells explainIsbns the rule that
   * ruled it out; and notes it for the passes after the scan (keptForRepeats, BareTens). `whole`
   * as in evidenceOf; an unlabelled 13 that is no ISBN-13 may be a 10 with 978 before it (tenWith978).
   */
  private decided(e: Evidence, d: Digits, start: number, end: number, id: number, whole: boolean): void {
    const verdict = decide(e);
    if (verdict > 0) {
      this.taken(d, start, end, id, verdict);
      return;
    }
    if (verdict < 0) this.ruledOut(start, end, -verdict);
    // Not counted as a chance number when another number's label explains it.
    if (d.count === 10 && d.groups === 1 && (e.check === CHECK_WRONG || e.check === CHECK_UNPARSED) && e.otherLabel === 0) this.bareTens.fail(start);
    if (this.keptForRepeats(e, d, start, whole)) this.repeats.keep(start, end, d.key);
    if (whole && d.count === 13 && e.form === 0 && e.check !== CHECK_RANGE) this.tenWith978(start, end);
  }

  /**
   * Is a candidate that was not found kept for the repeats (repeats.ts: an ISBN found elsewhere
   * in the text, `3642002307_k.jpg`, `reader.jsp?x=0897894804`)? Not when its form is no ISBN's
   * (its grouping, a DOI), its check digit is wrong, or another number's label stands before it.
   */
  private keptForRepeats(e: Evidence, d: Digits, start: number, whole: boolean): boolean {
    if (e.form !== 0) return whole && e.form === gluedToWord.code;
    switch (e.check) {
      case CHECK_UNPARSED:
        return d.groups === 1 && e.otherLabel === 0;
      case CHECK_RANGE:
        return whole && this.foreignLabelBefore(start) === 0;
      case CHECK_NO_RANGE:
        return whole && (d.groups === 1 || d.spaces === 1) && this.foreignLabelBefore(start) === 0;
      default:
        return false;
    }
  }

  // The rare cases of single() live in methods of their own: single runs for every unlabelled number.

  /** An unlabelled run in `this.d` of no ISBN's length or prefix: what may still hold one. */
  private noTenOrThirteen(start: number, end: number): void {
    const d = this.d;
    if (d.count > 13 && d.lastGroup === 13 && d.spaces === 0 && d.groups > 1) this.lastGroupAlone(end);
    else if ((d.count === 13 || d.count === 14) && this.inData() && this.tenWithPrice(d, start, end)) return;
    else if (d.count === 13) this.tenWith978(start, end);
    else if ((d.count === 11 || d.count === 14) && isDigitCodeMark(this.text.charCodeAt(start - 1))) this.afterDigitCode(start, end);
  }

  /** Is the text data (CSV, MARC, XML, JSON…), not prose? Sniffs its shape on first ask. */
  private inData(): boolean {
    if (typeof this.shape === 'function') this.shape = this.shape();
    return this.shape.kind !== 'text';
  }

  /**
   * An unlabelled 10 or 13 in `this.d` glued to a letter or digit, read again as another
   * candidate: with a price typed on (catalogue.priceTypedOn), or after a cell's stray capital
   * (data.strayCapital). Reports it and returns true, or returns false: the glued number is then decided.
   */
  private gluedReadAgain(start: number, end: number): boolean {
    const priced = end + priceAfterX(this.text, end);
    if (priced > end && this.tenWithPrice(this.part.read(this.text, start, priced), start, priced)) return true;
    return this.letterOpensCell(start, end);
  }

  /**
   * A bare 10 in `this.d` after one capital that opens a cell (`276762,N3453124715,4`: a
   * ratings dataset's slip), where the cell's column or key says ISBN: reports the 10 and
   * returns true.
   */
  private letterOpensCell(start: number, end: number): boolean {
    const text = this.text;
    if (this.d.count !== 10 || this.d.groups !== 1 || !isCapital(text.charCodeAt(start - 1)) || this.gluedAfter(this.d, end, true)) return false;
    const c = start < 2 ? 10 : text.charCodeAt(start - 2);
    if (c !== 44 && c !== 59 && c !== 9 && c !== 34 && c !== 10 && c !== 13) return false; // , ; tab " or a line's start
    return this.rereadTaken(this.d, start, end);
  }

  /**
   * The unlabelled 10 in `d` at text[start, end), read again from a run that is no ISBN as
   * written (a price typed on, a cell's stray capital): decided as its own candidate, found only
   * where its context vouches for it (decide). Reports it and returns true, or returns false.
   */
  private rereadTaken(d: Digits, start: number, end: number): boolean {
    const e = this.evidence.reset(d.count, d.groups, 0);
    e.reread = true;
    const id = this.evidenceOf(e, d, start, end, false);
    const verdict = decide(e);
    if (verdict > 0) this.taken(d, start, end, id, verdict);
    return verdict > 0;
  }

  /**
   * A run of 13 or 14 digits, no ISBN-13, that is a valid ISBN-10 with a price typed onto its
   * end (`0553101315175`: $1.75, in an old MARC record's 020 `$z`, the `:` before `$c` lost),
   * unlabelled: reports the 10 where its context says ISBN (rereadTaken) and returns true.
   */
  private tenWithPrice(d: Digits, start: number, end: number): boolean {
    const ten = this.pricedTen(d, start, end, false);
    return ten !== undefined && this.rereadTaken(ten, start, start + 10);
  }

  /**
   * The 13 or 14 digits in `d` read as an ISBN-10 with a price typed on (catalogue.priceTypedOn):
   * its first ten, read into `piece`, when their checksum holds and the run is no other EAN (and,
   * unlabelled, it is clear of a word or a DOI); else undefined. Not after 978/979: that is a
   * mistyped ISBN-13, whose first ten pass the check one time in eleven.
   */
  private pricedTen(d: Digits, start: number, end: number, labelled: boolean): Digits | undefined {
    if (d.groups !== 1 || d.count < 13 || d.count > 14 || (this.text.startsWith('97', start) && (this.text.charCodeAt(start + 2) | 1) === 57)) return undefined;
    // Cheap tests first: this runs for every unlabelled run of 13 or 14 digits (ids, timestamps, EANs of other things).
    if (!checksumOk(this.text, start, start + 10, 10)) return undefined;
    if (gtinValid(this.text, start, end)) return undefined; // an EAN-13 or GTIN-14 of something else (`ISBN/EAN` columns hold both)
    if (!labelled && (this.gluedBefore(d, start) || this.gluedAfter(d, end, true) || this.inDoi(start))) return undefined;
    return this.piece.read(this.text, start, start + 10);
  }

  /**
   * A 10 or a 978/979 13 in `this.d` grouped as no ISBN is (`978-3-7369-96694`,
   * `3-94-7-1-8-83-4-X`), where a key, attribute, element or variable says ISBN:
   * a cataloguer's misplaced hyphens or a test's odd ones, not a phone number or
   * a code (its checksum is still asked).
   */
  private keyedMisgrouped(start: number): boolean {
    return this.d.spaces === 0 && keyNamesIsbn(this.text, start);
  }

  /**
   * `0123456789` (placeholderTen) in prose or code, not under a key that says ISBN: the code of
   * data.placeholderDigits, or 0 (decide: a book's link or an ISBN column still vouch for it).
   */
  private placeholderInProse(start: number, end: number): number {
    if (end - start !== 10 || !placeholderTen(this.text, start)) return 0;
    const prose = typeof this.shape === 'function' || this.shape.kind === 'text';
    return prose && !keyNamesIsbn(this.text, start) ? placeholder.code : 0;
  }

  /**
   * Reports the unlabelled ISBN in `d`, found by the rule of code `evidence` (decide); a bare 10
   * is counted (BareTens), and marked when only its checksum vouches for it.
   */
  private taken(d: Digits, start: number, end: number, id: number, evidence: number): void {
    const bareTen = d.count === 10 && d.groups === 1;
    if (bareTen) this.bareTens.pass(start);
    // Only in prose: in data a key, column or tag has said ISBN.
    const checksumOnly = bareTen && typeof this.shape !== 'function' && this.shape.kind === 'text' && !vouchesInProse(evidence);
    this.out.addValid(start, end, false, id, checksumOnly, evidence);
  }

  /**
   * A run glued to a MARC subfield mark whose code is a digit (`$9978-3-642-00229-8`,
   * U+001F + `9` + the value in binary MARC): the value starts after the code.
   */
  private afterDigitCode(start: number, end: number): void {
    if (!isDigit(this.text.charCodeAt(start + 1))) return;
    this.d.read(this.text, start + 1, end);
    this.single(start + 1, end, 0);
  }

  /**
   * A run whose last group is 13 digits after a hyphen, as a shop's link joins
   * its own code to an ISBN-13 (Kinokuniya's `dsg-01-9784822292270`): that group
   * alone, when it is a whole 978/979 ISBN-13.
   */
  private lastGroupAlone(end: number): void {
    const d = this.d.read(this.text, end - 13, end);
    if (d.isbn13Prefix) this.single(end - 13, end, 0);
  }

  /**
   * An unlabelled 13 that is no ISBN-13, written as an ISBN (in groups, or
   * ending in X): reported when it is 978 before a valid ISBN-10 whose check
   * digit was kept, so that the editor says what it most likely is.
   */
  private tenWith978(start: number, end: number): void {
    const text = this.text;
    if (this.d.groups === 1 && (text.charCodeAt(end - 1) | 0x20) !== 0x78) return;
    if (this.gluedBefore(this.d, start) || this.gluedAfter(this.d, end, true) || this.inDoi(start)) return;
    if (tenWith978(this.normalizedAt(start, end))) this.out.addInvalid(start, end, 'checksum', false);
  }

  /**
   * The decision on a valid number in `this.d` (whose info is infoList()[id]) by its context,
   * as evidence: the code of the rule that finds it an ISBN (> 0), minus the code of the rule
   * that rules it out (< 0), or 0 when its context is not asked (not a bare 10) or says nothing
   * (in prose its shape and checksum decide). One in eleven numbers passes the check.
   */
  private contextEvidence(d: Digits, start: number, end: number, id: number): number {
    const evidence = this.contextBeforeData(d, start, end);
    if (evidence < ASK_DATA) return evidence;
    const shape = evidence === ASK_SCRIPT ? SCRIPT_SHAPE : (this.shape as TextShape);
    return dataSaysIsbn(this.text, start, end, shape, infoList()[id], this.memo!) || -(evidence === ASK_SCRIPT ? inlineScript : noIsbnKey).code;
  }

  /**
   * What the context of the number in `d` at `start` says before its data is asked (and
   * before isbn3 parses it): a rule's code as in contextEvidence, or ASK_DATA (data: its key,
   * tag or column decides) or ASK_SCRIPT (prose: in a page's inline script, its key decides).
   * The order is the rules' precedence where they disagree: another number's label, a
   * program's number or a call's argument rule a number out even in a book's link; a book's
   * link says ISBN whatever the data around says; in prose, a key naming something else or
   * an authority link rule it out before a table's header is read.
   */
  private contextBeforeData(d: Digits, start: number, end: number): number {
    // A 10 in two space-separated groups (`9814 253065`) is asked as a bare one: a landline is written so (`Tel. 0351 447220`).
    if (d.count !== 10 || (d.groups !== 1 && d.spaces !== 1)) return 0;
    const text = this.text;
    const foreign = this.foreignLabelBefore(start);
    if (foreign !== 0) return -foreign;
    if (machineNumber(text, start)) return -machineNumberRule.code;
    if (callArgument(text, start, end)) return -callArgumentRule.code;
    if (text.charCodeAt(start - 1) === 47) {
      if (urlPathSaysIsbn(text, start)) return bookPath.code;
      if (urlPathId(text, start, end)) return -pathId.code;
    }
    if (typeof this.shape === 'function') this.shape = this.shape();
    this.memo ??= new DataMemo();
    if (this.shape.kind !== 'text') return ASK_DATA;
    const keyed = keyedToOtherValue(text, start);
    if (keyed !== 0) return -keyed;
    if (authorityLinkText(text, start, end)) return -authorityLink.code;
    // In a page's inline script a bare number is code's: an ISBN only where its key says so, as in JSON.
    if ((this.memo.scripts ??= new InlineScripts(text, this.head)).holds(start)) return ASK_SCRIPT;
    const header = tableColumnHeader(text, start, end, this.memo);
    return headerNamesIsbn(header) ? tableColumnIsbn.code : headerNamesOther(header) ? -tableColumnOther.code : 0;
  }

  /** foreignLabelBefore for the number at `start` (the code of the rule that found another number's label, or 0), asked once: lookup, the number's context and BareTens all ask. */
  private foreignLabelBefore(start: number): number {
    if (start !== this.foreignAskedAt) {
      this.foreignAskedAt = start;
      this.foreign = foreignLabelBefore(this.text, start);
    }
    return this.foreign;
  }

  /** Splits text[start, end) at its single spaces into `this.t`. */
  private splitTokens(start: number, end: number): Tokens {
    const t = this.t;
    t.length = 0;
    let from = start;
    let count = 0;
    for (let k = start; k <= end; k++) {
      const c = k < end ? this.text.charCodeAt(k) : 32;
      if (c === 32) {
        t.push(from, k, count);
        from = k + 1;
        count = 0;
      } else if ((c >= 48 && c <= 57) || c === 88 || c === 120) {
        count++;
      }
    }
    return t;
  }

  /** Candidates among tokens i.. : all labelled by `label` (inside a field: its rule's code), else (0) by the unlabelled rules. */
  private tokensFrom(i: number, label: number): void {
    const t = this.t;
    while (i < t.length && !this.full) {
      if (label !== 0) {
        i = this.takeLabelled(i, label);
        continue;
      }
      const count = t.count[i];
      if (prefixThenTen(this.text, t, i)) {
        // "978 0306406157": prefix split off by a space.
        this.takeUnlabelled(i, i + 1);
        i += 2;
        continue;
      }
      if (count >= 10) {
        this.takeUnlabelled(i, i);
        i++;
        continue;
      }
      // Consecutive short tokens may be one space-separated ISBN ("978 0 306 40615 7").
      let j = i;
      let digits = 0;
      while (j < t.length && t.count[j] < 10 && !prefixThenTen(this.text, t, j)) digits += t.count[j++];
      if (digits === 10 || digits === 13) this.takeUnlabelled(i, j - 1);
      // A Bookland EAN as printed with its add-on (`9 781430 268277 51999`: the price in 5 digits, or an issue in 2).
      // Only after a barcode's grouping (1 + 6 + 6, 7 + 6): `978 0 306 40615 7 12` is no ISBN and a number.
      else if ((t.count[j - 1] === 5 || t.count[j - 1] === 2) && digits - t.count[j - 1] === 13 && t.count[j - 2] === 6 && (t.count[i] === 1 || t.count[i] === 7)) this.takeUnlabelled(i, j - 2);
      i = j;
    }
  }

  /**
   * A labelled candidate starting at token i: joins tokens until 13 digits
   * (978/979 start) or 10, preferring the valid reading when both fit. When
   * neither length fits, reports a `length` problem over the tokens that stay
   * within 13 digits. Returns the index of the first unused token. `label`: the label rule's code.
   */
  private takeLabelled(i: number, label: number): number {
    const t = this.t;
    let count = 0;
    let at10 = -1;
    let at13 = -1;
    let within = i;
    for (let j = i; j < t.length; j++) {
      count += t.count[j];
      if (count <= 13) within = j;
      if (count === 10) at10 = j;
      if (count === 13) at13 = j;
      if (count >= 13) break;
    }
    const start = t.start[i];
    let last = within;
    if (at13 >= 0 && (at10 < 0 || this.d.read(this.text, start, t.end[at13]).isbn13Prefix)) {
      last = at13;
      // "ISBN 978 2133 43 6 …" may be a 978-starting ISBN-10 followed by other
      // numbers: take the 10 when only it is valid.
      if (at10 >= 0 && !this.isValid(start, t.end[at13]) && this.isValid(start, t.end[at10])) last = at10;
    } else if (at10 >= 0) {
      last = at10;
    }
    const end = t.end[last];
    if (this.d.read(this.text, start, end).count >= MIN_LABELLED_DIGITS && !this.gluedAfter(this.d, end, false)) {
      this.labelled(start, end, label);
    }
    return last + 1;
  }

  /** Unlabelled candidate over tokens i..last: reported only when valid and ISBN-shaped. */
  private takeUnlabelled(i: number, last: number): void {
    const start = this.t.start[i];
    const end = this.t.end[last];
    const d = this.d.read(this.text, start, end);
    if (d.count === 13 ? !d.isbn13Prefix : d.count !== 10) return;
    const form = d.groups > 1 && !plausibleGroups(d, this.text) ? phoneGroups.code : (i === 0 && this.gluedBefore(d, start)) || this.gluedAfter(d, end, true) ? gluedToWord.code : 0;
    const e = this.evidence.reset(d.count, d.groups, form);
    const id = form === 0 ? this.evidenceOf(e, d, start, end, false) : NOT_ISBN;
    this.decided(e, d, start, end, id, false);
  }

  private isValid(start: number, end: number): boolean {
    this.d.read(this.text, start, end);
    return this.lookup(this.d, start, end) >= 0;
  }

  /**
   * A labelled run of several whole ISBNs with nothing between them
   * (`isbn = {87-16-11206-787-16-11419-1…}`: a multi-volume work's ISBN-10s, the
   * spaces between them lost in an export; an X check character ends the run, and
   * the field's next run starts after it): reports each and returns true when
   * the run cuts into 10s, or into 978/979 13s, that are all valid ISBNs (each read into
   * `piece`; `d` stays the run's), each decided by its label; else it is left to labelled.
   */
  private gluedTogether(start: number, label: number): boolean {
    const count = this.d.count;
    for (const size of [10, 13]) {
      if (count % size !== 0 || count / size > MAX_GLUED) continue;
      const ends: number[] = [];
      const ids: number[] = [];
      for (let k = start; ids.length < count / size; ) {
        while (!isDigitOrX(this.text.charCodeAt(k))) k++; // the separator between two
        const from = k;
        for (let digits = 0; digits < size; k++) if (isDigitOrX(this.text.charCodeAt(k))) digits++;
        const piece = this.piece.read(this.text, from, k);
        const id = size === 13 && !piece.isbn13Prefix ? NOT_ISBN : this.lookup(piece, from, k);
        if (id < 0) break;
        ends.push(from, k);
        ids.push(id);
      }
      if (ids.length === count / size) {
        for (let i = 0; i < ids.length; i++) this.validLabelled(size, 1, ends[2 * i], ends[2 * i + 1], ids[i], label);
        return true;
      }
    }
    return false;
  }

  /**
   * Decides the candidate text[start, end) in `this.d` that the rule of code `label` labels
   * (decide, step 0): reports it as an ISBN when found, as a broken one with its problem when
   * decide says so (label.brokenIsbn, label.issnInField), or not at all (label.zerosPlaceholder).
   */
  private labelled(start: number, end: number, label: number): void {
    const d = this.d;
    const e = this.evidence.reset(d.count, d.groups, 0);
    e.label = label;
    let id = NOT_ISBN;
    if (d.count !== 10 && d.count !== 13) e.check = CHECK_LENGTH;
    else if ((id = this.lookup(d, start, end)) < 0) e.check = id === NO_RANGE ? CHECK_NO_RANGE : CHECK_WRONG;
    if (e.check !== CHECK_RANGE) id = this.brokenEvidence(e, d, start, end);
    const verdict = decide(e);
    if (verdict > 0) this.out.addValid(start, e.priced ? start + 10 : end, true, id, false, verdict);
    else if (verdict !== -ZEROS_RULE) this.out.addInvalid(start, end, e.check === CHECK_LENGTH ? 'length' : e.check === CHECK_NO_RANGE ? 'range' : 'checksum');
  }

  /**
   * The rest of the evidence on a labelled candidate in `d` that is no ISBN as read, into `e`:
   * zeros alone, or a valid ISBN-10 with a price typed on (a 13 or 14 that is no ISBN-13).
   * Returns the number of the info it is found with, should decide find it (a checksum-valid
   * 10 in no range, the priced ten), else NOT_ISBN. Kept apart from labelled, which runs for
   * every labelled ISBN.
   */
  private brokenEvidence(e: Evidence, d: Digits, start: number, end: number): number {
    e.zeros = d.value === 0;
    if (e.check === CHECK_NO_RANGE && d.count === 10) return tenWithoutRange(this.normalizedAt(start, end));
    if ((d.count !== 13 && d.count !== 14) || d.isbn13Prefix) return NOT_ISBN;
    const ten = this.pricedTen(d, start, end, true);
    const id = ten === undefined ? NOT_ISBN : this.lookup(ten, start, start + 10);
    e.priced = id >= 0;
    return id;
  }

  /** A labelled candidate taken only when valid (`id`, its info's number: candidate.dottedGroups, candidate.gluedTogether), decided by its label. */
  private validLabelled(digits: number, groups: number, start: number, end: number, id: number, label: number): void {
    const e = this.evidence.reset(digits, groups, 0);
    e.label = label;
    const verdict = decide(e);
    if (verdict > 0) this.out.addValid(start, end, true, id, false, verdict);
  }

  /**
   * The 10/13 just read into `this.d`: the number of its isbn3 info (>= 0,
   * see parse.ts), NO_RANGE when isbn3 has no range for it, NOT_ISBN (its
   * checksum or X placement is wrong), or, `unlabelled`, RULED_OUT_UNPARSED minus the code of the
   * rule by which its context rules it out before isbn3 is asked. A cache hit means checksum-valid; on a
   * miss, checksumOk rejects most numbers before any string is built (the key
   * already placed the X).
   */
  private lookup(d: Digits, start: number, end: number, unlabelled = false): number {
    const key = d.key;
    if (key === 0) return NOT_ISBN;
    if (!d.asked) {
      d.cached = cachedInfoId(key);
      d.asked = true;
    }
    const hit = d.cached;
    if (hit !== NOT_CACHED) return hit;
    if (!checksumOk(this.text, start, end, d.count)) return NOT_ISBN;
    const normalized = this.normalizedAt(start, end);
    const against = unlabelled ? this.ruledOutBeforeParse(d, start, end, normalized) : 0;
    if (against !== 0) return RULED_OUT_UNPARSED - against;
    return (d.cached = parseAndCache(key, normalized));
  }

  /**
   * contextEvidence before isbn3 parses the number: the code of the rule that rules the number
   * out whatever isbn3 says (its ISBN-13 is computed, not parsed), or 0.
   */
  private ruledOutBeforeParse(d: Digits, start: number, end: number, normalized: string): number {
    const evidence = this.contextBeforeData(d, start, end);
    if (evidence < ASK_DATA) return evidence < 0 ? -evidence : 0;
    const shape = evidence === ASK_SCRIPT ? SCRIPT_SHAPE : (this.shape as TextShape);
    const first12 = `978${normalized.slice(0, 9)}`;
    this.prefix ??= new PrefixMemo();
    if (dataMaySayIsbn(this.text, start, end, shape, first12 + isbn13CheckDigit(first12), this.memo!, this.prefix)) return 0;
    return (evidence === ASK_SCRIPT ? inlineScript : noIsbnKey).code;
  }

  /** Letters before an unlabelled number: the regex lets N/n and MARC subfield codes through. */
  private gluedBefore(d: Digits, start: number): boolean {
    if (start === 0) return false;
    const text = this.text;
    const c = text.charCodeAt(start - 1);
    if (c > 127) return nonAsciiWord().test(text[start - 1]);
    // An identifier's part: `Session_4275933214`; a DOI made a file name, its slash a `_` (`10.5117_9784955525139.pdf`).
    if (c === 95 /* _ */) return d.count === 10 ? (classAt(text, start - 2) & ALNUM) !== 0 : doiPrefixEndingAt(text, start - 1);
    if (!(CHAR_CLASS[c] & ALNUM) || (c > 57 ? isSubfieldMark(text.charCodeAt(start - 2)) : isDigitCodeMark(text.charCodeAt(start - 2)))) return false;
    return !(percentEncodedAt(text, start - 3) || (d.count === 13 && (eanBefore(text, start) || this.idPrefixBefore(d, start))));
  }

  /**
   * A 978/979 ISBN-13 written whole after a short id prefix in capitals: an e-book's id or
   * link built on its ISBN (Cambridge's `CBO9780748632411`, a vendor's `/AbstractView/S9780470730164`),
   * or a lone `i` (SirsiDynix Symphony's catalogue key, `i9780261670501`: no hex digit, no word).
   * Other lower case stays glued (`abc9780306406157`, a hash's or a word's digits).
   */
  private idPrefixBefore(d: Digits, start: number): boolean {
    if (d.groups !== 1 || !d.isbn13Prefix) return false;
    const text = this.text;
    if (text.charCodeAt(start - 1) === 105 /* i */) return !(classAt(text, start - 2) & ALNUM);
    let capitals = 0;
    while (capitals <= ID_PREFIX_LIMIT && isCapital(text.charCodeAt(start - 1 - capitals))) capitals++;
    return capitals > 0 && capitals <= ID_PREFIX_LIMIT && !(classAt(text, start - 1 - capitals) & ALNUM);
  }

  /**
   * True when the candidate continues into a word or a decimal fraction; and, unlabelled
   * (`decimals`), a 10 into an identifier's next part (`_1`, `/2260`: a bank account).
   */
  private gluedAfter(d: Digits, end: number, decimals: boolean): boolean {
    const text = this.text;
    const c = text.charCodeAt(end);
    if (Number.isNaN(c)) return false;
    if (c > 127) return c !== 0x0192 /* ƒ, PICA+'s next subfield */ && nonAsciiWord().test(text[end]);
    if (CHAR_CLASS[c] & ALNUM) {
      // Labelled, an ISBN-10's X check character may close it with the next ISBN glued on (see Scan.gluedTogether).
      if (!decimals && isDigit(c) && (text.charCodeAt(end - 1) | 0x20) === 0x78) return false;
      // Labelled, one letter typed onto a hyphenated ISBN-13 (`ISBN 978-83-7797-142-0I</p>`, a publisher page's slip).
      if (!decimals && !isDigit(c) && d.count === 13 && d.groups >= 4 && !(classAt(text, end + 1) & ALNUM)) return false;
      return !((d.count === 10 || d.count === 13) && BINDING_GLUED.test(text.slice(end, end + 12)));
    }
    if (!decimals) return false;
    // A decimal point (a comma separates CSV fields); not a file name's `.01.` (Amazon's `/images/P/0441013597.01.LZZZZZZZ.jpg`).
    // A host name's first label (`220-135-151-1.hinet-ip.hinet.net`) is no ISBN either.
    if (c === 46) return isDigit(text.charCodeAt(end + 1)) ? !fileNamePartAt(text, end) : hostNameAt(text, end) || mailLocalPartAt(text, end);
    // A mail address's or Message-ID's local part: `<1459168607@host>`, `<9210040546.AA10254@atdt.org>`.
    if (c === 64) return true;
    if (c === 95) return d.count === 10 && (classAt(text, end + 1) & ALNUM) !== 0;
    return c === 47 && d.count === 10 && shortNumberAt(text, end + 1);
  }

  /**
   * Is the run at `start` inside a DOI, i.e. after `10.` + 4-9 digits + `/`
   * with no whitespace in between (DOIs contain none)? The regex already
   * skips runs right after the `/`; this catches 10.1000/abc/978….
   */
  private inDoi(start: number): boolean {
    const text = this.text;
    const stop = start > DOI_LOOKBACK ? start - DOI_LOOKBACK : 0;
    for (let k = start - 1; k >= stop; k--) {
      const c = text.charCodeAt(k);
      if (c < 256 && CHAR_CLASS[c] & ENDS_DOI) {
        // A quote, bracket or field delimiter: a DOI before it ended there (`{"DOI":"10.2307/1398936"},{"key":"978…`).
        if (!(CHAR_CLASS[c] & SPACE)) return false;
        // A DOI has no whitespace; but a URL may be wrapped right after a slash (`doi.org/10.1007/⏎978-…`).
        const slash = k === start - 1 ? lineEndBefore(text, start) : -1;
        if (slash < 0 || text.charCodeAt(slash) !== 47) return false;
        k = slash + 1;
        continue;
      }
      if (c !== 47 && c !== 59 && (c | 0x20) !== 0x66) continue; // no slash, plain or escaped, ends here
      const slash = slashEndingAt(text, k);
      // A `;` right before the run that is no escaped slash delimits a field (`10.1000/x;978…`).
      if (slash < 0 && c === 59 && k === start - 1) return false;
      if (slash < 0) continue;
      let digits = 0;
      let j = slash - 1;
      for (; j >= 0 && isDigit(text.charCodeAt(j)); j--) digits++;
      if (digits >= 4 && digits <= 9 && text.charCodeAt(j) === 46 && text.charCodeAt(j - 1) === 48 && text.charCodeAt(j - 2) === 49) {
        return j - 3 < 0 || !isDigit(text.charCodeAt(j - 3)); // "10." not the end of "210."
      }
    }
    return false;
  }

  /**
   * An isbn field whose body starts at `from`, revealed by the run
   * text[start, runEnd) (only gap characters lie between them). Every run in the body is
   * labelled. Returns the index after the body, where the main scan resumes.
   */
  private field(from: number, start: number, runEnd: number): number {
    const end = fieldEnd(this.text, from, this.text.charCodeAt(from - 1) === 34, start, runEnd);
    const cut = runEnd > end; // unclosed field cut short
    this.fieldRun(start, cut ? end : runEnd, !cut);
    // Usually the body is just that run; otherwise look for more ("a, b").
    if (runEnd < end) {
      const re = FIELD_RUN;
      re.lastIndex = runEnd;
      let m: RegExpExecArray | null;
      while (!this.full && (m = re.exec(this.text)) !== null && m.index < end) {
        this.fieldRun(m.index, Math.min(end, m.index + m[0].length));
      }
    }
    return end;
  }

  /** A run in a field body; `read`: `this.d` already holds it (the run that revealed the field). */
  private fieldRun(start: number, end: number, read = false): void {
    if ((read ? this.d : this.d.read(this.text, start, end)).spaces === 0) {
      if (!this.cachedHit(start, end, FIELD_RULE)) this.single(start, end, FIELD_RULE);
    } else if (!this.cachedHit(start, end, FIELD_RULE)) {
      // A spaced run that is one cached ISBN (`isbn = {978 0 7432 7906 2}`) is what takeLabelled would take whole.
      this.splitTokens(start, end);
      this.tokensFrom(0, FIELD_RULE);
    }
  }
}

// Character classes for the look-back below, as bit flags in a table: the
// look-back runs for every candidate, and a table beats a chain of compares.
const GAP = 1; // may sit between a label and its number
const EQUALS = 2; // `=`: a field opener when `{` or `"` follows
const LINE_BREAK = 4; // allowed in a field opener's gap, not in a label's
const SPACE = 8;
const ALNUM = 16;
const ENDS_DOI = 32; // white space, and what DOIs do not hold but data puts after them: quotes, brackets, delimiters
const CHAR_CLASS = new Uint8Array(256);
for (const c of ' \t\u00a0~*_:#/([{"|-') CHAR_CLASS[c.charCodeAt(0)] |= GAP;
CHAR_CLASS[61] |= GAP | EQUALS;
CHAR_CLASS[10] |= GAP | LINE_BREAK;
CHAR_CLASS[13] |= GAP | LINE_BREAK;
for (const c of ' \t\n\r\u00a0') CHAR_CLASS[c.charCodeAt(0)] |= SPACE | ENDS_DOI;
for (const c of '"\'<>,{}|`') CHAR_CLASS[c.charCodeAt(0)] |= ENDS_DOI;
for (let c = 48; c <= 57; c++) CHAR_CLASS[c] |= ALNUM;
for (let c = 65; c <= 90; c++) CHAR_CLASS[c] |= ALNUM;
for (let c = 97; c <= 122; c++) CHAR_CLASS[c] |= ALNUM;

/** CHAR_CLASS flags of text[k] (0 outside the text and beyond Latin-1). */
function classAt(text: string, k: number): number {
  const c = text.charCodeAt(k);
  return c < 256 ? CHAR_CLASS[c] : 0; // NaN < 256 is false
}

/**
 * Looks back from a number for its label. Returns NO_LABEL, LABEL, or, for a
 * BibTeX/BibLaTeX field opener (`isbn = {`, `ISBN = "`), the index where the
 * field body starts. Labels: ISBN, ISBNs, ISBN-10, ISBN 13, isbn13, eISBN,
 * p-ISBN, with a short gap of ` :#=~*_/([{|-` (`ISBN: `, `**ISBN:** `, `ISBN~`,
 * `/isbn/`, `?isbn=`, `\isbn{`, wikitext's `{{ISBN|…}}`, a table's `| ISBN | …`).
 */
function labelBefore(text: string, at: number): number {
  const stop = at > LABEL_LOOKBACK ? at - LABEL_LOOKBACK : 0;
  let k = at - 1;
  let seen = 0;
  for (let cls; k >= stop && (cls = classAt(text, k)) & GAP; k--) seen |= cls;
  // A percent-encoded separator (`isbn%3A…`, `%20`) is part of the gap.
  while (k - 2 >= stop && percentEncodedAt(text, k - 2)) {
    k -= 3;
    for (let cls; k >= stop && (cls = classAt(text, k)) & GAP; k--) seen |= cls;
  }
  // A no-break space written as an HTML entity (`ISBN&nbsp;…`, `&#160;`, `&#xA0;`) is one gap character.
  let entities = 0;
  if (text.charCodeAt(k) === 59 /* ; */) {
    for (let length; k >= stop && (length = spaceEntityEndingAt(text, k)) > 0; ) {
      k -= length;
      entities += length - 1;
      for (let cls; k >= stop && (cls = classAt(text, k)) & GAP; k--) seen |= cls;
    }
  }
  const gapStart = k + 1;
  // Fast exit: a label ends in n, s (ISBNs), 0 or 3 (ISBN-10, isbn13).
  let c = text.charCodeAt(k) | 0x20; // lower-cases ASCII letters
  if (c === 0x6e /* n */) {
    // ISBN
  } else if (c === 0x73 /* s */) {
    k--; // ISBNs
  } else if ((c === 0x30 || c === 0x33) && text.charCodeAt(k - 1) === 0x31) {
    k -= 2; // ISBN-10, ISBN 13, isbn13
    c = text.charCodeAt(k);
    if (c === 0x2d || c === 0x20) k--;
  } else {
    return NO_LABEL;
  }
  if (k < 3 || !isIsbnWord(text, k - 3) || !labelWordStart(text, k - 4)) return NO_LABEL;
  if (seen & EQUALS) {
    // Field opener: `=`, whitespace, then `{` or `"`.
    let b = gapStart;
    while (text.charCodeAt(b) !== 61) b++;
    for (b++; b < at && classAt(text, b) & SPACE; b++);
    const g = text.charCodeAt(b);
    if (b < at && (g === 123 || g === 34)) return b + 1;
  }
  // Not `isbn =⏎…`: a field's opener on an earlier line is the field's (the line index keeps its line, labelLine).
  if (seen & LINE_BREAK) return !(seen & EQUALS) && wrappedAfterLabel(text, k - 4, gapStart, at) ? LABEL : NO_LABEL;
  return at - gapStart - entities > LABEL_GAP ? NO_LABEL : LABEL;
}

/**
 * A label that ends its line in wrapped prose (`ITP Media Group, 1996.  ISBN⏎\t  1573980137</para>`,
 * a hard-wrapped DocBook paragraph): one line break in the gap, the label after a space (a
 * header's last cell, `id,isbn⏎…`, labels nothing on the next row), the number indented at most a little.
 */
function wrappedAfterLabel(text: string, before: number, gapStart: number, at: number): boolean {
  if (text.charCodeAt(before) !== 32) return false;
  const lineEnd = text.indexOf('\n', gapStart);
  if (lineEnd < 0 || lineEnd >= at || lineEnd - gapStart > LABEL_GAP || at - lineEnd > 24) return false;
  for (let k = lineEnd + 1; k < at; k++) if (text.charCodeAt(k) !== 32 && text.charCodeAt(k) !== 9) return false;
  return true;
}


function isIsbnWord(text: string, k: number): boolean {
  return (
    (text.charCodeAt(k) | 0x20) === 0x69 && // i
    (text.charCodeAt(k + 1) | 0x20) === 0x73 && // s
    (text.charCodeAt(k + 2) | 0x20) === 0x62 && // b
    (text.charCodeAt(k + 3) | 0x20) === 0x6e // n
  );
}

/** "ISBN" must start a word; an e/p prefix (eISBN, p-ISBN) is allowed. */
function labelWordStart(text: string, before: number): boolean {
  if (!(classAt(text, before) & ALNUM)) return true;
  const c = text.charCodeAt(before) | 0x20;
  return (c === 0x65 || c === 0x70) && !(classAt(text, before - 1) & ALNUM); // e, p
}

/**
 * Is the ISBN-shaped text[start, end) (`count` digits and X, key non-zero) checksum-valid?
 * Read again on a cache miss only, so that a number no cache holds is rejected without
 * building its string. ISBN-10 weights 10..1 are the sum of running sums; ISBN-13's 1, 3.
 */
function checksumOk(text: string, start: number, end: number, count: number): boolean {
  let running = 0;
  let sum10 = 0;
  let sum13 = 0;
  let n = 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    const digit = c >= 48 && c <= 57 ? c - 48 : c === 88 || c === 120 ? 10 : -1;
    if (digit < 0) continue;
    running += digit;
    sum10 += running;
    sum13 += n & 1 ? 3 * digit : digit;
    n++;
  }
  return count === 10 ? sum10 % 11 === 0 : sum13 % 10 === 0;
}

/** text[start, end) as digits alone is a valid EAN/GTIN: the mod-10 check, weights 1 and 3 from the right. */
function gtinValid(text: string, start: number, end: number): boolean {
  let sum = 0;
  for (let k = end - 1, weight = 1; k >= start; k--, weight = 4 - weight) {
    const c = text.charCodeAt(k);
    if (!isDigit(c)) return false;
    sum += weight * (c - 48);
  }
  return sum % 10 === 0;
}

/**
 * A URL path segment that names a book's id before the number at `start` (after its `/`):
 * `/isbn/`, Amazon's `/dp/`, `/ASIN/`, `/product/`, `/gp/aw/d/` and `/images/P/` (the cover of a
 * book is filed under its ISBN-10), StackExchange's Amazon redirect `/amzn/click/`. In data,
 * such a URL in a cover or link column says ISBN.
 */
function urlPathSaysIsbn(text: string, start: number): boolean {
  const slash = start - 1;
  let k = slash - 1;
  while (k >= 0 && slash - k <= 7 && classAt(text, k) & ALNUM) k--;
  // Amazon's short and plain links name the book first: `http://amzn.com/1481452495`, `amazon.co.uk/0441013597`.
  if (text.charCodeAt(k) !== 47) return text.charCodeAt(k) === 46 && AMAZON_HOST_ENDS.test(text.slice(Math.max(0, slash - 40), slash));
  const segment = text.slice(k + 1, slash);
  return /^(?:isbn|dp|asin|product)$/i.test(segment) || (segment === 'P' && text.endsWith('/images', k)) || (segment === 'd' && text.endsWith('/gp/aw', k)) || (segment === 'click' && text.endsWith('/amzn', k));
}

/**
 * A bare 10 that is the whole text of a Markdown link to an authority file's record of that
 * number (`[GND](…) (DE) [1105592812](https://d-nb.info/gnd/1105592812)`: the authority-control
 * row under an encyclopedia article converted to Markdown; VIAF and GND ids pass the ISBN-10 check by chance).
 */
function authorityLinkText(text: string, start: number, end: number): boolean {
  if (text.charCodeAt(start - 1) !== 91 /* [ */ || text.charCodeAt(end) !== 93 /* ] */ || text.charCodeAt(end + 1) !== 40 /* ( */) return false;
  const close = text.indexOf(')', end + 2);
  if (close < 0 || close - end > URL_REACH) return false;
  const destination = text.slice(end + 2, close);
  return AUTHORITY_RECORD.test(destination) && destination.includes(text.slice(start, end));
}
const AUTHORITY_RECORD = /^(?:https?:)?\/\/(?:[a-z0-9-]+\.)*(?:d-nb\.info|viaf\.org|id\.loc\.gov|isni\.org|wikidata\.org|id\.ndl\.go\.jp|catalogue\.bnf\.fr|data\.bnf\.fr|idref\.fr|orcid\.org|libris\.kb\.se|nla\.gov\.au|aut\.nkp\.cz|opac\.sbn\.it)\//i;

/** A URL's host that ends at the text's end and is Amazon's (`amzn.com`, `www.amazon.de`, `amazon.co.jp`). */
const AMAZON_HOST_ENDS = /(?:^|[/@.])(?:amzn\.(?:com|to|eu|asia)|amazon\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2}))$/i;

/**
 * A bare 10 that is a whole segment of a URL's path whose path does not say ISBN (urlPathSaysIsbn
 * was asked first): a record's id (`https://d-nb.info/1022135384`), or a document named by it. An
 * image named by it is still a cover (`covers/0441013597.jpg`).
 */
function urlPathId(text: string, start: number, end: number): boolean {
  // A document named by it is the record's too (`edocs.tib.eu/files/e01mr21/1749375400.pdf`, a PICA record number); an image, a cover.
  if (!URL_SEGMENT_END.test(text.slice(end, end + 1)) && !RECORD_FILE.test(text.slice(end, end + 6))) return false;
  const from = Math.max(0, start - URL_REACH);
  for (let k = start - 2; k >= from; k--) {
    const c = text.charCodeAt(k);
    if (c <= 32 || c === 34 || c === 39 || c === 40 || c === 60) return false; // the token's start: no scheme seen
    if (c === 58 && text.charCodeAt(k + 1) === 47 && text.charCodeAt(k + 2) === 47) {
      // `://`: a shop's or a book site's path is its ISBN (`amazon.com/0441013597`, an Amazon store's `/detail/…`).
      const host = text.slice(k + 3, start).split('/', 1)[0]!;
      return !BOOK_HOST.test(host);
    }
  }
  return false;
}

// O'Reilly's catalogue and library (`oreilly.com/catalog/0596001088/`, `/library/view/<title>/0321125215/`, Safari before it) name a book by its ISBN.
const BOOK_HOST = /amazon|amzn|isbn|book|oreilly|safari/i;
/** A document's extension after a number that names the file (not an image's: `covers/0441013597.jpg` is a cover). */
const RECORD_FILE = /^\.(?:pdf|html?|xml|json|txt)(?![A-Za-z0-9])/i;
/** What may follow a whole segment of a URL's path: the URL's end, the next segment, its query or fragment. */
const URL_SEGMENT_END = /^(?:$|[\x00-\x20/?#"'<>)])/;

/** How far back a URL's scheme is looked for. */
const URL_REACH = 200;

/**
 * A line's end at `at` (LF or CRLF) followed by a digit after at most a few spaces or tabs of
 * indentation: the index of that digit, or -1. Not a blank line: a paragraph's end ends a number.
 */
function lineContinuedAt(text: string, at: number): number {
  let k = at;
  if (text.charCodeAt(k) === 13) k++;
  if (text.charCodeAt(k) !== 10) return -1;
  k++;
  for (let indent = 0; indent < INDENT_LIMIT && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9); indent++) k++;
  return isDigit(text.charCodeAt(k)) ? k : -1;
}

/** How much indentation may open a line that goes on with a number. */
const INDENT_LIMIT = 12;

/**
 * The end of the line before `at` (the last character before its LF or CRLF), when only
 * indentation stands between that line break and `at`; else -1.
 */
function lineEndBefore(text: string, at: number): number {
  let k = at - 1;
  while (k >= 0 && at - k <= INDENT_LIMIT && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  if (text.charCodeAt(k) !== 10) return -1;
  return text.charCodeAt(k - 1) === 13 ? k - 2 : k - 1;
}

/** `.label.label` at `dot` (letters, digits, hyphens; the first starting with a letter): the rest of a host name, not a file's extension. */
function hostNameAt(text: string, dot: number): boolean {
  let k = dot + 1;
  if (!isAsciiLetter(text.charCodeAt(k))) return false;
  while (k - dot < 64 && (classAt(text, k) & ALNUM || text.charCodeAt(k) === 45)) k++;
  if (text.charCodeAt(k) !== 46 || !(classAt(text, k + 1) & ALNUM)) return false;
  // Not a file name in a path (`/img/9780441013593.d.jpg`): a host name's last label is no file type.
  let last = k + 1;
  for (let j = last; j - dot < 128 && (classAt(text, j) & ALNUM || text.charCodeAt(j) === 45 || text.charCodeAt(j) === 46); j++) {
    if (text.charCodeAt(j) === 46) last = j + 1;
  }
  return !FILE_TYPE.test(text.slice(last, last + 5));
}

/** The dot at `dot` goes on in a mail address's local part: letters, digits and dots up to an `@` (`.AA10254@atdt.org`). */
function mailLocalPartAt(text: string, dot: number): boolean {
  let k = dot + 1;
  while (k - dot < 64 && (classAt(text, k) & ALNUM || text.charCodeAt(k) === 46 || text.charCodeAt(k) === 95 || text.charCodeAt(k) === 45)) k++;
  return text.charCodeAt(k) === 64 && k > dot + 1;
}

/** The types of a cover's or a book's file, after the last dot of a name. */
const FILE_TYPE = /^(?:jpe?g|png|gif|webp|svg|tiff?|pdf|epub|mobi|azw3?|djvu|html?|xml|json|txt)(?![A-Za-z0-9-])/i;

/**
 * Where a slash that ends at `k` begins: `/`, JSON's `\/`, HTML's `&#x2F;` or `&#47;`, a URL's `%2F`
 * (a DOI in an escaped page or string); -1 for none.
 */
function slashEndingAt(text: string, k: number): number {
  const c = text.charCodeAt(k);
  if (c === 47) return text.charCodeAt(k - 1) === 92 ? k - 1 : k;
  if (c !== 59 && (c | 0x20) !== 0x66) return -1;
  const before = text.slice(Math.max(0, k - 5), k + 1).toLowerCase();
  return before.endsWith('&#47;') ? k - 4 : before.endsWith('&#x2f;') ? k - 5 : before.endsWith('%2f') ? k - 2 : -1;
}

/** `.01.` and a letter, `_` or a cut (`.0...`) at `dot`: a part of a file name after its id, not a decimal fraction. */
function fileNamePartAt(text: string, dot: number): boolean {
  let k = dot + 1;
  while (k - dot <= 3 && isDigit(text.charCodeAt(k))) k++;
  // Cut short by a table's printer: `.0…`, `.0...`.
  if (text.charCodeAt(k) === 0x2026) return true;
  if (text.charCodeAt(k) !== 46) return false;
  const c = text.charCodeAt(k + 1);
  return c === 95 || isAsciiLetter(c) || c === 46;
}

/** Does text[start, end) hold 10 or 13 digits (or X)? */
function isbnLength(text: string, start: number, end: number): boolean {
  let count = 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (isDigit(c) || c === 88 || c === 120) count++;
  }
  return count === 10 || count === 13;
}

/** A number of at most 8 digits at `at`, not going on into a word: the second part of `0727558021/2260`. */
function shortNumberAt(text: string, at: number): boolean {
  let k = at;
  while (isDigit(text.charCodeAt(k))) k++;
  return k > at && k - at <= 8 && !(classAt(text, k) & ALNUM);
}

/**
 * After an ISBN-10's X check character ending at `at`: how many digits of a price typed onto
 * it (3 or 4, `089542262X295`, then no letter or digit), or 0 (see Scan.tenWithPrice).
 */
function priceAfterX(text: string, at: number): number {
  if ((text.charCodeAt(at - 1) | 0x20) !== 0x78) return 0;
  let k = at;
  while (isDigit(text.charCodeAt(k))) k++;
  return k - at >= 3 && k - at <= 4 && !(classAt(text, k) & ALNUM) ? k - at : 0;
}

/**
 * An unlabelled 10 that is code's number: negative (`min = -2147483648`: a minus after a space, `=`,
 * `(`, `[` or `,`, not a hyphen in a word or a range), or 2^31 (`[TestCase(2147483648)]`), which passes
 * the ISBN-10 check and stands in every program that knows 32-bit limits.
 */
function machineNumber(text: string, start: number): boolean {
  if (text.charCodeAt(start - 1) === 45 /* - */) {
    const c = text.charCodeAt(start - 2);
    if (c === 32 || c === 61 || c === 40 || c === 91 || c === 44) return true;
  }
  return text.startsWith('2147483648', start);
}

/**
 * An unlabelled 10 that is a program's numeric argument: right after a call's `(` (`Be(1471026299)`,
 * `[TestCase(2147483648)]`) or after an earlier argument of it, then `)` or `,`. An ISBN in code is a string (`split('9999678270')`), and
 * one in prose stands after a space (`Dune (0441013597)`).
 */
function callArgument(text: string, start: number, end: number): boolean {
  const c = text.charCodeAt(end);
  if (c !== 41 /* ) */ && c !== 44 /* , */) return false;
  let k = start - 1;
  if (text.charCodeAt(k) === 40 /* ( */) return (classAt(text, k - 1) & ALNUM) !== 0;
  // A later argument (`[TestCase("7,162,100.0KB", 7333990400)]`): its call's `(` on the same line, no `)` between.
  while (text.charCodeAt(k) === 32) k--;
  if (text.charCodeAt(k) !== 44) return false;
  const open = text.lastIndexOf('(', k);
  return open >= 0 && k - open <= 120 && text.lastIndexOf('\n', k) < open && text.lastIndexOf(')', k) < open && (classAt(text, open - 1) & ALNUM) !== 0;
}

/** A DOI's prefix (`10.` and 4 to 9 digits, not inside a longer number) ending just before `at`. */
function doiPrefixEndingAt(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= at - 9 && isDigit(text.charCodeAt(k))) k--;
  return at - 1 - k >= 4 && text.charCodeAt(k) === 46 && text.charCodeAt(k - 1) === 48 && text.charCodeAt(k - 2) === 49 && !isDigit(text.charCodeAt(k - 3));
}

/**
 * Are tokens k, k+1 a 978/979 prefix and a 10 ("978 0306406157")? Another 3-digit number
 * before a 10 is a column of its own (`  460 0954381157  "Title"`: a count before each ISBN).
 */
function prefixThenTen(text: string, t: Tokens, k: number): boolean {
  return t.count[k] === 3 && k + 1 < t.length && t.count[k + 1] === 10 && text.startsWith('97', t.start[k]) && (text.charCodeAt(t.start[k] + 2) | 1) === 57;
}

/**
 * Separated unlabelled numbers must be grouped like an ISBN: at most 4 groups
 * (5 for 13 digits) ending in a one-character check group, or only the 978/979
 * prefix split off; or, with spaces only, as ISBN libraries and catalogues
 * space them: a 13 in groups from its 978/9780 (`9780 8872 76743`), a 10 as
 * 4 + 6 (`9814 253065`) or 1 + 9 (`0 000007005`). Rejects phone-like
 * groupings such as 555-123-4567 and 03 1234 5678.
 */
function plausibleGroups(d: Digits, text: string): boolean {
  if (d.groups > (d.count === 13 ? 5 : 4)) return false;
  if (d.lastGroup === 1) return true;
  if (d.spaces === d.groups - 1) {
    // `978 …`, `9780 …`, and a barcode's digits as printed under it: `9 781430 268277`.
    // And 7 + 6 (`9781302 949204`, a comics API's EAN as its barcode prints it).
    if (d.count === 13) return d.firstToken === 3 || d.firstToken === 4 || (d.lastGroup === 6 && ((d.firstToken === 1 && d.groups === 3) || (d.firstToken === 7 && d.groups === 2)));
    if (d.groups === 2) return d.firstToken === 1 || (d.firstToken === 4 && d.lastGroup === 6 && !yearFirst(d));
  }
  // A 978/979 13 with hyphens alone, its prefix split off but its check digit not (`978-3-7369-96694`, a
  // repository's misplaced hyphens): no phone or code number opens with 978- or 979- and passes the check.
  return d.count === 13 && ((d.groups === 2 && d.lastGroup === 10) || (d.spaces === 0 && d.isbn13Prefix && isDigit(text.charCodeAt(d.start + 1)) && isDigit(text.charCodeAt(d.start + 2)) && isSeparator(text.charCodeAt(d.start + 3))));
}

/**
 * `0123456789` and `123456789X`: the digits in order, pass the ISBN-10 check and stand
 * in code and forms as a placeholder or a test's input (`"0123456789-abc"`). Labelled, or where a key
 * or column says ISBN, an ISBN.
 */
function placeholderTen(text: string, start: number): boolean {
  return text.startsWith('0123456789', start) || (text.startsWith('123456789', start) && (text.charCodeAt(start + 9) | 0x20) === 0x78);
}

/** A 10 in 4 + 6 whose first group is a recent year (`2019 123456` copies): no ISBN. The key tells a closing X (see digitsKey). */
function yearFirst(d: Digits): boolean {
  const first = Math.floor((d.key > 2e10 ? d.value * 10 : d.value) / 1e6);
  return first >= 1950 && first <= 2039;
}

/**
 * End (exclusive) of a field body: the matching close brace or quote, else
 * (unclosed) the end of the line. Looks at most FIELD_LIMIT characters ahead,
 * so that broken files cost no more than well-formed ones.
 */
function fieldEnd(text: string, from: number, quote: boolean, runStart: number, runEnd: number): number {
  const limit = Math.min(text.length, from + FIELD_LIMIT);
  let depth = 1;
  let eol = -1;
  for (let k = from; k < limit; k++) {
    if (k === runStart) {
      k = runEnd - 1; // the run that revealed the field: digits, separators and spaces only
      continue;
    }
    const c = text.charCodeAt(k);
    if (quote ? c === 34 : c === 125 && --depth === 0) return k; // " or }
    if (c === 123 && !quote) depth++;
    else if (c === 10 && eol < 0) eol = k;
  }
  return eol >= 0 ? eol : limit;
}

/** `%` and two hex digits at `k`: a percent-encoded character. */
function percentEncodedAt(text: string, k: number): boolean {
  return text.charCodeAt(k) === 37 && isHex(text.charCodeAt(k + 1)) && isHex(text.charCodeAt(k + 2));
}

/** Most capitals an id prefix before an ISBN-13 has (see Scan.idPrefixBefore). */
const ID_PREFIX_LIMIT = 4;

/** `EAN` glued before the number (`EAN9780306406157`, a barcode scanner's log), as a word of its own. */
function eanBefore(text: string, start: number): boolean {
  return start >= 3 && /^ean$/i.test(text.slice(start - 3, start)) && !(classAt(text, start - 4) & ALNUM);
}

function isAsciiLetter(c: number): boolean {
  return (c | 0x20) >= 97 && (c | 0x20) <= 122;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
}

/**
 * MARC subfield delimiters, glued to the subfield code before an ISBN: `$a`
 * (mnemonic .mrk, Aleph `$$a`), `|a`, `‡a`, `ǂa` (OCLC), `_a` (MARC::Record
 * dumps), `^a` (CDS/ISIS), `▼a` (KORMARC), and U+001F, the delimiter itself in
 * binary MARC (ISO 2709, `.mrc`).
 */
function isSubfieldMark(c: number): boolean {
  return c === 36 || c === 124 || c === 95 || c === 94 || c === 0x2021 || c === 0x01c2 || c === 0x25bc || c === 0x1f || c === 0x0192; // $ | _ ^ ‡ ǂ ▼ US ƒ (PICA+)
}

/**
 * A subfield mark that is never a table's or an identifier's punctuation
 * (`$`, `‡`, `ǂ`, `▼`, U+001F; not `|`, `_`, `^`): after it, a digit is the
 * subfield's code even when the value is a number (`$9978-3-…`, a hyphenated copy of 020 $a).
 */
function isDigitCodeMark(c: number): boolean {
  return c === 0x1f || c === 36 || c === 0x2021 || c === 0x01c2 || c === 0x25bc || c === 0x0192;
}

/** An ASCII hyphen, a typographic hyphen or dash (U+2010 to U+2014) or a minus sign, as SEP. */
function isSeparator(c: number): boolean {
  return c === 45 || (c >= 0x2010 && c <= 0x2014) || c === 0x2212 || c === 126;
}

function isDigitOrX(c: number): boolean {
  return isDigit(c) || c === 88 || c === 120;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
