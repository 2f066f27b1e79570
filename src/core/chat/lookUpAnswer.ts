/**
 * The look-up tool's answer: for each ISBN given, the book as the sources know it, or why there
 * is none (invalid, with the likely intended ISBN; not found in the sources asked; not asked and
 * why), as concise lines of text and as JSON for the model.
 */
import type { LookupResult } from '../model/lookup';
import { sourceTitle } from '../sources/sourceNames';
import { type BookRecord, bookLine, bookRecord } from './bookRecord';
import { invalidLine, readIsbn, type WrittenIsbn } from './invalidIsbn';
import { bothNotAsked, type DescribeFailure, type NotAsked, notAsked, notAskedLine } from './notAsked';
import type { ToolAnswer } from './toolAnswer';
import type { LookUpInput } from './toolInput';

export type LookedUp =
  | { input: string; status: 'found'; isbn13: string; book: BookRecord }
  | { input: string; status: 'invalid'; reason: string; likelyIntended: string[] }
  | { input: string; status: 'notFound'; isbn13: string; asked: string[]; notAsked?: NotAsked[] }
  | { input: string; status: 'notAsked'; isbn13: string; notAsked: NotAsked[] };

/** The ISBNs given, read: valid ones with their ISBN-13, invalid ones with why. */
export function readIsbns(input: LookUpInput): WrittenIsbn[] {
  return input.isbns.map(readIsbn);
}

/** The ISBN-13s to look up, each once. */
export function isbnsToLookUp(read: readonly WrittenIsbn[]): string[] {
  return [...new Set(read.flatMap((r) => (r.valid ? [r.info.isbn13] : [])))];
}

/**
 * What one look-up result says of the ISBN. `skipped`: sources that were not asked for any ISBN
 * (the book service without a key), said with every answer that is not a book.
 */
export function lookedUp(input: string, isbn13: string, result: LookupResult | undefined, skipped: readonly NotAsked[], describe: DescribeFailure): LookedUp {
  if (!result) return { input, status: 'notAsked', isbn13, notAsked: [...skipped, { source: 'ISBN Lens', kind: 'cancelled', why: 'no answer was given' }] };
  switch (result.status) {
    case 'found':
      return { input, status: 'found', isbn13, book: bookRecord(result, isbn13) };
    case 'notFound': {
      const unanswered = bothNotAsked(skipped, (result.unanswered ?? []).map(({ source, error }) => notAsked(source, error, describe)));
      return { input, status: 'notFound', isbn13, asked: (result.asked ?? ['isbndb']).map(sourceTitle), ...(unanswered.length > 0 && { notAsked: unanswered }) };
    }
    case 'failed': {
      const unanswered = result.unanswered?.length ? result.unanswered.map(({ source, error }) => notAsked(source, error, describe)) : [notAsked(result.source, result.error, describe)];
      return { input, status: 'notAsked', isbn13, notAsked: bothNotAsked(skipped, unanswered) };
    }
  }
}

function shown(item: LookedUp): string {
  return `ISBN ${item.input}`;
}

/** One line of text for one ISBN. */
export function lookedUpLine(item: LookedUp): string {
  switch (item.status) {
    case 'found':
      return `${shown(item)}: ${bookLine(item.book)}`;
    case 'invalid':
      return `${shown(item)}: ${invalidLine({ written: item.input, valid: false, reason: item.reason, likely: item.likelyIntended })}. Not looked up.`;
    case 'notFound': {
      const also = item.notAsked?.length ? ` Not asked: ${item.notAsked.map(notAskedLine).join('; ')}.` : '';
      return `${shown(item)}: no book with this ISBN in ${item.asked.join(', ')}.${also} A made-up ISBN passes its check digit about one time in ten.`;
    }
    case 'notAsked':
      return `${shown(item)}: not looked up. ${item.notAsked.map(notAskedLine).join('; ')}.`;
  }
}

/** The answer for the ISBNs given, from their look-up results. */
export function lookUpAnswer(input: LookUpInput, read: readonly WrittenIsbn[], results: ReadonlyMap<string, LookupResult>, skipped: readonly NotAsked[], describe: DescribeFailure): ToolAnswer {
  const items: LookedUp[] = read.map((r) =>
    r.valid ? lookedUp(r.written, r.info.isbn13, results.get(r.info.isbn13), skipped, describe) : { input: r.written, status: 'invalid', reason: r.reason, likelyIntended: r.likely },
  );
  const lines = items.map(lookedUpLine);
  if (input.leftOut > 0) lines.push(`${input.leftOut === 1 ? '1 more ISBN was' : `${input.leftOut} more ISBNs were`} given than one call looks up (${input.isbns.length}): ask again for the rest.`);
  return { text: lines.join('\n'), json: { results: items, ...(input.leftOut > 0 && { leftOut: input.leftOut }) } };
}
