/**
 * Why a source gave no answer (a spent quota, an outage, no key, a browser's refusal), as the
 * tools tell the language model: the source's name and a reason in English, from the error's
 * kind as the look-ups gave it (the same outage and quota logic the hover and status bar word).
 * What a failure's reason says comes from the editor's words (`DescribeFailure`).
 */
import type { ServiceError } from '../model/errors';
import { sourceTitle } from '../sources/sourceNames';

/** A failure's reason in words: the editor's (`editor/words/failures.ts`), passed in. */
export type DescribeFailure = (error: ServiceError) => string;

export interface NotAsked {
  /** The source's name (`Open Library`). */
  source: string;
  /** The error kind (`quota`, `unreachable`, `auth`, `blocked`…). */
  kind: ServiceError['kind'];
  why: string;
  /** When the source is tried again, ISO time, where known. */
  retryAt?: string;
}

function reason(error: ServiceError, describe: DescribeFailure): string {
  const said = describe(error).replace(/\.$/, '');
  switch (error.kind) {
    case 'quota':
      return error.details.daily ? 'its daily quota is spent' : 'its request limit is reached for now';
    case 'auth':
      return error.details.status === undefined ? 'no API key is set for it (ISBN Lens: Set API Key)' : 'it refused the API key';
    case 'wrongPlan':
      return "the API key belongs to another plan (the setting isbnLens.plan)";
    case 'unreachable':
    case 'network':
      return `it could not be reached (${said})`;
    case 'blocked':
      return 'the browser does not let VS Code for the Web ask it';
    case 'server':
      return `it failed (${said})`;
    case 'cancelled':
      return 'the request was cancelled';
    default:
      return said;
  }
}

export function notAsked(source: string | undefined, error: ServiceError, describe: DescribeFailure): NotAsked {
  return {
    // Without a source named, the failure is the book service's (no key set and no other source).
    source: sourceTitle(source ?? 'isbndb'),
    kind: error.kind,
    why: reason(error, describe),
    ...(error.details.retryAt !== undefined && { retryAt: new Date(error.details.retryAt).toISOString() }),
  };
}

/** `Open Library: it could not be reached (…), tried again at …`. */
export function notAskedLine(item: NotAsked): string {
  return `${item.source}: ${item.why}${item.retryAt ? `, tried again at ${item.retryAt}` : ''}`;
}

/** Both lists, each source and reason once. */
export function bothNotAsked(first: readonly NotAsked[], second: readonly NotAsked[]): NotAsked[] {
  const seen = new Set<string>();
  return [...first, ...second].filter((item) => {
    const key = `${item.source}\u0000${item.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
