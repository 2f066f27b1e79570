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
    entries.push({ format: 'markdown', key: '', type: 'book', start, end, keyStart: start, keyEnd: start, line, isbns, authors: said.authors, editors: [], title: said.title, fields: new Map() });
  }
  return entries;
}

/** The line without its ISBNs, their labels and annotations (blanked, so that what is left reads as written). */
function withoutIsbns(text: string, start: number, end: number, isbns: readonly EntryIsbn[]): string {
  let out = '';
  let at = start;
  for (const isbn of isbns) {
    out += text.slice(at, isbn.start).replace(LABEL, '');
    ANNOTATION.lastIndex = isbn.end;
    const annotation = ANNOTATION.exec(text);
    at = annotation && annotation.index + annotation[0].length <= end ? isbn.end + annotation[0].length : isbn.end;
    out += ' ';
  }
  return out + text.slice(at, end);
}

function whatTheLineSays(text: string, start: number, end: number, isbns: readonly EntryIsbn[]): { title?: string; authors: string[] } {
  const rest = withoutIsbns(text, start, end, isbns);
  if (/^\s*\|/.test(rest)) {
    // A table row: the first cells with words are the title and the author, as the header usually orders them.
    const cells = rest.split('|').map(plain).filter((cell) => /\p{L}/u.test(cell));
    return { title: cells[0], authors: cells[1] ? [cells[1]] : [] };
  }
  const line = rest.replace(LIST_MARKER, '');
  const marked =
    /\[([^\]]*\p{L}[^\]]*)\]\([^)]*\)/u.exec(line) ??
    /(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1/.exec(line) ??
    /[“"«„]([^”"»“]+)[”"»“]/.exec(line);
  if (marked) {
    const title = plain(marked[marked.length - 1]!);
    const before = plain(line.slice(0, marked.index)).replace(/[\s,:;.–—-]+$/, '');
    const after = line.slice(marked.index + marked[0].length);
    const by = /^\W*\bby\s+([^,;()[\]]+)/i.exec(after)?.[1];
    const author = by ? plain(by) : before && !/\bby$/i.test(before) ? before : undefined;
    return { title: title || undefined, authors: author ? [author] : [] };
  }
  // Plain words: "Title by Author", or "Author: Title", or a title alone.
  const words = plain(line).replace(/[\s,:;.–—(-]+$/, '');
  const by = /^(.+?)\s+by\s+(.+)$/i.exec(words);
  if (by) return { title: by[1], authors: [by[2]!] };
  const colon = /^([^:]+):\s+(.+)$/.exec(words);
  if (colon && colon[1]!.split(' ').length <= 4) return { title: colon[2], authors: [colon[1]!] };
  return { title: words || undefined, authors: [] };
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
