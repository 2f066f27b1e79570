/**
 * The words of the commands that load on first use (Annotate, Look Up All, Look Up ISBN and
 * Author, Insert Entry, the API keys, the status menu, Toggle Inline Titles): the words module's part that the activation bundle need
 * not hold. Every sentence through `vscode.l10n.t`, as in index.ts.
 */
import * as vscode from 'vscode';
import type { AnnotationReport } from '../../core/model/fillReport';
import { type BibliographyFormatId, hasEntries } from '../../core/formats/formatId';
import { formatIsbns } from '../../core/format/bookText';
import { excerpt } from '../../core/format/markdown';
import type { LookupSummary } from '../../core/lookupSummary';
import type { Book } from '../../core/model/book';
import type { PlanName } from '../../core/model/plans';
import * as shared from './index';
import type { KeyFault } from '../../core/keyFormat';
import type { CiteKeyPatternProblem } from '../../core/formats/bibtex/citeKeyPattern';
import type { FormatRefusal } from '../../core/formats/part';
import type { LookupResult } from '../../core/model/lookup';
import type { ResultCounts } from '../../core/model/resultCounts';
import { sourceTitle } from '../../core/sources/sourceNames';

/** Authors named in full in the details; a long list ends "and N more". */
const DETAILS_AUTHORS = 20;

/** The one line after looking up many ISBNs: "3 found, 1 not found, 0 invalid." */
export function lookupSummary(summary: LookupSummary): string {
  const parts = [vscode.l10n.t('{0} found', summary.found), vscode.l10n.t('{0} not found', summary.notFound), vscode.l10n.t('{0} invalid', summary.invalid)];
  if (summary.skippedForQuota > 0) parts.push(vscode.l10n.t('{0} skipped for quota', summary.skippedForQuota));
  if (summary.notAsked > 0) parts.push(notAskedPart(summary));
  if (summary.failed > 0) parts.push(vscode.l10n.t('{0} failed', summary.failed));
  return vscode.l10n.t('{0}.', parts.join(', '));
}

/** Why a format leaves a file as it is: Annotate changes nothing, Insert Entry adds no entry. */
export function formatRefusal(refusal: FormatRefusal, doing: 'annotate' | 'insert'): string {
  switch (refusal) {
    case 'tooDeep':
      return doing === 'annotate'
        ? vscode.l10n.t('This file is too deeply nested to edit safely, so nothing was changed.')
        : vscode.l10n.t('This file is too deeply nested to edit safely, so no entry was added.');
    case 'notCslJsonList':
      return vscode.l10n.t('This JSON file is not a CSL-JSON list of items, so no entry was added.');
    case 'notCslYamlList':
      return vscode.l10n.t('This YAML file holds no CSL-YAML list of references to add to, so no entry was added.');
    case 'noPlace':
      return vscode.l10n.t('No entry was added.');
  }
}

/** "Annotated 3 ISBNs, 1 already up to date, 1 not found." / "Filled 7 fields in 3 entries, …" */
export function annotationSummary(report: AnnotationReport, format: BibliographyFormatId | 'markdown'): string {
  if (report.refused) return formatRefusal(report.refused, 'annotate');
  const parts = [annotatedHead(report, format)];
  if (report.unchanged > 0) parts.push(vscode.l10n.t('{0} already up to date', report.unchanged));
  if (report.notFound > 0) parts.push(vscode.l10n.t('{0} not found', report.notFound));
  if (report.invalid > 0) parts.push(vscode.l10n.t('{0} invalid', report.invalid));
  if (report.skippedForQuota > 0) parts.push(vscode.l10n.t('{0} skipped for quota', report.skippedForQuota));
  if (report.notAsked > 0) parts.push(notAskedPart(report));
  if (report.failed > 0) parts.push(vscode.l10n.t('{0} failed', report.failed));
  if (report.notLookedUp > 0) parts.push(vscode.l10n.t('{0} added during the look-up (run again to include them)', report.notLookedUp));
  if (report.leftAlone > 0) parts.push(leftAlone(report.leftAlone, format));
  return vscode.l10n.t('{0}.', parts.join(', '));
}

function annotatedHead(report: AnnotationReport, format: BibliographyFormatId | 'markdown'): string {
  if (!hasEntries(format)) return report.changed === 1 ? vscode.l10n.t('Annotated 1 ISBN') : vscode.l10n.t('Annotated {0} ISBNs', report.changed);
  if (report.fields === 0) return vscode.l10n.t('Filled no fields');
  const fields = report.fields === 1 ? vscode.l10n.t('1 field') : vscode.l10n.t('{0} fields', report.fields);
  const entries = report.changed === 1 ? vscode.l10n.t('1 entry') : vscode.l10n.t('{0} entries', report.changed);
  return vscode.l10n.t('Filled {0} in {1}', fields, entries);
}

/** What Annotate left alone, in each format's own terms. */
function leftAlone(n: number, format: BibliographyFormatId | 'markdown'): string {
  switch (format) {
    case 'markdown':
      return vscode.l10n.t('{0} left alone in code or links', n);
    case 'bibtex':
      return n === 1 ? vscode.l10n.t('1 entry skipped: not valid BibTeX') : vscode.l10n.t('{0} entries skipped: not valid BibTeX', n);
    case 'ris':
      return n === 1 ? vscode.l10n.t('1 record skipped: no ER line') : vscode.l10n.t('{0} records skipped: no ER line', n);
    default:
      return n === 1 ? vscode.l10n.t('1 item skipped') : vscode.l10n.t('{0} items skipped', n);
  }
}

// ─── Invalid ISBNs and diagnostics ──────────────────────────────────────────────────────────

/** Plain-text details, for a dialog. */
export function bookDetails(book: Book, asked?: string): string {
  const lines = [
    book.titleLong ?? book.title,
    asked ? shared.otherEditionNote(book, asked) : undefined,
    book.authors.length > 0 ? vscode.l10n.t('by {0}', shared.authorNames(book.authors, book.authorsOmitted, DETAILS_AUTHORS)) : undefined,
    [book.publisher, book.datePublished].filter(Boolean).join(', ') || undefined,
    [book.pages ? shared.pagesLabel(book.pages) : undefined, book.binding, book.language].filter(Boolean).join(' · ') || undefined,
    formatIsbns(book).join(' · '),
    book.subjects.length > 0 ? vscode.l10n.t('Subjects: {0}', book.subjects.slice(0, 8).join('; ')) : undefined,
    book.synopsis ? '\n' + excerpt(book.synopsis, 600) : undefined,
  ];
  return lines.filter((line): line is string => line !== undefined).join('\n');
}

// ─── Buttons and command names ──────────────────────────────────────────────────────────────

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
    vscode.l10n.t("ISBN Lens: {0} ISBNs need a look-up, but only {1} calls are left of your key's daily quota.", shared.count(needed), shared.count(left)),
  detail: (unlooked: number) =>
    unlooked === 1
      ? vscode.l10n.t('1 ISBN would be left unlooked-up. The quota resets at 00:00 UTC.')
      : vscode.l10n.t('{0} ISBNs would be left unlooked-up. The quota resets at 00:00 UTC.', shared.count(unlooked)),
};

/** "Annotate ISBNs in File". */
export const annotate = {
  /** A file Annotate has nothing for. */
  unsupported: (languageId: string) =>
    vscode.l10n.t(
      'ISBN Lens: Annotate knows Markdown and plain text (a note after each ISBN) and bibliographies (BibTeX/BibLaTeX .bib, CSL-JSON .json, CSL-YAML .yaml, RIS .ris: their own fields). This file ({0}) is none of them, so it was left as it is.',
      languageId,
    ),
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
/** Why the text typed in the key's input box cannot be a key, said as it is typed. */
export function keyFault(fault: KeyFault): string {
  switch (fault.kind) {
    case 'empty':
      return vscode.l10n.t('Enter the key (it is kept in VS Code’s secret storage, never in settings).');
    case 'tooLong':
      return vscode.l10n.t('That is {0} characters; a key is far shorter. Paste only the key.', shared.count(fault.length));
    case 'space':
      return vscode.l10n.t('The key has a space at position {0}. Paste the key alone, without spaces.', fault.position);
    case 'lineBreak':
    case 'control':
      return vscode.l10n.t('The key has an invisible control character at position {0}. Paste the key again.', fault.position);
    case 'nonAscii':
      return vscode.l10n.t('The key has the character “{0}” at position {1}: a key has only letters, digits and ASCII signs. Paste it again from your account page.', fault.shown, fault.position);
  }
}

/** Why `isbnLens.citeKey.pattern` cannot be used. */
export function citeKeyPatternProblem(problem: CiteKeyPatternProblem): string {
  switch (problem.kind) {
    case 'noField':
      return vscode.l10n.t('the pattern has no field in brackets, so every key would be the same');
    case 'unclosedBracket':
      return vscode.l10n.t('a bracket is not closed');
    case 'unknownField':
      return vscode.l10n.t('unknown field [{0}]; known: {1}', problem.field, problem.known.join(', '));
    case 'unknownModifier':
      return vscode.l10n.t('unknown modifier :{0} in [{1}]; known: {2}', problem.modifier, problem.token, problem.known.join(', '));
  }
}

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
    vscode.l10n.t("ISBN Lens: API key saved, but it belongs to another plan: the {0} plan's address denies it. Set “isbnLens.isbndb.plan” to the key's plan.", plan),
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

/** "Look Up ISBN", "Insert … Entry for ISBN": the input box and the outcomes. */
export const isbnCommands = {
  lookupTitle: () => vscode.l10n.t('ISBN Lens: Look Up ISBN'),
  insertBibtexTitle: () => vscode.l10n.t('ISBN Lens: Insert BibTeX Entry for ISBN'),
  insertEntryTitle: () => vscode.l10n.t('ISBN Lens: Insert Bibliography Entry for ISBN'),
  prompt: () => vscode.l10n.t('An ISBN-10 or ISBN-13, with or without hyphens.'),
  notIsbnCharacters: () => vscode.l10n.t('An ISBN has only digits, hyphens and spaces (and X as the last character of an ISBN-10).'),
  /** The input box's word on a number that is no ISBN; `why` from `whyNotValid`. */
  notValid: (why: string, suggestion: string | undefined) =>
    suggestion ? vscode.l10n.t('{0}. Did you mean {1}?', shared.capitalized(why), suggestion) : vscode.l10n.t('{0}.', shared.capitalized(why)),
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
    vscode.l10n.t('ISBN Lens: {0} knows no author named “{1}”. Check the spelling, or try the name as printed on the books.', source ?? shared.bookService(), name),
};

/** The status bar's menu: its title, placeholder and entries. */
export const statusMenu = {
  title: () => vscode.l10n.t('ISBN Lens'),
  placeHolder: () => vscode.l10n.t('Choose a command'),
  lookupAllInFile: () => vscode.l10n.t('$(search) Look Up All ISBNs in File'),
  lookupIsbn: () => vscode.l10n.t('$(book) Look Up ISBN'),
  lookupAuthor: () => vscode.l10n.t('$(person) Look Up Author'),
  checkBibliography: () => vscode.l10n.t('$(checklist) Check Bibliography'),
  retryNow: () => vscode.l10n.t('$(debug-restart) Retry Now'),
  setApiKey: () => vscode.l10n.t('$(key) Set API Key'),
  clearApiKey: () => vscode.l10n.t('$(trash) Clear API Key'),
  setGoogleBooksKey: () => vscode.l10n.t('$(key) Set Google Books API Key'),
  showLog: () => vscode.l10n.t('$(output) Show Log'),
};

/** "Toggle Inline Titles". */
export const inlineTitles = {
  noEditor: () => vscode.l10n.t('ISBN Lens: open a file to switch its inline titles on or off.'),
  switched: (on: boolean, languageId: string) =>
    on ? vscode.l10n.t('ISBN Lens: inline titles are now on in {0} files.', languageId) : vscode.l10n.t('ISBN Lens: inline titles are now off in {0} files.', languageId),
};

// ─── Look-ups, their progress and what they did not find (moved from index.ts: no activation needs them) ───

/** "1 ISBN", "3 ISBNs". */
function isbnCount(n: number): string {
  return n === 1 ? vscode.l10n.t('1 ISBN') : vscode.l10n.t('{0} ISBNs', n);
}

/** "the book service knows no book with ISBN x" or, where other sources were asked, "no book with ISBN x in Open Library or Google Books". */
export function noBook(result: Extract<LookupResult, { status: 'notFound' }>, isbn: string): string {
  const asked = result.asked ?? ['isbndb'];
  if (asked.length === 1 && asked[0] === 'isbndb') return vscode.l10n.t('the book service knows no book with ISBN {0}', isbn);
  return vscode.l10n.t('no book with ISBN {0} in {1}', isbn, shared.either(asked.map(sourceTitle)));
}

/** "Open Library and Google Books could not be reached": the sources a look-up could not ask. */
export function notAsked(sources: readonly string[]): string {
  return vscode.l10n.t('{0} could not be reached', shared.both(sources.map(sourceTitle)));
}

/** "1 ISBN not asked: Open Library and Google Books could not be reached". */
export function notAskedPart(counts: Pick<ResultCounts, 'notAsked' | 'unreachable'>): string {
  return vscode.l10n.t('{0} not asked: {1}', isbnCount(counts.notAsked), notAsked(counts.unreachable ?? []));
}

/** Progress titles of look-ups. */
export const progress = {
  lookingUpOne: (isbn: string) => vscode.l10n.t('ISBN Lens: looking up {0}…', isbn),
  lookingUpMany: (n: number) => (n === 1 ? vscode.l10n.t('ISBN Lens: looking up 1 ISBN') : vscode.l10n.t('ISBN Lens: looking up {0} ISBNs', n)),
  lookingUpToAnnotate: (n: number) =>
    n === 1 ? vscode.l10n.t('ISBN Lens: looking up 1 ISBN to annotate') : vscode.l10n.t('ISBN Lens: looking up {0} ISBNs to annotate', n),
  count: (done: number, total: number) => vscode.l10n.t('{0} of {1}', done, total),
  checkingKey: (plan: PlanName) => vscode.l10n.t('ISBN Lens: checking the key on the {0} plan…', plan),
};

/** When the key belongs to another configured plan. */
export const planSwitch = {
  /** `saved`: said right after "Set API Key" ("ISBN Lens: API key saved. The key belongs…"). */
  offer: (keyPlan: PlanName, current: PlanName, saved: boolean) =>
    saved
      ? vscode.l10n.t("ISBN Lens: API key saved. The key belongs to the {0} plan, but “isbnLens.isbndb.plan” is {1}: look-ups at the {1} plan's address may be refused.", keyPlan, current)
      : vscode.l10n.t("ISBN Lens: The key belongs to the {0} plan, but “isbnLens.isbndb.plan” is {1}: look-ups at the {1} plan's address may be refused.", keyPlan, current),
  switched: (plan: PlanName, quota: string | undefined) =>
    quota
      ? vscode.l10n.t("ISBN Lens: switched to the {0} plan. Today's quota: {1}.", plan, quota)
      : vscode.l10n.t('ISBN Lens: switched to the {0} plan.', plan),
  couldNotRead: (why: string) => vscode.l10n.t("Could not read the key's plan and quota: {0}", why),
};
