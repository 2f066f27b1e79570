/**
 * The words a user reads, in one place: hovers, diagnostics, notifications, the status bar,
 * quick picks, input boxes, progress titles, reports and the log lines meant for the user. One
 * function per state, named by what it says, one phrasing each; every sentence goes through
 * `vscode.l10n.t` with its English as the key (a translation is an `l10n/bundle.l10n.<lang>.json`
 * to add). The core hands over values with kinds (counts, problems, errors); this module words them.
 *
 * Every message is a string literal, the first argument of `vscode.l10n.t`, so that the bundle can be
 * exported from the code (test/unit/l10nMessages.test.ts checks it). A brace that is not a
 * placeholder never stands next to one: `{{0}}` is not replaced (VS Code's format2).
 */
import * as vscode from 'vscode';
import type { IsbnAction } from '../../core/actions/isbnActions';
import type { InvalidIsbn, InvalidReason, IsbnProblemReport } from '../../core/diagnostics/isbnProblems';
import { HOVER_COVER_HEIGHT, coverTarget, formatIsbns } from '../../core/format/bookText';
import { escapeMarkdown, excerpt } from '../../core/format/markdown';
import type { LookupProblem } from '../../core/lookups/lookups';
import { formatTime } from '../../core/messages';
import type { Book } from '../../core/model/book';
import { otherEdition } from '../../core/model/edition';
import type { ServiceError } from '../../core/model/errors';
import type { LookupResult } from '../../core/model/lookup';
import type { PlanName } from '../../core/model/plans';
import type { FillableField, Provenance } from '../../core/model/provenance';
import type { Quota } from '../../core/model/quota';
import { sourceTitle } from '../../core/sources/sourceNames';

/** A count as the display language writes it: 1,000 in English, 1.000 in German, 1 000 in French. */
export function count(n: number): string {
  try {
    return n.toLocaleString(vscode.env.language);
  } catch {
    return count(n); // a display language the runtime has no data for
  }
}

/** The prefix of every notification: "ISBN Lens: {0}". */
export function notice(text: string): string {
  return vscode.l10n.t('ISBN Lens: {0}', text);
}

/** "Abc" from "abc", for a phrase that begins a sentence. */
export function capitalized(text: string): string {
  return text.length > 0 ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text;
}

// ─── Failures ───────────────────────────────────────────────────────────────────────────────
// What a failure says is words/failures.ts (`failure(error, context)`, `said(reason)`), which loads
// with the look-ups: no failure exists before them. Here only what activation's notices need.

/** Why no source is made although a key is set. */
export function settingsProblem(problem: LookupProblem): string {
  return vscode.l10n.t('The “isbnLens.isbndb.baseUrls” setting has no valid http(s) address for the {0} plan.', problem.plan);
}

// ─── Sources ────────────────────────────────────────────────────────────────────────────────

/** The word the user reads for each field a later source may fill. */
const FIELD_NAMES: Record<FillableField, () => string> = {
  titleLong: () => vscode.l10n.t('full title'),
  authors: () => vscode.l10n.t('authors'),
  publisher: () => vscode.l10n.t('publisher'),
  datePublished: () => vscode.l10n.t('date'),
  edition: () => vscode.l10n.t('edition'),
  pages: () => vscode.l10n.t('pages'),
  binding: () => vscode.l10n.t('binding'),
  language: () => vscode.l10n.t('language'),
  image: () => vscode.l10n.t('cover'),
  synopsis: () => vscode.l10n.t('description'),
  subjects: () => vscode.l10n.t('subjects'),
  deweyDecimal: () => vscode.l10n.t('Dewey class'),
  isbn10: () => vscode.l10n.t('ISBN-10'),
  msrp: () => vscode.l10n.t('price'),
  otherIsbns: () => vscode.l10n.t('other ISBNs'),
  contributors: () => vscode.l10n.t('editors and translators'),
  series: () => vscode.l10n.t('series'),
};

/** What the hover names: `["Open Library", "Google Books · description, subjects"]`. */
export function provenanceLabels(provenance: Provenance): string[] {
  return [sourceTitle(provenance.base), ...provenance.filled.map(({ source, fields }) => `${sourceTitle(source)} · ${fields.map((f) => FIELD_NAMES[f]()).join(', ')}`)];
}

/** `Source: Open Library; Google Books · description` (the record's source, then what later ones filled). */
export function sourcesLine(result: Extract<LookupResult, { status: 'found' }>): string | undefined {
  if (result.provenance) return vscode.l10n.t('Source: {0}', provenanceLabels(result.provenance).join('; '));
  return result.source ? vscode.l10n.t('Source: {0}', sourceTitle(result.source)) : undefined;
}

/**
 * "not in Open Library or Google Books" and why a source could not be asked; `hasKey`: whether
 * the book service was among the sources (without a key, it may know more).
 */
export function notFound(
  result: Extract<LookupResult, { status: 'notFound' }>,
  hasKey: boolean,
  describe: (error: ServiceError, source: string) => string,
): string {
  const asked = result.asked ?? ['isbndb'];
  if (asked.length === 1 && asked[0] === 'isbndb' && !result.unanswered?.length) return vscode.l10n.t('the book service knows no book with this ISBN.');
  const parts = [vscode.l10n.t('not in {0}.', either(asked.map(sourceTitle)))];
  for (const { source, error } of result.unanswered ?? []) parts.push(vscode.l10n.t('{0} could not be asked: {1}', sourceTitle(source), describe(error, source)));
  if (!hasKey) parts.push(vscode.l10n.t('The book service (ISBNdb) may know more: it needs an API key.'));
  return parts.join(' ');
}

/** "412 of 1,000 calls left today (588 spent)". */
export function quota(quota: Quota): string {
  return vscode.l10n.t('{0} of {1} calls left today ({2} spent)', count(quota.left), count(quota.total), count(quota.spent));
}

// ─── Reports ────────────────────────────────────────────────────────────────────────────────

/** Why a number is not an ISBN, as a phrase: the diagnostics, the hover and the ISBN input boxes say it alike. */
export function invalidReason(reason: InvalidReason): string {
  switch (reason.kind) {
    case 'issn':
      return vscode.l10n.t('wrong length: this looks like an ISSN (a journal or series number, 8 digits)');
    case 'length':
      return vscode.l10n.t('an ISBN has 10 or 13 digits, this one has {0}', reason.digits);
    case 'ismn':
      return vscode.l10n.t('the checksum is right, but 979-0 begins an ISMN (printed music), not an ISBN');
    case 'otherEan':
      return vscode.l10n.t('the checksum is right, but an ISBN-13 begins with 978 or 979: this is another kind of EAN barcode');
    case 'checkDigit':
      return vscode.l10n.t('the check digit does not match');
  }
}

/** The diagnostic on an invalid ISBN: why, what it most likely is, and the quick fixes when there are some. */
export function invalidIsbnMessage(invalid: InvalidIsbn): string {
  let text = vscode.l10n.t('Not a valid ISBN: {0}.', invalidReason(invalid.reason));
  if (invalid.likely) {
    text += ` ${vscode.l10n.t('It looks like the ISBN-10 {0} with 978 in front and its old check digit kept; its ISBN-13 is {1}.', invalid.likely.isbn10, invalid.likely.isbn13)}`;
  }
  if (invalid.quickFixes) text += ` ${vscode.l10n.t('The quick fixes (Ctrl+.) offer the likely intended ISBN.')}`;
  return text;
}

/** Said of an ISBN that no source knows and whose number is in no range of isbn3's data (IsbnInfo.rangeless). */
export function rangelessNote(): string {
  return vscode.l10n.t('Its number is in no ISBN range that ISBN Lens knows: from a range allocated since, or made up.');
}

/** A diagnostic's message. */
export function problemMessage(problem: IsbnProblemReport): string {
  if (problem.code !== 'notFound') return invalidIsbnMessage(problem.invalid);
  const text = vscode.l10n.t('The book service knows no book with ISBN {0}.', problem.isbn);
  return problem.rangeless ? `${text} ${rangelessNote()}` : text;
}

// ─── A book ─────────────────────────────────────────────────────────────────────────────────

/** Up to `shown` names, then "and N more"; `omitted` counts names the Book did not keep. */
export function authorNames(authors: readonly string[], omitted = 0, shown = 3): string {
  const more = Math.max(0, authors.length - shown) + omitted;
  const names = authors.slice(0, shown).join(', ');
  return more === 0 ? names : vscode.l10n.t('{0} and {1} more', names, count(more));
}

/** "2nd edition" from a record's edition ("2nd", or "2nd Edition" as some records write it). */
/** "2nd edition"; an edition statement that already says it is one ("2. Auflage", "First edition", "3e éd.") as it is. */
export function editionLabel(edition: string): string {
  return /(?<!\p{L})(edition|ed|auflage|aufl|édition|éd|edición|edizione|uitgave|druk|upplaga|wydanie)(?!\p{L})|版/iu.test(edition) ? edition : vscode.l10n.t('{0} edition', edition);
}

/** "Edited by A, B · Translated by C": the people a catalogue names beside the authors. */
function contributorNames(contributors: Book['contributors']): string | undefined {
  if (!contributors?.length) return undefined;
  const names = (role: 'editor' | 'translator') => contributors.filter((c) => c.role === role).map((c) => c.name);
  const editors = names('editor');
  const translators = names('translator');
  const parts = [editors.length ? vscode.l10n.t('Edited by {0}', authorNames(editors)) : undefined, translators.length ? vscode.l10n.t('Translated by {0}', authorNames(translators)) : undefined];
  return parts.filter(Boolean).join(' · ') || undefined;
}

export function pagesLabel(pages: number): string {
  return vscode.l10n.t('{0} pages', pages);
}

/** The line naming the edition a record describes, when it is not the asked ISBN's own; otherwise undefined. */
export function otherEditionNote(book: Book, asked: string): string | undefined {
  const other = otherEdition(book, asked);
  if (!other) return undefined;
  const edition = [other.binding, other.edition ? editionLabel(other.edition) : undefined].filter(Boolean).join(', ');
  return edition
    ? vscode.l10n.t('This record describes another edition: ISBN {0} ({1}).', other.isbn13, edition)
    : vscode.l10n.t('This record describes another edition: ISBN {0}.', other.isbn13);
}


/** The hover card (Markdown): title, people, publication, physical facts, ISBNs, cover, synopsis. */
export function bookHover(book: Book, options: { synopsisChars?: number; cover?: string; asked?: string } = {}): string {
  const parts: string[] = [];
  parts.push(`**${escapeMarkdown(book.title)}**`);
  // The record answers the hovered ISBN with another edition: say which.
  const edition = options.asked ? otherEditionNote(book, options.asked) : undefined;
  if (edition) parts.push(`*${escapeMarkdown(edition)}*`);
  if (book.authors.length > 0) parts.push(escapeMarkdown(authorNames(book.authors, book.authorsOmitted)));
  const contributors = contributorNames(book.contributors);
  if (contributors) parts.push(escapeMarkdown(contributors));
  const publication = [book.publisher, book.datePublished].filter(Boolean).join(', ');
  if (publication) parts.push(escapeMarkdown(publication));
  const physical = [book.pages ? pagesLabel(book.pages) : undefined, book.binding, book.edition ? editionLabel(book.edition) : undefined].filter(Boolean).join(' · ');
  if (physical) parts.push(escapeMarkdown(physical));
  parts.push(formatIsbns(book).map(escapeMarkdown).join(' · '));
  const target = coverTarget(book, options.cover);
  let text = parts.join('  \n') + (target ? `\n\n![${vscode.l10n.t('Cover of {0}', escapeMarkdown(book.title))}](${target}|height=${HOVER_COVER_HEIGHT})` : '');
  if (book.synopsis) text += `\n\n${escapeMarkdown(excerpt(book.synopsis, options.synopsisChars ?? 300))}`;
  return text;
}

export const buttons = {
  retryNow: () => vscode.l10n.t('Retry Now'),
  showLog: () => vscode.l10n.t('Show Log'),
  setApiKey: () => vscode.l10n.t('Set API Key'),
  setGoogleBooksKey: () => vscode.l10n.t('Set Google Books API Key'),
  openSettings: () => vscode.l10n.t('Open Settings'),
  switchPlan: (plan: PlanName) => vscode.l10n.t('Switch to {0}', plan),
  insertCitation: () => vscode.l10n.t('Insert Citation'),
  copyIsbn13: () => vscode.l10n.t('Copy ISBN-13'),
  insertBibtexEntry: () => vscode.l10n.t('Insert BibTeX Entry'),
  lookUpFirst: (n: number) => vscode.l10n.t('Look Up the First {0}', count(n)),
  lookUpAllAnyway: () => vscode.l10n.t('Look Up All Anyway'),
};

// ─── Hovers ─────────────────────────────────────────────────────────────────────────────────

/** The hover while the book is on its way: the ISBN hover and the citation hover say it alike. */
export function lookingUp(isbn: string): string {
  return vscode.l10n.t('ISBN {0}: looking up… Hover again in a moment to see the book.', isbn);
}

/** A hover while the first source's request limit holds the look-up back. */
export function hoverLimited(isbn: string, whose: string, until: number): string {
  return vscode.l10n.t('ISBN {0}: the request limit of {1} is reached; ISBN Lens retries at {2}.', isbn, whose, formatTime(until));
}

/** Whose request limit: "the default plan" (the book service) or a keyless source's name. */
export function limitOf(source: string | undefined, plan: PlanName): string {
  return source === undefined || source === 'isbndb' ? vscode.l10n.t('the {0} plan', plan) : sourceTitle(source);
}

/** "ISBN 978-…: {text}", Markdown: the text is escaped. */
export function hoverAbout(isbn: string, text: string): string {
  return vscode.l10n.t('ISBN {0}: {1}', isbn, escapeMarkdown(text));
}

/** The hover's link to "Set API Key", on its own line. */
export function setKeyLink(): string {
  return `  \n${vscode.l10n.t('[Set an API key](command:isbnLens.setApiKey)')}`;
}

export function setKeyAgainLink(): string {
  return `  \n${vscode.l10n.t('[Set the API key again](command:isbnLens.setApiKey)')}`;
}

export function retryNowLink(): string {
  return `  \n${vscode.l10n.t('[Retry now](command:isbnLens.retryNow)')}`;
}

/** The hover of a book the book service would show, with no key set. */
export function hoverNeedsKey(isbn: string): string {
  return vscode.l10n.t('ISBN {0}: [Set an API key](command:isbnLens.setApiKey) to see this book.', isbn);
}

/** The hover of a number that is not an ISBN (Markdown); `why` from `whyNotValid`. */
export function hoverInvalid(raw: string, why: string): string {
  return vscode.l10n.t('**Not a valid ISBN:** {0} — {1}. No look-up was made.', escapeMarkdown(raw), why);
}

/** The hover's "where this came from" line, in italics (Markdown). */
/** Under the book, for an ISBN written without a label: which of the finder's rules took it ("found: isbn column"). */
export function foundByMarkdown(rule: string): string {
  return `\n\n*${escapeMarkdown(vscode.l10n.t('found: {0}', rule))}*`;
}

export function sourcesMarkdown(line: string | undefined): string {
  return line ? `\n\n*${escapeMarkdown(line)}*` : '';
}

/** A sentence from a phrase ("no book with ISBN …" → "No book with ISBN ….") */
export function sentence(phrase: string): string {
  return vscode.l10n.t('{0}.', capitalized(phrase));
}

/** An inline title's tooltip: the title, and its authors when there are some. */
export function inlineTitleTooltip(title: string, authors: string): string {
  return authors ? vscode.l10n.t('{0} — {1}', title, authors) : title;
}

// ─── Status bar ─────────────────────────────────────────────────────────────────────────────

export const status = {
  name: () => vscode.l10n.t('ISBN Lens'),
  settingsProblem: () => vscode.l10n.t('$(warning) ISBN: settings'),
  noKey: () => vscode.l10n.t('$(key) ISBN: no key'),
  noKeyTooltip: () => vscode.l10n.t('No API key is set. Click to set one.'),
  idle: (who: string) => vscode.l10n.t('$(book) ISBN: {0}', who),
  idleKeylessTooltip: (sources: string) => vscode.l10n.t('ISBN Lens without an API key: asking {0}. Idle.', sources),
  idlePlanTooltip: (plan: PlanName) => vscode.l10n.t('ISBN Lens on the {0} plan: idle.', plan),
  working: (n: number) => vscode.l10n.t('$(sync~spin) ISBN: {0} waiting', n),
  workingKeylessTooltip: (sources: string, inFlight: number, waiting: number) =>
    vscode.l10n.t('ISBN Lens asking {0}: {1} being looked up, {2} queued.', sources, inFlight, waiting),
  workingPlanTooltip: (plan: PlanName, inFlight: number, waiting: number) =>
    vscode.l10n.t('ISBN Lens on the {0} plan: {1} being looked up, {2} queued.', plan, inFlight, waiting),
  limited: (until: number) => vscode.l10n.t('$(watch) ISBN: limited until {0}', formatTime(until)),
  limitedKeylessTooltip: (source: string, waiting: number, until: number) =>
    vscode.l10n.t("{0}'s request limit was reached; {1} look-ups resume at {2}.", source, waiting, formatTime(until)),
  limitedPlanTooltip: (plan: PlanName, waiting: number, until: number) =>
    vscode.l10n.t("The {0} plan's request limit was reached; {1} look-ups resume at {2}.", plan, waiting, formatTime(until)),
  quotaSpent: (until: number | undefined) =>
    until ? vscode.l10n.t('$(error) ISBN: quota spent until {0}', formatTime(until)) : vscode.l10n.t('$(error) ISBN: quota spent'),
  wrongPlan: () => vscode.l10n.t('$(error) ISBN: wrong plan'),
  refusedByBrowser: () => vscode.l10n.t('$(error) ISBN: service refused by browser'),
  keyMalformed: () => vscode.l10n.t('$(error) ISBN: key malformed'),
  keyRefused: () => vscode.l10n.t('$(error) ISBN: key refused'),
  offline: () => vscode.l10n.t('$(debug-disconnect) ISBN: offline'),
  oneUnreachable: (source: string) => vscode.l10n.t('$(debug-disconnect) ISBN: {0} unreachable', sourceTitle(source)),
  someUnreachable: (n: number) => vscode.l10n.t('$(debug-disconnect) ISBN: {0} sources unreachable', n),
  offlineTooltip: () => vscode.l10n.t('No book source can be reached.'),
  notAskedTooltip: (sources: readonly string[]) => vscode.l10n.t('{0} not asked for now; the other sources answer.', both(sources.map(sourceTitle))),
  quota: (quota: string) => vscode.l10n.t('Quota: {0}.', quota),
  click: () => vscode.l10n.t('Click for ISBN Lens commands.'),
  accessible: (tooltip: string) => vscode.l10n.t('ISBN Lens: {0}', tooltip),
  /** The sources in the order asked: "Open Library, then Google Books". */
  inOrder: (sources: readonly string[]) => sources.map(sourceTitle).join(vscode.l10n.t(', then ')),
};

/** "A and B", "A, B and C". */
export function both(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : vscode.l10n.t('{0} and {1}', items.slice(0, -1).join(', '), items.at(-1)!);
}

/** "A or B", "A, B or C". */
export function either(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : vscode.l10n.t('{0} or {1}', items.slice(0, -1).join(', '), items.at(-1)!);
}

// ─── Diagnostics and code actions ───────────────────────────────────────────────────────────

/** A code action on an ISBN: what it does, with the text it writes. */
export function isbnActionTitle(action: IsbnAction): string {
  switch (action.does) {
    case 'change':
      return vscode.l10n.t('Change to {0}', action.newText);
    case 'toIsbn13':
      return vscode.l10n.t('Convert to ISBN-13: {0}', action.newText);
    case 'toIsbn10':
      return vscode.l10n.t('Convert to ISBN-10: {0}', action.newText);
    case 'hyphenate':
      return vscode.l10n.t('Hyphenate: {0}', action.newText);
    case 'removeHyphens':
      return vscode.l10n.t('Remove hyphens: {0}', action.newText);
  }
}

export const duplicates = {
  /** The diagnostic on a repeat: where the first one is (a 1-based line). */
  alsoAt: (line: number) => vscode.l10n.t('also at line {0}', line),
  firstEntry: () => vscode.l10n.t('the first entry of this book'),
  firstIsbn: () => vscode.l10n.t('the first time this ISBN is written'),
  goToFirst: (line: number) => vscode.l10n.t('Go to the first one (line {0})', line),
};

// ─── Commands ───────────────────────────────────────────────────────────────────────────────

export const commandFailed = () => vscode.l10n.t('ISBN Lens: something went wrong. Details are in “ISBN Lens: Show Log”.');
export const couldNotStart = () => vscode.l10n.t('ISBN Lens could not start. Details are in “ISBN Lens: Show Log”.');

/** How the user reads the book service where it is named. */
export function bookService(): string {
  return vscode.l10n.t('the book service');
}

// ─── The log, where the user reads it ───────────────────────────────────────────────────────

export const log = {
  bibliographyNoAddress: (path: string, why: string) => vscode.l10n.t('Bibliography {0} is skipped: it cannot be made into a file address ({1}).', path, why),
};
