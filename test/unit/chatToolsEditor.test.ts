/**
 * The chat's tools in the editor (src/editor/features/chat/chatTools.ts) against a fake look-up
 * service: what they ask it, within the key's quota left; the request's cancellation aborting the
 * look-up; a failure answered in one sentence; search only through a connected `FindWorks`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import type * as vscode from 'vscode';
import type { Work } from '../../src/core/chat/findBooks';
import type { Quota } from '../../src/core/model/quota';
import type { LookupOptions, LookupResult } from '../../src/core/model/lookup';
import { ServiceError } from '../../src/core/model/errors';
import type { Config } from '../../src/editor/infrastructure/config';
import type { Log } from '../../src/editor/infrastructure/log';
import type { LookupService } from '../../src/editor/infrastructure/lookupService';
import { type ChatServices, invoke, prepare } from '../../src/editor/features/chat/chatTools';
import { BOOKS } from '../helpers/books';

interface Asked {
  isbns: string[];
  options: LookupOptions | undefined;
}

/** A facade that knows `cached`, has `quota` left, asks `sourceNames`, and answers with `answer` (or waits for the signal). */
function services(options: { quota?: Quota; cached?: string[]; sourceNames?: string[]; sources?: string[]; answer?: (isbns: readonly string[], options?: LookupOptions) => Promise<Map<string, LookupResult>>; findWorks?: ChatServices['findWorks'] } = {}) {
  const asked: Asked[] = [];
  const errors: string[] = [];
  const service = {
    keyQuota: { quota: options.quota },
    known: (isbn: string) => (options.cached?.includes(isbn) ? { status: 'found' as const, book: BOOKS.kr } : undefined),
    ready: async () => undefined,
    sourceNames: options.sourceNames ?? ['openLibrary'],
    lookup: async (isbns: readonly string[], lookupOptions?: LookupOptions) => {
      asked.push({ isbns: [...isbns], options: lookupOptions });
      if (options.answer) return options.answer(isbns, lookupOptions);
      return new Map<string, LookupResult>(isbns.map((isbn) => [isbn, isbn === BOOKS.kr.isbn13 ? { status: 'found', book: BOOKS.kr, source: 'openLibrary' } : { status: 'notFound', asked: ['openLibrary'] }]));
    },
  };
  const log = { error: (text: string) => errors.push(text) };
  const chat: ChatServices = {
    service: service as unknown as LookupService,
    config: { sources: options.sources ?? ['openLibrary'] } as unknown as Config,
    log: log as unknown as Log,
    ...(options.findWorks !== undefined && { findWorks: options.findWorks }),
  };
  return { chat, asked, errors };
}

/** A cancellation token the test cancels. */
function token() {
  const listeners: Array<() => void> = [];
  const t = {
    isCancellationRequested: false,
    onCancellationRequested: (listener: () => void) => {
      listeners.push(listener);
      return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
    },
  };
  return {
    token: t as unknown as vscode.CancellationToken,
    cancel: () => {
      t.isCancellationRequested = true;
      for (const l of [...listeners]) l();
    },
    listening: () => listeners.length,
  };
}

function parts(result: vscode.LanguageModelToolResult): { text: string; json: any } {
  const values = (result.content as Array<{ value: string }>).map((p) => p.value);
  assert.equal(values.length, 2);
  return { text: values[0]!, json: JSON.parse(values[1]!) };
}

test('look up: the valid ISBNs once, urgent and for a reader, through the service; the answer a text part and a JSON part', async () => {
  const { chat, asked } = services({ sources: ['isbndb', 'openLibrary'] });
  const t = token();
  const result = parts(await invoke('isbnLens_lookUpBooks', chat, { isbns: ['0-13-110362-8', '978-0-13-110362-7', '978-0-13-110362-8', '9781234567897'] }, t.token));
  assert.deepEqual(asked.map((a) => a.isbns), [['9780131103627', '9781234567897']]);
  assert.equal(asked[0]!.options?.urgent, true);
  assert.equal(asked[0]!.options?.purpose, 'hover');
  assert.ok(asked[0]!.options?.signal instanceof AbortSignal);
  assert.deepEqual(result.json.results.map((r: { status: string }) => r.status), ['found', 'found', 'invalid', 'notFound']);
  // The book service is chosen but has no key: said with the answer that is no book.
  assert.deepEqual(result.json.results[3].notAsked, [{ source: 'ISBNdb', kind: 'auth', why: 'no API key is set for it (ISBN Lens: Set API Key)' }]);
  assert.equal(result.text.split('\n').length, 4);
  assert.equal(t.listening(), 0, 'the cancellation listener is let go');
});

test('look up: what would not fit in the daily quota left is not asked, and said so, without a dialog', async () => {
  const { chat, asked } = services({ quota: { total: 100, spent: 99, left: 1 }, cached: ['9780131103627'] });
  const result = parts(await invoke('isbnLens_lookUpBooks', chat, { isbns: ['9780131103627', '9780306406157', '9782070360024'] }, token().token));
  assert.deepEqual(asked.map((a) => a.isbns), [['9780131103627', '9780306406157']]);
  assert.equal(result.json.results[2].status, 'notAsked');
  assert.deepEqual(result.json.results[2].notAsked, [{ source: 'ISBNdb', kind: 'quota', why: 'its daily quota is spent' }]);
});

test('a cancelled call aborts its look-up and rejects as cancelled', async () => {
  let signal: AbortSignal | undefined;
  const { chat } = services({
    answer: (_isbns, options) =>
      new Promise((_resolve, reject) => {
        signal = options?.signal;
        signal?.addEventListener('abort', () => reject(new ServiceError('cancelled', { why: 'cancelled' })));
      }),
  });
  const t = token();
  const answer = invoke('isbnLens_checkReferences', chat, { references: '@book{kr, title = {The C Programming Language}, isbn = {9780131103627}}' }, t.token);
  await new Promise((resolve) => setImmediate(resolve));
  assert.ok(signal && !signal.aborted);
  t.cancel();
  assert.equal(signal.aborted, true);
  await assert.rejects(answer, (e: Error) => e.name === 'Canceled');
  // Cancelled before it began: nothing is asked.
  const { chat: other, asked } = services();
  const before = token();
  before.cancel();
  await assert.rejects(invoke('isbnLens_lookUpBooks', other, { isbns: ['9780131103627'] }, before.token), (e: Error) => e.name === 'Canceled');
  assert.deepEqual(asked, []);
});

test('a failure is one sentence for the model, the details in the log; a bad input is the problem said', async () => {
  const { chat, errors } = services({ answer: async () => Promise.reject(new TypeError('boom')) });
  const failed = parts(await invoke('isbnLens_lookUpBooks', chat, { isbns: ['9780131103627'] }, token().token));
  assert.equal(failed.text, 'ISBN Lens could not answer: something went wrong (details are in its log, “ISBN Lens: Show Log”).');
  assert.doesNotMatch(failed.text, /boom|TypeError|at /);
  assert.deepEqual(errors, ['The chat tool isbnLens_lookUpBooks failed']);
  const bad = parts(await invoke('isbnLens_checkReferences', services().chat, {}, token().token));
  assert.match(bad.text, /^No references were given/);
});

test('find: no search connected says so and asks nothing; a connected FindWorks is asked with the query and the signal', async () => {
  const none = services({ findWorks: null });
  const unavailable = parts(await invoke('isbnLens_findBooks', none.chat, { author: 'Camus' }, token().token));
  assert.equal(unavailable.json.available, false);
  assert.deepEqual(none.asked, []);
  const queries: unknown[] = [];
  const work: Work = { title: "L'Étranger", authors: ['Albert Camus'], source: 'openLibrary', editions: [{ isbn13: '9782070360024' }] };
  const found = services({
    findWorks: async (query, signal) => {
      queries.push({ query, aborted: signal.aborted });
      return [work];
    },
  });
  const answer = parts(await invoke('isbnLens_findBooks', found.chat, { author: 'Camus', year: 1971 }, token().token));
  assert.deepEqual(queries, [{ query: { author: 'Camus', year: 1971 }, aborted: false }]);
  assert.equal(answer.json.works[0].title, "L'Étranger");
});

test("find: by default the window's finding API is asked, its works with their editions made plain", async () => {
  const calls: unknown[] = [];
  const finding = services();
  (finding.chat.service as unknown as { finder: () => Promise<unknown> }).finder = async () => ({
    findBooks: async (query: unknown, options: unknown, signal: AbortSignal) => {
      calls.push({ query, options, aborted: signal.aborted });
      return [
        {
          work: { key: '/works/OL9002W', source: 'openLibrary', title: 'The Periodic Table', authors: ['Primo Levi'], firstYear: 1975, editionCount: 5 },
          editions: [{ key: '/books/OL1M', title: 'Il sistema periodico', publisher: 'Einaudi', year: 1975, language: 'it', pages: 240, isbn13: '9788806145675' }],
          total: 5,
        },
      ];
    },
  });
  const answer = parts(await invoke('isbnLens_findBooks', finding.chat, { title: 'The Periodic Table' }, token().token));
  assert.deepEqual(calls, [{ query: { title: 'The Periodic Table' }, options: { readerLanguage: 'en' }, aborted: false }]);
  assert.deepEqual(answer.json.works[0].editions, [{ isbn13: '9788806145675', title: 'Il sistema periodico', publisher: 'Einaudi', year: 1975, language: 'it', pages: 240 }]);
  assert.match(answer.text, /^1 work found for title “The Periodic Table”:\n- “The Periodic Table” by Primo Levi \(first published 1975\): 5 editions\n {2}- ISBN-13 978-88-06-14567-5: “Il sistema periodico”, Einaudi, 1975, language it, 240 pages\n {2}- and 4 editions more$/);
});

test('the chat shows what each tool is doing', () => {
  assert.deepEqual(prepare('isbnLens_lookUpBooks', { isbns: ['9780131103627', '9780306406157'] }), { invocationMessage: 'ISBN Lens: looking up 2 ISBNs' });
  assert.deepEqual(prepare('isbnLens_checkReferences', {}), { invocationMessage: 'ISBN Lens: checking the references against their books' });
  assert.deepEqual(prepare('isbnLens_findBooks', { title: 'The Stranger', author: 'Camus' }), { invocationMessage: 'ISBN Lens: searching for The Stranger, Camus' });
});
