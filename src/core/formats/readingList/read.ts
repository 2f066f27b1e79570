/**
 * A reading list's entries: each line, list item or table row that holds an ISBN, with its
 * ISBNs where they are written and the title and author it gives them, as written: a table's
 * cells, a link's text, an emphasised or quoted title, or the line's plain words ("*Title* by
 * Author", "Author, *Title*"). An annotation ISBN Lens wrote after an ISBN is no part of what
 * the line says of its book. What cannot be told stays undefined.
 */
import { type BibliographyEntry, type EntryIsbn, lineCounter } from '../shared/entry';
import { findIsbns } from '../../isbn/find';

// ` — *title*` then ` (details)`, as annotation.ts writes it.
const ANNOTATION = / — \*(?:\\[\s\S]|[^\\*\r\n])+\*(?: \((?:\\[\s\S]|[^\\()\r\n])*\))?/y;
const LABEL = /\(?\b(?:ISBN(?:[- ]?1[03])?|e-?ISBN)\s*[:：]?\s*$/i;
const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;

export function readReadingList(text: string): BibliographyEntry[] {
  const lineOf = lineCounter(text);
  const byLine = new Map<number, EntryIsbn[]>();
  for (const match of findIsbns(text, { repeats: false })) {
    const line = lineOf(match.start);
    const isbns = byLine.get(line) ?? [];
    isbns.push({ raw: match.raw, start: match.start, end: match.end });
    byLine.set(line, isbns);
  }
  const entries: BibliographyEntry[] = [];
  for (const [line, isbns] of byLine) {
    const start = text.lastIndexOf('\n', isbns[0]!.start - 1) + 1;
    const lineEnd = text.indexOf('\n', start);
    const end = lineEnd < 0 ? text.length : text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    const said = whatTheLineSays(text, start, end, isbns);
    // A year in brackets beside the title: "*L'Étranger* by Albert Camus (1942)".
    const year = /\((1[5-9][0-9]{2}|20[0-9]{2})\)/.exec(withoutIsbns(text, start, end, isbns).replace(/\[[^\]]*\]\([^)]*\)/g, (link) => ' '.repeat(link.length)))?.[1];
    entries.push({
      format: 'markdown',
      key: '',
      type: 'book',
      start,
      end,
      keyStart: start,
      keyEnd: start,
      line,
      isbns,
      authors: said.authors,
      editors: [],
      title: said.title?.text,
      year,
      titleAt: said.title ? { start: said.title.start, end: said.title.end } : undefined,
      fields: new Map(),
    });
  }
  return entries;
}

/** A piece of a line: its plain text and where it is written. */
interface Piece {
  text: string;
  start: number;
  end: number;
}

/** The line with its ISBNs, their labels and annotations blanked (the same length: offsets stay), so that what is left reads as written. */
function withoutIsbns(text: string, start: number, end: number, isbns: readonly EntryIsbn[]): string {
  let out = '';
  let at = start;
  for (const isbn of isbns) {
    const before = text.slice(at, isbn.start);
    const label = LABEL.exec(before);
    out += label ? before.slice(0, label.index) + ' '.repeat(label[0].length) : before;
    ANNOTATION.lastIndex = isbn.end;
    const annotation = ANNOTATION.exec(text);
    const next = annotation && annotation.index + annotation[0].length <= end ? isbn.end + annotation[0].length : isbn.end;
    out += ' '.repeat(next - isbn.start);
    at = next;
  }
  return out + text.slice(at, end);
}

/** `line[from, to)` as a piece at `base + from`, trimmed; undefined when it has no letter or digit. */
function piece(line: string, from: number, to: number, base: number): Piece | undefined {
  const raw = line.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  const text = plain(trimmed);
  if (!/[\p{L}\p{N}]/u.test(text)) return undefined;
  return { text, start: base + from + lead, end: base + from + lead + trimmed.length };
}

/** Words that start a name when a line gives "Title — Author" or "Author — Title". */
function looksLikeName(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length >= 2 && words.length <= 4 && words.every((w) => /^(?:\p{Lu}[\p{L}'’.-]*|\p{Lu}\.)$/u.test(w));
}

const TITLE_HEADER = /^(?:title|book|titel|titre|t[íi]tulo|titolo)$/i;
const AUTHOR_HEADER = /^(?:authors?|by|writer|autor(?:en)?|auteurs?|autores?|autore|autori)$/i;

/** The columns of a table row's title and author, from the header above its separator row. */
function tableColumns(text: string, rowStart: number): { title?: number; author?: number } {
  let at = rowStart;
  for (let guard = 0; guard < 10_000 && at > 0; guard++) {
    const prevEnd = at - 1;
    const prevStart = text.lastIndexOf('\n', prevEnd - 1) + 1;
    const line = text.slice(prevStart, prevEnd).replace(/\r$/, '');
    if (!/^\s*\|/.test(line)) return {};
    if (/^\s*\|?\s*:?-{2,}/.test(line)) {
      const headerEnd = prevStart - 1;
      if (headerEnd <= 0) return {};
      const headerStart = text.lastIndexOf('\n', headerEnd - 1) + 1;
      const cells = text.slice(headerStart, headerEnd).replace(/\r$/, '').split('|').slice(1).map((cell) => plain(cell));
      const title = cells.findIndex((cell) => TITLE_HEADER.test(cell));
      const author = cells.findIndex((cell) => AUTHOR_HEADER.test(cell));
      return { title: title >= 0 ? title : undefined, author: author >= 0 ? author : undefined };
    }
    at = prevStart;
  }
  return {};
}

function whatTheLineSays(text: string, start: number, end: number, isbns: readonly EntryIsbn[]): { title?: Piece; authors: string[] } {
  const rest = withoutIsbns(text, start, end, isbns);
  if (/^\s*\|/.test(rest)) {
    // A table row: the header's Title and Author columns, else the first cells with words, as headers usually order them.
    const cells: Array<Piece | undefined> = [];
    let from = rest.indexOf('|') + 1;
    for (let bar = rest.indexOf('|', from); from <= rest.length; bar = rest.indexOf('|', from)) {
      const to = bar < 0 ? rest.length : bar;
      cells.push(piece(rest, from, to, start));
      if (bar < 0) break;
      from = bar + 1;
    }
    const columns = tableColumns(text, start);
    const filled = cells.filter((cell): cell is Piece => cell !== undefined);
    const title = columns.title !== undefined ? cells[columns.title] : filled.find((cell) => /\p{L}/u.test(cell.text));
    const author = columns.author !== undefined ? cells[columns.author] : filled.filter((cell) => /\p{L}/u.test(cell.text))[1];
    return { title, authors: author ? [author.text] : [] };
  }
  const marker = LIST_MARKER.exec(rest)?.[0].length ?? 0;
  const line = rest.slice(marker);
  const base = start + marker;
  const marked =
    /\[([^\]]*\p{L}[^\]]*)\]\([^)]*\)/du.exec(line) ??
    /(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1/d.exec(line) ??
    /[“"«„]([^”"»“]+)[”"»“]/d.exec(line);
  if (marked) {
    const [from, to] = marked.indices![marked.length - 1]!;
    const title = piece(line, from, to, base);
    const before = plain(line.slice(0, marked.index)).replace(/[\s,:;.–—-]+$/, '');
    const after = line.slice(marked.index + marked[0].length);
    const by = /^\W*\bby\s+([^,;()[\]]+)/i.exec(after)?.[1] ?? /^\s*[—–-]\s+([^—–,;()[\]]+)/.exec(after)?.[1];
    const written = by ? plain(by).replace(/[\s,:;.–—-]+$/, '') : before && !/\bby$/i.test(before) ? before : undefined;
    return { title, authors: written ? [written] : [] };
  }
  // Plain words: "Title by Author", "Title — Author" (or "Author — Title"), "Author: Title", or a title alone.
  const words = / *[\s,:;.–—(-]*$/.exec(line)!;
  const body = line.slice(0, words.index);
  const by = /^(.+?)\s+by\s+(.+)$/di.exec(body);
  if (by) return { title: piece(body, by.indices![1]![0], by.indices![1]![1], base), authors: [plain(by[2]!)] };
  const dash = /^(.+?)\s+[—–-]\s+(.+)$/d.exec(body);
  if (dash) {
    const [first, second] = [piece(body, dash.indices![1]![0], dash.indices![1]![1], base), piece(body, dash.indices![2]![0], dash.indices![2]![1], base)];
    if (first && second) return looksLikeName(first.text) && !looksLikeName(second.text) ? { title: second, authors: [first.text] } : { title: first, authors: [second.text] };
  }
  const colon = /^([^:]+):\s+(.+)$/d.exec(body);
  if (colon && colon[1]!.trim().split(' ').length <= 4) return { title: piece(body, colon.indices![2]![0], colon.indices![2]![1], base), authors: [plain(colon[1]!)] };
  return { title: piece(body, 0, body.length, base), authors: [] };
}

/** Markdown's emphasis, links' targets, escapes and spacing gone. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/\\([\\`*_[\]()<>|~$#.!-])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
