// Finding a book, pure parts: search and edition records mapped (Open Library, Google), the
// editions' order, an ISBN in the form of the one it replaces, what is written per format (a
// reading list's item as its neighbours are, a .bib entry, a CSL-JSON item), the ISBN written into
// an entry that lacks one, which editions agree with an entry, and typing debounced on fake time.
// Run: node --import tsx --test test/unit/finding.test.ts

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits } from '../../src/core/edit/textEdit';
import { formatPart } from '../../src/core/formats/registry';
import { editionFromRecord, editionsFromAnswer, workFromSearchDoc, workOfIsbnFromSearch, workSearchPath, worksFromSearch } from '../../src/core/sources/openLibrary/works';
import { volumeSearchPath, workFromVolume, worksFromVolumes } from '../../src/core/sources/googleBooks/search';
import { orderEditions } from '../../src/core/finding/editionOrder';
import { isbnInFormOf } from '../../src/core/finding/isbnForm';
import { bookOfEdition } from '../../src/core/finding/editionBook';
import { editionAgrees, entriesLackingIsbn, isbnFieldEdit, queryOfEntry } from '../../src/core/finding/missingIsbns';
import { SearchAsYouType } from '../../src/core/finding/searchAsYouType';
import type { Edition, FindingSources, WorkHit } from '../../src/core/model/works';
import { Finder } from '../../src/core/finding/finder';
import type { FormatId } from '../../src/core/formats/formatId';

const WORK: WorkHit = { key: '/works/OL9001W', source: 'openLibrary', title: 'The Little Prince', authors: ['Antoine de Saint-Exupéry'], firstYear: 1943, editionCount: 14 };
const FOLIO: Edition = { key: '/books/OL1M', title: 'Le Petit Prince', publisher: 'Gallimard', date: '1999', year: 1999, language: 'fr', binding: 'Poche', pages: 97, isbn13: '9782070408504', isbn10: '2070408507' };

test('search docs: a work by its key (bare or prefixed), title, authors, first year, edition count; missing values absent', () => {
  assert.deepEqual(workFromSearchDoc({ key: 'OL27448W', title: 'The Lord of the Rings', author_name: ['J.R.R. Tolkien'], edition_count: 120, first_publish_year: 1954, cover_i: 123 }), {
    key: '/works/OL27448W',
    source: 'openLibrary',
    title: 'The Lord of the Rings',
    authors: ['J.R.R. Tolkien'],
    firstYear: 1954,
    editionCount: 120,
    coverId: 123,
  });
  assert.deepEqual(workFromSearchDoc({ key: '/works/OL1W', title: 'A Title' }), { key: '/works/OL1W', source: 'openLibrary', title: 'A Title', authors: [] });
  assert.equal(workFromSearchDoc({ key: '/books/OL1M', title: 'An edition' }), undefined);
  assert.equal(workFromSearchDoc({ key: '/works/OL1W' }), undefined);
  assert.equal(worksFromSearch({ numFound: 2, docs: [{ key: 'OL1W', title: 'A' }, 'junk'] })?.works.length, 1);
  assert.equal(worksFromSearch({ docs: 'nope' }), undefined);
  const ofIsbn = workOfIsbnFromSearch({ docs: [{ key: '/works/OL13694821W', title: 'T', editions: { numFound: 1, docs: [{ key: '/books/OL22853304M' }] } }] });
  assert.deepEqual(ofIsbn, { work: { key: '/works/OL13694821W', source: 'openLibrary', title: 'T', authors: [] }, editionKey: '/books/OL22853304M' });
  assert.equal(workOfIsbnFromSearch({ numFound: 0, docs: [] }), undefined);
  assert.equal(workOfIsbnFromSearch([]), null);
});

test('the search asks fielded clauses, only the fields shown, a small limit, the language as a MARC filter; nothing for a refused q', () => {
  assert.equal(
    workSearchPath({ title: 'Le Petit Prince', author: 'Saint-Exupéry', language: 'fr' }, 20, 'de'),
    '/search.json?title=Le%20Petit%20Prince&author=Saint-Exup%C3%A9ry&language=fre&fields=key,title,subtitle,author_name,first_publish_year,edition_count,cover_i&limit=20&lang=de',
  );
  assert.equal(workSearchPath({ text: 'the' }, 20), undefined);
  assert.equal(workSearchPath({ text: 'ab' }, 20), undefined);
  assert.equal(volumeSearchPath({ title: 'Le Petit Prince', author: 'Saint-Exupéry' }, 99), '/books/v1/volumes?q=intitle:Le+Petit+Prince+inauthor:Saint-Exup%C3%A9ry&maxResults=40&printType=books');
});

test('edition records: languages as two letters, free-text dates, pages from pagination, an ISBN-10 alone, no ISBN', () => {
  const e = editionFromRecord({
    key: '/books/OL7M',
    title: 'Der kleine Prinz',
    publishers: ['dtv'],
    publish_date: 'March 1, 2015',
    languages: [{ key: '/languages/ger' }],
    physical_format: 'Taschenbuch',
    pagination: 'xii, 112 p.',
    isbn_10: ['3423142359'],
    works: [{ key: '/works/OL9001W' }],
  });
  assert.deepEqual(e, {
    key: '/books/OL7M',
    title: 'Der kleine Prinz',
    publisher: 'dtv',
    date: '2015-03-01',
    year: 2015,
    language: 'de',
    binding: 'Taschenbuch',
    pages: 112,
    isbn13: '9783423142359',
    isbn10: '3423142359',
    workKey: '/works/OL9001W',
  });
  assert.deepEqual(editionFromRecord({ key: '/books/OL8M', title: 'The Little Prince', publish_date: '1943', number_of_pages: '91' }), { key: '/books/OL8M', title: 'The Little Prince', date: '1943', year: 1943, pages: 91 });
  assert.equal(editionFromRecord({ key: '/works/OL1W', title: 'x' }), undefined);
  const page = editionsFromAnswer({ links: { next: '/works/OL1W/editions.json?limit=1&offset=1' }, size: 19, entries: [{ key: '/books/OL1M', title: 'N' }] }, 'OL1W', 0);
  assert.deepEqual(page && { total: page.total, hasMore: page.hasMore, workKey: page.workKey, n: page.editions.length }, { total: 19, hasMore: true, workKey: '/works/OL1W', n: 1 });
  assert.equal(editionsFromAnswer({ entries: 'x' }, 'OL1W', 0), undefined);
});

test('Google volumes: each a work of one edition, identifiers in any order, no items on an empty page', () => {
  const work = workFromVolume({ id: 'abc_DEF-12', volumeInfo: { title: 'Searching the Stacks', authors: ['Ada Whitlock'], publishedDate: '2015-06-01', industryIdentifiers: [{ type: 'ISBN_10', identifier: '0306990027' }, { type: 'ISBN_13', identifier: '9780306990021' }], pageCount: 240, language: 'en' } });
  assert.equal(work?.key, 'google:abc_DEF-12');
  assert.equal(work?.editions?.[0]?.isbn13, '9780306990021');
  assert.equal(work?.editions?.[0]?.isbn10, '0306990027');
  assert.equal(work?.firstYear, 2015);
  assert.deepEqual(worksFromVolumes({ kind: 'books#volumes', totalItems: 0 }), { works: [], total: 0 });
  assert.equal(worksFromVolumes({ items: 'x' }), undefined);
});

test("editions' order: with ISBN first, the asked language, then the display language, then the most edited; newest first; without ISBN last", () => {
  const e = (key: string, language: string | undefined, year: number, isbn = true): Edition => ({ key, title: key, language, year, ...(isbn ? { isbn13: '9780000000002' } : {}) });
  const editions = [e('en1943', 'en', 1943, false), e('fr1999', 'fr', 1999), e('de2015', 'de', 2015), e('en2000', 'en', 2000), e('es2008', 'es', 2008), e('de1956', 'de', 1956), e('en2016', 'en', 2016), e('none', undefined, 2000)];
  assert.deepEqual(
    orderEditions(editions, { displayLanguage: 'de' }).map((x) => x.key),
    ['de2015', 'de1956', 'en2016', 'en2000', 'es2008', 'fr1999', 'none', 'en1943'],
  );
  assert.deepEqual(orderEditions(editions, { displayLanguage: 'de', language: 'fr' }).map((x) => x.key).slice(0, 3), ['fr1999', 'de2015', 'de1956']);
});

test('another edition written as the old ISBN was: hyphens or not, 10 or 13, the same separator', () => {
  assert.equal(isbnInFormOf('978-0-15-601219-5', FOLIO.isbn13!), '978-2-07-040850-4');
  assert.equal(isbnInFormOf('9780156012195', FOLIO.isbn13!), '9782070408504');
  assert.equal(isbnInFormOf('0-15-601219-8', FOLIO.isbn13!), '2-07-040850-7');
  assert.equal(isbnInFormOf('0156012198', FOLIO.isbn13!), '2070408507');
  assert.equal(isbnInFormOf('978 0 15 601219 5', FOLIO.isbn13!), '978 2 07 040850 4');
  // A 979 has no ISBN-10: the 13.
  assert.equal(isbnInFormOf('0156012198', '9791032305690'), '9791032305690');
});

function written(format: FormatId, text: string, offset: number, edition = FOLIO, options = {}): string {
  const part = formatPart(format);
  const result = part.newEntry!(part.reading(text), offset, bookOfEdition(edition, WORK)!, options);
  assert.ok('edit' in result, 'refused' in result ? result.refused : '');
  return applyEdits(text, [result.edit]);
}

test('a Markdown list: the new item written as the others are (emphasis, authors, year, ISBN form, unticked box)', () => {
  const list = '# To read\n\n- [x] *Dune* by Frank Herbert (1965), ISBN 978-0-441-17271-9\n';
  assert.equal(written('markdown', list, list.length), `${list}- [ ] *Le Petit Prince* by Antoine de Saint-Exupéry (1999), ISBN 978-2-07-040850-4`);
  const bare = '1. **Dune** — Frank Herbert — 9780441172719\n';
  assert.equal(written('markdown', bare, 0), '1. **Dune** — Frank Herbert — 9780441172719\n1. **Le Petit Prince** — Antoine de Saint-Exupéry — 9782070408504\n');
  assert.equal(written('markdown', 'My notes.\n\n', 11), 'My notes.\n\n*Le Petit Prince* — Antoine de Saint-Exupéry (1999), ISBN 978-2-07-040850-4');
});

test('a .bib: a complete entry in the dialect with a key by the pattern; CSL-JSON: a new item laid out like its neighbours', () => {
  const bib = '@book{saint1943,\n  title = {The Little Prince},\n  date = {1943},\n  isbn = {9780156012195},\n}\n';
  const out = written('bibtex', bib, bib.length, FOLIO, { dialect: 'biblatex', keyPattern: '[auth:lower][year]' });
  assert.match(out, /\n\n@book\{saintexupery1999,\n {2}author +=/);
  assert.match(out, /title += \{Le Petit Prince\},\n {2}publisher += \{Gallimard\},\n {2}date += \{1999\},/);
  assert.match(out, /isbn += \{978-2-07-040850-4\}/);
  const json = '[\n  {\n    "id": "a",\n    "type": "book",\n    "title": "A",\n    "ISBN": "9780156012195"\n  }\n]\n';
  const item = JSON.parse(written('csl-json', json, json.length - 2)) as Array<Record<string, unknown>>;
  assert.equal(item.length, 2);
  assert.equal(item[1]!.title, 'Le Petit Prince');
  assert.equal(item[1]!.ISBN, '978-2-07-040850-4');
  assert.equal(item[1]!.publisher, 'Gallimard');
});

const LACKING: Record<string, [FormatId, string]> = {
  bibtex: ['bibtex', '@book{levi,\n  author = {Levi, Primo},\n  title = {The Periodic Table},\n  year = {1984},\n}\n@article{x,\n  title = {An article},\n}\n'],
  'csl-json': ['csl-json', '[\n  {\n    "id": "levi",\n    "type": "book",\n    "title": "The Periodic Table",\n    "author": [{ "family": "Levi", "given": "Primo" }],\n    "issued": { "date-parts": [[1984]] }\n  }\n]\n'],
  'csl-yaml': ['csl-yaml', '- id: levi\n  type: book\n  title: The Periodic Table\n  author:\n    - family: Levi\n      given: Primo\n  issued: 1984\n'],
  ris: ['ris', 'TY  - BOOK\nAU  - Levi, Primo\nTI  - The Periodic Table\nPY  - 1984\nER  - \n'],
};

test('entries lacking an ISBN: found per format, searched by title and family name, the ISBN written in the format\'s layout', () => {
  const schocken: Edition = { key: '/books/OL2M', title: 'The Periodic Table', publisher: 'Schocken Books', year: 1984, isbn13: '9780805238969' };
  const penguin: Edition = { ...schocken, key: '/books/OL3M', publisher: 'Penguin', year: 2000, isbn13: '9780141185354' };
  const work = { title: 'The Periodic Table', authors: ['Primo Levi'] };
  const expected: Record<string, RegExp> = {
    bibtex: /year = \{1984\},\n {2}isbn = \{9780805238969\},\n\}/,
    'csl-json': /"issued": \{ "date-parts": \[\[1984\]\] \},\n {4}"ISBN": "9780805238969"\n {2}\}/,
    'csl-yaml': /issued: 1984\n {2}ISBN: "9780805238969"\n$/,
    ris: /PY {2}- 1984\nSN {2}- 9780805238969\nER {2}- \n$/,
  };
  for (const [name, [format, text]] of Object.entries(LACKING)) {
    const part = formatPart(format);
    const reading = part.reading(text);
    const entries = entriesLackingIsbn(reading);
    assert.equal(entries.length, 1, name);
    const entry = entries[0]!;
    assert.deepEqual(queryOfEntry(entry), { title: 'The Periodic Table', author: 'Levi', year: 1984 }, name);
    assert.equal(editionAgrees(entry, schocken, work), true, name);
    assert.equal(editionAgrees(entry, penguin, work), false, `${name}: another year`);
    assert.equal(editionAgrees(entry, { ...schocken, title: 'If This Is a Man' }, { title: 'If This Is a Man', authors: ['Primo Levi'] }), false, `${name}: another title`);
    const edit = isbnFieldEdit(format, reading, entry, '9780805238969');
    assert.ok(edit, name);
    const after = applyEdits(text, [edit]);
    assert.match(after, expected[name]!, name);
    assert.equal(entriesLackingIsbn(part.reading(after)).length, 0, `${name}: no longer lacking`);
  }
});

test('typing: one search once typing pauses; the one in flight cancelled when the user types on; only the latest answer shown', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const asked: Array<{ text: string; signal: AbortSignal; resolve: (v: string) => void }> = [];
  const shown: string[] = [];
  const typing = new SearchAsYouType<string>({
    search: (text, signal) => new Promise<string>((resolve) => asked.push({ text, signal, resolve })),
    onResult: (_text, result) => shown.push(result),
    onError: () => assert.fail('no error'),
    delayMs: 300,
  });
  typing.type('th');
  t.mock.timers.tick(100);
  typing.type('the li');
  t.mock.timers.tick(100);
  typing.type('the little');
  t.mock.timers.tick(299);
  assert.equal(asked.length, 0, 'nothing asked while typing');
  t.mock.timers.tick(1);
  assert.deepEqual(asked.map((a) => a.text), ['the little']);
  typing.type('the little prince');
  assert.equal(asked[0]!.signal.aborted, true, 'the request in flight is cancelled');
  asked[0]!.resolve('old');
  t.mock.timers.tick(300);
  assert.equal(asked.length, 2);
  asked[1]!.resolve('new');
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(shown, ['new']);
  typing.dispose();
});

test('the finding API for the chat tool: works with their editions, the language first, the year applied; nothing searched without a source', async () => {
  const asked: string[] = [];
  const editions: Edition[] = [
    { key: '/books/OL1M', title: 'The Little Prince', year: 2000, language: 'en', isbn13: '9780156012195' },
    FOLIO,
    { key: '/books/OL3M', title: 'Le Petit Prince', year: 2007, language: 'fr', isbn13: '9782070612635' },
    { key: '/books/OL4M', title: 'Der kleine Prinz', year: 1999, language: 'de', isbn13: '9783423142359' },
  ];
  const sources: FindingSources = {
    can: (source) => source === 'openLibrary',
    searchOpenLibrary: async (query) => (asked.push(`search ${query.title}`), { works: [WORK], total: 1 }),
    searchGoogle: async () => assert.fail('Google asked although Open Library found the work'),
    editions: async (workKey, offset) => (asked.push(`editions ${workKey} ${offset}`), { workKey, editions, total: 14, offset, hasMore: false }),
    workOfIsbn: async () => undefined,
  };
  const finder = new Finder(sources);
  const books = await finder.findBooks({ title: 'The Little Prince', language: 'fr', year: 1999 }, { readerLanguage: 'de', works: 3 });
  assert.deepEqual(asked, ['search The Little Prince', 'editions /works/OL9001W 0']);
  // 1999 only: the French one (the language asked) before the German one (the display language).
  assert.deepEqual(books.map((b) => [b.work.key, b.total, b.editions.map((e) => e.key)]), [['/works/OL9001W', 14, [FOLIO.key, '/books/OL4M']]]);
  const none = new Finder({ ...sources, can: () => false });
  assert.deepEqual(await none.findWorks({ title: 'The Little Prince' }), { works: [], noSource: true });
});

test('works and editions are kept between sessions like books: another window reads them without asking; stale or unreadable ones are left out', async () => {
  const stored = new Map<string, unknown>();
  const records = {
    read: async (name: string) => stored.get(name),
    update: async <T>(name: string, change: (current: unknown) => { next: unknown; result: T }) => {
      const { next, result } = change(stored.get(name));
      stored.set(name, JSON.parse(JSON.stringify(next)));
      return result;
    },
  };
  let asked = 0;
  const page = { workKey: '/works/OL9001W', editions: [FOLIO], total: 14, offset: 0, hasMore: false };
  const sources: FindingSources = {
    can: () => true,
    searchOpenLibrary: async () => ({ works: [] }),
    searchGoogle: async () => ({ works: [] }),
    editions: async () => (asked++, page),
    workOfIsbn: async () => (asked++, { work: WORK }),
  };
  const now = { t: 1_000_000 };
  const clock = { now: () => now.t };
  const first = new Finder(sources, { records, clock });
  await first.editionsOfWork('/works/OL9001W');
  await first.workOfIsbn('978-2-07-040850-4');
  await first.save();
  assert.equal(asked, 2);

  const second = new Finder({ ...sources, editions: async () => assert.fail('asked although kept'), workOfIsbn: async () => assert.fail('asked although kept') }, { records, clock });
  await second.loaded;
  assert.deepEqual(second.knownWorkOfIsbn('9782070408504'), { work: WORK });
  assert.deepEqual((await second.editionsOfWork('/works/OL9001W')).editions, [FOLIO]);

  now.t += 31 * 24 * 60 * 60 * 1000;
  const later = new Finder(sources, { records, clock });
  await later.loaded;
  assert.equal(later.knownWorkOfIsbn('9782070408504'), null, 'stale: asked again');
  stored.set('finding-cache', { version: 1, editions: [['x#0', { value: { workKey: 3 }, at: now.t, ttl: 1e9 }]], works: 'nope' });
  const broken = new Finder(sources, { records, clock });
  await broken.loaded;
  await broken.editionsOfWork('x', 0);
  assert.equal(asked, 3, 'an unreadable record is not believed');
});
