/**
 * Where an annotation may go in Markdown: not in front matter, fenced code,
 * HTML comments, inline code, URLs or link targets, where added text would
 * change what the file means rather than what it says.
 */
import { partitionPoint } from '../../sorted';

export interface Zone {
  start: number;
  end: number;
}

/** Front matter, fenced code blocks and HTML comments, in order. */
export function protectedZones(text: string): Zone[] {
  const zones: Zone[] = [];
  const front = /^---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (front) zones.push({ start: 0, end: front[0].length });
  const fence = /^ {0,3}(`{3,}|~{3,})/gm;
  let open: { start: number; marker: string } | undefined;
  for (let m; (m = fence.exec(text)) !== null; ) {
    if (m.index < (front?.[0].length ?? 0)) continue;
    if (!open) open = { start: m.index, marker: m[1] };
    else if (m[1][0] === open.marker[0] && m[1].length >= open.marker.length) {
      const eol = text.indexOf('\n', m.index);
      zones.push({ start: open.start, end: eol < 0 ? text.length : eol });
      open = undefined;
    }
  }
  if (open) zones.push({ start: open.start, end: text.length }); // an unclosed fence runs to the end
  const comment = /<!--[\s\S]*?(?:-->|$)/g;
  for (let m; (m = comment.exec(text)) !== null; ) zones.push({ start: m.index, end: m.index + m[0].length });
  return zones.sort((a, b) => a.start - b.start);
}

export function inZones(zones: readonly Zone[], offset: number): boolean {
  // The last zone starting at or before offset.
  const found = partitionPoint(zones.length, (k) => zones[k].start <= offset) - 1;
  // Zones may nest (a comment inside a fence): look back over the few before.
  for (let k = found; k >= 0 && k >= found - 4; k--) if (offset < zones[k].end) return true;
  return false;
}

/**
 * Where the annotation of an ISBN at text[start, end) goes, or -1 when the
 * ISBN sits inside inline code, a URL, a link target, image text or an HTML
 * tag. After `**978…**` it goes after the closing emphasis; when the ISBN is
 * (in) the text of a link, after the whole link: `[ISBN 978…](https://…)`.
 */
export function insertionPoint(text: string, start: number, end: number): number {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text.slice(lineStart, start);
  if (countUnescaped(before, '`') % 2 === 1) return -1; // inside inline code
  // The word glued to the ISBN: a URL path, query, link target or tag attribute.
  const glued = /\S*$/.exec(before)![0];
  if (/[/=<`]|\]\(/.test(glued)) return -1;
  const link = enclosingLink(text, lineStart, start, end);
  if (link === -1) return -1;
  return afterEmphasis(text, link ?? end);
}

/** Past up to three closing `*`/`_`, if what follows may be followed by an annotation; else -1. */
function afterEmphasis(text: string, from: number): number {
  let at = from;
  for (let k = 0; k < 3 && (text[at] === '*' || text[at] === '_'); k++) at++;
  const next = text[at];
  if (next !== undefined && !/[\s|),;:.!?]/.test(next)) return -1;
  return at;
}

/**
 * For an ISBN inside `[…]`: the end of the link it is the text of (inline
 * `[…](…)` or reference `[…][ref]`), -1 inside brackets that are no link or
 * an image's text, undefined when the ISBN is not in brackets at all.
 */
function enclosingLink(text: string, lineStart: number, start: number, end: number): number | undefined {
  const open = unclosedBracket(text, lineStart, start);
  if (open < 0) return undefined;
  if (text[open - 1] === '!') return -1; // an image's alternative text
  const lineEnd = text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end);
  let close = -1;
  for (let k = end, depth = 0; k < lineEnd; k++) {
    if (text[k] === '\\') k++;
    else if (text[k] === '[') depth++;
    else if (text[k] === ']' && depth-- === 0) {
      close = k;
      break;
    }
  }
  if (close < 0) return -1;
  const target = text[close + 1];
  if (target !== '(' && target !== '[') return -1; // [ISBN …] in prose: brackets, not a link
  const closer = target === '(' ? ')' : ']';
  for (let k = close + 2, depth = 0; k < lineEnd; k++) {
    if (text[k] === '\\') k++;
    else if (text[k] === target) depth++;
    else if (text[k] === closer && depth-- === 0) return k + 1;
  }
  return -1;
}

/** Offset of the last `[` between lineStart and start that no `]` closes before start, or -1. */
function unclosedBracket(text: string, lineStart: number, start: number): number {
  let depth = 0;
  for (let k = start - 1; k >= lineStart; k--) {
    if (text[k - 1] === '\\') continue;
    if (text[k] === ']') depth++;
    else if (text[k] === '[' && depth-- === 0) return k;
  }
  return -1;
}

function countUnescaped(s: string, ch: string): number {
  let n = 0;
  for (let k = 0; k < s.length; k++) {
    if (s[k] === '\\') k++;
    else if (s[k] === ch) n++;
  }
  return n;
}
