// What the finder found in a text, kept column-wise: offsets and flags in
// typed arrays and one shared, cached IsbnInfo reference per match. A 10 MB
// reading list holds 130,000 ISBNs; as objects they cost more than finding
// them (allocation and the garbage collector's copying), so objects are made
// only for the matches a caller reads with `at` or by iterating. The info
// references sit in fixed-size chunks: appending to one growing array (push)
// costs several times a store into a preallocated one.
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

const INITIAL_CAPACITY = 64;
const INFO_CHUNK_BITS = 10;
const INFO_CHUNK = 1 << INFO_CHUNK_BITS;

export class IsbnMatches implements Iterable<IsbnMatch> {
  length = 0;
  private starts = new Int32Array(INITIAL_CAPACITY);
  private ends = new Int32Array(INITIAL_CAPACITY);
  private flags = new Uint8Array(INITIAL_CAPACITY);
  private readonly infoChunks: Array<Array<IsbnInfo | undefined>> = [];

  constructor(readonly text: string) {}

  /** A valid ISBN at text[start, end). For the finder. */
  addValid(start: number, end: number, labelled: boolean, info: IsbnInfo): void {
    const i = this.slot();
    this.starts[i] = start;
    this.ends[i] = end;
    this.flags[i] = labelled ? LABELLED | VALID : VALID;
    this.infoChunks[i >> INFO_CHUNK_BITS][i & (INFO_CHUNK - 1)] = info;
  }

  /** A labelled candidate that is no ISBN, and why. For the finder. */
  addInvalid(start: number, end: number, problem: IsbnProblem): void {
    const i = this.slot();
    this.starts[i] = start;
    this.ends[i] = end;
    this.flags[i] = LABELLED | ((PROBLEMS.indexOf(problem) + 1) << PROBLEM_SHIFT);

  }

  start(i: number): number {
    return this.starts[i];
  }

  end(i: number): number {
    return this.ends[i];
  }

  raw(i: number): string {
    return this.text.slice(this.starts[i], this.ends[i]);
  }

  labelled(i: number): boolean {
    return (this.flags[i] & LABELLED) !== 0;
  }

  valid(i: number): boolean {
    return (this.flags[i] & VALID) !== 0;
  }

  info(i: number): IsbnInfo | undefined {
    return this.infoChunks[i >> INFO_CHUNK_BITS][i & (INFO_CHUNK - 1)];
  }

  problem(i: number): IsbnProblem | undefined {
    const code = this.flags[i] >> PROBLEM_SHIFT;
    return code === 0 ? undefined : PROBLEMS[code - 1];
  }

  /** Match i as an object. */
  at(i: number): IsbnMatch {
    const match: IsbnMatch = { start: this.starts[i], end: this.ends[i], raw: this.raw(i), labelled: this.labelled(i), valid: this.valid(i) };
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

  /** Index of the next match, growing the columns when they are full. */
  private slot(): number {
    if ((this.length & (INFO_CHUNK - 1)) === 0) this.infoChunks.push(new Array<IsbnInfo | undefined>(INFO_CHUNK).fill(undefined));
    if (this.length === this.starts.length) {
      const capacity = this.length * 2;
      this.starts = grown(this.starts, capacity);
      this.ends = grown(this.ends, capacity);
      const flags = new Uint8Array(capacity);
      flags.set(this.flags);
      this.flags = flags;
    }
    return this.length++;
  }
}

function grown(column: Int32Array<ArrayBuffer>, capacity: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(capacity);
  bigger.set(column);
  return bigger;
}
