/**
 * The hover's line about an ISBN's work: "14 editions of this work", linked to Show Other Editions
 * (`isbnLens.showEditions` with the document's URI and the ISBN's range). From what the finding API
 * keeps, or asked within the hover's wait; a work of one edition, an ISBN Open Library does not
 * know, a source that cannot be asked or an answer that comes too late give no line (the answer
 * is kept for the next hover). Loads on first use: the hover imports it with `await import(…)`.
 */
import * as vscode from 'vscode';
import type { LookupResult } from '../../core/model/lookup';
import type { WorkOfIsbn } from '../../core/model/works';
import type { LookupService } from '../infrastructure/lookupService';
import * as findWords from '../words/finding';

export const SHOW_EDITIONS_COMMAND = 'isbnLens.showEditions';
/** How long the line waits by default: within the hover's own 1.5 s. */
export const EDITIONS_LINE_WAIT_MS = 1200;

export interface EditionsLinePlace {
  uri: vscode.Uri;
  /** The ISBN's range as written. */
  range: vscode.Range;
}

/**
 * The line for `isbn` (any written form), or undefined. `waitMs`: the longest to wait for an
 * answer not yet kept; `ask: false`: only what is kept, no request.
 */
export async function editionsHoverLine(service: LookupService, isbn: string, place: EditionsLinePlace, options: { waitMs?: number; ask?: boolean } = {}): Promise<vscode.MarkdownString | undefined> {
  // `null`: nothing kept (or the finding API not loaded yet): asked; `undefined`: kept as "no work".
  const known = service.loadedFinder ? service.loadedFinder.knownWorkOfIsbn(isbn) : null;
  if (known === null && options.ask === false) return undefined;
  const found = known === null ? await withinWait(service, isbn, options.waitMs ?? EDITIONS_LINE_WAIT_MS) : known;
  const count = found?.work.editionCount;
  if (!found || count === undefined || count < 2) return undefined;
  return editionsLineMarkdown(count, place);
}

/**
 * For the ISBN hover: the line within what is left of the hover's wait (`deadline`), as a function
 * that appends it under the book with its one command trusted; undefined when there is no line.
 */
export async function hoverEditions(service: LookupService, result: LookupResult, place: EditionsLinePlace, deadline: number): Promise<((markdown: vscode.MarkdownString) => void) | undefined> {
  if (result.status !== 'found') return undefined;
  const isbn = result.book.isbn13;
  // Open Library is asked only when it has just answered for this ISBN: up, and knowing it. Else
  // (it hangs, it is down, it does not know the ISBN) only what is kept: a hover never opens a
  // request to a source that did not answer it.
  const answered = result.source === 'openLibrary' || result.provenance?.base === 'openLibrary' || !!result.provenance?.filled.some((f) => f.source === 'openLibrary');
  const waitMs = Math.min(EDITIONS_LINE_WAIT_MS, Math.max(0, deadline - Date.now()));
  const line = await editionsHoverLine(service, isbn, place, { waitMs, ask: answered }).catch(() => undefined);
  return line && appendLine(line);
}

/** Appends the line under the book, its one command trusted. */
function appendLine(line: vscode.MarkdownString): (markdown: vscode.MarkdownString) => void {
  return (markdown) => {
    markdown.appendMarkdown(`\n\n${line.value}`);
    markdown.supportThemeIcons = true;
    const trusted = markdown.isTrusted;
    markdown.isTrusted = { enabledCommands: [...(typeof trusted === 'object' ? trusted.enabledCommands : []), SHOW_EDITIONS_COMMAND] };
  };
}

/** The line's Markdown: trusted for the one command it links to. */
export function editionsLineMarkdown(count: number, place: EditionsLinePlace): vscode.MarkdownString {
  const args = encodeURIComponent(JSON.stringify([place.uri.toString(), { start: place.range.start, end: place.range.end }]));
  const line = new vscode.MarkdownString(`[$(versions) ${findWords.hoverLine.editions(count)}](command:${SHOW_EDITIONS_COMMAND}?${args} "${findWords.hoverLine.tooltip().replace(/"/g, "'")}")`, true);
  line.isTrusted = { enabledCommands: [SHOW_EDITIONS_COMMAND] };
  return line;
}

async function withinWait(service: LookupService, isbn: string, waitMs: number): Promise<WorkOfIsbn | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
  const asked = service
    .finder()
    .then((finder) => finder.workOfIsbn(isbn))
    .catch(() => undefined);
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
