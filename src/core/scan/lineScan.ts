/**
 * ISBNs of a document by line, kept up to date as it is edited: after a
 * change only the touched lines, widened by the reach of the finder's rules, are
 * scanned again; everything below just moves by the number of lines added or
 * removed. An ISBN's label can sit on an earlier line (`isbn =\n  {978…`),
 * and an ISBN broken at a hyphen by a line's end (text taken from a PDF) ends
 * on the next line: each rule declares how far it reads (rules/rule.ts, Reach:
 * lines, characters across lines, an isbn field, the block of lines it stands in, the
 * document's start), and a rescan re-decides every line within that reach of an edit,
 * reading as far again around them. Diagnostics, code actions and inline titles all
 * read this index.
 */
import { foundBy, HEAD_SNIFF_CHARS, type IsbnMatch, scanIsbns } from '../isbn/find';
import { type KindReach, reachInLines, registeredRules } from '../isbn/rules/rule';
import '../isbn/rules';
import { documentShape } from '../documentKind/documentKind';
import { COLUMN_SNIFF_CHARS, SNIFF_CHARS, type TextShape } from '../isbn/textShape';
import { partitionPoint } from '../sorted';

export interface LineIsbn {
  line: number;
  /** UTF-16 columns: `start` in `line`, `end` in `endLine`. */
  start: number;
  end: number;
  /** The line of its end when that is a later line (`ISBN 978-⏎0131103627`). */
  endLine?: number;
  raw: string;
  labelled: boolean;
  valid: boolean;
  info?: IsbnMatch['info'];
  problem?: IsbnMatch['problem'];
  /** The line of its `isbn =` when that is an earlier line: the item is rescanned whenever that line is. */
  labelLine?: number;
  /**
   * For a valid ISBN found without a label: the identifier of the rule that found it
   * (`data.csv.columnNamesIsbn`); its few words for the user are the rule's `short`
   * (`ruleById(id)?.short`, "isbn column", see isbn/rules/).
   */
  foundBy?: string;
}

/** A document's lines, as the editor has them now. */
export interface LineSource {
  readonly lineCount: number;
  lineAt(line: number): string;
  /** The language id and file name, when known: they tell data (JSON, CSV…) from prose. Else the first lines tell. */
  readonly languageId?: string;
  readonly fileName?: string;
}

/** One change in the coordinates of the text before it: lines startLine..endLine (inclusive) were touched, `text` inserted. */
export interface LineChange {
  startLine: number;
  endLine: number;
  text: string;
}

/**
 * The rules whose reach is the whole text (Reach.document `text`), and how the index handles each,
 * since its scans read a few lines: `leftOut`, the index does not apply it (FindOptions.repeats:
 * false), and a scan of the whole text (findIsbns) stays the authority on what it finds;
 * `everywhere`, the index reads every part as the rule would read a text that calls for it
 * (FindOptions.halfWidth: full-width digits are read as ASCII in any part, whether or not the
 * document holds some). Every such rule must be here (lineScan.test.ts).
 */
export const WHOLE_TEXT_RULES: Readonly<Record<string, 'leftOut' | 'everywhere'>> = {
  'repeats.foundElsewhere': 'leftOut',
  'candidate.fullWidthDigits': 'everywhere',
};

/** The rules' reach, by the shape of text they read (rules/rule.ts, Reach), worked out on first ask. */
const REACH = new Map<TextShape['kind'], KindReach>();
/** How far a rescan reaches for the isbn field a line may belong to (`isbn = {…,\n …}`): the longest a rule reads. */
export const FIELD_LINES = Math.max(...registeredRules().map((rule) => rule.reach.field ?? 0));

/** The reach of the rules for a document of `shape`'s kind. */
export function kindReach(shape: TextShape): KindReach {
  let reach = REACH.get(shape.kind);
  if (reach === undefined) REACH.set(shape.kind, (reach = reachInLines(shape.kind)));
  return reach;
}

/** Lines of context a rescan reads on each side of a change in a document of `shape`: the most any rule for its kind reads. */
export function contextLines(shape: TextShape): number {
  return kindReach(shape).lines;
}

/** Lines read for a document's shape: a header and a few rows are enough, and a keystroke pays for them. */
const SNIFF_LINES = 8;

/** Lines scanned as one text by `scanAll`: a 20 MB document never becomes one more 20 MB string. */
export const SLICE_LINES = 2000;

/** Every ISBN of the document, scanned in slices, each read with as much around it as the rules reach. */
export function scanAll(source: LineSource): LineIsbn[] {
  const out: LineIsbn[] = [];
  const shape = lazyShape(source);
  const head = headOf(source);
  const last = source.lineCount - 1;
  for (let from = 0; from <= last; from += SLICE_LINES) {
    const to = Math.min(last, from + SLICE_LINES - 1);
    out.push(...decided(source, from, to, shape, head, FIELD_LINES));
  }
  return out;
}

/**
 * The ISBNs on lines from..to, decided as a scan of the whole document decides them: the lines
 * are read with as much around them as the rules for the document's kind reach (lines, characters
 * across lines, the block they stand in), at least `above` lines above, and one line more below
 * (an ISBN that starts on the last line may end on the next).
 */
function decided(source: LineSource, from: number, to: number, shape: () => TextShape, head: string, above = 0): LineIsbn[] {
  const reach = kindReach(shape());
  const last = source.lineCount - 1;
  let first = Math.min(from - above, linesHolding(source, from, -1, reach.across), from - reach.lines);
  for (const block of reach.blocks) first = Math.min(first, blockEdge(source, from, -1, block));
  const end = Math.max(to + 1, linesHolding(source, to, 1, reach.across), to + reach.lines);
  return scanLines(source, Math.max(0, first), Math.min(last, end), shape, head).filter((item) => item.line >= from && item.line <= to);
}

/** The line at least `chars` characters away from line `line` (whole lines), in direction `step` (-1 up, 1 down). */
function linesHolding(source: LineSource, line: number, step: -1 | 1, chars: number): number {
  let k = line;
  for (let held = 0; held < chars && k + step >= 0 && k + step < source.lineCount; ) {
    k += step;
    held += source.lineAt(k).length + 1;
  }
  return k;
}

/**
 * The edge of the block of lines `line` stands in (Reach.block), in direction `step`: up, the
 * line above its first (a table's header); down, its last line. `line` itself when it is no block's.
 */
function blockEdge(source: LineSource, line: number, step: -1 | 1, block: { inside: RegExp; chars: number }): number {
  let k = line;
  if (k >= source.lineCount || !block.inside.test(source.lineAt(k))) return line;
  for (let held = 0; held < block.chars && k + step >= 0 && k + step < source.lineCount; ) {
    const text = source.lineAt(k + step);
    k += step;
    held += text.length + 1;
    if (!block.inside.test(text)) return step < 0 ? k : k - 1;
  }
  return k;
}

/**
 * The document's shape (prose or which kind of data, a CSV's header) from its
 * language id, name and first lines: a slice or a few rescanned lines are read as
 * the whole document is.
 */
export function shapeOf(source: LineSource): TextShape {
  return documentShape(source, linesUpTo(source, SNIFF_LINES, SNIFF_CHARS), () => linesUpTo(source, source.lineCount, COLUMN_SNIFF_CHARS));
}

/** The document's first lines, at most `lines` of them and about `chars` characters. */
function linesUpTo(source: LineSource, lines: number, chars: number): string {
  let head = '';
  const last = Math.min(source.lineCount, lines);
  for (let line = 0; line < last && head.length < chars; line++) head += source.lineAt(line) + '\n';
  return head;
}

/** The document's start as the finder reads it for a part of it (FindOptions.head). */
function headOf(source: LineSource): string {
  return linesUpTo(source, source.lineCount, HEAD_SNIFF_CHARS).slice(0, HEAD_SNIFF_CHARS);
}

/** shapeOf, worked out on the first call only: most scans never need it (see FindOptions.shape). */
function lazyShape(source: LineSource): () => TextShape {
  let shape: TextShape | undefined;
  return () => (shape ??= shapeOf(source));
}

/** ISBNs on lines from..to (inclusive), scanned as one text. */
export function scanLines(source: LineSource, from: number, to: number, shape: () => TextShape = lazyShape(source), head = headOf(source)): LineIsbn[] {
  if (to < from) return [];
  const starts: number[] = [];
  const parts: string[] = [];
  let offset = 0;
  for (let line = from; line <= to; line++) {
    const text = source.lineAt(line);
    starts.push(offset);
    parts.push(text);
    offset += text.length + 1;
  }
  const out: LineIsbn[] = [];
  const text = parts.join('\n');
  const bodies = fieldBodies(text);
  let k = 0;
  let b = 0;
  // The rules that read the whole text, as the index handles them (WHOLE_TEXT_RULES).
  const found = scanIsbns(text, { shape, repeats: false, halfWidth: true, head });
  for (let i = 0; i < found.length; i++) {
    const start = found.start(i);
    const labelled = found.labelled(i);
    while (k + 1 < starts.length && starts[k + 1] <= start) k++;
    const end = found.end(i);
    let e = k; // the line of its last character
    while (e + 1 < starts.length && starts[e + 1] < end) e++;
    const item: LineIsbn = { line: from + k, start: start - starts[k], end: end - starts[e], raw: found.raw(i), labelled, valid: found.valid(i) };
    if (e > k) item.endLine = from + e;
    const info = found.info(i);
    if (info) item.info = info;
    const problem = found.problem(i);
    if (problem) item.problem = problem;
    if (!labelled && item.valid) item.foundBy = foundBy(found, i)!.id;
    while (b < bodies.length && bodies[b].end < start) b++;
    const body = bodies[b];
    if (labelled && body && body.start <= start && body.opener < starts[k]) {
      let j = k;
      while (j > 0 && starts[j] > body.opener) j--;
      item.labelLine = from + j;
    }
    out.push(item);
  }
  return out;
}

/**
 * The index after `changes` (in the order the editor reports them, each in
 * the coordinates left by the previous one), given the source as it is now.
 */
export function rescan(previous: readonly LineIsbn[], changes: readonly LineChange[], source: LineSource): LineIsbn[] {
  const shape = lazyShape(source);
  const reach = kindReach(shape());
  let items = previous as LineIsbn[];
  // Dirty line ranges, kept in the coordinates of the latest change applied.
  let dirty: Array<[number, number]> = [];
  for (const change of changes) {
    const { startLine: s, endLine: e } = change;
    const added = countLineBreaks(change.text) - (e - s);
    // Items on the changed lines are gone; those below move, and so does a label line below;
    // a label line in the change is pinned to its start, which is rescanned.
    items = items.flatMap((item) => {
      if (lastLine(item) < s) return [item];
      if (item.line <= e) return [];
      if (added === 0 && (item.labelLine === undefined || item.labelLine < s || item.labelLine > e)) return [item];
      const moved = { ...item, line: item.line + added };
      if (item.endLine !== undefined) moved.endLine = item.endLine + added;
      if (item.labelLine !== undefined && item.labelLine >= s) moved.labelLine = item.labelLine > e ? item.labelLine + added : s;
      return [moved];
    });
    dirty = dirty.map(([a, b]): [number, number] => (a > e ? [a + added, b + added] : b < s ? [a, b] : [Math.min(a, s), Math.max(b + added, e + added)]));
    dirty.push([s, e + added]);
  }
  const last = source.lineCount - 1;
  // Every line within the rules' reach of a change is decided again: as many lines, as many
  // characters across lines, and the rest of a block (a table) below it.
  let ranges = merge(dirty.map(([a, b]) => widen(source, ...affected(source, Math.max(0, a), Math.min(last, b), reach))));
  // ISBNs below a range whose label lies in it are rescanned with it, and so is the rest of
  // their field (a slice that ends inside a field cuts it short at its first line's end); an
  // ISBN that starts above a range and ends in it (broken by a line's end, and the run it
  // opens) is rescanned from its start: widened again until nothing more joins.
  for (let grown = true; grown; ) {
    grown = false;
    for (const item of items) {
      const range = item.labelLine === undefined ? undefined : ranges.find(([a, b]) => item.labelLine! >= a && item.labelLine! <= b && item.line > b);
      if (range) {
        range[1] = item.line;
        grown = true;
      }
      const above = ranges.find(([a]) => item.line < a && lastLine(item) >= a);
      if (above) {
        above[0] = item.line;
        grown = true;
      }
    }
    if (grown) ranges = merge(ranges.map(([a, b]) => widen(source, a, b)));
  }
  const kept = items.filter((item) => !ranges.some(([a, b]) => item.line >= a && item.line <= b));
  const head = headOf(source);
  const scanned = ranges.flatMap(([a, b]) => decided(source, a, b, shape, head));
  if (scanned.length === 0 && kept.length === items.length) return items;
  return [...kept, ...scanned].sort((x, y) => x.line - y.line || x.start - y.start);
}

/** The lines whose candidates an edit of lines from..to may change: those within the rules' reach of them. */
function affected(source: LineSource, from: number, to: number, reach: KindReach): [number, number] {
  const last = source.lineCount - 1;
  const a = Math.min(from - reach.lines, linesHolding(source, from, -1, reach.across));
  let b = Math.max(to + reach.lines, linesHolding(source, to, 1, reach.across));
  for (const block of reach.blocks) b = Math.max(b, blockEdge(source, Math.min(last, to), 1, block));
  return [Math.max(0, a), Math.min(last, b)];
}

/**
 * Widens a dirty range to whole isbn fields, whose ISBNs are labelled only
 * when the scan starts at `isbn =`: up to the opener of a field that reaches
 * into the range, and down to where any field opened in the range closes.
 */
function widen(source: LineSource, from: number, to: number): [number, number] {
  // From the new start on, keep looking: that line may sit in a field opened above it.
  for (let k = from - 1; k >= 0 && k >= from - FIELD_LINES; k--) {
    if (fieldEnd(source, k) >= from) from = k;
  }
  let end = to;
  for (let k = from; k <= to; k++) end = Math.max(end, fieldEnd(source, k));
  return [from, end];
}

/** The last line reached by a field opened on `line` (the line itself when none is). */
function fieldEnd(source: LineSource, line: number): number {
  const text = source.lineAt(line);
  let end = line;
  for (let at = text.search(ISBN_WORD); at >= 0; at = nextMention(text, at)) end = Math.max(end, fieldEndLine(source, line, at + 4));
  return end;
}

function nextMention(text: string, at: number): number {
  const next = text.slice(at + 4).search(ISBN_WORD);
  return next < 0 ? -1 : at + 4 + next;
}

/**
 * If `isbn` ending at (line, col) opens a field (`=`, then `{` or `"`,
 * across line breaks too), the line where that field closes; else `line`.
 */
function fieldEndLine(source: LineSource, line: number, col: number): number {
  const limit = Math.min(source.lineCount - 1, line + FIELD_LINES);
  let phase: 'equals' | 'open' | 'braces' | 'quote' = 'equals';
  let depth = 0;
  for (let k = line; k <= limit; k++) {
    const text = source.lineAt(k);
    for (let j = k === line ? col : 0; j < text.length; j++) {
      const c = text[j];
      if (phase === 'equals' || phase === 'open') {
        // As the finder's label look-back: any gap character before `=`, blanks after it.
        if (c === ' ' || c === '\t' || (phase === 'equals' && LABEL_GAP.includes(c))) continue;
        if (phase === 'equals' && c === '=') phase = 'open';
        else if (phase === 'open' && (c === '{' || c === '"')) {
          phase = c === '{' ? 'braces' : 'quote';
          depth = 1;
        } else return line;
      } else if (phase === 'quote' ? c === '"' : c === '}' && --depth === 0) {
        return k;
      } else if (phase === 'braces' && c === '{') depth++;
    }
  }
  return phase === 'equals' || phase === 'open' ? line : limit;
}

const ISBN_WORD = /isbn/i;
const LABEL_GAP = '\u00a0~*_:#/([{"-';

// An isbn field opener as the finder reads one: gap characters, `=`, blanks, `{` or `"`.
const OPENER = /isbn[ \t\r\n\u00a0~*_:#/([{"-]*=\s*([{"])/gi;
const FIELD_LIMIT = 4096;

/** Bodies of the isbn fields in a text, in order: where the opener starts and the body's extent. */
function fieldBodies(text: string): Array<{ opener: number; start: number; end: number }> {
  const bodies: Array<{ opener: number; start: number; end: number }> = [];
  OPENER.lastIndex = 0;
  for (let m; (m = OPENER.exec(text)) !== null; ) {
    const start = m.index + m[0].length;
    const limit = Math.min(text.length, start + FIELD_LIMIT);
    let end = -1;
    if (m[1] === '"') {
      end = text.indexOf('"', start);
      if (end >= limit) end = -1;
    } else {
      for (let k = start, depth = 1; k < limit && end < 0; k++) {
        if (text[k] === '{') depth++;
        else if (text[k] === '}' && --depth === 0) end = k;
      }
    }
    // Unclosed: the finder ends the field at its line end.
    if (end < 0) end = text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start);
    bodies.push({ opener: m.index, start, end });
    OPENER.lastIndex = Math.max(start, end);
  }
  return bodies;
}

function countLineBreaks(text: string): number {
  let n = 0;
  for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) n++;
  // A lone CR is a line break too (old Mac files); CRLF counts once.
  for (let k = text.indexOf('\r'); k >= 0; k = text.indexOf('\r', k + 1)) if (text[k + 1] !== '\n') n++;
  return n;
}

function merge(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const r of sorted) {
    const top = out[out.length - 1];
    if (top && r[0] <= top[1] + 1) top[1] = Math.max(top[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** Items on lines from..to (inclusive) of a sorted index, by binary search. */
export function itemsInLines(items: readonly LineIsbn[], from: number, to: number): LineIsbn[] {
  let lo = partitionPoint(items.length, (k) => items[k].line < from);
  // The last ISBN above may end on a line of the range (broken by a line's end).
  if (lo > 0 && lastLine(items[lo - 1]) >= from) lo--;
  const out: LineIsbn[] = [];
  for (let k = lo; k < items.length && items[k].line <= to; k++) out.push(items[k]);
  return out;
}

/** The line an ISBN ends on. */
export function lastLine(item: LineIsbn): number {
  return item.endLine ?? item.line;
}
