/**
 * A new item of a Markdown or plain-text reading list, written as the list's other items are: the
 * nearest item before the cursor that holds an ISBN is the model, its title, authors, year and ISBN
 * (in its form: hyphenated or not, 10 or 13) given the new book's; a ticked box is unticked. In a
 * list without such an item: `*Title* — Authors (Year), ISBN …`, after the file's list marker if it
 * has list items. The item goes on a line of its own after the cursor's (on it when it is blank).
 */
import type { Book } from '../../model/book';
import { hyphenateIsbn, normalizeIsbn, parseIsbn } from '../../isbn/parse';
import type { NewEntryResult } from '../part';
import type { DocumentReading } from '../shared/documentReading';
import type { BibliographyEntry } from '../shared/entry';

const LIST_MARKER = /^(\s*)([-*+]|\d+[.)])(\s+)(\[[ xX]\]\s+)?/;

/** Markdown's special characters in a title, escaped (as the check's fix writes one). */
function markdownText(text: string): string {
  return text.replace(/([\\`*_[\]|<>])/g, '\\$1');
}

/** The ISBN as the model wrote its own: its length (where the book has that form) and hyphens or none. */
function isbnLike(written: string | undefined, isbn13: string): string {
  const info = parseIsbn(isbn13);
  if (!info) return isbn13;
  if (written === undefined) return info.rangeless ? info.isbn13 : info.hyphenated13;
  const ten = normalizeIsbn(written).length === 10 && info.isbn10 !== undefined;
  const hyphens = /[\u2010-\u2013-]/.test(written) && !info.rangeless;
  if (!hyphens) return ten ? info.isbn10! : info.isbn13;
  return (ten ? hyphenateIsbn(info.isbn10!) : info.hyphenated13) ?? info.isbn13;
}

function authorsText(book: Book, separator = ', '): string {
  return book.authors.join(separator);
}

function plainItem(book: Book, marker: string): string {
  const year = book.year ?? (book.datePublished ? Number(book.datePublished.slice(0, 4)) : undefined);
  const people = book.authors.length ? ` — ${authorsText(book)}` : '';
  return `${marker}*${markdownText(book.title)}*${people}${year ? ` (${year})` : ''}, ISBN ${isbnLike(undefined, book.isbn13)}`;
}

/** The model's line with the book's values in place of its own; undefined when its title cannot be told. */
function likeModel(text: string, model: BibliographyEntry, book: Book): string | undefined {
  if (!model.titleAt) return undefined;
  const line = text.slice(model.start, model.end);
  const at = (offset: number) => offset - model.start;
  const swaps: Array<{ start: number; end: number; text: string }> = [];
  swaps.push({ start: at(model.titleAt.start), end: at(model.titleAt.end), text: markdownText(book.title) });
  const isbn = model.isbns[0]!;
  swaps.push({ start: at(isbn.start), end: at(isbn.end), text: isbnLike(isbn.raw, book.isbn13) });
  // The authors as one run: from the first one named to the last, joined as they were.
  const named = model.authors.map((a) => ({ a, i: line.indexOf(a) })).filter((x) => x.i >= 0);
  if (named.length > 0 && book.authors.length > 0) {
    const first = named[0]!;
    const last = named[named.length - 1]!;
    const separator = named.length > 1 ? line.slice(first.i + first.a.length, named[1]!.i) : ', ';
    const run = { start: first.i, end: last.i + last.a.length, text: authorsText(book, separator) };
    if (!swaps.some((s) => s.start < run.end && run.start < s.end)) swaps.push(run);
  }
  const year = /\((1[5-9][0-9]{2}|20[0-9]{2})\)/.exec(line);
  const bookYear = book.year ?? (book.datePublished ? Number(book.datePublished.slice(0, 4)) : undefined);
  if (year && bookYear && !swaps.some((s) => s.start < year.index + year[0].length && year.index < s.end)) {
    swaps.push({ start: year.index + 1, end: year.index + 5, text: String(bookYear) });
  }
  let out = line;
  for (const swap of swaps.sort((a, b) => b.start - a.start)) out = out.slice(0, swap.start) + swap.text + out.slice(swap.end);
  return out.replace(LIST_MARKER, (_line, indent: string, marker: string, space: string, box: string | undefined) => `${indent}${marker}${space}${box ? box.replace(/\[[xX]\]/, '[ ]') : ''}`);
}

export function readingListItem(reading: DocumentReading, offset: number, book: Book): NewEntryResult {
  const text = reading.text;
  const entries = reading.entries();
  const before = entries.filter((e) => e.start <= offset);
  const isItem = (e: BibliographyEntry) => LIST_MARKER.test(text.slice(e.start, e.end));
  const model = [...before].reverse().find(isItem) ?? entries.find(isItem) ?? before[before.length - 1] ?? entries[0];
  const anyMarker = /^[ \t]*([-*+]|\d+[.)])[ \t]+\S/m.exec(text);
  const marker = anyMarker ? `${anyMarker[1]!.replace(/^\d+/, '1')} ` : '';
  const line = (model && likeModel(text, model, book)) ?? plainItem(book, marker);
  const lineBreak = /\r\n/.test(text) ? '\r\n' : '\n';
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const nextBreak = text.indexOf('\n', offset);
  const lineEnd = nextBreak < 0 ? text.length : text[nextBreak - 1] === '\r' ? nextBreak - 1 : nextBreak;
  if (text.slice(lineStart, lineEnd).trim() === '') return { key: '', edit: { start: lineStart, end: lineEnd, newText: line } };
  return { key: '', edit: { start: lineEnd, end: lineEnd, newText: lineBreak + line } };
}
