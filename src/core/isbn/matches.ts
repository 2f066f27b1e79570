// What the finder found in a text, kept column-wise: offsets and flags in
// integer arrays and one shared, cached IsbnInfo reference per match. A 10 MB
// reading list holds 130,000 ISBNs; as objects they cost more than finding
// them (allocation and the garbage collector's copying), so objects are made
// only for the matches a caller reads with `at` or by iterating. Matches are
// stored in fixed-size chunks, never copied to grow: appending to one growing
// array (push, or doubling typed arrays) costs several times a store. The
// chunks are arrays of small integers, not typed arrays: those live outside
// the JavaScript heap, and allocating each costs some 10 µs.
import type { IsbnInfo, IsbnProblem } from './parse';

export interface IsbnMatch {
  /** UTF-16 offsets: text.slice(start, end) is the ISBN as written, without its label. */
  start: number;
  end: number;
  raw: string;
  /** Preceded by an ISBN label or inside a BibTeX/BibLaTeX isbn field. */
  labelled: boolean;
  valid: boolean;
  info?: IsbnInfo;
  /** Why a labelled candidate is invalid (`range`: checksum fine, no isbn3 range). */
  problem?: IsbnProblem;
}

// Flag bits: labelled, valid, and for an invalid match its problem in bits 2-3.
const LABELLED = 1;
const VALID = 2;
const PROBLEM_SHIFT = 2;
const PROBLEMS: readonly IsbnProblem[] = ['checksum', 'length', 'range'];

const CHUNK_BITS = 10;
const CHUNK = 1 << CHUNK_BITS;
const LAST = CHUNK - 1;
/** Per match in a chunk's numbers: start, end, flags. */
const FIELDS = 3;

export class IsbnMatches implements Iterable<IsbnMatch> {
  length = 0;
  private readonly numbers: number[][] = [];
  private readonly infos: Array<Array<IsbnInfo | undefined>> = [];

  constructor(readonly text: string) {}

  /** A valid ISBN at text[start, end). For the finder. */
  addValid(start: number, end: number, labelled: boolean, info: IsbnInfo): void {
    const i = this.add(start, end, labelled ? LABELLED | VALID : VALID);
    this.infos[i >> CHUNK_BITS][i & LAST] = info;
  }

  /** A labelled candidate that is no ISBN, and why. For the finder. */
  addInvalid(start: number, end: number, problem: IsbnProblem): void {
    this.add(start, end, LABELLED | ((PROBLEMS.indexOf(problem) + 1) << PROBLEM_SHIFT));
  }

  start(i: number): number {
    return this.numbers[i >> CHUNK_BITS][(i & LAST) * FIELDS];
  }

  end(i: number): number {
    return this.numbers[i >> CHUNK_BITS][(i & LAST) * FIELDS + 1];
  }

  raw(i: number): string {
    return this.text.slice(this.start(i), this.end(i));
  }

  labelled(i: number): boolean {
    return (this.flags(i) & LABELLED) !== 0;
  }

  valid(i: number): boolean {
    return (this.flags(i) & VALID) !== 0;
  }

  info(i: number): IsbnInfo | undefined {
    return this.infos[i >> CHUNK_BITS][i & LAST];
  }

  problem(i: number): IsbnProblem | undefined {
    const code = this.flags(i) >> PROBLEM_SHIFT;
    return code === 0 ? undefined : PROBLEMS[code - 1];
  }

  /** Match i as an object. */
  at(i: number): IsbnMatch {
    const match: IsbnMatch = { start: this.start(i), end: this.end(i), raw: this.raw(i), labelled: this.labelled(i), valid: this.valid(i) };
    const info = this.info(i);
    if (info) match.info = info;
    const problem = this.problem(i);
    if (problem) match.problem = problem;
    return match;
  }

  toArray(): IsbnMatch[] {
    const out = new Array<IsbnMatch>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.at(i);
    return out;
  }

  *[Symbol.iterator](): Iterator<IsbnMatch> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  private flags(i: number): number {
    return this.numbers[i >> CHUNK_BITS][(i & LAST) * FIELDS + 2];
  }

  /** Stores a match's numbers; returns its index. */
  private add(start: number, end: number, flags: number): number {
    const i = this.length++;
    const at = (i & LAST) * FIELDS;
    if (at === 0) {
      this.numbers.push(new Array<number>(CHUNK * FIELDS).fill(0));
      this.infos.push(new Array<IsbnInfo | undefined>(CHUNK).fill(undefined));
    }
    const numbers = this.numbers[i >> CHUNK_BITS];
    numbers[at] = start;
    numbers[at + 1] = end;
    numbers[at + 2] = flags;
    return i;
  }
}
