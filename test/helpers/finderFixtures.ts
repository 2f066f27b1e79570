/**
 * The finder's realistic fixture set (test/fixtures/finder): documents written
 * for these tests in the shapes of real exports (Goodreads and LibraryThing,
 * MARC, MARCXML, ONIX, Open Library and Google Books JSON, SQL dumps and
 * queries, YAML and CSL YAML, RIS, BibTeX, Markdown reading lists, encyclopedia
 * pages as HTML, Markdown and wikitext), with the true ISBNs listed by hand
 * in expected.json. Precision and recall are counted on distinct ISBN-13s per file;
 * occurrence recall on each place an expected ISBN is written (see occurrences).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FindOptions, findIsbns } from '../../src/core/isbn/find';
import { documentShape } from '../../src/core/documentKind/documentKind';

export const FIXTURE_DIR = join(__dirname, '..', 'fixtures', 'finder');

export interface FileScore {
  file: string;
  truePositives: number;
  falsePositives: string[];
  missed: string[];
  /** Places an expected ISBN is written, and how many of them the finder found. */
  places: number;
  foundPlaces: number;
}

/** The documents of a folder holding an expected.json (`{ "files": { name: [ISBN-13, …] } }`): test/fixtures/finder by default. */
export function fixtureFiles(dir = FIXTURE_DIR): Array<{ file: string; text: string; expected: string[] }> {
  const { files } = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { files: Record<string, string[]> };
  return Object.entries(files).map(([file, expected]) => ({ file, text: readFileSync(join(dir, file), 'utf8'), expected }));
}

/** Scores every fixture; `withName` tells the finder the file name (as the editor's language id would). */
export function scoreFixtures(withName: boolean, dir = FIXTURE_DIR): { files: FileScore[]; precision: number; recall: number; occurrenceRecall: number } {
  const files: FileScore[] = [];
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let written = 0;
  let foundWritten = 0;
  for (const { file, text, expected } of fixtureFiles(dir)) {
    const options = withName ? { shape: documentShape({ fileName: file }, text) } : {};
    const matches = findIsbns(text, options);
    const found = new Set(matches.flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])));
    const truth = new Set(expected);
    const places = occurrences(text, expected);
    const foundPlaces = Math.min(places, matches.filter((m) => m.valid && m.info && truth.has(m.info.isbn13)).length);
    written += places;
    foundWritten += foundPlaces;
    const score: FileScore = {
      places,
      foundPlaces,
      file,
      truePositives: [...found].filter((isbn) => truth.has(isbn)).length,
      falsePositives: [...found].filter((isbn) => !truth.has(isbn)),
      missed: [...truth].filter((isbn) => !found.has(isbn)),
    };
    tp += score.truePositives;
    fp += score.falsePositives.length;
    fn += score.missed.length;
    files.push(score);
  }
  return { files, precision: tp / (tp + fp), recall: tp / (tp + fn), occurrenceRecall: foundWritten / written };
}

/**
 * How many times the expected ISBNs are written in the text, as ISBN-13 or
 * ISBN-10, in any notation (hyphens, dashes, dots, spaces, TeX's `~` and
 * `--`, Markdown's `\-`, full-width digits; two ISBNs one space apart are two
 * places), not counting those inside a DOI (`10.1007/978-3-…`), which are no
 * ISBN there. A MARC subfield's delimiter and code are set apart from its
 * value first: binary MARC's U+001F and any code (`\x1fa10.1007/…` is a DOI),
 * and a digit code after `$`, `‡`, `ǂ`, `▼` or PICA+'s `ƒ` (`$9978-…` is 978-…). A DOI ends
 * at white space, a quote, a bracket or a field delimiter, as the finder reads
 * it, or, in binary MARC, which has little white space, at its field's end;
 * its slash may be escaped (`\/`, `%2F`, `&#x2F;`). An ISBN broken at a hyphen
 * by a line's end is one place; one glued to a letter after it
 * (`9780590132053F`, a test's invalid input) is none; an X is any case.
 */
/** Arabic-Indic, Persian and Devanagari digits, which the finder reads as ASCII ones (NFKC turns only full-width ones). */
export const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g;
export function asciiDigit(c: string): string {
  return String((c.charCodeAt(0) & 15) - (c >= '\u0966' ? 6 : 0));
}

/** A Cyrillic Х closing a number (a Russian keyboard's X check character): a reader sees the X. */
export const CYRILLIC_X = /(?<=[0-9][-\u2010-\u2014]?)[\u0425\u0445](?![\u0400-\u04ffA-Za-z0-9])/g;

/** A scan's letter for the first digit right after an ISBN label (`ISBN O-387-90652-5`, `ISBN I-56592-074-0`) as the digit: a reader sees the ISBN. */
export function lettersAsDigits(text: string): string {
  return text.replace(/(\bISBN(?:[- ]?1[03])?:?[ \t]?)([OoIl])(?=[-\u2010 ]?[0-9])/gi, (_, label: string, letter: string) => label + (/o/i.test(letter) ? '0' : '1'));
}

function occurrences(text: string, expected: readonly string[]): number {
  const flat = lettersAsDigits(text)
    .replace(CYRILLIC_X, 'X')
    .normalize('NFKC')
    .replace(OTHER_DIGITS, asciiDigit)
    .replace(/\x1f[\s\S]|[$\u2021\u01c2\u25bc\u0192][0-9]/g, ' ')
    .replace(/\b10\.[0-9]{4,9}(?:\/|\\\/|%2F|&#x2F;|&#47;)[^\s\x1d\x1e"'<>,{}|`]+/gi, ' ');
  const places: Array<[number, number]> = [];
  for (const isbn13 of expected) {
    // Computed, not parsed: an ISBN in no range of isbn3's data has its 10 too.
    const isbn10 = isbn13.startsWith('978') ? tenOf(isbn13) : undefined;
    for (const form of isbn10 ? [isbn13, isbn10] : [isbn13]) {
      for (const m of flat.matchAll(new RegExp(`(?<![0-9]${JOINER}?)${[...form].join(BETWEEN_DIGITS)}(?![0-9A-Za-z]|${JOINER}[0-9])`, 'gi'))) {
        places.push([m.index, m.index + m[0].length]);
      }
    }
  }
  // One place, not two, where both forms match the same digits (`978 0670013951`: a 13, and a valid 10 in it).
  places.sort((a, b) => a[0] - b[0]);
  let count = 0;
  let end = -1;
  for (const [start, stop] of places) {
    if (start >= end) count++;
    end = Math.max(end, stop);
  }
  return count;
}

/** The ISBN-10 of a 978 ISBN-13: its 9 middle digits and their mod-11 check character (by hand, not by the finder's code). */
export function tenOf(isbn13: string): string {
  const first9 = isbn13.slice(3, 12);
  const check = (11 - ([...first9].reduce((sum, c, i) => sum + (10 - i) * Number(c), 0) % 11)) % 11;
  return first9 + (check === 10 ? 'X' : String(check));
}

/** What joins two digits of one number; a space does too, but also parts two ISBNs (`A B` in a Zotero field). */
const JOINER = String.raw`(?:[-\u2010-\u2014\u2212.~]|--|\\-)`;
/** What may stand between two digits of a written ISBN: a joiner, a space, or a hyphen and a line's end. */
const BETWEEN_DIGITS = String.raw`(?:${JOINER}| |[-\u2010-\u2014\u2212]\r?\n[ \t]*)?`;

/** The ISBN-13s of the valid ISBNs the finder finds in `text`, each once, sorted. */
export function validFound(text: string, options?: FindOptions): string[] {
  return [...new Set(findIsbns(text, options).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

/** The books' ISBN-13s, each once, sorted: what validFound should give for a text that cites them. */
export function thirteens(books: ReadonlyArray<{ isbn13: string }>): string[] {
  return [...new Set(books.map((b) => b.isbn13))].sort();
}
