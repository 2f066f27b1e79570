// Binary MARC (ISO 2709, `.mrc`): which field and subfield a number sits in.
// A record is a 24-character leader, a directory of 12-character entries (tag,
// length, offset) ended by U+001E, then the fields, each ended by U+001E, and
// U+001D after the last. A field's tag is in the directory, not beside the
// field: the n-th field belongs to the n-th entry. The entries' lengths and
// offsets count bytes, which a text decoded as UTF-8 (or with MARC-8 bytes
// replaced) no longer matches, so fields are counted, not located by offset.
// Called only for bare 10-digit numbers in MARC data; every search moves
// forward from the last number's place, so a file of records is read about
// once whatever it holds, cut or damaged. Pure: no `vscode` import.

const RECORD_END = '\x1d';
const FIELD_END = '\x1e';
const SUBFIELD = 0x1f;
const LEADER_LENGTH = 24;
const ENTRY_LENGTH = 12;
/** How far back from a number its subfield's delimiter may be (a long note field is not read whole for each number). */
const SUBFIELD_REACH = 4096;

/** A record's start: a leader, 24 characters (some writers leave its record length blank), then a directory entry. */
const RECORD_START = /^[^\x1d\x1e\x1f]{24}[0-9A-Za-z]{3}[0-9]{9}/;

/**
 * Is `head` (the start of a text) binary MARC? It opens with a leader and a
 * directory ended by U+001E, or, cut elsewhere, holds field and subfield
 * delimiters, which no prose or other data holds.
 */
export function looksLikeIso2709(head: string): boolean {
  if (RECORD_START.test(head) && head.includes(FIELD_END)) return true;
  let fields = 0;
  let subfields = 0;
  for (let k = 0; k < head.length && (fields < 3 || subfields < 3); k++) {
    const c = head.charCodeAt(k);
    if (c === 0x1e) fields++;
    else if (c === SUBFIELD) subfields++;
  }
  return fields >= 3 && subfields >= 3;
}

/** Where a MARC field holding a number is: its tag, its subfield's code, and whether its record is UNIMARC. */
export interface MarcPlace {
  tag: string;
  code: string;
  unimarc: boolean;
}

/** The first index of one character at or after a point, remembered: asked with points that only grow, one search serves many. */
class NextOf {
  private from = Infinity;
  private at = -1;
  constructor(private readonly char: string) {}

  /** Index of the first `char` at or after `from`, or the text's length. */
  next(text: string, from: number): number {
    if (from < this.from || from > this.at) {
      const at = text.indexOf(this.char, from);
      this.from = from;
      this.at = at < 0 ? text.length : at;
    }
    return this.at;
  }
}

/**
 * The records of one text as far as the finder has read it: the record and
 * field that held the last number asked about. Numbers are asked about in
 * order; one before the last starts the walk again from the text's start.
 */
export class Iso2709Reader {
  private readonly records = new NextOf(RECORD_END);
  private readonly fields = new NextOf(FIELD_END);
  /** The record: text[recordStart, recordEnd), recordEnd at its U+001D or the text's end (a file cut short). */
  private recordStart = 0;
  private recordEnd = -1;
  /** Its leader's index (past line breaks some writers put between records; a leader may open with blanks), -1 when it has none. */
  private leader = -1;
  /** The U+001E ending its directory. */
  private directoryEnd = -1;
  private unimarc = false;
  /** The field: its index after the directory (-1: the leader and directory), and text[fieldStart, fieldEnd). */
  private field = -1;
  private fieldStart = 0;
  private fieldEnd = -1;

  constructor(private readonly text: string) {}

  /** The field and subfield holding text[at], or undefined when its record's directory does not name it. */
  placeOf(at: number): MarcPlace | undefined {
    if (at < this.recordStart) {
      this.recordStart = 0;
      this.recordEnd = -1;
    }
    if (this.recordEnd < 0 || at > this.recordEnd) this.openRecord(at);
    if (at < this.fieldStart) this.firstField();
    while (at > this.fieldEnd && this.fieldEnd < this.recordEnd) {
      this.field++;
      this.fieldStart = this.fieldEnd + 1;
      this.fieldEnd = Math.min(this.fields.next(this.text, this.fieldStart), this.recordEnd);
    }
    const tag = this.tag(this.field);
    if (tag === undefined) return undefined;
    return { tag, code: this.codeBefore(at), unimarc: this.unimarc };
  }

  /** Moves on to the record holding `at`. */
  private openRecord(at: number): void {
    const text = this.text;
    if (this.recordEnd >= 0) this.recordStart = this.recordEnd + 1;
    for (;;) {
      this.recordEnd = this.records.next(text, this.recordStart);
      if (at <= this.recordEnd || this.recordEnd >= text.length) break;
      this.recordStart = this.recordEnd + 1;
    }
    let leader = this.recordStart;
    for (let c = text.charCodeAt(leader); leader < this.recordEnd && (c === 10 || c === 13); c = text.charCodeAt(++leader));
    this.leader = RECORD_START.test(text.slice(leader, leader + LEADER_LENGTH + ENTRY_LENGTH)) ? leader : -1;
    this.directoryEnd = this.leader < 0 ? -1 : Math.min(this.fields.next(text, this.leader), this.recordEnd);
    this.unimarc = this.leader >= 0 && this.isUnimarc();
    this.firstField();
  }

  private firstField(): void {
    this.field = -1;
    this.fieldStart = this.recordStart;
    this.fieldEnd = this.directoryEnd >= 0 ? this.directoryEnd : this.recordEnd;
  }

  /** The tag of the record's `field`-th field, if its directory has that entry. */
  private tag(field: number): string | undefined {
    if (field < 0 || this.leader < 0) return undefined;
    const entry = this.leader + LEADER_LENGTH + field * ENTRY_LENGTH;
    if (entry + ENTRY_LENGTH > this.directoryEnd) return undefined;
    const tag = this.text.slice(entry, entry + 3);
    return /^[0-9A-Za-z]{3}$/.test(tag) ? tag : undefined;
  }

  /** UNIMARC (title in 200, ISBN in 010) rather than MARC 21 (title in 245, LCCN in 010), by the record's tags. */
  private isUnimarc(): boolean {
    let title200 = false;
    for (let entry = this.leader + LEADER_LENGTH; entry + ENTRY_LENGTH <= this.directoryEnd; entry += ENTRY_LENGTH) {
      const tag = this.text.slice(entry, entry + 3);
      if (tag === '245') return false;
      if (tag === '200') title200 = true;
    }
    return title200;
  }

  /** The code of the subfield holding text[at]: the character after its delimiter ('' when none is in reach). */
  private codeBefore(at: number): string {
    const stop = Math.max(this.fieldStart, at - SUBFIELD_REACH);
    for (let k = at - 1; k >= stop; k--) {
      if (this.text.charCodeAt(k) === SUBFIELD) return this.text[k + 1] ?? '';
    }
    return '';
  }
}

/**
 * Is text[at] inside a binary MARC field (a delimiter or terminator before it
 * on its line), not in a mnemonic or display line (`=020  \\$a…`)?
 */
export function inIso2709Field(text: string, at: number): boolean {
  const stop = Math.max(0, at - SUBFIELD_REACH);
  for (let k = at - 1; k >= stop; k--) {
    const c = text.charCodeAt(k);
    if (c === SUBFIELD || c === 0x1e || c === 0x1d) return true;
    if (c === 10) return false;
  }
  return false;
}
