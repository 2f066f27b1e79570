/**
 * Book entries that lack an ISBN: a BibTeX/BibLaTeX `@book`-like entry, a CSL item of type book or
 * a RIS `BOOK` record with a title and no ISBN; what to search them by; which editions agree with
 * them (title, authors and year); and the edit that writes a chosen ISBN into one, in its format's
 * own layout. Pure: the editor applies the edits, all accepted ones as one edit (one undo).
 */
import { compareTitles, comparePeople } from '../check/compare';
import { writtenOf } from '../check/written';
import type { TextEdit } from '../edit/textEdit';
import type { FormatId } from '../formats/formatId';
import type { DocumentReading } from '../formats/shared/documentReading';
import type { BibliographyEntry } from '../formats/shared/entry';
import { bibtexReadingOf } from '../formats/bibtex/reading';
import { entryFillEdits } from '../formats/bibtex/fillEntries';
import { cslJsonItemNodes } from '../formats/cslJson/read';
import { withValues } from '../formats/cslJson/fill';
import { indentationOf } from '../formats/shared/indentation';
import { lineBreakOf } from '../edit/textEdit';
import { risLineBreak, risRecords } from '../formats/ris/records';
import type { Edition, FindQuery, WorkHit } from '../model/works';

/** BibTeX/BibLaTeX types of a book or of a part of one (whose ISBN is its book's). */
const BIBTEX_BOOKS = new Set(['book', 'mvbook', 'inbook', 'bookinbook', 'suppbook', 'collection', 'mvcollection', 'incollection', 'suppcollection', 'proceedings', 'mvproceedings', 'reference', 'mvreference', 'inreference']);
const BIBTEX_PARTS = new Set(['inbook', 'bookinbook', 'suppbook', 'incollection', 'suppcollection', 'inreference']);

/** Whether the entry is a book (or a part of one) with a title and no ISBN. */
export function lacksIsbn(entry: BibliographyEntry): boolean {
  if (entry.isbns.length > 0) return false;
  const field = (name: string) => (entry.field ? entry.field(name) : entry.fields.get(name))?.trim();
  if (field('isbn') || field('ISBN')) return false;
  const type = entry.type.toLowerCase();
  const book = entry.format === 'bibtex' ? BIBTEX_BOOKS.has(type) : entry.format === 'csl-json' || entry.format === 'csl-yaml' || entry.format === 'ris' ? type === 'book' : false;
  return book && !!titleOf(entry);
}

/** The entries of a reading that lack an ISBN, in the order written. */
export function entriesLackingIsbn(reading: DocumentReading): BibliographyEntry[] {
  return reading.entries().filter(lacksIsbn);
}

function isPart(entry: BibliographyEntry): boolean {
  return entry.format === 'bibtex' && BIBTEX_PARTS.has(entry.type.toLowerCase());
}

function titleOf(entry: BibliographyEntry): string | undefined {
  return writtenOf(entry, isPart(entry)).title ?? (isPart(entry) ? undefined : entry.title);
}

/** What to search the entry's book by: its title (a part's: its book's) and its first person's family name. */
export function queryOfEntry(entry: BibliographyEntry): FindQuery {
  const written = writtenOf(entry, isPart(entry));
  const title = (written.title ?? '').replace(/[{}]/g, '').split(/\s*[:.]\s+/)[0]!.trim();
  const person = written.people[0];
  const family = person ? (person.includes(',') ? person.split(',')[0]! : person.split(/\s+/).pop()!).replace(/[{}]/g, '').trim() : undefined;
  const year = written.year && /^\d{4}$/.test(written.year) ? Number(written.year) : undefined;
  return { title, ...(family ? { author: family } : {}), ...(year ? { year } : {}) };
}

/**
 * Whether an edition agrees with the entry: the same (or a close) title, the people not
 * disagreeing (agreeing where the entry names any), and the same year where the entry gives one.
 */
export function editionAgrees(entry: BibliographyEntry, edition: Edition, work: Pick<WorkHit, 'authors' | 'title'>): boolean {
  if (!edition.isbn13) return false;
  const written = writtenOf(entry, isPart(entry));
  if (!written.title) return false;
  const titles = [edition.title, edition.subtitle ? `${edition.title}: ${edition.subtitle}` : '', work.title].filter(Boolean);
  if (compareTitles(written.title, titles) === 'different') return false;
  const people = edition.authors?.length ? edition.authors : work.authors;
  if (written.people.length > 0 && people.length > 0 && comparePeople(written.people, people) !== 'agree') return false;
  if (written.year && /^\d{4}$/.test(written.year) && edition.year !== Number(written.year)) return false;
  return true;
}

/** The edit that writes `isbn` into the entry as its format writes a field; undefined where it cannot. */
export function isbnFieldEdit(format: FormatId, reading: DocumentReading, entry: BibliographyEntry, isbn: string): TextEdit | undefined {
  const text = reading.text;
  switch (format) {
    case 'bibtex': {
      const bib = bibtexReadingOf(reading).parse().entries.find((e) => e.start === entry.start);
      if (!bib || bib.fields.length === 0) return undefined;
      const { edits } = entryFillEdits(text, bib, [{ name: 'isbn', value: isbn, numeric: false }], 'fill');
      return edits.length === 1 ? edits[0] : undefined;
    }
    case 'csl-json': {
      const node = cslJsonItemNodes(text).find((n) => n.offset === entry.start);
      if (!node) return undefined;
      const item = withValues(text.slice(node.offset, node.offset + node.length), [{ name: 'ISBN', value: isbn }], { ...indentationOf(text), eol: lineBreakOf(text) });
      return { start: node.offset, end: node.offset + node.length, newText: item };
    }
    case 'csl-yaml':
      return yamlIsbnEdit(text, entry, isbn);
    case 'ris': {
      const record = risRecords(text).find((r) => r.start === entry.start);
      if (!record?.er) return undefined;
      return { start: record.er.start, end: record.er.start, newText: `SN  - ${isbn}${risLineBreak(text)}` };
    }
    default:
      return undefined;
  }
}

/** `ISBN: "…"` after the item's last line, at its keys' column; in a flow item, before its closing brace. */
function yamlIsbnEdit(text: string, entry: BibliographyEntry, isbn: string): TextEdit | undefined {
  let end = entry.end;
  while (end > entry.start && /\s/.test(text[end - 1]!)) end--;
  if (text[entry.start] === '{') {
    const close = text.lastIndexOf('}', end);
    if (close <= entry.start) return undefined;
    let before = close;
    while (before > entry.start && /\s/.test(text[before - 1]!)) before--;
    return { start: before, end: before, newText: `, ISBN: "${isbn}"` };
  }
  const lineStart = text.lastIndexOf('\n', entry.start - 1) + 1;
  const column = entry.start - lineStart;
  const lineBreak = /\r\n/.test(text) ? '\r\n' : '\n';
  return { start: end, end, newText: `${lineBreak}${' '.repeat(column)}ISBN: "${isbn}"` };
}
