/**
 * A failure's reason in the user's words (src/editor/words/failures.ts): the sentences the sources
 * used to build in the core, word for word, now said by the editor from the reason alone; and
 * `failure()`, which adds what to do by the error's kind.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { type FailureReason, ServiceError } from '../../src/core/model/errors';
import { failure, said } from '../../src/editor/words/failures';

test("each reason says what the core's message said: the book service as \"the service\", the others by their title", () => {
  const cases: Array<[FailureReason, string]> = [
    [{ why: 'unreachable', source: 'isbndb', cause: 'dns' }, 'Could not reach the book service: the host name could not be resolved.'],
    [{ why: 'unreachable', source: 'googleBooks', cause: 'tls' }, 'Could not reach Google Books: the secure connection failed.'],
    [{ why: 'unreachable', source: 'lobid', cause: 'browser' }, 'Could not reach lobid from the browser.'],
    [{ why: 'timeout', source: 'isbndb', seconds: 30 }, 'The service did not answer within 30 s.'],
    [{ why: 'serverError', source: 'dnb', status: 502 }, 'Deutsche Nationalbibliothek failed (HTTP 502).'],
    [{ why: 'serverError', source: 'isbndb', status: 500 }, 'The service failed (HTTP 500).'],
    [{ why: 'httpStatus', source: 'googleBooks', status: 400, said: 'Invalid value' }, 'Google Books answered HTTP 400: Invalid value.'],
    [{ why: 'httpStatus', source: 'loc', status: 418 }, 'Library of Congress answered HTTP 418.'],
    [{ why: 'redirect', source: 'isbndb', status: 301 }, 'The service answered with a redirect (301); it was not followed, so the key stays with the configured address.'],
    [{ why: 'redirect', source: 'openLibrary', status: 302 }, 'Open Library answered with a redirect (302); it was not followed.'],
    [{ why: 'tooBig', source: 'isbndb', megabytes: 1 }, 'The service sent more than 1 MB; the answer was refused.'],
    [{ why: 'notJson', source: 'googleBooks', truncated: true }, 'The answer from Google Books ended early (truncated JSON).'],
    [{ why: 'notJson', source: 'isbndb', truncated: false }, 'The service sent an answer that is not valid JSON.'],
    [{ why: 'notXml', source: 'k10plus', parser: 'unclosed tag' }, 'K10plus sent an answer that is not valid XML (unclosed tag).'],
    [{ why: 'notSru', source: 'bnf', root: 'html' }, 'BnF sent XML that is not an SRU answer (<html>).'],
    [{ why: 'sruDiagnostic', source: 'dnb', number: '8', said: '[quer]: Unsupported parameter' }, 'Deutsche Nationalbibliothek answered with SRU diagnostic 8 ([quer]: Unsupported parameter).'],
    [{ why: 'unreadable', source: 'openLibrary', answer: 'editions' }, 'Open Library sent an editions answer that could not be read.'],
    [{ why: 'unreadable', source: 'isbndb', answer: 'batch' }, 'The service sent a batch answer that could not be read.'],
    [{ why: 'slowDown', source: 'googleBooks' }, 'Google Books asks to slow down.'],
    [{ why: 'slowDown', source: 'openLibrary', status: 429 }, 'Open Library asks to slow down (HTTP 429).'],
    [{ why: 'callerRefused', source: 'openLibrary' }, 'Open Library refused the request (HTTP 403): it refuses callers it cannot identify or wants slowed down. ISBN Lens waits before asking it again.'],
    [{ why: 'googleDailyQuota', keyed: true }, "Google Books' daily quota is spent; it is asked again after midnight Pacific time."],
    [{ why: 'browserLimit', source: 'isbndb' }, "The browser could not read the book service's answer; most likely the request limit is reached."],
    [{ why: 'browserRefused', source: 'dnb' }, 'Deutsche Nationalbibliothek does not answer VS Code for the Web (no cross-origin permission); it is skipped for this session.'],
    [{ why: 'batchRefused', source: 'loc', isbns: 3, cause: { why: 'sruDiagnostic', source: 'loc', number: '37' } }, 'Library of Congress refused a query of 3 ISBNs (Library of Congress answered with SRU diagnostic 37.)'],
    [{ why: 'batchLimit', source: 'openLibrary', max: 50 }, 'Open Library is asked at most 50 ISBNs at a time.'],
    [{ why: 'noAuthor', source: 'isbndb', name: 'Nobody' }, 'The service knows no author named "Nobody".'],
    [{ why: 'noAuthor', source: 'openLibrary', name: 'Nobody' }, 'Open Library knows no author named "Nobody".'],
    [{ why: 'noWork', source: 'openLibrary', work: '/works/OL1W' }, 'Open Library knows no work /works/OL1W.'],
    [{ why: 'noEditions', work: 'google:abc' }, 'No editions are known for google:abc.'],
    [{ why: 'malformedKey', fault: { kind: 'lineBreak', position: 4 } }, 'This key is malformed (it has a line break at position 4).'],
    [{ why: 'notChosen', source: 'openLibrary' }, 'Open Library is not among the sources chosen (isbnLens.sources).'],
    [{ why: 'notNow', source: 'googleBooks' }, 'Google Books may not be asked now.'],
    [{ why: 'notAnswering', source: 'openLibrary' }, 'Open Library is not answering'],
    [{ why: 'notAnIsbn', value: '123' }, '"123" is not an ISBN.'],
    [{ why: 'unexpected', detail: 'TypeError: x is undefined' }, 'TypeError: x is undefined'],
    [{ why: 'cancelled' }, 'Cancelled.'],
  ];
  for (const [reason, words] of cases) assert.equal(said(reason), words, reason.why);
});

test('failure() adds what to do by the kind, quoting the reason where the kind alone does not say what happened', () => {
  const context = { plan: 'pro' as const, formatTime: () => '12:05:00' };
  assert.equal(failure(new ServiceError('server', { why: 'serverError', source: 'isbndb', status: 503 }), context), 'The service failed (HTTP 503). Try again in a few minutes.');
  assert.equal(
    failure(new ServiceError('network', { why: 'unreachable', source: 'isbndb', cause: 'refused' }), { ...context, host: 'api.example' }),
    'Could not reach the book service: the connection was refused (api.example). Check your connection and the “isbnLens.isbndb.baseUrls” setting.',
  );
  assert.equal(
    failure(new ServiceError('unreachable', { why: 'unreachable', source: 'openLibrary', cause: 'dns' }, { retryAt: 1 }), context),
    'Could not reach Open Library: the host name could not be resolved; ISBN Lens tries it again at 12:05:00.',
  );
  assert.equal(
    failure(new ServiceError('auth', { why: 'malformedKey', fault: { kind: 'space', position: 2 } }, { malformedKey: true }), context),
    'This key is malformed (it has a space at position 2): set it again with “ISBN Lens: Set API Key”.',
  );
  assert.equal(failure(new ServiceError('notFound', { why: 'noRecord' }), context), 'Not found.');
});

test("a ServiceError's message is the reason for developers, never a sentence", () => {
  const error = new ServiceError('server', { why: 'serverError', source: 'openLibrary', status: 503 });
  assert.deepEqual(JSON.parse(error.message), { why: 'serverError', source: 'openLibrary', status: 503 });
});
