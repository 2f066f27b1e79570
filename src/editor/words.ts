/**
 * The words a user reads, in one place: hovers, diagnostics, notifications, the status bar,
 * quick picks, input boxes, progress titles, reports and the log lines meant for the user. One
 * function per state, named by what it says, one phrasing each; every sentence goes through
 * `vscode.l10n.t` with its English as the key (a translation is an `l10n/bundle.l10n.<lang>.json`
 * to add). The core hands over values with kinds (counts, problems, errors); this module words them.
 *
 * Every message is a string literal in a `vscode.l10n.t(...)` call, so that the bundle can be
 * exported from the code (test/unit/l10nMessages.test.ts checks it). A brace that is not a
 * placeholder never stands next to one: `{{0}}` is not replaced (VS Code's format2).
 */
import * as vscode from 'vscode';
import { escapeMarkdown } from '../core/format/markdown';
import { formatTime } from '../core/messages';
import type { PlanName } from '../core/model/plans';
import { sourceTitle } from '../core/sources/sourceNames';

/** The prefix of every notification: "ISBN Lens: {0}". */
export function notice(text: string): string {
  return vscode.l10n.t('ISBN Lens: {0}', text);
}

/** "Abc" from "abc", for a phrase that begins a sentence. */
function capitalized(text: string): string {
  return text.length > 0 ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text;
}

// ─── Buttons and command names ──────────────────────────────────────────────────────────────

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
  lookUpFirst: (n: number) => vscode.l10n.t('Look Up the First {0}', n.toLocaleString('en-US')),
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
export function sourcesMarkdown(line: string | undefined): string {
  return line ? `\n\n*${escapeMarkdown(line)}*` : '';
}

/** The citation hover's note when the entry's ISBN has no book: the failure, said. */
export function citationLookupFailed(failure: string): string {
  return vscode.l10n.t('The book could not be looked up: {0}', failure);
}

/** A sentence from a phrase ("no book with ISBN …" → "No book with ISBN ….") */
export function sentence(phrase: string): string {
  return vscode.l10n.t('{0}.', capitalized(phrase));
}

/** The title of an entry without one. */
export function noTitle(): string {
  return vscode.l10n.t('(no title)');
}

/** An editor among an entry's people: "Name (ed.)". */
export function editorName(name: string): string {
  return vscode.l10n.t('{0} (ed.)', name);
}

/** The citation hover's last line: where the entry is (Markdown; the link is built by the caller). */
export function citeKeyAt(key: string, file: string, line: number, link: string): string {
  return vscode.l10n.t('Cite key {0} in [{1}:{2}]({3})', escapeMarkdown(key), escapeMarkdown(file), line, link);
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

/** The status bar's menu: its title, placeholder and entries. */
export const statusMenu = {
  title: () => vscode.l10n.t('ISBN Lens'),
  placeHolder: () => vscode.l10n.t('Choose a command'),
  lookupAllInFile: () => vscode.l10n.t('$(search) Look Up All ISBNs in File'),
  lookupIsbn: () => vscode.l10n.t('$(book) Look Up ISBN'),
  lookupAuthor: () => vscode.l10n.t('$(person) Look Up Author'),
  retryNow: () => vscode.l10n.t('$(debug-restart) Retry Now'),
  setApiKey: () => vscode.l10n.t('$(key) Set API Key'),
  clearApiKey: () => vscode.l10n.t('$(trash) Clear API Key'),
  setGoogleBooksKey: () => vscode.l10n.t('$(key) Set Google Books API Key'),
  showLog: () => vscode.l10n.t('$(output) Show Log'),
};

// ─── Diagnostics and code actions ───────────────────────────────────────────────────────────

export const duplicates = {
  firstEntry: () => vscode.l10n.t('the first entry of this book'),
  firstIsbn: () => vscode.l10n.t('the first time this ISBN is written'),
  goToFirst: (line: number) => vscode.l10n.t('Go to the first one (line {0})', line),
};

// ─── Commands ───────────────────────────────────────────────────────────────────────────────

export const commandFailed = () => vscode.l10n.t('ISBN Lens: something went wrong. Details are in “ISBN Lens: Show Log”.');
export const couldNotStart = () => vscode.l10n.t('ISBN Lens could not start. Details are in “ISBN Lens: Show Log”.');

/** Progress titles of look-ups. */
export const progress = {
  lookingUpOne: (isbn: string) => vscode.l10n.t('ISBN Lens: looking up {0}…', isbn),
  lookingUpMany: (n: number) => (n === 1 ? vscode.l10n.t('ISBN Lens: looking up 1 ISBN') : vscode.l10n.t('ISBN Lens: looking up {0} ISBNs', n)),
  lookingUpToAnnotate: (n: number) =>
    n === 1 ? vscode.l10n.t('ISBN Lens: looking up 1 ISBN to annotate') : vscode.l10n.t('ISBN Lens: looking up {0} ISBNs to annotate', n),
  count: (done: number, total: number) => vscode.l10n.t('{0} of {1}', done, total),
  checkingKey: (plan: PlanName) => vscode.l10n.t('ISBN Lens: checking the key on the {0} plan…', plan),
};

/** "Look Up All ISBNs in File". */
export const lookupAll = {
  noEditor: () => vscode.l10n.t('ISBN Lens: open a file to look up its ISBNs.'),
  noValidIsbn: (invalid: number) => vscode.l10n.t('ISBN Lens: no valid ISBN in this file ({0} invalid).', invalid),
  noIsbn: () => vscode.l10n.t('ISBN Lens: no ISBN in this file.'),
  cancelled: () => vscode.l10n.t('ISBN Lens: look-up cancelled. What was found so far is kept for hovers.'),
};

/** A look-up that would spend more than the key's daily quota has left. */
export const quotaShortfall = {
  question: (needed: number, left: number) =>
    vscode.l10n.t("ISBN Lens: {0} ISBNs need a look-up, but only {1} calls are left of your key's daily quota.", needed.toLocaleString('en-US'), left.toLocaleString('en-US')),
  detail: (unlooked: number) =>
    unlooked === 1
      ? vscode.l10n.t('1 ISBN would be left unlooked-up. The quota resets at 00:00 UTC.')
      : vscode.l10n.t('{0} ISBNs would be left unlooked-up. The quota resets at 00:00 UTC.', unlooked.toLocaleString('en-US')),
  leftOut: () => vscode.l10n.t('Left out: the daily quota of the key would not cover it.'),
};

/** "Annotate ISBNs in File". */
export const annotate = {
  noEditor: () => vscode.l10n.t('ISBN Lens: open a Markdown, text or bibliography file (BibTeX, CSL-JSON, CSL-YAML, RIS) to annotate its ISBNs.'),
  /** Nothing to look up: `invalid` and `leftAlone` say why; `isbns`: a reading list (notes after ISBNs), else entries of `kind`. */
  nothingToAnnotate: (kind: 'entry' | 'item' | 'record' | 'isbn', invalid: number, leftAlone: number) => {
    const why: string[] = [];
    if (invalid > 0) why.push(vscode.l10n.t('{0} invalid', invalid));
    if (leftAlone > 0) why.push(kind === 'isbn' ? vscode.l10n.t('{0} in code or links', leftAlone) : vscode.l10n.t('{0} not readable', leftAlone));
    const what =
      kind === 'isbn'
        ? vscode.l10n.t('no valid ISBN to annotate')
        : kind === 'entry'
          ? vscode.l10n.t('no entry with a valid ISBN')
          : kind === 'item'
            ? vscode.l10n.t('no item with a valid ISBN')
            : vscode.l10n.t('no record with a valid ISBN');
    return why.length > 0 ? vscode.l10n.t('ISBN Lens: {0} in this file ({1}).', what, why.join(', ')) : vscode.l10n.t('ISBN Lens: {0} in this file.', what);
  },
  cancelled: () => vscode.l10n.t('ISBN Lens: annotation cancelled; the file is unchanged.'),
  closed: () => vscode.l10n.t('ISBN Lens: the file was closed during the look-up; nothing was written.'),
  notWritten: () =>
    vscode.l10n.t('ISBN Lens: the annotations could not be written (the file kept changing, or it is read-only); nothing was changed. Run the command again.'),
  pickTitle: () => vscode.l10n.t('ISBN Lens: Annotate ISBNs in File'),
  pickPlaceHolder: () => vscode.l10n.t('What to write into the entries that carry an ISBN'),
  fill: () => vscode.l10n.t('Fill missing fields'),
  fillDescription: () => vscode.l10n.t('Add title, author, publisher, year… where an entry lacks them'),
  refresh: () => vscode.l10n.t('Fill missing and refresh existing fields'),
  refreshDescription: () => vscode.l10n.t('Also replace fields that differ from what the sources know'),
};

/** "Set API Key", "Clear API Key" and Google's. */
export const apiKey = {
  title: () => vscode.l10n.t('ISBN Lens: Set API Key'),
  prompt: (plan: PlanName) =>
    vscode.l10n.t("Your book service REST key for the {0} plan. It is kept in VS Code's secret storage and sent only to the plan's address.", plan),
  placeHolder: () => vscode.l10n.t('Paste your API key'),
  removed: () => vscode.l10n.t('ISBN Lens: API key removed.'),
  saved: () => vscode.l10n.t('ISBN Lens: API key saved.'),
  savedWithProblem: (problem: string) => vscode.l10n.t('ISBN Lens: API key saved. {0}', problem),
  works: (plan: PlanName, quota: string | undefined) =>
    quota
      ? vscode.l10n.t("ISBN Lens: API key saved. It works on the {0} plan. Today's quota: {1}.", plan, quota)
      : vscode.l10n.t('ISBN Lens: API key saved. It works on the {0} plan.', plan),
  checkCancelled: () => vscode.l10n.t('ISBN Lens: API key saved; the check was cancelled.'),
  refused: (plan: PlanName) => vscode.l10n.t('ISBN Lens: API key saved, but the service refused it on the {0} plan. Check the key and set it again.', plan),
  wrongPlan: (plan: PlanName) =>
    vscode.l10n.t("ISBN Lens: API key saved, but it belongs to another plan: the {0} plan's address denies it. Set “isbnLens.plan” to the key's plan.", plan),
  notCheckedNow: (failure: string) => vscode.l10n.t('ISBN Lens: API key saved. It could not be checked now: {0}', failure),
  notChecked: (failure: string) => vscode.l10n.t('ISBN Lens: API key saved, but it could not be checked. {0}', failure),
  googleTitle: () => vscode.l10n.t('ISBN Lens: Set Google Books API Key'),
  googlePrompt: () =>
    vscode.l10n.t(
      "A free Google Books API key (Google Cloud console → APIs & Services → Credentials). It is kept in VS Code's secret storage and sent only to Google Books, in its X-Goog-Api-Key header.",
    ),
  googlePlaceHolder: () => vscode.l10n.t('Paste your Google Books API key'),
  googleSaved: () => vscode.l10n.t('ISBN Lens: Google Books API key saved; Google Books is asked with it.'),
  googleSavedNotAsked: () => vscode.l10n.t('ISBN Lens: Google Books API key saved. Google Books is not among “isbnLens.sources”, so it is not asked.'),
  googleRemoved: () => vscode.l10n.t('ISBN Lens: Google Books API key removed; Google Books is asked without a key.'),
};

/** When the key belongs to another configured plan. */
export const planSwitch = {
  /** `saved`: said right after "Set API Key" ("ISBN Lens: API key saved. The key belongs…"). */
  offer: (keyPlan: PlanName, current: PlanName, saved: boolean) =>
    saved
      ? vscode.l10n.t("ISBN Lens: API key saved. The key belongs to the {0} plan, but “isbnLens.plan” is {1}: look-ups at the {1} plan's address may be refused.", keyPlan, current)
      : vscode.l10n.t("ISBN Lens: The key belongs to the {0} plan, but “isbnLens.plan” is {1}: look-ups at the {1} plan's address may be refused.", keyPlan, current),
  switched: (plan: PlanName, quota: string | undefined) =>
    quota
      ? vscode.l10n.t("ISBN Lens: switched to the {0} plan. Today's quota: {1}.", plan, quota)
      : vscode.l10n.t('ISBN Lens: switched to the {0} plan.', plan),
  couldNotRead: (why: string) => vscode.l10n.t("Could not read the key's plan and quota: {0}", why),
};

/** "Look Up ISBN", "Insert … Entry for ISBN": the input box and the outcomes. */
export const isbnCommands = {
  lookupTitle: () => vscode.l10n.t('ISBN Lens: Look Up ISBN'),
  insertBibtexTitle: () => vscode.l10n.t('ISBN Lens: Insert BibTeX Entry for ISBN'),
  insertEntryTitle: () => vscode.l10n.t('ISBN Lens: Insert Bibliography Entry for ISBN'),
  prompt: () => vscode.l10n.t('An ISBN-10 or ISBN-13, with or without hyphens.'),
  notIsbnCharacters: () => vscode.l10n.t('An ISBN has only digits, hyphens and spaces (and X as the last character of an ISBN-10).'),
  /** The input box's word on a number that is no ISBN; `why` from `whyNotValid`. */
  notValid: (why: string, suggestion: string | undefined) =>
    suggestion ? vscode.l10n.t('{0}. Did you mean {1}?', capitalized(why), suggestion) : vscode.l10n.t('{0}.', capitalized(why)),
  copied: (isbn: string) => vscode.l10n.t('ISBN Lens: copied {0}.', isbn),
  noEntryMade: (noBook: string) => vscode.l10n.t('ISBN Lens: {0}; no entry was made.', noBook),
  noBook: (noBook: string) => vscode.l10n.t('ISBN Lens: {0}.', noBook),
  keyPatternUnusable: (problem: string, fallback: string) =>
    vscode.l10n.t('ISBN Lens: isbnLens.citeKey.pattern cannot be used ({0}), so the key follows the default pattern {1}.', problem, fallback),
  copiedBibtex: (key: string, title: string) =>
    vscode.l10n.t('ISBN Lens: copied the BibTeX entry {0} for “{1}” to the clipboard. Paste it into your .bib file.', `@book{${key}}`, title),
  noEntries: () => vscode.l10n.t('This file takes no bibliography entries.'),
  fileChanged: () => vscode.l10n.t('ISBN Lens: the file changed while the entry was being inserted. Run the command again.'),
  /** What was inserted: a BibTeX entry by its head, another format's by its kind and key. */
  inserted: (format: 'bibtex' | 'csl-json' | 'csl-yaml' | 'ris', key: string, title: string) => {
    switch (format) {
      case 'bibtex':
        return vscode.l10n.t('ISBN Lens: inserted {0} for “{1}”.', `@book{${key}}`, title);
      case 'csl-json':
        return vscode.l10n.t('ISBN Lens: inserted the CSL-JSON item {0} for “{1}”.', key, title);
      case 'csl-yaml':
        return vscode.l10n.t('ISBN Lens: inserted the CSL-YAML item {0} for “{1}”.', key, title);
      case 'ris':
        return vscode.l10n.t('ISBN Lens: inserted the RIS record {0} for “{1}”.', key, title);
    }
  },
};

/** "Look Up Author". */
export const author = {
  title: () => vscode.l10n.t('ISBN Lens: Look Up Author'),
  prompt: () => vscode.l10n.t('The author\'s name as the books print it, e.g. "José Saramago".'),
  noKey: () => vscode.l10n.t('No API key is set.'),
  insertIsbn: () => vscode.l10n.t('$(insert) Insert ISBN at cursor'),
  copyIsbn: () => vscode.l10n.t('$(copy) Copy ISBN'),
  showDetails: () => vscode.l10n.t('$(book) Show details'),
  whatToDo: () => vscode.l10n.t('What to do with this book'),
  booksBy: (name: string) => vscode.l10n.t('Books by {0}', name),
  loading: () => vscode.l10n.t('Loading…'),
  shown: (count: number, total: number | undefined, name: string) =>
    total !== undefined
      ? vscode.l10n.t('{0} of {1} books by {2}: type to filter, Enter to choose', count, total, name)
      : vscode.l10n.t('{0} books by {1}: type to filter, Enter to choose', count, name),
  bookDetail: (isbn: string, authors: readonly string[], publisher: string | undefined) =>
    vscode.l10n.t('ISBN {0}', isbn) + (authors.length > 1 ? ` · ${authors.join(', ')}` : '') + (publisher ? ` · ${publisher}` : ''),
  loadMore: () => vscode.l10n.t('$(ellipsis) Load more books…'),
  failedUnexpectedly: () => vscode.l10n.t('ISBN Lens: the author look-up failed unexpectedly. See “ISBN Lens: Show Log”.'),
  /** `source`: how the user reads the source asked, undefined for the book service. */
  unknown: (source: string | undefined, name: string) =>
    vscode.l10n.t('ISBN Lens: {0} knows no author named “{1}”. Check the spelling, or try the name as printed on the books.', source ?? bookService(), name),
};

/** How the user reads the book service where it is named. */
export function bookService(): string {
  return vscode.l10n.t('the book service');
}

/** "Toggle Inline Titles". */
export const inlineTitles = {
  noEditor: () => vscode.l10n.t('ISBN Lens: open a file to switch its inline titles on or off.'),
  switched: (on: boolean, languageId: string) =>
    on ? vscode.l10n.t('ISBN Lens: inline titles are now on in {0} files.', languageId) : vscode.l10n.t('ISBN Lens: inline titles are now off in {0} files.', languageId),
};

// ─── The log, where the user reads it ───────────────────────────────────────────────────────

export const log = {
  bibliographyNoAddress: (path: string, why: string) => vscode.l10n.t('Bibliography {0} is skipped: it cannot be made into a file address ({1}).', path, why),
  bibliographyNotRead: (path: string, why: string) => vscode.l10n.t('Bibliography {0} is not read: {1}.', path, why),
};
