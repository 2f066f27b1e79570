/**
 * The book under the mouse. The first hover in a document queues every ISBN of it
 * (the visible ones first) so that the next hovers are instant; a hover waits at most
 * HOVER_WAIT_MS and otherwise says it is looking the book up.
 */
import * as vscode from 'vscode';
import { whyNotValid } from '../../core/diagnostics/isbnProblems';
import { escapeMarkdown } from '../../core/format/markdown';
import type { LineIsbn } from '../../core/scan/lineScan';
import { ruleById } from '../../core/isbn/rules/rule';
import { HOVER_WAIT_MS, type LookupResult } from '../../core/model/lookup';
import type { Config } from '../infrastructure/config';
import { type DocumentIsbns, rangeOf } from '../infrastructure/documentIsbns';
import type { LookupService } from '../infrastructure/lookupService';
import type { ReferenceSlot } from './referenceSlot';
import * as words from '../words/index';

export { HOVER_WAIT_MS };

/** What Check Bibliography said of the ISBN at an offset, for the line above the book. */
export interface CheckVerdicts {
  hoverLine(document: vscode.TextDocument, offset: number): string | undefined;
}

export class IsbnHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly isbns: DocumentIsbns,
    private readonly service: LookupService,
    private readonly config: Config,
    private readonly checks?: CheckVerdicts,
    private readonly references?: ReferenceSlot,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const match = this.isbns.at(document, position);
    if (!match) return undefined;
    const range = rangeOf(match);
    if (!match.valid || !match.info) return new vscode.Hover(invalidMarkdown(match), range);

    const isbn = match.info.isbn13;
    const deadline = Date.now() + HOVER_WAIT_MS;
    const result = await answerBy(this.service, isbn, 'hover', deadline, token, () => {
      if (this.config.hoverLookupScope === 'document') this.queueDocument(document);
    });
    if (!result) return token.isCancellationRequested ? undefined : new vscode.Hover(this.waitingMarkdown(match), range);
    // The cover rides in the same budget: without it now, the next hover has it.
    const image = result.status === 'found' ? result.book.image : undefined;
    const cover = image ? (this.service.covers.peek(image) ?? (await Promise.race([this.service.covers.get(image), delay(deadline - Date.now(), token)]))) : undefined;
    if (token.isCancellationRequested) return undefined;
    // How many editions the work has (Open Library), in what is left of the same budget.
    const editions = import('./editionsHoverLine').then((m) => m.hoverEditions(this.service, result, { uri: document.uri, range }, deadline));
    const markdown = this.resultMarkdown(isbn, result, cover, match.info.rangeless, match.foundBy);
    (await editions)?.(markdown);
    // The reference in the user's style, in what is left of the same budget.
    await (await this.references?.get())?.appendBook(markdown, result, token);
    const verdict = this.checks?.hoverLine(document, document.offsetAt(range.start));
    return new vscode.Hover(verdict ? withVerdictAbove(verdict, markdown) : markdown, range);
  }

  private queueDocument(document: vscode.TextDocument): void {
    const visible = vscode.window.visibleTextEditors.filter((e) => e.document === document).flatMap((e) => e.visibleRanges);
    const { first, rest } = this.isbns.isbn13s(document, visible);
    this.service.prefetch(first, true);
    this.service.prefetch(rest);
  }

  private waitingMarkdown(match: LineIsbn): vscode.MarkdownString {
    const isbn = match.info?.hyphenated13 ?? match.raw;
    const state = this.service.state;
    if (state.kind === 'limited') {
      return new vscode.MarkdownString(words.hoverLimited(isbn, words.limitOf(this.service.sourceNames[0], this.service.plan), state.until));
    }
    return new vscode.MarkdownString(words.lookingUp(isbn));
  }

  /** `foundBy`: the finder's rule that took an ISBN written without a label, said in a few words under the book. */
  private resultMarkdown(isbn: string, result: LookupResult, cover?: string, rangeless?: boolean, foundBy?: string): vscode.MarkdownString {
    if (result.status === 'found') {
      const sources = words.sourcesLine(result);
      const why = foundBy ? ruleById(foundBy)?.short : undefined;
      const markdown = new vscode.MarkdownString(words.bookHover(result.book, { cover, asked: isbn }) + words.sourcesMarkdown(sources) + (why ? words.foundByMarkdown(why) : ''));
      markdown.supportHtml = false;
      return markdown;
    }
    if (result.status === 'notFound') {
      const hasKey = this.service.connected;
      const text = words.notFound(result, hasKey, (error, source) => this.service.describeFrom(source, error));
      const note = rangeless ? `  \n${words.rangelessNote()}` : '';
      const markdown = new vscode.MarkdownString(`${words.hoverAbout(isbn, text)}${note}${hasKey || !result.asked ? '' : words.setKeyLink()}`);
      if (!hasKey) markdown.isTrusted = { enabledCommands: ['isbnLens.setApiKey'] };
      return markdown;
    }
    const error = result.error;
    if (error.kind === 'unreachable') {
      // Every source asked is out of reach (offline, or a firewall): each said with its next try.
      const failures = result.unanswered ?? [{ source: result.source, error }];
      return new vscode.MarkdownString(words.hoverAbout(isbn, failures.map((f) => this.service.describeFrom(f.source, f.error)).join(' ')));
    }
    if (error.kind === 'auth' && error.details.status === undefined) {
      const text = error.details.malformedKey ? words.hoverAbout(isbn, this.service.describe(error)) + words.setKeyAgainLink() : words.hoverNeedsKey(isbn);
      const markdown = new vscode.MarkdownString(text);
      markdown.isTrusted = { enabledCommands: ['isbnLens.setApiKey'] };
      return markdown;
    }
    const text = words.hoverAbout(isbn, this.service.describeFrom(result.source, error));
    if (error.kind === 'quota' && error.details.daily) {
      const markdown = new vscode.MarkdownString(text + words.retryNowLink());
      markdown.isTrusted = { enabledCommands: ['isbnLens.retryNow'] };
      return markdown;
    }
    return new vscode.MarkdownString(text);
  }
}

/** The check's verdict above the book, in bold, a rule between them. */
function withVerdictAbove(verdict: string, markdown: vscode.MarkdownString): vscode.MarkdownString {
  const out = new vscode.MarkdownString(`**${escapeMarkdown(verdict)}**\n\n---\n\n${markdown.value}`);
  out.isTrusted = markdown.isTrusted;
  out.supportHtml = markdown.supportHtml;
  out.supportThemeIcons = markdown.supportThemeIcons;
  return out;
}

function invalidMarkdown(match: LineIsbn): vscode.MarkdownString {
  const why = words.invalidReason(whyNotValid(match.problem, match.raw));
  return new vscode.MarkdownString(words.hoverInvalid(match.raw, why));
}


/**
 * The best answer a hover can show by `deadline`: complete from the caches at once; what the
 * earlier sources found at once while a later one is still on its way or hangs (its fields show
 * on a later hover); else one urgent look-up (`asking` runs first: the document's prefetch),
 * and at the deadline whatever a source has found by then. Undefined when none has answered.
 */
export async function answerBy(
  service: LookupService,
  isbn: string,
  purpose: 'hover' | 'bulk',
  deadline: number,
  token: vscode.CancellationToken,
  asking?: () => void,
): Promise<LookupResult | undefined> {
  const complete = service.peek(isbn, purpose);
  if (complete && complete !== 'pending') return complete;
  const soFar = complete === 'pending' ? service.answeredSoFar(isbn) : undefined;
  if (soFar) return soFar;
  asking?.();
  // The look-up goes on when the hover closes: the next hover shows the book.
  const result = await Promise.race([service.lookupOne(isbn, { urgent: true, foremost: true, purpose }), delay(deadline - Date.now(), token)]);
  return result ?? service.answeredSoFar(isbn);
}

/** Resolves `undefined` after `ms`, or at once when the hover is cancelled. */
export function delay(ms: number, token: vscode.CancellationToken): Promise<undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(), ms);
    const listener = token.onCancellationRequested(() => finish());
    function finish() {
      clearTimeout(timer);
      listener.dispose();
      resolve(undefined);
    }
  });
}
