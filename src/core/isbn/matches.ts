// What the finder found in a text, kept column-wise: offsets, flags and the
// number of its shared, cached IsbnInfo (see parse.ts) in integer arrays. A
// 10 MB reading list holds 130,000 ISBNs; as objects they cost more than
// finding them (allocation and the garbage collector's copying), so objects
// are made only for the matches a caller reads with `at` or by iterating.
// Matches are stored in chunks, never copied to grow: appending to one growing
// array (push, or doubling typed arrays) costs several times a store. Nor do
// they hold references: a fresh array of references, written 130,000 times,
// costs the finder on such a list (the collector traces it and guards each
// write; docs/performance.md, scan).
import { infoList, type IsbnInfo, type IsbnProblem } from './parse';

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

// Flag bits: labelled, valid, and for an invalid match its problem in bits 2-3;
// bit 4 marks a bare ISBN-10 in prose that nothing but its checksum vouches for (see find.ts);
// bits 5 on hold the code of the rule that found a valid match (rules/rule.ts; find.ts, foundBy).
const LABELLED = 1;
const VALID = 2;
const PROBLEM_SHIFT = 2;
const PROBLEM_BITS = 3;
const CHECKSUM_ONLY = 16;
const RULE_SHIFT = 5;
const PROBLEMS: readonly IsbnProblem[] = ['checksum', 'length', 'range'];

// Chunk sizes: the first holds 64 matches (a few edited lines find a handful),
// each next one twice as many, up to 16,384. Typed arrays: their contents lie
// outside the collector's heap, never traced or copied.
const FIRST_BITS = 6;
const MAX_BITS = 14;
const GROWING_CHUNKS = MAX_BITS - FIRST_BITS + 1;
const IN_GROWING_CHUNKS = ((1 << GROWING_CHUNKS) - 1) << FIRST_BITS;
/** Per match in a chunk's numbers: start, end, flags, info number (-1: none). */
const FIELDS = 4;

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
  // The parse cache's info lists that the info numbers index, and the first
  // match of each: a new list begins where the cache starts over (parse.ts).
  private readonly lists: Array<readonly IsbnInfo[]> = [];
  private readonly listFrom: number[] = [];
  private list: readonly IsbnInfo[] | undefined;
  // The chunk being filled and the room left in it.
  private lastNumbers = new Int32Array(0);
  private filled = 0;
  private room = 0;

  constructor(readonly text: string) {}

  /**
   * A valid ISBN at text[start, end) whose info is infoList()[id]. For the finder.
   * `checksumOnly`: a bare ISBN-10 in prose that only its checksum vouches for (see withoutChecksumOnly).
   * `rule`: the code of the rule that found it (rules/rule.ts): its label's, or the one decide.ts named.
   */
  addValid(start: number, end: number, labelled: boolean, id: number, checksumOnly: boolean, rule: number): void {
    if (infoList() !== this.list) this.newList();
    this.add(start, end, (labelled ? LABELLED | VALID : VALID) | (checksumOnly ? CHECKSUM_ONLY : 0) | (rule << RULE_SHIFT), id);
  }

  /**
   * These matches without the checksum-only ones that `drop` names, for the
   * finder, unless their ISBN is also found where more than its checksum vouches
   * for it (a YAML list under `isbn_ssim:` and a MARC record's copy of it further
   * on are one book). A copy, made only when the finder drops some: rare, so not in place.
   */
  withoutChecksumOnly(drop: (start: number, end: number, info: IsbnInfo) => boolean): IsbnMatches {
    const dropped: number[] = [];
    const vouched = new Set<string>();
    for (let i = 0; i < this.length; i++) {
      const flags = this.flags(i);
      if (!(flags & VALID)) continue;
      if (flags & CHECKSUM_ONLY && drop(this.start(i), this.end(i), this.info(i)!)) dropped.push(i);
      else vouched.add(this.info(i)!.isbn13);
    }
    if (dropped.length === 0) return this;
    const kept = new IsbnMatches(this.text);
    let d = 0;
    for (let i = 0; i < this.length; i++) {
      if (dropped[d] === i) {
        d++;
        if (!vouched.has(this.info(i)!.isbn13)) continue;
      }
      kept.copy(this, i);
    }
    return kept;
  }

  /**
   * These matches with `extra` valid, unlabelled ones merged in by position (for
   * the finder: repeats.ts). Each extra's info is `list[id]`, a list of the parse
   * cache's (infoList()). An extra that overlaps a match is left out.
   */
  withExtra(extra: ReadonlyArray<{ start: number; end: number; list: readonly IsbnInfo[]; id: number; rule: number }>): IsbnMatches {
    const merged = new IsbnMatches(this.text);
    let i = 0;
    for (const e of extra) {
      while (i < this.length && this.start(i) < e.end) merged.copy(this, i++);
      if (merged.length > 0 && merged.end(merged.length - 1) > e.start) continue;
      if (merged.list !== e.list) merged.startList(e.list);
      merged.add(e.start, e.end, VALID | (e.rule << RULE_SHIFT), e.id);
    }
    while (i < this.length) merged.copy(this, i++);
    return merged;
  }

  /** Appends match i of `from`, with its info. */
  private copy(from: IsbnMatches, i: number): void {
    const id = from.number(i, 3);
    if (id >= 0) {
      let l = from.lists.length - 1;
      while (from.listFrom[l] > i) l--;
      if (this.list !== from.lists[l]) this.startList(from.lists[l]);
    }
    this.add(from.start(i), from.end(i), from.flags(i), id);
  }

  /** A candidate meant as an ISBN (labelled, or shaped like one) that is none, and why. For the finder. */
  addInvalid(start: number, end: number, problem: IsbnProblem, labelled = true): void {
    this.add(start, end, (labelled ? LABELLED : 0) | ((PROBLEMS.indexOf(problem) + 1) << PROBLEM_SHIFT), -1);
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
    const id = this.number(i, 3);
    if (id < 0) return undefined;
    let l = this.lists.length - 1;
    while (this.listFrom[l] > i) l--;
    return this.lists[l][id];
  }

  /** The code of the rule that found match i (rules/rule.ts): 0 for an invalid one. */
  ruleCode(i: number): number {
    return this.flags(i) >>> RULE_SHIFT;
  }

  /** Is match i a bare ISBN-10 in prose that only its checksum vouches for? */
  checksumOnly(i: number): boolean {
    return (this.flags(i) & CHECKSUM_ONLY) !== 0;
  }

  problem(i: number): IsbnProblem | undefined {
    const code = (this.flags(i) >> PROBLEM_SHIFT) & PROBLEM_BITS;
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

  /** Stores a match's numbers. */
  private add(start: number, end: number, flags: number, id: number): void {
    if (this.room === 0) this.newChunk();
    this.length++;
    this.room--;
    const at = this.filled++ * FIELDS;
    const numbers = this.lastNumbers;
    numbers[at] = start;
    numbers[at + 1] = end;
    numbers[at + 2] = flags;
    numbers[at + 3] = id;
  }

  private newList(): void {
    this.startList(infoList());
  }

  /** Info numbers from match `length` on index `list`. */
  private startList(list: readonly IsbnInfo[]): void {
    this.list = list;
    this.lists.push(list);
    this.listFrom.push(this.length);
  }

  private newChunk(): void {
    const c = this.numbers.length;
    const size = 1 << (c < GROWING_CHUNKS ? FIRST_BITS + c : MAX_BITS);
    this.lastNumbers = new Int32Array(size * FIELDS);
    this.numbers.push(this.lastNumbers);
    this.filled = 0;
    this.room = size;
  }
}
