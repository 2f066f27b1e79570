/**
 * What the core itself writes with the sources' names: the log's lines of the order chosen per
 * registration group, and the binding a set record is shown with. The words a user reads in
 * the editor are editor/words.ts's.
 */
import { sourceShortTitle } from './sourceNames';

/** The binding a set record is shown with when it answers for one of its volumes ("another edition: ISBN … (multi-volume set)"). */
export const SET_BINDING = 'multi-volume set';

/** The log's lines of the order chosen per registration group: "978-3…: asking DNB, then K10plus, then Open Library." */
export function routesText(routes: ReadonlyArray<{ label: string; names: readonly string[] }>): string[] {
  return routes.map(({ label, names }) => {
    const group = label === 'other groups' ? 'Other groups' : `${label}…`;
    return names.length ? `${group}: asking ${names.map(sourceShortTitle).join(', then ')}.` : `${group}: no source is asked.`;
  });
}
