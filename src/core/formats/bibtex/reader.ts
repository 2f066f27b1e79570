/**
 * A linear, lossless BibTeX/BibLaTeX reader (hand-written, as texlab's and
 * JabRef's are: the PEG parser we had is exponential on unclosed braces and
 * ~90× a regex pass on a Zotero library; see the commit for the figures).
 *
 * It reads top-level items one after another and keeps offsets only, so any
 * value is `text.slice(valueStart, valueEnd)`. As BibTeX does, text outside
 * entries is ignored up to the next `@`, and `@string`/`@preamble` are not
 * entries. `@comment{…}` skips its balanced body (as biber, JabRef and
 * bibtex-tidy do), so an entry written inside it is not read.
 *
 * A broken item costs itself only: inside an item, a line whose first
 * non-blank is `@` always starts a new item, so an unclosed brace stops at the
 * next entry instead of swallowing the file. Braces are counted, never
 * recursed into, so nesting depth costs nothing and every character is looked
 * at a bounded number of times.
 */

export type ValueKind = 'braced' | 'quoted' | 'number' | 'macro' | 'concat';

export interface BibField {
  /** Lower-case name. */
  name: string;
  /** The name as written (ISBN, Title, …). */
  writtenName: string;
  /** Offset of the name. */
  readonly start: number;
  /** Offset of the `=`. */
  readonly equals: number;
  /** The value with its delimiters: text.slice(valueStart, valueEnd). */
  readonly valueStart: number;
  readonly valueEnd: number;
  kind: ValueKind;
}

/**
 * A field keeps its offsets from its entry's start, so that moving an entry
 * (an edit before it) moves its fields with one number.
 */
class Field implements BibField {
  constructor(
    private readonly entry: { start: number },
    readonly name: string,
    readonly writtenName: string,
    private readonly startFromEntry: number,
    private readonly equalsFromEntry: number,
    private readonly valueStartFromEntry: number,
    private readonly valueEndFromEntry: number,
    readonly kind: ValueKind,
  ) {}

  get start(): number {
    return this.entry.start + this.startFromEntry;
  }
  get equals(): number {
    return this.entry.start + this.equalsFromEntry;
  }
  get valueStart(): number {
    return this.entry.start + this.valueStartFromEntry;
  }
  get valueEnd(): number {
    return this.entry.start + this.valueEndFromEntry;
  }
  toJSON(): BibField {
    const { name, writtenName, start, equals, valueStart, valueEnd, kind } = this;
    return { name, writtenName, start, equals, valueStart, valueEnd, kind };
  }
}

export interface BibEntry {
  /** Lower-case entry type: book, article, … */
  type: string;
  key: string;
  /** `@` to just after the closing delimiter. */
  start: number;
  end: number;
  /** Offset of the key (the opening delimiter's next non-blank when the key is empty). */
  keyStart: number;
  fields: BibField[];
}

export interface BibParseError {
  /** Offset of the item that failed, and of the error in it. */
  chunkStart: number;
  offset: number;
  message: string;
}

/** One top-level item: what it spans (through the `@` where reading goes on, for a broken one). */
export type BibItem =
  | { kind: 'entry'; start: number; end: number; entry: BibEntry }
  | { kind: 'string' | 'preamble' | 'comment'; start: number; end: number }
  /** A broken entry keeps its key when it got that far: the key is still taken. */
  | { kind: 'error'; start: number; end: number; error: BibParseError; key?: string };

const AT = 64;
const LBRACE = 123;
const RBRACE = 125;
const LPAREN = 40;
const RPAREN = 41;
const QUOTE = 34;
const COMMA = 44;
const EQUALS = 61;
const HASH = 35;
const NEWLINE = 10;
const PERCENT = 37;

/** BibTeX's identifier characters: anything but blanks and `"#%'(),={}`. */
const NOT_IDENTIFIER = new Uint8Array(128);
for (const c of '"#%\'(),={}') NOT_IDENTIFIER[c.charCodeAt(0)] = 1;

function isBlank(c: number): boolean {
  return c <= 32 || c === 0xfeff || c === 0xa0;
}

function isIdentifier(c: number): boolean {
  return c < 128 ? c > 32 && NOT_IDENTIFIER[c] === 0 : !isBlank(c);
}

class Broken {
  constructor(
    readonly offset: number,
    readonly message: string,
    /** Where reading goes on: a line-start `@` met inside the item, else found after the error. */
    readonly resume?: number,
  ) {}
}

/**
 * Reads items from `from`. `onItem` returns false to stop. Returns the offset
 * reading stopped at (the text's length when it read to the end).
 */
export function readItems(text: string, from: number, onItem: (item: BibItem) => boolean): number {
  return new SlicedReader(text).read(from, onItem);
}

/** readItems in slices: one reader goes on from where the last slice stopped, with what it learnt. */
export class SlicedReader {
  private readonly reader: ItemReader;

  constructor(private readonly text: string) {
    this.reader = new ItemReader(text);
  }

  read(from: number, onItem: (item: BibItem) => boolean): number {
    const text = this.text;
    let pos = from;
    for (;;) {
      const at = text.indexOf('@', pos);
      if (at < 0) return text.length;
      const item = this.reader.item(at);
      if (!item) {
        pos = Math.max(at + 1, this.reader.stoppedAt);
        continue;
      }
      pos = item.end;
      if (!onItem(item)) return pos;
    }
  }
}

/** Every item of the text, in order. */
export function readAllItems(text: string): BibItem[] {
  const items: BibItem[] = [];
  readItems(text, 0, (item) => {
    items.push(item);
    return true;
  });
  return items;
}

/** The message of a `@comment` never closed: after one, reading depends on it (see ItemReader.comment). */
export const UNCLOSED_COMMENT = 'the comment is not closed';

class ItemReader {
  private p = 0;
  private unclosedComment = false;
  private key: string | undefined;
  private readonly n: number;

  constructor(private readonly text: string) {
    this.n = text.length;
  }

  /** Where the last item() that found nothing stopped looking: no `@` before it starts an item. */
  get stoppedAt(): number {
    return this.p;
  }

  /** The item at the `@` at `at`, or undefined when that `@` starts nothing (junk between entries). */
  item(at: number): BibItem | undefined {
    const text = this.text;
    this.p = at + 1;
    this.skipBlanks();
    const typeStart = this.p;
    // A type ends at an `@` too, so that `@a@a@a…` costs each `@` only its own letters.
    while (this.p < this.n && isIdentifier(text.charCodeAt(this.p)) && text.charCodeAt(this.p) !== AT) this.p++;
    if (this.p === typeStart) return undefined;
    const type = text.slice(typeStart, this.p).toLowerCase();
    this.skipBlanks();
    const opener = text.charCodeAt(this.p);
    if (opener !== LBRACE && opener !== LPAREN) return undefined;
    const close = opener === LBRACE ? RBRACE : RPAREN;
    this.p++;
    this.key = undefined;
    try {
      switch (type) {
        case 'comment':
          return { kind: 'comment', start: at, end: this.comment(at, close) };
        case 'preamble':
          return { kind: 'preamble', start: at, end: this.body(close) };
        case 'string': {
          this.fields(close, { start: at, fields: [] });
          return { kind: 'string', start: at, end: this.p };
        }
        default:
          return this.entry(at, type, close);
      }
    } catch (e) {
      if (!(e instanceof Broken)) throw e;
      const end = e.resume ?? this.nextLineAt(e.offset);
      const error = { chunkStart: at, offset: e.offset, message: e.message };
      return this.key === undefined ? { kind: 'error', start: at, end, error } : { kind: 'error', start: at, end, error, key: this.key };
    }
  }

  private entry(at: number, type: string, close: number): BibItem {
    const text = this.text;
    this.skipSpace();
    const keyStart = this.p;
    for (;;) {
      const c = text.charCodeAt(this.p);
      if (this.p >= this.n || c === COMMA || c === close || isBlank(c)) break;
      this.p++;
    }
    const key = text.slice(keyStart, this.p);
    this.key = key;
    this.skipSpace();
    const entry: BibEntry = { type, key, start: at, end: at, keyStart, fields: [] };
    const c = text.charCodeAt(this.p);
    if (c === COMMA) {
      this.p++;
      this.fields(close, entry);
    } else if (c === close) {
      this.p++;
    } else {
      throw new Broken(this.p, this.p >= this.n ? 'the entry is not closed' : 'a comma or the end of the entry was expected after the key');
    }
    entry.end = this.p;
    return { kind: 'entry', start: at, end: this.p, entry };
  }

  /** `name = value` pairs separated by commas, up to and through the closing delimiter. */
  private fields(close: number, out: Pick<BibEntry, 'start' | 'fields'>): void {
    const text = this.text;
    for (;;) {
      this.skipSpace();
      if (text.charCodeAt(this.p) === close) {
        this.p++;
        return;
      }
      const start = this.p;
      while (this.p < this.n && isIdentifier(text.charCodeAt(this.p))) this.p++;
      if (this.p === start) throw new Broken(this.p, this.p >= this.n ? 'the entry is not closed' : 'a field name was expected');
      const writtenName = text.slice(start, this.p);
      this.skipSpace();
      if (text.charCodeAt(this.p) !== EQUALS) throw new Broken(this.p, `"=" was expected after the field name ${writtenName}`);
      const equals = this.p++;
      this.skipSpace();
      const valueStart = this.p;
      const kind = this.value(close);
      const at = out.start;
      out.fields.push(new Field(out, writtenName.toLowerCase(), writtenName, start - at, equals - at, valueStart - at, this.p - at, kind));
      this.skipSpace();
      const c = text.charCodeAt(this.p);
      if (c === COMMA) this.p++;
      else if (c === close) {
        this.p++;
        return;
      } else throw new Broken(this.p, this.p >= this.n ? 'the entry is not closed' : 'a comma or the end of the entry was expected after a value');
    }
  }

  /** A value: pieces joined by `#`. */
  private value(close: number): ValueKind {
    const text = this.text;
    let kind: ValueKind | undefined;
    for (;;) {
      const c = text.charCodeAt(this.p);
      let piece: ValueKind;
      if (c === LBRACE) {
        this.p = this.balanced(this.p + 1, -1);
        piece = 'braced';
      } else if (c === QUOTE) {
        this.p = this.balanced(this.p + 1, QUOTE);
        piece = 'quoted';
      } else if (c >= 48 && c <= 57) {
        piece = 'number';
        for (; this.p < this.n; this.p++) {
          const d = text.charCodeAt(this.p);
          if (d >= 48 && d <= 57) continue;
          if (!isIdentifier(d)) break;
          piece = 'macro';
        }
      } else if (isIdentifier(c) && c !== close) {
        while (this.p < this.n && isIdentifier(text.charCodeAt(this.p))) this.p++;
        piece = 'macro';
      } else {
        throw new Broken(this.p, this.p >= this.n ? 'the entry is not closed' : 'a value was expected');
      }
      kind = kind === undefined ? piece : 'concat';
      const before = this.p;
      this.skipSpace();
      if (text.charCodeAt(this.p) !== HASH) {
        this.p = before;
        return kind;
      }
      this.p++;
      this.skipSpace();
    }
  }

  /**
   * From just inside an opening `{` (end = -1) or `"` (end = QUOTE) to just
   * after its closing one, braces counted. Throws at a line-start `@`.
   */
  private balanced(from: number, end: number): number {
    const text = this.text;
    const n = this.n;
    let depth = 0;
    for (let i = from; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === LBRACE) depth++;
      else if (c === RBRACE) {
        if (depth === 0) {
          if (end === -1) return i + 1;
          throw new Broken(i, 'a closing brace ends a quoted value that is still open');
        }
        depth--;
      } else if (c === end && depth === 0) return i + 1;
      else if (c === NEWLINE) {
        const at = this.lineAt(i + 1);
        if (at >= 0) throw new Broken(at, end === -1 ? 'a brace is not closed before the next entry' : 'a quote is not closed before the next entry', at);
      }
    }
    throw new Broken(n, end === -1 ? 'a brace is not closed' : 'a quote is not closed');
  }

  /**
   * A `@comment` body is skipped whole, entries written in it included. One
   * that is never closed costs only itself: reading goes on at the first
   * line-start `@` in it, and later comments are then cut at line-start `@`s
   * too, so that no text is scanned to its end twice.
   */
  private comment(at: number, close: number): number {
    if (this.unclosedComment) return this.body(close);
    const end = this.balancedTo(close, false);
    if (end >= 0) return end;
    this.unclosedComment = true;
    throw new Broken(this.n, UNCLOSED_COMMENT, this.nextLineAt(at));
  }

  /** A `@preamble` body (or a comment's, once one was never closed) through its closing delimiter. */
  private body(close: number): number {
    const end = this.balancedTo(close, true);
    if (end >= 0) return end;
    throw new Broken(this.n, 'the item is not closed');
  }

  /**
   * Reads from this.p through `close` outside nested braces and returns the
   * index after it (this.p moves there), or -1 when the text ends first. With
   * `stopAtEntry`, a line-start entry before it breaks the item (see lineAt).
   */
  private balancedTo(close: number, stopAtEntry: boolean): number {
    const text = this.text;
    let depth = 0;
    for (let i = this.p; i < this.n; i++) {
      const c = text.charCodeAt(i);
      if (c === LBRACE) depth++;
      else if (c === RBRACE && depth > 0) depth--;
      else if (c === close && depth === 0) return (this.p = i + 1);
      else if (c === NEWLINE && stopAtEntry) {
        const at = this.lineAt(i + 1);
        if (at >= 0) throw new Broken(at, 'the item is not closed before the next entry', at);
      }
    }
    return -1;
  }

  /**
   * Blanks between an entry's tokens, and `%` comments to the end of the line
   * (biber and latex-utensils read them; BibTeX would stop); a line-start `@`
   * among them ends the entry.
   */
  private skipSpace(): void {
    const text = this.text;
    while (this.p < this.n) {
      const c = text.charCodeAt(this.p);
      if (c === PERCENT) {
        const eol = text.indexOf('\n', this.p);
        this.p = eol < 0 ? this.n : eol;
        continue;
      }
      if (!isBlank(c)) return;
      this.p++;
      if (c === NEWLINE) {
        const at = this.lineAt(this.p);
        if (at >= 0) throw new Broken(at, 'the entry is not closed before the next one', at);
      }
    }
  }

  private skipBlanks(): void {
    while (this.p < this.n && isBlank(this.text.charCodeAt(this.p))) this.p++;
  }

  /** The `@` that is the first non-blank of the line starting at `i`, or -1. */
  private lineAt(i: number): number {
    const text = this.text;
    for (; i < this.n; i++) {
      const c = text.charCodeAt(i);
      if (c === AT) return i;
      if (c !== 32 && c !== 9) return -1;
    }
    return -1;
  }

  /** The next line-start `@` after `offset`, or the end of the text. */
  private nextLineAt(offset: number): number {
    const re = /\n[ \t]*@/g;
    re.lastIndex = offset;
    const m = re.exec(this.text);
    return m ? m.index + m[0].length - 1 : this.n;
  }
}
