/**
 * What went wrong with a request, in the user's words: `failure(error, context)`, by the error's
 * kind, what happened and what to do; `said(reason)`, a failure's reason (`FailureReason`, which
 * the core gives every `ServiceError`) as the sentence that the hover, the notifications, the
 * status bar, the chat's tools and the log quote. Never the key, a stack trace or a raw response
 * body. The book service says "the service" of itself, as it always did; the other sources are
 * named by their title.
 *
 * Loaded with the look-ups (it is in src/lazyModules.ts; LookupService holds it): a failure
 * exists only once they are here, so activation carries none of these sentences.
 */
import * as vscode from 'vscode';
import { formatTime } from '../../core/messages';
import type { AnswerPart, FailureReason, NetworkCause, ServiceError } from '../../core/model/errors';
import type { PlanName } from '../../core/model/plans';
import type { StoredKeyFault } from '../../core/keyFormat';
import { sourceTitle } from '../../core/sources/sourceNames';
import { buttons } from './index';
import type { LookupNotice } from '../../core/lookups/lookups';

export interface FailureContext {
  plan: PlanName;
  /** Host of the configured plan address, for network failures. */
  host?: string;
  /** Formats an absolute time for the user's locale (see formatTime). */
  formatTime?: (time: number) => string;
}

/** The command a user runs to set the key, as the command palette names it. */
function setKeyCommand(): string {
  return vscode.l10n.t('“ISBN Lens: Set API Key”');
}

/**
 * What a failure says, by its kind: what happened and what to do. What happened is its reason's
 * sentence (`said`) where the kind alone does not say it.
 */
export function failure(error: ServiceError, context: FailureContext): string {
  const time = context.formatTime ?? ((at: number) => formatTime(at));
  const told = said(error.reason);
  const cause = told.replace(/\.$/, '');
  switch (error.kind) {
    case 'auth':
      if (error.details.malformedKey) return vscode.l10n.t('{0}: set it again with {1}.', cause, setKeyCommand());
      return error.details.status === undefined
        ? vscode.l10n.t('No API key is set. Run {0} to enter your key.', setKeyCommand())
        : vscode.l10n.t('The book service refused the API key on the {0} plan. Check the key and run {1} again.', context.plan, setKeyCommand());
    case 'wrongPlan':
      return vscode.l10n.t("The API key is denied on the {0} plan's address: it belongs to another plan. Set “isbnLens.isbndb.plan” to the key's plan.", context.plan);
    case 'quota':
      if (error.details.daily) {
        return error.details.retryAt
          ? vscode.l10n.t('The daily request quota of your key is spent. Look-ups resume at {0}, or run “ISBN Lens: Retry Now”.', time(error.details.retryAt))
          : vscode.l10n.t('The daily request quota of your key is spent.');
      }
      return error.details.retryAt
        ? vscode.l10n.t('The request limit of the {0} plan is reached; ISBN Lens retries at {1}.', context.plan, time(error.details.retryAt))
        : vscode.l10n.t('The request limit of the {0} plan is reached; ISBN Lens retries shortly.', context.plan);
    case 'notFound':
      return told;
    case 'network':
      return context.host
        ? vscode.l10n.t('{0} ({1}). Check your connection and the “isbnLens.isbndb.baseUrls” setting.', cause, context.host)
        : vscode.l10n.t('{0}. Check your connection and the “isbnLens.isbndb.baseUrls” setting.', cause);
    case 'server':
      return vscode.l10n.t('{0} Try again in a few minutes.', told);
    case 'tooLarge':
      return vscode.l10n.t('The book service refused a batch of this size. Lower “isbnLens.isbndb.batchSize”.');
    case 'badResponse':
      return vscode.l10n.t('{0} Try again later; if it persists, see “ISBN Lens: Show Log”.', told);
    case 'unreachable':
      return unreachable(cause, error.details.retryAt, time);
    case 'blocked':
      return vscode.l10n.t('The book service does not accept requests from VS Code for the Web; the desktop app can use it.');
    case 'cancelled':
      return vscode.l10n.t('Cancelled.');
  }
}

/** A failure's reason as a sentence: "Could not reach Open Library: the host name could not be resolved." */
export function said(reason: FailureReason): string {
  const bookService = 'source' in reason && reason.source === 'isbndb';
  const title = 'source' in reason ? sourceTitle(reason.source) : '';
  switch (reason.why) {
    case 'unreachable':
      if (reason.cause === 'browser') return vscode.l10n.t('Could not reach {0} from the browser.', title);
      return bookService ? vscode.l10n.t('Could not reach the book service: {0}.', networkCause(reason.cause)) : vscode.l10n.t('Could not reach {0}: {1}.', title, networkCause(reason.cause));
    case 'timeout':
      return bookService ? vscode.l10n.t('The service did not answer within {0} s.', reason.seconds) : vscode.l10n.t('{0} did not answer within {1} s.', title, reason.seconds);
    case 'serverError':
      return bookService ? vscode.l10n.t('The service failed (HTTP {0}).', reason.status) : vscode.l10n.t('{0} failed (HTTP {1}).', title, reason.status);
    case 'httpStatus':
      if (bookService) return vscode.l10n.t('The service answered HTTP {0}.', reason.status);
      return reason.said ? vscode.l10n.t('{0} answered HTTP {1}: {2}.', title, reason.status, reason.said) : vscode.l10n.t('{0} answered HTTP {1}.', title, reason.status);
    case 'redirect':
      return bookService
        ? vscode.l10n.t('The service answered with a redirect ({0}); it was not followed, so the key stays with the configured address.', reason.status)
        : vscode.l10n.t('{0} answered with a redirect ({1}); it was not followed.', title, reason.status);
    case 'tooBig':
      return bookService ? vscode.l10n.t('The service sent more than {0} MB; the answer was refused.', reason.megabytes) : vscode.l10n.t('{0} sent more than {1} MB; the answer was refused.', title, reason.megabytes);
    case 'notJson':
      if (reason.truncated) return vscode.l10n.t('The answer from {0} ended early (truncated JSON).', title);
      return bookService ? vscode.l10n.t('The service sent an answer that is not valid JSON.') : vscode.l10n.t('{0} sent an answer that is not valid JSON.', title);
    case 'notXml':
      return reason.parser ? vscode.l10n.t('{0} sent an answer that is not valid XML ({1}).', title, reason.parser) : vscode.l10n.t('{0} sent an answer that is not valid XML.', title);
    case 'notSru':
      return vscode.l10n.t('{0} sent XML that is not an SRU answer (<{1}>).', title, reason.root);
    case 'sruDiagnostic':
      return reason.said ? vscode.l10n.t('{0} answered with SRU diagnostic {1} ({2}).', title, reason.number, reason.said) : vscode.l10n.t('{0} answered with SRU diagnostic {1}.', title, reason.number);
    case 'unreadable':
      return unreadable(reason.answer, title);
    case 'unexpected':
      return reason.detail;
    case 'slowDown':
      return reason.status === undefined ? vscode.l10n.t('{0} asks to slow down.', title) : vscode.l10n.t('{0} asks to slow down (HTTP {1}).', title, reason.status);
    case 'callerRefused':
      return vscode.l10n.t('{0} refused the request (HTTP 403): it refuses callers it cannot identify or wants slowed down. ISBN Lens waits before asking it again.', title);
    case 'planLimit':
      return vscode.l10n.t('The request limit of your plan is reached.');
    case 'dailyQuota':
      return vscode.l10n.t('The daily request quota of your key is spent.');
    case 'googleDailyQuota':
      return reason.keyed
        ? vscode.l10n.t("Google Books' daily quota is spent; it is asked again after midnight Pacific time.")
        : vscode.l10n.t("Google Books' daily quota is spent; it is asked again after midnight Pacific time. Without a key, Google charges a shared pool that is often spent; a free Google Books API key has a daily quota of its own.");
    case 'quotaShortfall':
      return vscode.l10n.t('Left out: the daily quota of the key would not cover it.');
    case 'browserLimit':
      return bookService
        ? vscode.l10n.t("The browser could not read the book service's answer; most likely the request limit is reached.")
        : vscode.l10n.t('{0} did not answer the browser; most likely it asks to slow down.', title);
    case 'browserRefused':
      return bookService
        ? vscode.l10n.t('The browser refused the request to the book service (no cross-origin permission), or could not reach it.')
        : vscode.l10n.t('{0} does not answer VS Code for the Web (no cross-origin permission); it is skipped for this session.', title);
    case 'unknownLocation':
      return vscode.l10n.t('{0} could not tell which country this request comes from, and refused it.', title);
    case 'keyRefused':
      return bookService ? vscode.l10n.t('The service refused the API key.') : vscode.l10n.t('{0} refused the API key.', title);
    case 'wrongPlan':
      return vscode.l10n.t("The API key is denied on this plan's address.");
    case 'batchRefused':
      if (bookService) return vscode.l10n.t('The service refused a batch of this size.');
      return reason.isbns !== undefined && reason.cause ? vscode.l10n.t('{0} refused a query of {1} ISBNs ({2})', title, reason.isbns, said(reason.cause)) : vscode.l10n.t('{0} refused a request this long.', title);
    case 'batchLimit':
      return vscode.l10n.t('{0} is asked at most {1} ISBNs at a time.', title, reason.max);
    case 'noRecord':
      return vscode.l10n.t('Not found.');
    case 'noAuthor':
      return bookService ? vscode.l10n.t('The service knows no author named "{0}".', reason.name) : vscode.l10n.t('{0} knows no author named "{1}".', title, reason.name);
    case 'noWork':
      return vscode.l10n.t('{0} knows no work {1}.', title, reason.work);
    case 'noEditions':
      return vscode.l10n.t('No editions are known for {0}.', reason.work);
    case 'noKey':
      return vscode.l10n.t('No API key is set.');
    case 'malformedKey':
      return vscode.l10n.t('This key is malformed ({0}).', keyFault(reason.fault));
    case 'notChosen':
      return vscode.l10n.t('{0} is not among the sources chosen (isbnLens.sources).', title);
    case 'notNow':
      return vscode.l10n.t('{0} may not be asked now.', title);
    case 'notAnswering':
      return vscode.l10n.t('{0} is not answering', title);
    case 'notAnIsbn':
      return vscode.l10n.t('"{0}" is not an ISBN.', reason.value);
    case 'cancelled':
      return vscode.l10n.t('Cancelled.');
  }
}

/** A failure as the log, the chat's tools and `failure()` quote it: its reason's sentence. */
export function describeFailure(error: ServiceError): string {
  return said(error.reason);
}

/** Why a request got no answer: "the host name could not be resolved". */
function networkCause(cause: Exclude<NetworkCause, 'browser'>): string {
  switch (cause) {
    case 'refused':
      return vscode.l10n.t('the connection was refused');
    case 'dns':
      return vscode.l10n.t('the host name could not be resolved');
    case 'dropped':
      return vscode.l10n.t('the connection was dropped');
    case 'offline':
      return vscode.l10n.t('the network is unreachable (offline?)');
    case 'connectTimeout':
      return vscode.l10n.t('the connection timed out');
    case 'timedOut':
      return vscode.l10n.t('it timed out');
    case 'tls':
      return vscode.l10n.t('the secure connection failed');
    case 'failed':
      return vscode.l10n.t('the network failed');
  }
}

/** What of a source's answer could not be read. */
function unreadable(answer: AnswerPart, title: string): string {
  switch (answer) {
    case 'authorRecord':
      return vscode.l10n.t('The service sent an author record that could not be read.');
    case 'batch':
      return vscode.l10n.t('The service sent a batch answer that could not be read.');
    case 'booksApi':
      return vscode.l10n.t('{0} sent a Books API answer that could not be read.', title);
    case 'search':
      return vscode.l10n.t('{0} sent a search answer that could not be read.', title);
    case 'authorSearch':
      return vscode.l10n.t('{0} sent an author search answer that could not be read.', title);
    case 'editions':
      return vscode.l10n.t('{0} sent an editions answer that could not be read.', title);
    case 'any':
      return vscode.l10n.t('{0} sent an answer that could not be read.', title);
  }
}

/** Why a stored key cannot be sent, showing none of it: "it has a space at position 4". */
function keyFault(fault: StoredKeyFault): string {
  switch (fault.kind) {
    case 'empty':
      return vscode.l10n.t('it is empty');
    case 'tooLong':
      return vscode.l10n.t('it is {0} characters long', fault.length);
    case 'space':
      return vscode.l10n.t('it has a space at position {0}', fault.position);
    case 'lineBreak':
      return vscode.l10n.t('it has a line break at position {0}', fault.position);
    case 'control':
      return vscode.l10n.t('it has an invisible control character at position {0}', fault.position);
    case 'nonAscii':
      return vscode.l10n.t('it has a character that is not ASCII at position {0}', fault.position);
  }
}

// ─── What is told once: a source out of reach, every source out of reach, Google's daily stop ───

/** "Could not reach Open Library: the host name could not be resolved; ISBN Lens tries it again at 12:05:00." */
export function unreachable(cause: string, retryAt: number | undefined, time: (at: number) => string = (at) => formatTime(at)): string {
  return retryAt ? vscode.l10n.t('{0}; ISBN Lens tries it again at {1}.', cause, time(retryAt)) : vscode.l10n.t('{0}.', cause);
}

/** What is told once (see LookupNotice), with the command that helps. */
export function lookupNotice(notice: LookupNotice): { message: string; command: { title: string; id: string } } {
  switch (notice.kind) {
    case 'googleDailyQuota':
      return {
        message: vscode.l10n.t(
          "Google Books' daily quota is spent: it is not asked again until {0} (Pacific midnight); the other sources go on. A free Google Books API key (ISBN Lens: Set Google Books API Key) gives it a quota of its own.",
          notice.until ? new Date(notice.until).toISOString() : vscode.l10n.t('tomorrow'),
        ),
        command: { title: buttons.setGoogleBooksKey(), id: 'isbnLens.setGoogleBooksKey' },
      };
    case 'offline':
      return { message: offline(notice.outages), command: { title: buttons.retryNow(), id: 'isbnLens.retryNow' } };
  }
}

/** Said once when no source can be reached: each source's reason and next try. */
export function offline(outages: ReadonlyArray<{ source: string; error: ServiceError }>, time: (at: number) => string = (at) => formatTime(at)): string {
  const reasons = outages.map(({ error }) => unreachable(describeFailure(error).replace(/\.$/, ''), error.details.retryAt, time));
  return vscode.l10n.t('No book source can be reached, so no book is looked up for now. {0} “ISBN Lens: Retry Now” tries at once.', reasons.join(' '));
}
