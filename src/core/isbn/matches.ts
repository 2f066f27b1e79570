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

// Chunk sizes: the first holds 64 matches (a few edited lines find a handful),
// each next one twice as many, up to 16,384. Chunks that large are big enough
// for V8's large-object space, which the garbage collector promotes without
// copying: a 10 MB reading list's matches are then never copied.
const FIRST_BITS = 6;
const MAX_BITS = 14;
const GROWING_CHUNKS = MAX_BITS - FIRST_BITS + 1;
const IN_GROWING_CHUNKS = ((1 << GROWING_CHUNKS) - 1) << FIRST_BITS;
/** Per match in a chunk's numbers: start, end, flags. */
const FIELDS = 3;

/** Which chunk holds match i. */
function chunkOf(i: number): number {
  return i < IN_GROWING_CHUNKS ? 31 - Math.clz32((i >> FIRST_BITS) + 1) : GROWING_CHUNKS + ((i - IN_GROWING_CHUNKS) >> MAX_BITS);
}

/** Index of the first match in chunk c. */
function chunkStart(c: number): number {
  return c < GROWING_CHUNKS ? ((1 << c) - 1) << FIRST_BITS : IN_GROWING_CHUNKS + ((c - GROWING_CHUNKS) << MAX_BITS);
}

export class IsbnMatches implements Iterable<IsbnMatch> {
  length = 0;
  private readonly numbers: Int32Array[] = [];
  private readonly infos: Array<Array<IsbnInfo | undefined>> = [];
  // The chunk being filled and the room left in it.
  private lastNumbers = new Int32Array(0);
  private lastInfos: Array<IsbnInfo | undefined> = [];
  private filled = 0;
  private room = 0;

  constructor(readonly text: string) {}

  /** A valid ISBN at text[start, end). For the finder. */
  addValid(start: number, end: number, labelled: boolean, info: IsbnInfo): void {
    const at = this.add(start, end, labelled ? LABELLED | VALID : VALID); // may start a new chunk
    this.lastInfos[at] = info;
  }

  /** A labelled candidate that is no ISBN, and why. For the finder. */
  addInvalid(start: number, end: number, problem: IsbnProblem): void {
    this.add(start, end, LABELLED | ((PROBLEMS.indexOf(problem) + 1) << PROBLEM_SHIFT));
  }

  start(i: number): number {
    return this.number(i, 0);
  }

  end(i: number): number {
    return this.number(i, 1);
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
    const c = chunkOf(i);
    return this.infos[c][i - chunkStart(c)];
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
    return this.number(i, 2);
  }

  private number(i: number, field: number): number {
    const c = chunkOf(i);
    return this.numbers[c][(i - chunkStart(c)) * FIELDS + field];
  }

  /** Stores a match's numbers; returns its index in the last chunk. */
  private add(start: number, end: number, flags: number): number {
    if (this.room === 0) this.newChunk();
    this.length++;
    this.room--;
    const at = this.filled++;
    const numbers = this.lastNumbers;
    numbers[at * FIELDS] = start;
    numbers[at * FIELDS + 1] = end;
    numbers[at * FIELDS + 2] = flags;
    return at;
  }

  private newChunk(): void {
    const c = this.numbers.length;
    const size = 1 << (c < GROWING_CHUNKS ? FIRST_BITS + c : MAX_BITS);
    this.lastNumbers = new Int32Array(size * FIELDS);
    this.lastInfos = new Array<IsbnInfo | undefined>(size);
    this.numbers.push(this.lastNumbers);
    this.infos.push(this.lastInfos);
    this.filled = 0;
    this.room = size;
  }
}
