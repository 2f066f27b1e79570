// The hover's editions line: "N editions of this work" linked to Show Other Editions with the
// document and the ISBN's range, from what the finding API keeps or within the hover's wait;
// nothing for a work of one edition, an unknown ISBN, or an answer that comes too late.
// Run: node --import tsx --test test/unit/editionsHoverLine.test.ts

import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { editionsHoverLine, hoverEditions, SHOW_EDITIONS_COMMAND } from '../../src/editor/features/editionsHoverLine';
import { MarkdownString } from '../helpers/fakeVscode';
import type { LookupResult } from '../../src/core/model/lookup';
import { BOOKS } from '../helpers/books';
import type { LookupService } from '../../src/editor/infrastructure/lookupService';
import type { Finder } from '../../src/core/finding/finder';
import type { WorkOfIsbn } from '../../src/core/model/works';

const PRINCE: WorkOfIsbn = { work: { key: '/works/OL9001W', source: 'openLibrary', title: 'The Little Prince', authors: [], editionCount: 14 } };
const place = {
  uri: { toString: () => 'file:///w/reading.md' },
  range: { start: { line: 2, character: 8 }, end: { line: 2, character: 25 } },
} as unknown as Parameters<typeof editionsHoverLine>[2];

function service(finder: Partial<Finder>, loaded: boolean): LookupService {
  return { loadedFinder: loaded ? finder : undefined, finder: async () => finder } as unknown as LookupService;
}

test('from what is kept: the count, linked to Show Other Editions with the document and the range, trusted for that command only', async () => {
  const finder = { knownWorkOfIsbn: () => PRINCE, workOfIsbn: () => assert.fail('asked although kept') };
  const line = await editionsHoverLine(service(finder, true), '9782070408504', place);
  assert.ok(line);
  assert.match(line.value, /^\[\$\(versions\) 14 editions of this work\]\(command:isbnLens\.showEditions\?/);
  const args = JSON.parse(decodeURIComponent(/\?([^ )]+)/.exec(line.value)![1]!)) as unknown[];
  assert.deepEqual(args, ['file:///w/reading.md', { start: { line: 2, character: 8 }, end: { line: 2, character: 25 } }]);
  assert.deepEqual(line.isTrusted, { enabledCommands: [SHOW_EDITIONS_COMMAND] });
});

test('asked within the wait when not kept; nothing for one edition, an unknown ISBN, or a failure', async () => {
  const asked: string[] = [];
  const finder = { knownWorkOfIsbn: () => null, workOfIsbn: async (isbn: string) => (asked.push(isbn), PRINCE) };
  assert.match((await editionsHoverLine(service(finder, false), '9782070408504', place))!.value, /14 editions/);
  assert.deepEqual(asked, ['9782070408504']);
  const one = { knownWorkOfIsbn: () => ({ work: { ...PRINCE.work, editionCount: 1 } }) };
  assert.equal(await editionsHoverLine(service(one, true), '9782070408504', place), undefined);
  const unknown = { knownWorkOfIsbn: () => undefined };
  assert.equal(await editionsHoverLine(service(unknown, true), '9782070408504', place), undefined);
  const failing = { knownWorkOfIsbn: () => null, workOfIsbn: async () => Promise.reject(new Error('down')) };
  assert.equal(await editionsHoverLine(service(failing, true), '9782070408504', place), undefined);
});

test("past the hover's wait: no line, and the answer is not waited for", async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const finder = { knownWorkOfIsbn: () => null, workOfIsbn: () => new Promise<WorkOfIsbn>(() => undefined) };
  const line = editionsHoverLine(service(finder, true), '9782070408504', place, { waitMs: 500 });
  await Promise.resolve();
  await Promise.resolve();
  t.mock.timers.tick(500);
  assert.equal(await line, undefined);
});

test('the hover asks Open Library only when it has just answered for the ISBN; else only what is kept', async () => {
  const asked: string[] = [];
  const finder = { knownWorkOfIsbn: () => null, workOfIsbn: async (isbn: string) => (asked.push(isbn), PRINCE) };
  const later = Date.now() + 1500;
  const fromOpenLibrary: LookupResult = { status: 'found', book: BOOKS.kr, source: 'openLibrary' };
  const append = await hoverEditions(service(finder, true), fromOpenLibrary, place, later);
  assert.ok(append, 'no line although Open Library answered');
  const markdown = new MarkdownString('**The book**');
  markdown.isTrusted = { enabledCommands: ['isbnLens.copyReference'] };
  append(markdown as never);
  assert.match(markdown.value, /^\*\*The book\*\*\n\n\[\$\(versions\) 14 editions of this work\]/);
  assert.deepEqual(markdown.isTrusted, { enabledCommands: ['isbnLens.copyReference', SHOW_EDITIONS_COMMAND] });
  assert.deepEqual(asked, [BOOKS.kr.isbn13]);
  // The book service answered while Open Library hangs or is down: no request to it from the hover.
  const fromIsbndb: LookupResult = { status: 'found', book: BOOKS.kr, source: 'isbndb' };
  assert.equal(await hoverEditions(service(finder, true), fromIsbndb, place, later), undefined);
  assert.deepEqual(asked, [BOOKS.kr.isbn13], 'Open Library was asked although it did not answer the look-up');
  const kept = { knownWorkOfIsbn: () => PRINCE, workOfIsbn: () => assert.fail('asked') };
  assert.ok(await hoverEditions(service(kept, true), fromIsbndb, place, later), 'what is kept is shown');
  assert.equal(await hoverEditions(service(finder, true), { status: 'notFound', asked: ['openLibrary'] }, place, later), undefined);
});
