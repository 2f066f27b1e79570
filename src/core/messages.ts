/**
 * The words a user sees for each kind of failure, in one place. Each says what happened
 * and what to do. Never includes the key, a stack trace or a raw response body.
 */
import type { ServiceError } from './model/errors';
import type { PlanName } from './model/plans';

export interface MessageContext {
  plan: PlanName;
  /** Host of the configured plan address, for network messages. */
  host?: string;
  /** Formats an absolute time for the user's locale (see formatTime). */
  formatTime?: (time: number) => string;
}

/**
 * A time for the user, in their locale: hh:mm:ss when it is today, with the date in front when it
 * is not (a wait past midnight, or a service that named a day far off), so "until 10:00" never hides a day.
 * `timeZone` is for tests; the user's own zone otherwise.
 */
export function formatTime(time: number, now = Date.now(), locale?: string, timeZone?: string): string {
  const clock = new Date(time).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone });
  const day = (t: number) => new Date(t).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone });
  return day(time) === day(now) ? clock : `${day(time)} ${clock}`;
}

const SET_KEY = '“ISBN Lens: Set API Key”';

/** What VS Code for the Web says when the browser refuses the book service (see `ServiceError` kind `blocked`). */
export const BOOK_SERVICE_BLOCKED = 'The book service does not accept requests from VS Code for the Web; the desktop app can use it.';

export function describeError(error: ServiceError, context: MessageContext): string {
  const time = context.formatTime ?? ((t: number) => formatTime(t));
  switch (error.kind) {
    case 'auth':
      if (error.details.malformedKey) return `${error.message.replace(/\.$/, '')}: set it again with ${SET_KEY}.`;
      return error.details.status === undefined
        ? `No API key is set. Run ${SET_KEY} to enter your key.`
        : `The book service refused the API key on the ${context.plan} plan. Check the key and run ${SET_KEY} again.`;
    case 'wrongPlan':
      return `The API key is denied on the ${context.plan} plan's address: it belongs to another plan. Set “isbnLens.plan” to the key's plan.`;
    case 'quota':
      if (error.details.daily) {
        const until = error.details.retryAt ? ` Look-ups resume at ${time(error.details.retryAt)}, or run “ISBN Lens: Retry Now”.` : '';
        return `The daily request quota of your key is spent.${until}`;
      }
      return error.details.retryAt
        ? `The request limit of the ${context.plan} plan is reached; ISBN Lens retries at ${time(error.details.retryAt)}.`
        : `The request limit of the ${context.plan} plan is reached; ISBN Lens retries shortly.`;
    case 'notFound':
      return error.message;
    case 'network':
      return `${error.message.replace(/\.$/, '')}${context.host ? ` (${context.host})` : ''}. Check your connection and the “isbnLens.baseUrls” setting.`;
    case 'server':
      return `${error.message} Try again in a few minutes.`;
    case 'tooLarge':
      return `The book service refused a batch of this size. Lower “isbnLens.batchSize”.`;
    case 'badResponse':
      return `${error.message} Try again later; if it persists, see “ISBN Lens: Show Log”.`;
    case 'unreachable':
      return unreachableText(error, time);
    case 'blocked':
      return BOOK_SERVICE_BLOCKED;
    case 'cancelled':
      return 'Cancelled.';
  }
}

/** "Could not reach Open Library: the host name could not be resolved; ISBN Lens tries it again at 12:05:00." */
export function unreachableText(error: ServiceError, time: (t: number) => string = (t) => formatTime(t)): string {
  const cause = error.message.replace(/\.$/, '');
  return error.details.retryAt ? `${cause}; ISBN Lens tries it again at ${time(error.details.retryAt)}.` : `${cause}.`;
}
