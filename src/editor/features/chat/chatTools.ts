/**
 * What the chat's tools do, loaded on their first call (src/lazyModules.ts): read the model's
 * input, look the ISBNs up through the one look-up service (its cache, queue, rates and source
 * chain, as a hover or Check Bibliography does), and answer with concise text and JSON made by
 * the core (src/core/chat/). The request's cancellation aborts the look-up: what waits in the
 * queue for it leaves, and a request in flight for it alone is aborted. Read-only.
 */
import * as vscode from 'vscode';
import { checkAnswer, checkReferences, readReferences, referencesIsbns } from '../../../core/chat/checkAnswer';
import { type FindWorks, findAnswer, searchUnavailable, worksFound } from '../../../core/chat/findBooks';
import { isbnsToLookUp, lookUpAnswer, readIsbns } from '../../../core/chat/lookUpAnswer';
import { inputProblem, partsWithin, type ToolAnswer, toolFailed } from '../../../core/chat/toolAnswer';
import { type NotAsked, notAsked } from '../../../core/chat/notAsked';
import { parseCheckInput, parseFindInput, parseLookUpInput } from '../../../core/chat/toolInput';
import { CHAT_TOOLS, type ChatToolName } from '../../../core/chat/toolNames';
import { ServiceError, isServiceError } from '../../../core/model/errors';
import type { LookupOptions, LookupResult } from '../../../core/model/lookup';
import { quotaShortfall } from '../../../core/model/quota';
import type { Config } from '../../infrastructure/config';
import type { Log } from '../../infrastructure/log';
import type { LookupService } from '../../infrastructure/lookupService';
import { chatTools as words } from '../../words/chat';
import { describeFailure } from '../../words/failures';

export interface ChatServices {
  service: LookupService;
  config: Config;
  log: Log;
  /** What finds works by title and author: by default the window's finding API (`service.finder()`). */
  findWorks?: FindWorks | null;
}

/** The message VS Code's chat shows while the tool runs. */
export function prepare(name: ChatToolName, input: unknown): vscode.PreparedToolInvocation {
  switch (name) {
    case CHAT_TOOLS.lookUpBooks: {
      const parsed = parseLookUpInput(input);
      return { invocationMessage: words.lookingUp(parsed.ok ? parsed.value.isbns.length : 0) };
    }
    case CHAT_TOOLS.checkReferences:
      return { invocationMessage: words.checking() };
    case CHAT_TOOLS.findBooks: {
      const parsed = parseFindInput(input);
      const what = parsed.ok ? [parsed.value.title, parsed.value.author].filter(Boolean).join(', ') : '';
      return { invocationMessage: what ? words.finding(what) : words.findingAnything() };
    }
  }
}

export async function invoke(
  name: ChatToolName,
  services: ChatServices,
  input: unknown,
  token: vscode.CancellationToken,
  tokenBudget?: number,
): Promise<vscode.LanguageModelToolResult> {
  const controller = new AbortController();
  const listener = token.onCancellationRequested(() => controller.abort());
  try {
    if (token.isCancellationRequested) throw new vscode.CancellationError();
    return result(await answerFor(name, services, input, controller.signal), tokenBudget);
  } catch (e) {
    if (token.isCancellationRequested || controller.signal.aborted || isServiceError(e, 'cancelled')) throw new vscode.CancellationError();
    // The model reads a sentence, never a stack trace; the log has the details.
    services.log.error(`The chat tool ${name} failed`, e);
    return result(toolFailed(), tokenBudget);
  } finally {
    listener.dispose();
  }
}

/** The answer as the chat takes it: its text, then its JSON (a text part: VS Code 1.101 has no data part), within the token budget. */
function result(answer: ToolAnswer, tokenBudget: number | undefined): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult(partsWithin(answer, tokenBudget).map((part) => new vscode.LanguageModelTextPart(part)));
}

async function answerFor(name: ChatToolName, services: ChatServices, input: unknown, signal: AbortSignal): Promise<ToolAnswer> {
  switch (name) {
    case CHAT_TOOLS.lookUpBooks: {
      const parsed = parseLookUpInput(input);
      if (!parsed.ok) return inputProblem(parsed.problem);
      const read = readIsbns(parsed.value);
      // A person waits for these in the chat: ahead of prefetching, and the next source asked for what a reader wants to see.
      const { results, skipped } = await lookUp(services, isbnsToLookUp(read), { signal, urgent: true, purpose: 'hover' });
      return lookUpAnswer(parsed.value, read, results, skipped, describeFailure);
    }
    case CHAT_TOOLS.checkReferences: {
      const parsed = parseCheckInput(input);
      if (!parsed.ok) return inputProblem(parsed.problem);
      const references = readReferences(parsed.value);
      const { results, skipped } = await lookUp(services, referencesIsbns(references), { signal });
      return checkAnswer(references, checkReferences(references, (isbn) => results.get(isbn), skipped, describeFailure));
    }
    case CHAT_TOOLS.findBooks: {
      const parsed = parseFindInput(input);
      if (!parsed.ok) return inputProblem(parsed.problem);
      const findWorks = services.findWorks === undefined ? finderWorks(services) : services.findWorks;
      if (!findWorks) return searchUnavailable(parsed.value);
      return findAnswer(parsed.value, await findWorks(parsed.value, signal));
    }
  }
}

/**
 * Looks ISBN-13s up through the one service, within what is left of the key's daily quota
 * (what would not fit is not asked, and said so: no dialog in the middle of a chat). `skipped`:
 * the book service when it is chosen in the settings but has no key.
 */
async function lookUp(services: ChatServices, isbns: readonly string[], options: LookupOptions): Promise<{ results: Map<string, LookupResult>; skipped: NotAsked[] }> {
  const { service, config } = services;
  if (isbns.length === 0) return { results: new Map(), skipped: [] };
  await service.ready();
  const uncached = isbns.filter((isbn) => service.known(isbn) === undefined);
  const shortfall = quotaShortfall(uncached.length, service.keyQuota.quota);
  const leftOut = new Set(shortfall ? uncached.slice(shortfall.left) : []);
  const results = await service.lookup(isbns.filter((isbn) => !leftOut.has(isbn)), options);
  const spent = new ServiceError('quota', { why: 'quotaShortfall' }, { daily: true });
  for (const isbn of leftOut) results.set(isbn, { status: 'failed', error: spent, source: 'isbndb' });
  const skipped = config.sources.includes('isbndb') && !service.sourceNames.includes('isbndb') ? [notAsked('isbndb', new ServiceError('auth', { why: 'noKey' }), describeFailure)] : [];
  return { results, skipped };
}

/** The window's finding API as the search tool's `FindWorks`: works with their first page of editions, the display language's first. */
function finderWorks(services: ChatServices): FindWorks {
  return async (query, signal) => {
    const finder = await services.service.finder();
    return worksFound(await finder.findBooks(query, { readerLanguage: vscode.env.language.slice(0, 2).toLowerCase() }, signal));
  };
}
