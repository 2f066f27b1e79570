// The rules shared by the keyless sources: the User-Agent, dates, image addresses, the
// edition rule, Pacific midnight, and the error classification of each service.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keylessUserAgent, PROJECT_URL } from '../../src/core/host/userAgent';
import { isoDate } from '../../src/core/sources/keyless/dates';
import { coverRedirectTarget, httpsImage } from '../../src/core/cover/coverAddresses';
import { editionVerdict } from '../../src/core/sources/keyless/editionRule';
import { nextPacificMidnight, pacificOffset } from '../../src/core/sources/keyless/pacificTime';
import { keylessHeaders, parseJsonAnswer } from '../../src/core/sources/keyless/request';
import { openLibraryError } from '../../src/core/sources/openLibrary/errors';
import { googleBooksError } from '../../src/core/sources/googleBooks/errors';
import { booksApiPath, authorSearchPath, OPEN_LIBRARY_MAX_BATCH } from '../../src/core/sources/openLibrary/request';
import { keyHeader, volumesPath } from '../../src/core/sources/googleBooks/request';
import { isServiceError } from '../../src/core/model/errors';

const reply = (status: number, body: unknown = '', headers: Record<string, string> = {}) => ({ status, headers, text: typeof body === 'string' ? body : JSON.stringify(body) });

test('User-Agent: ISBNLens/<version> (<contact>), never contact-less', () => {
  assert.equal(keylessUserAgent('0.2.0'), `ISBNLens/0.2.0 (${PROJECT_URL})`);
  assert.equal(keylessUserAgent('0.2.0-beta.1', 'books@example.org'), 'ISBNLens/0.2.0-beta.1 (books@example.org)');
  assert.throws(() => keylessUserAgent('0.2.0', ''));
  assert.throws(() => keylessUserAgent('0.2.0', 'http://example.org'), /https/);
  assert.throws(() => keylessUserAgent('', PROJECT_URL));
});

test('keyless headers: accept and agent, the Google key header allowed, Authorization and others dropped', () => {
  const headers = keylessHeaders('ISBNLens/0.2.0 (x@example.org)', { Authorization: 'secret', Cookie: 'c', 'X-Goog-Api-Key': 'k' });
  assert.deepEqual(headers, { accept: 'application/json', 'user-agent': 'ISBNLens/0.2.0 (x@example.org)', 'x-goog-api-key': 'k' });
});

test('requests: Open Library bibkeys one comma-separated parameter, at most 25; Google q=isbn: and the key only in its header', () => {
  assert.equal(booksApiPath(['9780131103627', '316148410X']), '/api/books?bibkeys=ISBN:9780131103627,ISBN:316148410X&format=json&jscmd=data');
  assert.throws(() => booksApiPath(Array.from({ length: OPEN_LIBRARY_MAX_BATCH + 1 }, () => '9780131103627')));
  assert.throws(() => booksApiPath(['978-0-13-110362-7']));
  assert.equal(authorSearchPath('Søren & Co', 2, 20).split('&fields=')[0], '/search.json?author=S%C3%B8ren%20%26%20Co');
  assert.match(authorSearchPath('x', 2, 20), /&limit=20&page=2$/);
  assert.equal(volumesPath('9780131103627'), '/books/v1/volumes?q=isbn:9780131103627');
  assert.deepEqual(keyHeader(undefined), {});
  assert.deepEqual(keyHeader('AIza'), { 'x-goog-api-key': 'AIza' });
});

test('free-text dates become YYYY[-MM[-DD]]', () => {
  const cases: Array<[unknown, string | undefined]> = [
    ['1994', '1994'], ['1999-09', '1999-09'], ['2012-11-22', '2012-11-22'], ['March 2009', '2009-03'],
    ['July 28, 2008', '2008-07-28'], ['28 July 2008', '2008-07-28'], ['c1994', '1994'], ['[1994?]', '1994'],
    ['Sept. 2001', '2001-09'], [1987, '1987'], ['n.d.', undefined], ['1990-1995', undefined], ['', undefined], [undefined, undefined],
  ];
  for (const [input, expected] of cases) assert.equal(isoDate(input), expected, String(input));
});

test('images: http upgraded to https except on loopback; one redirect to an https host', () => {
  assert.equal(httpsImage('http://books.google.com/books/content?id=x&zoom=1'), 'https://books.google.com/books/content?id=x&zoom=1');
  assert.equal(httpsImage('http://127.0.0.1:9000/books/content?id=x'), 'http://127.0.0.1:9000/books/content?id=x');
  assert.equal(httpsImage('javascript:alert(1)'), undefined);
  assert.equal(coverRedirectTarget('https://covers.openlibrary.org/b/id/8123456-M.jpg', 'https://archive.org/download/x/y.jpg'), 'https://archive.org/download/x/y.jpg');
  assert.equal(coverRedirectTarget('https://covers.openlibrary.org/b/id/1-M.jpg', 'http://archive.org/x.jpg'), undefined);
  assert.equal(coverRedirectTarget('https://covers.openlibrary.org/b/id/1-M.jpg', 'https://user:pw@archive.org/x.jpg'), undefined);
  assert.equal(coverRedirectTarget('http://127.0.0.1:1/b/id/1-M.jpg', 'http://127.0.0.1:2/x.jpg'), 'http://127.0.0.1:2/x.jpg');
  assert.equal(coverRedirectTarget('https://covers.openlibrary.org/b/id/1-M.jpg', undefined), undefined);
});

test('edition rule: the asked ISBN in either form, else another edition by its own ISBN, else none', () => {
  assert.deepEqual(editionVerdict(['0131103628'], '9780131103627'), { kind: 'asked', isbn13: '9780131103627', isbn10: '0131103628' });
  assert.deepEqual(editionVerdict(['9780131101630', '978-0-13-110362-7'], '0131103628'), { kind: 'asked', isbn13: '9780131103627', isbn10: '0131103628' });
  assert.deepEqual(editionVerdict(['4062035170', '9784062035170'], '9784062035163'), { kind: 'other', isbn13: '9784062035170', isbn10: '4062035170' });
  assert.deepEqual(editionVerdict(['UOM:39015', 42], '9784062035163'), { kind: 'none' });
  assert.deepEqual(editionVerdict([], '9784062035163'), { kind: 'none' });
});

test('Pacific midnight, in standard and daylight time and across the changes', () => {
  const utc = (s: string) => Date.parse(s);
  assert.equal(pacificOffset(utc('2026-01-15T12:00:00Z')), -8 * 3600_000);
  assert.equal(pacificOffset(utc('2026-07-15T12:00:00Z')), -7 * 3600_000);
  assert.equal(nextPacificMidnight(utc('2026-01-15T12:00:00Z')), utc('2026-01-16T08:00:00Z'));
  assert.equal(nextPacificMidnight(utc('2026-01-16T07:59:59Z')), utc('2026-01-16T08:00:00Z'), '23:59:59 PST');
  assert.equal(nextPacificMidnight(utc('2026-01-16T08:00:00Z')), utc('2026-01-17T08:00:00Z'), 'at midnight: the next one');
  assert.equal(nextPacificMidnight(utc('2026-07-15T12:00:00Z')), utc('2026-07-16T07:00:00Z'));
  // 2026: daylight time from Sunday 8 March, standard from Sunday 1 November.
  assert.equal(nextPacificMidnight(utc('2026-03-07T20:00:00Z')), utc('2026-03-08T08:00:00Z'), 'the night clocks go forward');
  assert.equal(nextPacificMidnight(utc('2026-03-08T20:00:00Z')), utc('2026-03-09T07:00:00Z'));
  assert.equal(nextPacificMidnight(utc('2026-10-31T20:00:00Z')), utc('2026-11-01T07:00:00Z'), 'the night clocks go back');
  assert.equal(nextPacificMidnight(utc('2026-11-01T20:00:00Z')), utc('2026-11-02T08:00:00Z'));
});

test('JSON answers: truncated and malformed are each a clear badResponse', () => {
  const reasonOf = (text: string, source: string) => {
    try {
      parseJsonAnswer(reply(200, text), source);
    } catch (e) {
      return isServiceError(e, 'badResponse') ? e.reason : e;
    }
    return undefined;
  };
  assert.deepEqual(reasonOf('{"ISBN:1": {"title": "x"', 'openLibrary'), { why: 'notJson', source: 'openLibrary', truncated: true });
  assert.deepEqual(reasonOf('<html>', 'openLibrary'), { why: 'notJson', source: 'openLibrary', truncated: false });
  assert.deepEqual(reasonOf('', 'googleBooks'), { why: 'notJson', source: 'googleBooks', truncated: false });
  assert.deepEqual(parseJsonAnswer(reply(200, '{}'), 'openLibrary'), {});
});

test('Open Library errors: 403 is a limit to back off from (identify, slow down), never not-found; 429, 414, 3xx, 5xx', () => {
  const now = 1_000_000;
  const forbidden = openLibraryError(reply(403, '<html>403 Forbidden</html>'), now);
  assert.equal(forbidden.kind, 'quota');
  assert.deepEqual(forbidden.reason, { why: 'callerRefused', source: 'openLibrary' });
  assert.equal(forbidden.details.retryAt, now + 5 * 60_000);
  const limited = openLibraryError(reply(429, { status: 429, message: 'Too Many Requests.' }, { 'retry-after': '7' }), now);
  assert.equal(limited.kind, 'quota');
  assert.equal(limited.details.retryAt, now + 7000);
  assert.equal(openLibraryError(reply(414), now, 25).kind, 'tooLarge');
  assert.equal(openLibraryError(reply(302), now).kind, 'badResponse');
  assert.deepEqual(openLibraryError(reply(301), now).reason, { why: 'redirect', source: 'openLibrary', status: 301 });
  assert.equal(openLibraryError(reply(503), now).kind, 'server');
});

test('Google errors: the daily quota stops until Pacific midnight, with the key hint only without a key; rate, bad key, location', () => {
  const now = Date.parse('2026-07-15T12:00:00Z');
  const daily = {
    error: {
      code: 429,
      message: "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'books.googleapis.com' for consumer 'project_number:624717413613'.",
      status: 'RESOURCE_EXHAUSTED',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'RATE_LIMIT_EXCEEDED', metadata: { quota_limit_value: '0' } }],
    },
  };
  const keyless = googleBooksError(reply(429, daily), now, false);
  assert.equal(keyless.kind, 'quota');
  assert.equal(keyless.details.daily, true);
  assert.equal(keyless.details.retryAt, Date.parse('2026-07-16T07:00:00Z'));
  assert.deepEqual(keyless.reason, { why: 'googleDailyQuota', keyed: false }, 'without a key, the words add the free key hint');
  assert.deepEqual(googleBooksError(reply(429, daily), now, true).reason, { why: 'googleDailyQuota', keyed: true });
  // Older answers: 403 dailyLimitExceeded in `errors`, no `details`.
  const old = googleBooksError(reply(403, { error: { code: 403, message: 'Daily Limit Exceeded', errors: [{ reason: 'dailyLimitExceeded', domain: 'usageLimits' }] } }), now, true);
  assert.equal(old.kind, 'quota');
  assert.equal(old.details.daily, true);
  const perMinute = googleBooksError(reply(429, { error: { code: 429, message: "limit 'Queries per minute per user'", status: 'RESOURCE_EXHAUSTED' } }), now, false);
  assert.equal(perMinute.details.daily, undefined);
  assert.equal(perMinute.details.retryAt, now + 60_000);
  assert.equal(googleBooksError(reply(400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } }), now, true).kind, 'auth');
  assert.equal(googleBooksError(reply(403, { error: { code: 403, message: 'Cannot determine user location for geographically restricted operation.', errors: [{ reason: 'unknownLocation' }] } }), now, false).kind, 'server');
  assert.equal(googleBooksError(reply(503, 'x'), now, false).kind, 'server');
  assert.equal(googleBooksError(reply(302), now, false).kind, 'badResponse');
  assert.equal(googleBooksError(reply(429, '<html>'), now, false).kind, 'quota', 'an unreadable 429 is still a limit');
});
