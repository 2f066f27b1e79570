/**
 * The check tool: references given as text (BibTeX, CSL-JSON, CSL-YAML, RIS, or a plain list),
 * read by the formats' own readers, and for each ISBN written the verdict of Check Bibliography
 * (`agrees`, `other-book`, `other-edition`, `unknown-isbn`; `unchecked` where no fair comparison
 * is possible; `invalid` for a number that is no ISBN) with the ISBN's book, as text and JSON.
 */
import { type UncheckedReason, type Verdict, verdictFor, writesAboutBook } from '../check/verdict';
import { writtenOf } from '../check/written';
import type { FormatId } from '../formats/formatId';
import { recognitionOf } from '../formats/recognition';
import { formatPart } from '../formats/registry';
import type { BibliographyEntry } from '../formats/shared/entry';
import type { LookupResult } from '../model/lookup';
import { sourceTitle } from '../sources/sourceNames';
import { formatAuthors } from '../format/bookText';
import { type BookRecord, bookLine, bookRecord } from './bookRecord';
import { invalidLine, readIsbn } from './invalidIsbn';
import type { ToolAnswer } from './toolAnswer';
import { bothNotAsked, type DescribeFailure, type NotAsked, notAsked, notAskedLine } from './notAsked';
import type { CheckInput, ReferenceFormat } from './toolInput';

/** Entries given at most: more is a library to check with the command, in the editor. */
export const MAX_CHECK_ENTRIES = 500;

const FORMAT_IDS: Readonly<Record<ReferenceFormat, FormatId>> = { bibtex: 'bibtex', 'csl-json': 'csl-json', 'csl-yaml': 'csl-yaml', ris: 'ris', list: 'markdown' };

/** A BibTeX entry's opening (`@book{`), at the start of a line. */
const BIBTEX_ENTRY = /^[ \t]*@[a-zA-Z]+[ \t]*[{(]/m;

/** The format of references given as text: the one named, else what the text shows (a plain list when nothing else does). */
export function referencesFormat(text: string, named?: ReferenceFormat): FormatId {
  if (named) return FORMAT_IDS[named];
  const head = text.trimStart();
  if (head.startsWith('[') || head.startsWith('{')) return 'csl-json';
  if (recognitionOf('ris').shows?.(text)) return 'ris';
  if (BIBTEX_ENTRY.test(text)) return 'bibtex';
  if (recognitionOf('csl-yaml').confirms?.(text)) return 'csl-yaml';
  return 'markdown';
}

export interface References {
  format: FormatId;
  entries: readonly BibliographyEntry[];
  isPart: (type: string) => boolean;
  /** Entries given beyond MAX_CHECK_ENTRIES, not checked. */
  leftOut: number;
}

/** Reads the references with their format's reader (a single CSL-JSON item is read as a list of one). */
export function readReferences(input: CheckInput): References {
  const format = referencesFormat(input.references, input.format);
  const text = format === 'csl-json' && input.references.trimStart().startsWith('{') ? `[${input.references}]` : input.references;
  const part = formatPart(format);
  const all = part.reading(text).entries();
  return { format, entries: all.slice(0, MAX_CHECK_ENTRIES), isPart: (type) => part.isPart(type), leftOut: Math.max(0, all.length - MAX_CHECK_ENTRIES) };
}

/** The valid ISBN-13s written in the entries, each once, in the order written. */
export function referencesIsbns(references: References): string[] {
  const isbns = new Set<string>();
  for (const entry of references.entries) for (const written of entry.isbns) {
    const read = readIsbn(written.raw);
    if (read.valid) isbns.add(read.info.isbn13);
  }
  return [...isbns];
}

export type CheckedReference = {
  /** The entry: its key, else its title, else its line (1-based). */
  entry: string;
  /** The ISBN as written. */
  isbn: string;
  written: { title?: string; authors: string[]; year?: string };
} & (
  | { verdict: 'agrees'; book: BookRecord }
  | { verdict: 'other-book'; book: BookRecord; message: string }
  | { verdict: 'other-edition'; book: BookRecord; differences: Array<{ field: string; written: string; record: string }>; message: string }
  | { verdict: 'unknown-isbn'; asked: string[]; message: string; notAsked?: NotAsked[] }
  | { verdict: 'unchecked'; why: string; book?: BookRecord; notAsked?: NotAsked[] }
  | { verdict: 'invalid'; reason: string; likelyIntended: string[] }
);

const UNCHECKED: Readonly<Record<UncheckedReason | 'nothing-written', string>> = {
  unreachable: 'a source that might know this ISBN could not be asked',
  failed: 'the look-up failed',
  'other-script': 'the entry writes its title in another script than the record',
  'too-little': 'the entry writes too little about its book to compare',
  'not-a-title': 'what the entry writes is no title to compare',
  'not-looked-up': 'the ISBN was not looked up',
  'nothing-written': 'the entry writes no title or author to compare with',
};

/** `“Title” by A, B (1988)`. */
function shortBook(record: BookRecord): string {
  const authors = record.authors.length > 0 ? ` by ${formatAuthors(record.authors)}` : '';
  return `“${record.title}”${authors}${record.year !== undefined ? ` (${record.year})` : ''}`;
}

function sourcesList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? 'the book service') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What a flagged verdict says, for the model (Check Bibliography's diagnostics say the same to the user). */
function verdictText(verdict: Verdict, isbn: string, writtenTitle: string | undefined, book: BookRecord | undefined): string {
  switch (verdict.kind) {
    case 'other-book':
      return `ISBN ${isbn} is ${book ? shortBook(book) : 'another book'}, not “${writtenTitle ?? ''}”.`;
    case 'other-edition':
      return `ISBN ${isbn} is another edition of this work: its record says ${verdict.differences.map((d) => `${d.field} ${d.record} (written: ${d.written})`).join(', ')}.`;
    case 'unknown-isbn':
      return `No source asked knows ISBN ${isbn} (asked: ${sourcesList(verdict.asked.map(sourceTitle))}). A made-up ISBN passes its check digit about one time in ten.`;
    default:
      return '';
  }
}

function entryName(entry: BibliographyEntry): string {
  return entry.key || (entry.title ? `“${entry.title}”` : `line ${entry.line + 1}`);
}

function unansweredOf(result: LookupResult | undefined, skipped: readonly NotAsked[], describe: DescribeFailure): NotAsked[] | undefined {
  if (!result || result.status === 'found') return undefined;
  const list = result.status === 'failed' && !result.unanswered?.length ? [{ source: result.source ?? 'isbndb', error: result.error }] : (result.unanswered ?? []);
  const all = bothNotAsked(skipped, list.map(({ source, error }) => notAsked(source, error, describe)));
  return all.length > 0 ? all : undefined;
}

/** The verdict on one valid ISBN of one entry, with the ISBN's book. */
function checkedIsbn(entry: BibliographyEntry, isPart: boolean, raw: string, isbn13: string, shown: string, result: LookupResult | undefined, skipped: readonly NotAsked[], describe: DescribeFailure): CheckedReference {
  const said = writtenOf(entry, isPart);
  const head = { entry: entryName(entry), isbn: raw, written: { ...(said.title && { title: said.title }), authors: said.people, ...(said.year && { year: said.year }) } };
  const book = result?.status === 'found' ? bookRecord(result, isbn13) : undefined;
  if (!writesAboutBook(said)) return { ...head, verdict: 'unchecked', why: UNCHECKED['nothing-written'], ...(book && { book }) };
  const verdict: Verdict = verdictFor(said, isbn13, result);
  const record = book ?? ('book' in verdict ? bookRecord({ status: 'found', book: verdict.book }, isbn13) : undefined);
  const message = verdictText(verdict, shown, said.title, record);
  switch (verdict.kind) {
    case 'agrees':
      return book ? { ...head, verdict: 'agrees', book } : { ...head, verdict: 'unchecked', why: UNCHECKED['not-looked-up'] };
    case 'other-book':
      return { ...head, verdict: 'other-book', book: record!, message };
    case 'other-edition':
      return { ...head, verdict: 'other-edition', book: record!, differences: verdict.differences.map((d) => ({ ...d })), message };
    case 'unknown-isbn': {
      const unanswered = unansweredOf(result, skipped, describe);
      return { ...head, verdict: 'unknown-isbn', asked: verdict.asked.map(sourceTitle), message, ...(unanswered && { notAsked: unanswered }) };
    }
    case 'unchecked': {
      const unanswered = unansweredOf(result, skipped, describe);
      return { ...head, verdict: 'unchecked', why: UNCHECKED[verdict.why], ...(book && { book }), ...(unanswered && { notAsked: unanswered }) };
    }
  }
}

/** Every ISBN of every entry with its verdict, in the order written. */
export function checkReferences(references: References, resultOf: (isbn13: string) => LookupResult | undefined, skipped: readonly NotAsked[], describe: DescribeFailure): CheckedReference[] {
  const out: CheckedReference[] = [];
  for (const entry of references.entries) {
    for (const written of entry.isbns) {
      const read = readIsbn(written.raw);
      if (!read.valid) {
        out.push({ entry: entryName(entry), isbn: written.raw, written: { ...(entry.title && { title: entry.title }), authors: entry.authors }, verdict: 'invalid', reason: read.reason, likelyIntended: read.likely });
        continue;
      }
      out.push(checkedIsbn(entry, references.isPart(entry.type), written.raw, read.info.isbn13, read.info.hyphenated13, resultOf(read.info.isbn13), skipped, describe));
    }
  }
  return out;
}

function checkedLine(item: CheckedReference): string {
  const head = `${item.entry}, ISBN ${item.isbn}: ${item.verdict}`;
  switch (item.verdict) {
    case 'agrees':
      return `${head}: the ISBN is the book written, ${bookLine(item.book)}`;
    case 'other-book':
    case 'other-edition':
      return `${head}: ${item.message} The ISBN's book: ${bookLine(item.book)}`;
    case 'unknown-isbn':
      return `${head}: ${item.message}${item.notAsked ? ` Not asked: ${item.notAsked.map(notAskedLine).join('; ')}.` : ''}`;
    case 'unchecked':
      return `${head}: ${item.why}.${item.notAsked ? ` Not asked: ${item.notAsked.map(notAskedLine).join('; ')}.` : ''}${item.book ? ` The ISBN's book: ${bookLine(item.book)}` : ''}`;
    case 'invalid':
      return `${head}: ${invalidLine({ written: item.isbn, valid: false, reason: item.reason, likely: item.likelyIntended })}.`;
  }
}

const FORMAT_NAMES: Readonly<Record<FormatId, string>> = { bibtex: 'BibTeX', 'csl-json': 'CSL-JSON', 'csl-yaml': 'CSL-YAML', ris: 'RIS', markdown: 'a plain list' };

function entries(n: number): string {
  return n === 1 ? '1 entry' : `${n} entries`;
}

/** The answer: a summary line, one line per ISBN, and the same as JSON. */
export function checkAnswer(references: References, checked: readonly CheckedReference[]): ToolAnswer {
  const counts: Record<CheckedReference['verdict'], number> = { agrees: 0, 'other-book': 0, 'other-edition': 0, 'unknown-isbn': 0, unchecked: 0, invalid: 0 };
  for (const item of checked) counts[item.verdict]++;
  const tally = Object.entries(counts).filter(([, n]) => n > 0).map(([verdict, n]) => `${n} ${verdict}`).join(', ');
  const summary =
    checked.length === 0
      ? `Read ${entries(references.entries.length)} as ${FORMAT_NAMES[references.format]}: no ISBN was found in them, so nothing was checked. Write each ISBN in its entry (BibTeX "isbn", CSL "ISBN", RIS "SN", or "ISBN …" in a list).`
      : `Read ${entries(references.entries.length)} as ${FORMAT_NAMES[references.format]}; ${checked.length === 1 ? '1 ISBN' : `${checked.length} ISBNs`}: ${tally}.`;
  const lines = [summary, ...checked.map(checkedLine)];
  if (references.leftOut > 0) lines.push(`${entries(references.leftOut)} more were not checked (at most ${MAX_CHECK_ENTRIES} a call): ask again for the rest.`);
  return {
    text: lines.join('\n'),
    json: { format: FORMAT_NAMES[references.format], entries: references.entries.length, counts, results: checked, ...(references.leftOut > 0 && { leftOut: references.leftOut }) },
  };
}
