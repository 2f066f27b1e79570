// Thin wrapper over isbn3: normalization, cheap checksum tests, cached parsing
// and correction candidates. Pure: no `vscode` import, safe for unit tests.
import type * as Isbn3 from 'isbn3';
import { ABSENT, NumberTable } from './numberTable';

/**
 * isbn3 is read when the first checksum-valid ISBN needs its ranges, not when the finder loads:
 * evaluating its range tables costs about 7 ms, paid by every Markdown file that opens, and most
 * have no ISBN. (A bundler keeps the module, but evaluates it on this first call.)
 */
let isbn3: typeof Isbn3 | undefined;
function ranges(): typeof Isbn3 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use, see above
  return (isbn3 ??= require('isbn3') as typeof Isbn3);
}

export interface IsbnInfo {
  isbn13: string;
  isbn10?: string;
  hyphenated13: string;
  hyphenated10?: string;
  groupName?: string;
  /**
   * isbn3's range data holds no group or publisher range for it: a number from a range
   * allocated after that data, or a made-up one (a test's 9781234567897). Still an ISBN
   * (978/979 and its check digit say so) and looked up as one, but written without hyphens:
   * hyphenated13 and hyphenated10 are the digits.
   */
  rangeless?: true;
}

/**
 * Why a string that is meant as an ISBN is not one. `range`: the checksum is right, but it
 * is no ISBN-13 (an ISMN's 979-0, another EAN's prefix).
 */
export type IsbnProblem = 'checksum' | 'length' | 'range';

export type IsbnVerdict =
  | { valid: true; info: IsbnInfo }
  | { valid: false; problem: IsbnProblem };

/** Keep digits and X only (X upper-cased, a Cyrillic Х read as X): the form isbn3 and the caches work on. */
export function normalizeIsbn(raw: string): string {
  return raw.replace(/[\u0425\u0445]/g, 'X').replace(/[^0-9Xx]/g, '').toUpperCase();
}

/** ISBN-10 check character for 9 digits ('0'-'9' or 'X'). */
export function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * (first9.charCodeAt(i) - 48);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** ISBN-13 (EAN-13) check digit for 12 digits. */
export function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * (first12.charCodeAt(i) - 48);
  return String((10 - (sum % 10)) % 10);
}

/**
 * An ISSN as written (`0022-0000`, `1234567X`): 8 characters once hyphens and
 * spaces go, the last a valid mod-11 check character. Journals' ISSNs land in
 * `isbn` fields; a reader says "wrong length: this looks like an ISSN".
 */
export function isIssn(raw: string): boolean {
  const normalized = normalizeIsbn(raw);
  if (!/^[0-9]{7}[0-9X]$/.test(normalized)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += (8 - i) * (normalized.charCodeAt(i) - 48);
  const check = (11 - (sum % 11)) % 11;
  return normalized[7] === (check === 10 ? 'X' : String(check));
}

const DIGITS_10 = /^[0-9]{9}[0-9X]$/;
const DIGITS_13 = /^[0-9]{13}$/;

/** Checksum test on a normalized string; false for anything that is not 10/13 long. */
export function hasValidChecksum(normalized: string): boolean {
  if (normalized.length === 10) {
    return DIGITS_10.test(normalized) && isbn10CheckDigit(normalized) === normalized[9];
  }
  if (normalized.length === 13) {
    return DIGITS_13.test(normalized) && isbn13CheckDigit(normalized) === normalized[12];
  }
  return false;
}

// isbn3.parse costs about a microsecond and documents repeat the same ISBNs,
// so parse results are cached. Keys are numbers (see digitsKey): the finder
// computes them while it reads the digits. Each info gets a number, its index
// in `infos`: the finder stores that number with a match, in integer columns
// the garbage collector need not trace (see matches.ts). Up to 32,768
// entries (a 768 KB table), then the cache starts over with a new `infos`;
// results that hold the old one keep it.
const cache = new NumberTable(12, 16);
let infos: IsbnInfo[] = [];

/**
 * cachedInfoId's answer for a key whose number isbn3 has no range for and that is no
 * rangeless ISBN-13 (an ISBN-10 with no range is one only where it is meant as one: see tenWithoutRange).
 */
export const NO_RANGE = -1;
/** cachedInfoId's answer for a key not parsed yet (or since the cache started over). */
export const NOT_CACHED = ABSENT;

/**
 * Cache key of an ISBN-shaped candidate from its digits: `count` characters
 * (digits and X), `digitsValue` the number its digits make (X left out), `xAt`
 * the position of an X or -1. A 10 is value + 1, a 10 ending in X is
 * 2e10 + value of its 9 digits, a 13 is value + 1e13: distinct for distinct
 * ISBNs and exact below 2^53. 0 when the shape cannot be an ISBN (other
 * length, X elsewhere).
 */
export function digitsKey(digitsValue: number, count: number, xAt: number): number {
  if (xAt < 0) return count === 13 ? digitsValue + 1e13 : count === 10 ? digitsValue + 1 : 0;
  return count === 10 && xAt === 9 ? 2e10 + digitsValue : 0;
}

function keyOf(normalized: string): number {
  const xAt = normalized.indexOf('X');
  const value = Number(normalized.replace('X', '')) || 0;
  return digitsKey(value, normalized.length, xAt);
}

/** Drop cached parse results (benchmarks use it to measure a cold scan). */
export function clearIsbnCache(): void {
  cache.clear();
  infos = [];
}

/** The infos that the numbers cachedInfoId and parseAndCache give index now. */
export function infoList(): readonly IsbnInfo[] {
  return infos;
}

/** The cached parse of a key: an index into infoList(), NO_RANGE, or NOT_CACHED. */
export function cachedInfoId(key: number): number {
  return cache.get(key);
}

/**
 * isbn3 data for a normalized 10/13 whose key is `key`, cached: its index into
 * infoList() (read the list after this call: it may start a new one), or
 * NO_RANGE. Callers pass checksum-valid strings only: a cached entry then
 * vouches for the checksum. Infos are frozen: they are shared.
 */
export function parseAndCache(key: number, normalized: string): number {
  const info = toInfo(ranges().parse(normalized)) ?? rangelessThirteen(normalized);
  if (cache.full) clearIsbnCache();
  const id = info ? infos.push(info) - 1 : NO_RANGE;
  cache.set(key, id); // key 0 (not ISBN-shaped) is never cached
  return id;
}

/** isbn3's result as an IsbnInfo without undefined-valued keys (979s have no 10). */
function toInfo(parsed: ReturnType<typeof Isbn3.parse>): IsbnInfo | null {
  if (!parsed) return null;
  const info: IsbnInfo = { isbn13: parsed.isbn13, hyphenated13: parsed.isbn13h };
  if (parsed.isbn10) {
    info.isbn10 = parsed.isbn10;
    info.hyphenated10 = parsed.isbn10h;
  }
  if (parsed.groupname) info.groupName = parsed.groupname;
  return Object.freeze(info);
}

/** A 978/979 ISBN-13 (not an ISMN's 9790), checksum-valid, that isbn3 has no range for: see IsbnInfo.rangeless. */
function rangelessThirteen(normalized: string): IsbnInfo | null {
  if (normalized.length !== 13 || !/^97[89]/.test(normalized) || normalized.startsWith('9790')) return null;
  const info: IsbnInfo = { isbn13: normalized, hyphenated13: normalized, rangeless: true };
  if (normalized.startsWith('978')) {
    const first9 = normalized.slice(3, 12);
    info.isbn10 = info.hyphenated10 = first9 + isbn10CheckDigit(first9);
  }
  return Object.freeze(info);
}

/** The cached id of a checksum-valid normalized 10/13, parsed on a miss. */
function idOf(normalized: string): number {
  const key = keyOf(normalized);
  const id = cachedInfoId(key);
  return id === NOT_CACHED ? parseAndCache(key, normalized) : id;
}

/**
 * The id of the rangeless ISBN-13 of a checksum-valid ISBN-10 that isbn3 has no range for,
 * for where the 10 is meant as an ISBN (a label, an isbn field, one typed in): unlabelled, one
 * number in eleven passes the check, and the range is what keeps a bare 10 in prose honest.
 */
export function tenWithoutRange(normalized10: string): number {
  const first12 = `978${normalized10.slice(0, 9)}`;
  return idOf(first12 + isbn13CheckDigit(first12));
}

/** Checksum-valid normalized 10/13 meant as an ISBN → its data, through the cache. */
function parseNormalized(normalized: string): IsbnInfo | undefined {
  let id = idOf(normalized);
  if (id === NO_RANGE && normalized.length === 10) id = tenWithoutRange(normalized);
  return id === NO_RANGE ? undefined : infos[id];
}

/**
 * Classify a normalized candidate: valid (with isbn3 data) or why not.
 * The checksum is tested first because it is cheap and rejects most noise;
 * isbn3 is consulted only for checksum-valid strings.
 */
export function classifyNormalized(normalized: string): IsbnVerdict {
  if (normalized.length !== 10 && normalized.length !== 13) return { valid: false, problem: 'length' };
  // An X anywhere but the last place of a 10 also lands here: a wrong check character.
  if (!hasValidChecksum(normalized)) return { valid: false, problem: 'checksum' };
  const info = parseNormalized(normalized);
  return info ? { valid: true, info } : { valid: false, problem: 'range' };
}

/**
 * The ISBN an invalid 13 most likely is when it is 978 followed by a valid
 * ISBN-10, its check digit kept (`978080537146X`): that ISBN-10's data, whose
 * ISBN-13 has the right check digit. Undefined otherwise.
 */
export function tenWith978(normalized: string): IsbnInfo | undefined {
  if (normalized.length !== 13 || !normalized.startsWith('978') || hasValidChecksum(normalized)) return undefined;
  const ten = normalized.slice(3);
  return hasValidChecksum(ten) ? parseNormalized(ten) : undefined;
}

/** Parse any written form (hyphens, spaces, lower-case x); undefined unless valid. */
export function parseIsbn(raw: string): IsbnInfo | undefined {
  const normalized = normalizeIsbn(raw);
  if (!hasValidChecksum(normalized)) return undefined;
  return parseNormalized(normalized);
}

export function toIsbn13(raw: string, hyphenate = false): string | undefined {
  const info = parseIsbn(raw);
  if (!info) return undefined;
  return hyphenate ? info.hyphenated13 : info.isbn13;
}

/** Hyphenate per isbn3 range data, keeping the written length (10 stays 10); undefined without a range. */
export function hyphenateIsbn(raw: string): string | undefined {
  const normalized = normalizeIsbn(raw);
  const info = parseIsbn(normalized);
  if (!info || info.rangeless) return undefined;
  return normalized.length === 10 ? info.hyphenated10 : info.hyphenated13;
}

/**
 * ISBN-13s that isbn3's audit proposes for a mistyped ISBN (wrong check digit,
 * wrong or missing 978/979 prefix). Empty for valid input and for input that is
 * not 10 or 13 characters long.
 */
export function suggestCorrections(raw: string): string[] {
  const normalized = normalizeIsbn(raw);
  if (normalized.length !== 10 && normalized.length !== 13) return [];
  if (parseIsbn(normalized)) return [];
  const found = new Set<string>();
  let clues: Array<{ candidate?: unknown }> = [];
  try {
    clues = ranges().audit(normalized).clues;
  } catch {
    // audit throws on input it cannot handle; no suggestions then.
  }
  for (const clue of clues) {
    // isbn.d.ts types `candidate` as a string, isbn3 2.0.11 returns an object
    // with isbn13 in it: accept both.
    const candidate = clue.candidate;
    const isbn13 =
      typeof candidate === 'string'
        ? toIsbn13(candidate)
        : candidate && typeof candidate === 'object' && 'isbn13' in candidate
          ? String((candidate as { isbn13: unknown }).isbn13)
          : undefined;
    if (isbn13) found.add(isbn13);
  }
  // audit looks ISBN-10s up without their implied 978 prefix and so never finds
  // their group; add the "check digit is wrong" candidate it would have made.
  if (normalized.length === 10 && /^[0-9]{9}/.test(normalized)) {
    const fixed = parseIsbn(normalized.slice(0, 9) + isbn10CheckDigit(normalized));
    if (fixed) found.add(fixed.isbn13);
  }
  return [...found];
}
