/** The chat's tools in the core: their input read leniently, their answers as text and JSON (src/core/chat/). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { checkAnswer, checkReferences, readReferences, referencesFormat, referencesIsbns } from '../../src/core/chat/checkAnswer';
import { findAnswer, searchUnavailable, type Work } from '../../src/core/chat/findBooks';
import { readIsbn } from '../../src/core/chat/invalidIsbn';
import { isbnsToLookUp, lookUpAnswer, readIsbns } from '../../src/core/chat/lookUpAnswer';
import { notAsked } from '../../src/core/chat/notAsked';
import { MAX_LOOKUP_ISBNS, parseCheckInput, parseFindInput, parseLookUpInput } from '../../src/core/chat/toolInput';
import { CHAT_TOOLS } from '../../src/core/chat/toolNames';
import { partsWithin } from '../../src/core/chat/toolAnswer';
import { ServiceError } from '../../src/core/model/errors';
import type { LookupResult } from '../../src/core/model/lookup';
import { describeFailure } from '../../src/editor/words/failures';
import { BOOKS, book, results } from '../helpers/books';
import { localizedManifest } from '../helpers/manifest';

function ok<T>(parsed: { ok: true; value: T } | { ok: false; problem: string }): T {
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.problem);
  return parsed.value;
}

test('look-up input: a list or a string of ISBNs, each once, at most 100; none is a problem said to the model', () => {
  assert.deepEqual(ok(parseLookUpInput({ isbns: ['978-0-13-110362-7', ' 0131103628 ', '978-0-13-110362-7'] })), { isbns: ['978-0-13-110362-7', '0131103628'], leftOut: 0 });
  assert.deepEqual(ok(parseLookUpInput({ isbns: '978-0-13-110362-7, 2070360024;\n9783161484100' })).isbns, ['978-0-13-110362-7', '2070360024', '9783161484100']);
  const many = ok(parseLookUpInput({ isbns: Array.from({ length: 130 }, (_, i) => `isbn ${i}`) }));
  assert.equal(many.isbns.length, MAX_LOOKUP_ISBNS);
  assert.equal(many.leftOut, 30);
  for (const bad of [undefined, {}, { isbns: [] }, { isbns: ['  '] }, { isbns: [{}] }, 'x']) {
    const parsed = parseLookUpInput(bad);
    assert.equal(parsed.ok, false);
    assert.match(parsed.ok ? '' : parsed.problem, /No ISBN was given/);
  }
});

test('check input: references as text, an optional known format; empty, too long or an unknown format is a problem', () => {
  assert.deepEqual(ok(parseCheckInput({ references: '@book{a, isbn = {1}}', format: 'BibTeX' })), { references: '@book{a, isbn = {1}}', format: 'bibtex' });
  assert.deepEqual(ok(parseCheckInput({ references: 'ISBN 9780131103627' })), { references: 'ISBN 9780131103627' });
  assert.match((parseCheckInput({ references: '  ' }) as { problem: string }).problem, /No references were given/);
  assert.match((parseCheckInput({ references: 'x'.repeat(1_000_001) }) as { problem: string }).problem, /too long/);
  assert.match((parseCheckInput({ references: 'x', format: 'endnote' }) as { problem: string }).problem, /Unknown format "endnote": use one of bibtex, csl-json, csl-yaml, ris, list/);
});

test('find input: a title or an author at least; a year given as a string is read, a language lower-cased', () => {
  assert.deepEqual(ok(parseFindInput({ title: ' The Stranger ', author: 'Camus', language: 'EN', year: '1988' })), { title: 'The Stranger', author: 'Camus', language: 'en', year: 1988 });
  assert.deepEqual(ok(parseFindInput({ author: 'Camus', year: 'soon' })), { author: 'Camus' });
  assert.match((parseFindInput({ language: 'fr' }) as { problem: string }).problem, /Give a "title" or an "author"/);
});

test('an invalid ISBN says why and the ISBN most likely intended, as the quick fixes do', () => {
  assert.deepEqual(readIsbn('978-0-13-110362-8'), { written: '978-0-13-110362-8', valid: false, reason: 'the check digit does not match', likely: ['978-0-13-110362-7'] });
  // 978 put before an ISBN-10 whose check digit was kept.
  assert.deepEqual(readIsbn('9780131103628').valid ? [] : (readIsbn('9780131103628') as { likely: string[] }).likely, ['978-0-13-110362-7']);
  const short = readIsbn('978013110362');
  assert.equal(short.valid, false);
  assert.equal(!short.valid && short.reason, 'an ISBN has 10 or 13 digits, this one has 12');
  assert.deepEqual(!short.valid && short.likely, []);
  assert.equal(readIsbn('0-13-110362-8').valid, true);
});

test('look-up answer: each ISBN given, its book with the source of each field, or why there is none', () => {
  const input = ok(parseLookUpInput({ isbns: ['0-13-110362-8', '978-0-13-110362-8', '9781234567897', '9782070360024', '9783161484100'] }));
  const read = readIsbns(input);
  assert.deepEqual(isbnsToLookUp(read), ['9780131103627', '9781234567897', '9782070360024', '9783161484100']);
  const kr = { ...BOOKS.kr, titleLong: 'The C Programming Language: ANSI C', isbn10: '0131103628', edition: '2nd', datePublished: '1988-03-22' };
  const map = new Map<string, LookupResult>([
    ['9780131103627', { status: 'found', book: kr, source: 'openLibrary', provenance: { base: 'openLibrary', filled: [{ source: 'googleBooks', fields: ['pages', 'language'] }] } }],
    ['9781234567897', { status: 'notFound', asked: ['openLibrary', 'googleBooks'], unanswered: [{ source: 'loc', error: new ServiceError('unreachable', { why: 'unreachable', source: 'loc', cause: 'failed' }, { retryAt: Date.UTC(2026, 0, 1, 12) }) }] }],
    ['9782070360024', { status: 'failed', error: new ServiceError('quota', { why: 'googleDailyQuota', keyed: false }, { daily: true }), source: 'googleBooks' }],
  ]);
  const skipped = [notAsked('isbndb', new ServiceError('auth', { why: 'noKey' }), describeFailure)];
  const answer = lookUpAnswer(input, read, map, skipped, describeFailure);
  const json = answer.json as { results: Array<Record<string, unknown>> };
  assert.deepEqual(json.results[0], {
    input: '0-13-110362-8',
    status: 'found',
    isbn13: '9780131103627',
    book: {
      title: 'The C Programming Language',
      subtitle: 'ANSI C',
      authors: ['Brian W. Kernighan', 'Dennis M. Ritchie'],
      publisher: 'Prentice Hall',
      year: 1988,
      date: '1988-03-22',
      edition: '2nd',
      pages: 272,
      language: 'en',
      isbn13: '978-0-13-110362-7',
      isbn10: '0-13-110362-8',
      sources: {
        title: 'Open Library',
        subtitle: 'Open Library',
        authors: 'Open Library',
        publisher: 'Open Library',
        year: 'Open Library',
        date: 'Open Library',
        edition: 'Open Library',
        pages: 'Google Books',
        language: 'Google Books',
        isbn13: 'Open Library',
        isbn10: 'Open Library',
      },
    },
  });
  assert.deepEqual(json.results[1], { input: '978-0-13-110362-8', status: 'invalid', reason: 'the check digit does not match', likelyIntended: ['978-0-13-110362-7'] });
  assert.deepEqual(json.results[2], {
    input: '9781234567897',
    status: 'notFound',
    isbn13: '9781234567897',
    asked: ['Open Library', 'Google Books'],
    notAsked: [
      { source: 'ISBNdb', kind: 'auth', why: 'no API key is set for it (ISBN Lens: Set API Key)' },
      { source: 'Library of Congress', kind: 'unreachable', why: 'it could not be reached (Could not reach Library of Congress: the network failed)', retryAt: '2026-01-01T12:00:00.000Z' },
    ],
  });
  assert.deepEqual(json.results[3], {
    input: '9782070360024',
    status: 'notAsked',
    isbn13: '9782070360024',
    notAsked: [skipped[0], { source: 'Google Books', kind: 'quota', why: 'its daily quota is spent' }],
  });
  // No answer at all (cancelled before it came): not asked, never "not found".
  assert.equal(json.results[4]!.status, 'notAsked');
  const lines = answer.text.split('\n');
  assert.equal(lines.length, 5);
  assert.equal(
    lines[0],
    'ISBN 0-13-110362-8: “The C Programming Language: ANSI C” by Brian W. Kernighan, Dennis M. Ritchie; Prentice Hall, 1988-03-22; edition: 2nd; 272 pages; language en; ISBN-13 978-0-13-110362-7, ISBN-10 0-13-110362-8. ' +
      'Sources: Open Library (title, subtitle, authors, publisher, year, date, edition, isbn13, isbn10); Google Books (pages, language).',
  );
  assert.equal(lines[1], 'ISBN 978-0-13-110362-8: not a valid ISBN: the check digit does not match; likely intended: 978-0-13-110362-7. Not looked up.');
  assert.match(lines[2]!, /^ISBN 9781234567897: no book with this ISBN in Open Library, Google Books\. Not asked: ISBNdb: no API key is set for it .*; Library of Congress: it could not be reached .*, tried again at 2026-01-01T12:00:00\.000Z\./);
  assert.equal(lines[3], 'ISBN 9782070360024: not looked up. ISBNdb: no API key is set for it (ISBN Lens: Set API Key); Google Books: its daily quota is spent.');
});

test('look-up answer: a record of another edition says so; more ISBNs than one call takes are said', () => {
  const input = { isbns: ['9780131101630'], leftOut: 3 };
  const map = new Map<string, LookupResult>([['9780131101630', { status: 'found', book: BOOKS.kr, source: 'isbndb' }]]);
  const answer = lookUpAnswer(input, readIsbns(input), map, [], describeFailure);
  assert.equal((answer.json as { results: Array<{ book: { otherEditionThanAsked?: true } }> }).results[0]!.book.otherEditionThanAsked, true);
  assert.match(answer.text, /This record is of another edition than the ISBN asked\./);
  assert.match(answer.text, /3 more ISBNs were given than one call looks up \(1\): ask again for the rest\./);
});

test('the format of references given as text: named, else what the text shows, else a plain list', () => {
  assert.equal(referencesFormat('[{"id": "a", "type": "book"}]'), 'csl-json');
  assert.equal(referencesFormat('{"title": "A"}'), 'csl-json');
  assert.equal(referencesFormat('TY  - BOOK\nSN  - 9780131103627\nER  - \n'), 'ris');
  assert.equal(referencesFormat('Some notes\n@book{kr, isbn = {9780131103627}}'), 'bibtex');
  assert.equal(referencesFormat('- id: kr\n  type: book\n  ISBN: 9780131103627\n'), 'csl-yaml');
  assert.equal(referencesFormat('- The C Programming Language, ISBN 9780131103627'), 'markdown');
  assert.equal(referencesFormat('@book{kr}', 'list'), 'markdown');
});

const BIB = String.raw`@book{kr, title = {The {C} Programming Language}, author = {Kernighan, Brian W. and Ritchie, Dennis M.}, year = 1988, isbn = {978-0-13-110362-7}}
@book{swapped, title = {The \TeX book}, author = {Knuth, Donald}, isbn = {9782070360024}}
@book{edition, title = {The TeXbook}, author = {Knuth, Donald E.}, publisher = {Addison-Wesley}, year = 1999, isbn = {9780201134476}}
@book{invented, title = {An Invented Book}, author = {Nobody, A.}, isbn = {9781234567897}}
@book{typo, title = {The C Programming Language}, isbn = {978-0-13-110362-8}}
@book{bare, isbn = {9780306406157}}
`;

test('check: every ISBN of the references with the verdict of Check Bibliography and the ISBN\'s book', () => {
  const references = readReferences(ok(parseCheckInput({ references: BIB })));
  assert.equal(references.format, 'bibtex');
  assert.deepEqual(referencesIsbns(references), ['9780131103627', '9782070360024', '9780201134476', '9781234567897', '9780306406157']);
  const map = results([BOOKS.kr, BOOKS.camus, BOOKS.knuth, book('9780306406157', 'Data Reduction')], { '9781234567897': { status: 'notFound', asked: ['openLibrary', 'googleBooks'] } });
  const checked = checkReferences(references, (isbn) => map.get(isbn), [], describeFailure);
  assert.deepEqual(
    checked.map((c) => [c.entry, c.verdict]),
    [
      ['kr', 'agrees'],
      ['swapped', 'other-book'],
      ['edition', 'other-edition'],
      ['invented', 'unknown-isbn'],
      ['typo', 'invalid'],
      ['bare', 'unchecked'],
    ],
  );
  const byKey = new Map(checked.map((c) => [c.entry, c]));
  assert.deepEqual(byKey.get('swapped'), {
    entry: 'swapped',
    isbn: '9782070360024',
    written: { title: 'The TeXbook', authors: ['Knuth, Donald'] },
    verdict: 'other-book',
    book: { title: "L'Étranger", authors: ['Albert Camus'], publisher: 'Gallimard', year: 1971, pages: 186, language: 'fr', isbn13: '978-2-07-036002-4', sources: {} },
    message: 'ISBN 978-2-07-036002-4 is “L\'Étranger” by Albert Camus (1971), not “The TeXbook”.',
  });
  const edition = byKey.get('edition') as { differences: unknown[] };
  assert.deepEqual(edition.differences, [{ field: 'year', written: '1999', record: '1984' }]);
  assert.deepEqual(byKey.get('typo'), {
    entry: 'typo',
    isbn: '978-0-13-110362-8',
    written: { title: 'The C Programming Language', authors: [] },
    verdict: 'invalid',
    reason: 'the check digit does not match',
    likelyIntended: ['978-0-13-110362-7'],
  });
  assert.equal((byKey.get('invented') as { asked: string[] }).asked.join(), 'Open Library,Google Books');
  assert.equal((byKey.get('bare') as { why: string }).why, 'the entry writes no title or author to compare with');
  const answer = checkAnswer(references, checked);
  const lines = answer.text.split('\n');
  assert.equal(lines[0], 'Read 6 entries as BibTeX; 6 ISBNs: 1 agrees, 1 other-book, 1 other-edition, 1 unknown-isbn, 1 unchecked, 1 invalid.');
  assert.match(lines[2]!, /^swapped, ISBN 9782070360024: other-book: ISBN 978-2-07-036002-4 is “L'Étranger” by Albert Camus \(1971\), not “The TeXbook”\. The ISBN's book: “L'Étranger”/);
  assert.match(lines[3]!, /^edition, ISBN 9780201134476: other-edition: ISBN 978-0-201-13447-6 is another edition of this work: its record says year 1984 \(written: 1999\)\./);
  assert.match(lines[4]!, /^invented, ISBN 9781234567897: unknown-isbn: No source asked knows ISBN 978-1-234-56789-7 \(asked: Open Library and Google Books\)/);
  assert.equal(lines[5], 'typo, ISBN 978-0-13-110362-8: invalid: not a valid ISBN: the check digit does not match; likely intended: 978-0-13-110362-7.');
  assert.deepEqual((answer.json as { counts: unknown }).counts, { agrees: 1, 'other-book': 1, 'other-edition': 1, 'unknown-isbn': 1, unchecked: 1, invalid: 1 });
});

test('check: CSL-JSON (one item or a list) and a plain list are read by their own readers; an unknown ISBN with a source not asked is no verdict of unknown', () => {
  const one = readReferences({ references: '{"type": "book", "title": "The C Programming Language", "author": [{"family": "Kernighan", "given": "Brian"}], "ISBN": "9780131103627"}' });
  assert.equal(one.format, 'csl-json');
  assert.deepEqual(checkReferences(one, (isbn) => results([BOOKS.kr]).get(isbn), [], describeFailure).map((c) => [c.entry, c.verdict]), [['“The C Programming Language”', 'agrees']]);
  const list = readReferences({ references: '- *The TeXbook* by Donald Knuth, ISBN 978-2-07-036002-4\n- *L\'Étranger* by Albert Camus, ISBN 9782070360024\n' });
  assert.equal(list.format, 'markdown');
  assert.deepEqual(checkReferences(list, (isbn) => results([BOOKS.camus]).get(isbn), [], describeFailure).map((c) => [c.entry, c.verdict]), [['“The TeXbook”', 'other-book'], ['“L\'Étranger”', 'agrees']]);
  const unreachable: LookupResult = { status: 'notFound', asked: ['openLibrary'], unanswered: [{ source: 'googleBooks', error: new ServiceError('unreachable', { why: 'unreachable', source: 'googleBooks', cause: 'failed' }) }] };
  const [item] = checkReferences(readReferences({ references: '@book{x, title = {Invented}, isbn = {9781234567897}}' }), () => unreachable, [], describeFailure);
  assert.equal(item!.verdict, 'unchecked');
  assert.deepEqual((item as { notAsked: Array<{ source: string }> }).notAsked.map((n) => n.source), ['Google Books']);
  const empty = checkAnswer(readReferences({ references: '@book{x, title = {No ISBN}}' }), []);
  assert.match(empty.text, /^Read 1 entry as BibTeX: no ISBN was found in them, so nothing was checked\./);
});

test('find: without a search connected it says so and gives no results; works found are listed with their editions', () => {
  const query = ok(parseFindInput({ title: 'The Stranger', author: 'Camus' }));
  const none = searchUnavailable(query);
  assert.match(none.text, /^Searching for books by title or author is not available in this version of ISBN Lens, so nothing was searched for title “The Stranger”, author “Camus”\. Do not guess ISBNs/);
  assert.deepEqual(none.json, { available: false, query, works: [] });
  const works: Work[] = [{ title: "L'Étranger", authors: ['Albert Camus'], firstYear: 1942, source: 'openLibrary', id: 'OL1W', editions: [{ isbn13: '9782070360024', publisher: 'Gallimard', year: 1971, language: 'fre' }, { title: 'The Stranger' }] }];
  const found = findAnswer(query, works);
  assert.equal(found.text, [
    '1 work found for title “The Stranger”, author “Camus”:',
    "- “L'Étranger” by Albert Camus (first published 1942): 2 editions",
    '  - ISBN-13 978-2-07-036002-4: Gallimard, 1971, language fre',
    '  - no ISBN: “The Stranger”',
  ].join('\n'));
  assert.match(findAnswer(query, []).text, /^No work was found for title “The Stranger”/);
});

test('the manifest contributes the three tools with the names, reference names and input schemas the code reads', () => {
  type Tool = { name: string; displayName: string; toolReferenceName: string; canBeReferencedInPrompt: boolean; userDescription: string; modelDescription: string; tags: string[]; inputSchema: { properties: Record<string, unknown>; required?: string[] } };
  const manifest = localizedManifest<{ contributes: { languageModelTools: Tool[] }; activationEvents: string[] }>();
  const tools = manifest.contributes.languageModelTools;
  assert.deepEqual(tools.map((t) => t.name), [CHAT_TOOLS.lookUpBooks, CHAT_TOOLS.findBooks, CHAT_TOOLS.checkReferences]);
  assert.deepEqual(tools.map((t) => t.toolReferenceName), ['isbnLookUp', 'isbnFind', 'isbnCheck']);
  for (const tool of tools) {
    assert.match(tool.name, /^(?!copilot_|vscode_)[\w-]+$/);
    assert.equal(tool.canBeReferencedInPrompt, true);
    for (const text of [tool.displayName, tool.userDescription, tool.modelDescription]) assert.ok(text && !text.startsWith('%'), `${tool.name}: ${text}`);
    assert.ok(tool.tags.includes('isbn'));
  }
  assert.deepEqual(tools[0]!.inputSchema.required, ['isbns']);
  assert.deepEqual(Object.keys(tools[1]!.inputSchema.properties), ['title', 'author', 'language', 'year']);
  assert.deepEqual(tools[2]!.inputSchema.required, ['references']);
  assert.deepEqual((tools[2]!.inputSchema.properties.format as { enum: string[] }).enum, ['bibtex', 'csl-json', 'csl-yaml', 'ris', 'list']);
});

test('within a token budget: text and JSON, else the text alone, else its first lines and a note', () => {
  const answer = { text: Array.from({ length: 50 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n'), json: { results: Array.from({ length: 50 }, (_, i) => ({ i, pad: 'y'.repeat(40) })) } };
  assert.equal(partsWithin(answer, undefined).length, 2);
  assert.equal(partsWithin(answer, 100_000).length, 2);
  assert.deepEqual(partsWithin(answer, 1_000), [answer.text]);
  const [cut, ...rest] = partsWithin(answer, 300);
  assert.deepEqual(rest, []);
  assert.ok(cut!.length <= 900, `${cut!.length} characters`);
  assert.match(cut!, /^line 0 /);
  assert.match(cut!, /\n\(\d+ more lines left out to stay within the token budget: ask for fewer at a time\.\)$/);
});
