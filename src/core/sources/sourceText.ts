/**
 * The words that name sources: the hover's "where this came from" line, and "not found" that
 * says which sources were asked (and, without a key, that the book service may know more).
 */
import type { ServiceError } from '../model/errors';
import type { LookupResult } from '../model/lookup';
import { unreachableText } from '../messages';
import { provenanceLabels } from './merge';
import { sourceShortTitle, sourceTitle } from './sourceNames';

/** `Source: Open Library · Google Books · description` (the record's source, then what later ones filled). */
export function sourcesLine(result: Extract<LookupResult, { status: 'found' }>): string | undefined {
  if (result.provenance) return `Source: ${provenanceLabels(result.provenance).join('; ')}`;
  return result.source ? `Source: ${sourceTitle(result.source)}` : undefined;
}

/** "A or B", "A, B or C". */
function either(titles: readonly string[]): string {
  return titles.length <= 1 ? (titles[0] ?? '') : `${titles.slice(0, -1).join(', ')} or ${titles.at(-1)}`;
}

/**
 * "not in Open Library or Google Books" and why a source could not be asked; `hasKey`: whether
 * the book service was among the sources (without a key, it may know more).
 */
export function notFoundText(
  result: Extract<LookupResult, { status: 'notFound' }>,
  hasKey: boolean,
  describe: (error: NonNullable<typeof result.unanswered>[number]['error'], source: string) => string,
): string {
  const asked = result.asked ?? ['isbndb'];
  if (asked.length === 1 && asked[0] === 'isbndb' && !result.unanswered?.length) return 'the book service knows no book with this ISBN.';
  const parts = [`not in ${either(asked.map(sourceTitle))}.`];
  for (const { source, error } of result.unanswered ?? []) parts.push(`${sourceTitle(source)} could not be asked: ${describe(error, source)}`);
  if (!hasKey) parts.push('The book service (ISBNdb) may know more: it needs an API key.');
  return parts.join(' ');
}

/** "the book service knows no book with ISBN x" or, where other sources were asked, "no book with ISBN x in Open Library or Google Books". */
export function noBookText(result: Extract<LookupResult, { status: 'notFound' }>, isbn: string): string {
  const asked = result.asked ?? ['isbndb'];
  if (asked.length === 1 && asked[0] === 'isbndb') return `the book service knows no book with ISBN ${isbn}`;
  return `no book with ISBN ${isbn} in ${either(asked.map(sourceTitle))}`;
}

/** "A and B", "A, B and C". */
export function both(titles: readonly string[]): string {
  return titles.length <= 1 ? (titles[0] ?? '') : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
}

/** Said once when no source can be reached: each source's reason and next try. */
export function offlineText(outages: ReadonlyArray<{ source: string; error: ServiceError }>, time?: (t: number) => string): string {
  const reasons = outages.map(({ error }) => unreachableText(error, time));
  return `No book source can be reached, so no book is looked up for now. ${reasons.join(' ')} “ISBN Lens: Retry Now” tries at once.`;
}

/** "Open Library and Google Books could not be reached": the sources a look-up could not ask. */
export function notAskedText(sources: readonly string[]): string {
  return `${both(sources.map(sourceTitle))} could not be reached`;
}

/** The binding a set record is shown with when it answers for one of its volumes ("another edition: ISBN … (multi-volume set)"). */
export const SET_BINDING = 'multi-volume set';

/** The log's lines of the order chosen per registration group: "978-3…: asking DNB, then K10plus, then Open Library." */
export function routesText(routes: ReadonlyArray<{ label: string; names: readonly string[] }>): string[] {
  return routes.map(({ label, names }) => {
    const group = label === 'other groups' ? 'Other groups' : `${label}…`;
    return names.length ? `${group}: asking ${names.map(sourceShortTitle).join(', then ')}.` : `${group}: no source is asked.`;
  });
}
