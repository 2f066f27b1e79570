// Open Library's works and editions for finding a book (open-library-search-facts.md): works with
// many editions in several languages (The Little Prince, The Periodic Table, and A Room of One's
// Own with more editions than one page holds), a merged work left as a redirect, and the three
// endpoints: /search.json (works, with only the fields asked), /works/OL…W.json and
// /works/OL…W/editions.json (paged, limit 0 → 50, at most 1000, `links.next` while more remain).

import type { KeylessCatalogue, OlEdition } from './catalogue';
import { json, nameMatches, paging, trim, validationError, words, type RawAnswer } from './openLibrary';
import { check13, isbn13to10 } from '../isbn';

export interface OlWork {
  olid: string;
  title: string;
  subtitle?: string;
  authors: Array<{ name: string; olid: string }>;
  firstPublishDate?: string;
  /** A merged work: its record is a redirect to this work's key. */
  redirectTo?: string;
}

/** The fixed works, for demos and tests. */
export const FINDING_DEMO = {
  littlePrince: { work: 'OL9001W', title: 'The Little Prince', author: 'Antoine de Saint-Exupéry', editions: 14, withoutIsbn: 2 },
  periodicTable: { work: 'OL9002W', title: 'The Periodic Table', author: 'Primo Levi', editions: 5 },
  roomOfOnesOwn: { work: 'OL9003W', title: "A Room of One's Own", author: 'Virginia Woolf', editions: 64 },
  mergedWork: 'OL9099W',
  /** ISBN-13 of The Little Prince, Harcourt 2000 paperback (English). */
  littlePrinceHarcourt: isbn13('978015601219'),
  /** ISBN-13 of Le Petit Prince, Gallimard Folio 1999 (French). */
  petitPrinceFolio: isbn13('978207040850'),
  /** ISBN-13 of Der kleine Prinz, dtv 2015 (German). */
  kleinePrinzDtv: isbn13('978342314235'),
} as const;

function isbn13(first12: string): string {
  return first12 + check13(first12);
}

interface EditionSpec {
  title: string;
  lang?: string;
  publisher: string;
  date: string;
  format?: string;
  pages?: number;
  isbn?: string; // the first 12 digits
}

const LITTLE_PRINCE: EditionSpec[] = [
  { title: 'Le Petit Prince', lang: 'fre', publisher: 'Gallimard', date: '1999', format: 'Poche', pages: 97, isbn: '978207040850' },
  { title: 'The Little Prince', lang: 'eng', publisher: 'Reynal & Hitchcock', date: '1943', format: 'Hardcover', pages: 91 },
  { title: 'Der kleine Prinz', lang: 'ger', publisher: 'dtv', date: 'March 1, 2015', format: 'Taschenbuch', pages: 112, isbn: '978342314235' },
  { title: 'The Little Prince', lang: 'eng', publisher: 'Harcourt', date: '2000', format: 'Paperback', pages: 83, isbn: '978015601219' },
  { title: 'El principito', lang: 'spa', publisher: 'Salamandra', date: '2008', format: 'Rústica', pages: 96, isbn: '978847888814' },
  { title: 'Le Petit Prince', lang: 'fre', publisher: 'Gallimard', date: '1946', format: 'Broché', pages: 93 },
  { title: 'The Little Prince', lang: 'eng', publisher: 'Harcourt', date: 'May 2000', format: 'Hardcover', pages: 96, isbn: '978015202398' },
  { title: 'Der kleine Prinz', lang: 'ger', publisher: 'Karl Rauch', date: '1956', format: 'Hardcover', pages: 96, isbn: '978379200050' },
  { title: 'Il piccolo principe', lang: 'ita', publisher: 'Bompiani', date: '2000', format: 'Tascabile', pages: 122, isbn: '978884524609' },
  { title: 'Le Petit Prince', lang: 'fre', publisher: 'Gallimard', date: '2007-03-15', format: 'Relié', pages: 96, isbn: '978207061263' },
  { title: 'The Little Prince', lang: 'eng', publisher: 'Egmont', date: '2016', format: 'E-book', isbn: '978140528123' },
  { title: 'Der kleine Prinz', lang: 'ger', publisher: 'Anaconda', date: '2015', format: 'Gebunden', pages: 96, isbn: '978373060240' },
  { title: 'El principito', lang: 'spa', publisher: 'Emecé', date: '1951', pages: 91, isbn: '978950040' + '123' },
  { title: 'The Little Prince', publisher: 'Mariner Books', date: '2000', format: 'Paperback', pages: 93, isbn: '978015601398' },
];

const PERIODIC_TABLE: EditionSpec[] = [
  { title: 'Il sistema periodico', lang: 'ita', publisher: 'Einaudi', date: '1975', format: 'Brossura', pages: 240, isbn: '978880614567' },
  { title: 'The Periodic Table', lang: 'eng', publisher: 'Schocken Books', date: '1984', format: 'Hardcover', pages: 233, isbn: '978080523896' },
  { title: 'The Periodic Table', lang: 'eng', publisher: 'Penguin Classics', date: '2000', format: 'Paperback', pages: 240, isbn: '978014118535' },
  { title: 'Das periodische System', lang: 'ger', publisher: 'Hanser', date: '1987', format: 'Gebunden', pages: 264, isbn: '978344614855' },
  { title: 'Le Système périodique', lang: 'fre', publisher: 'Albin Michel', date: '1987', format: 'Broché', pages: 254, isbn: '978222602931' },
];

/** 64 editions, more than a page of 50: four languages, one a year from 1929, the first two without ISBN. */
function roomOfOnesOwn(): EditionSpec[] {
  const langs = [
    ['eng', "A Room of One's Own", ['Hogarth Press', 'Penguin', 'Harcourt', 'Vintage']],
    ['fre', 'Une chambre à soi', ['Denoël', '10/18', 'Gonthier']],
    ['ger', 'Ein Zimmer für sich allein', ['Fischer', 'Reclam', 'Insel']],
    ['spa', 'Una habitación propia', ['Seix Barral', 'Lumen']],
  ] as const;
  return Array.from({ length: 64 }, (_, i) => {
    const [lang, title, publishers] = langs[i % 4]!;
    return {
      title,
      lang,
      publisher: publishers[i % publishers.length]!,
      date: String(1929 + i),
      format: i % 3 === 0 ? 'Hardcover' : 'Paperback',
      pages: 110 + (i % 7) * 8,
      ...(i >= 2 ? { isbn: `97801419${String(1000 + i)}` } : {}),
    };
  });
}

/** Adds the works and their editions to the catalogue being built. */
export function addFindingWorks(add: (edition: OlEdition) => void, has: (isbn: string) => boolean, works: Map<string, OlWork>): void {
  let next = 900_000;
  const build = (work: OlWork, specs: EditionSpec[], coverFrom: number) => {
    works.set(work.olid, work);
    specs.forEach((spec, i) => {
      const digits = spec.isbn && spec.isbn.length === 12 ? isbn13(spec.isbn) : undefined;
      if (digits && has(digits)) return;
      const edition: OlEdition = {
        olid: `OL${next++}M`,
        workOlid: work.olid,
        title: spec.title,
        authors: work.authors,
        publishers: [spec.publisher],
        publishDate: spec.date,
        firstPublishYear: Number(work.firstPublishDate),
        ...(spec.lang ? { language: spec.lang } : {}),
        ...(spec.format ? { physicalFormat: spec.format } : {}),
        ...(spec.pages ? { numberOfPages: spec.pages } : {}),
        ...(digits ? { isbn13: [digits], ...(isbn13to10(digits) ? { isbn10: [isbn13to10(digits)!] } : {}) } : {}),
        ...(i % 2 === 0 ? { coverId: coverFrom + i } : {}),
      };
      add(edition);
    });
  };
  build({ olid: FINDING_DEMO.littlePrince.work, title: 'The Little Prince', authors: [{ name: 'Antoine de Saint-Exupéry', olid: 'OL9001A' }], firstPublishDate: '1943' }, LITTLE_PRINCE, 7_000_100);
  build({ olid: FINDING_DEMO.periodicTable.work, title: 'The Periodic Table', authors: [{ name: 'Primo Levi', olid: 'OL9002A' }], firstPublishDate: '1975' }, PERIODIC_TABLE, 7_000_200);
  build({ olid: FINDING_DEMO.roomOfOnesOwn.work, title: "A Room of One's Own", authors: [{ name: 'Virginia Woolf', olid: 'OL9003A' }], firstPublishDate: '1929' }, roomOfOnesOwn(), 7_000_300);
  works.set(FINDING_DEMO.mergedWork, { olid: FINDING_DEMO.mergedWork, title: 'The little prince', authors: [], redirectTo: FINDING_DEMO.littlePrince.work });
}

// ---------------------------------------------------------------------------
// The endpoints

interface WorkGroup {
  work: OlWork;
  editions: OlEdition[];
}

/** Every work with its editions, in the catalogue's order; a work the catalogue names only by its editions is made from its first. */
export function workGroups(catalogue: KeylessCatalogue): Map<string, WorkGroup> {
  const groups = new Map<string, WorkGroup>();
  for (const e of catalogue.openLibrary.editions) {
    if (!e.workOlid || e.lateImport) continue;
    let group = groups.get(e.workOlid);
    if (!group) {
      const known = catalogue.openLibrary.works.get(e.workOlid);
      const work = known ?? { olid: e.workOlid, title: e.title, ...(e.subtitle ? { subtitle: e.subtitle } : {}), authors: e.authors ?? [], ...(e.firstPublishYear ? { firstPublishDate: String(e.firstPublishYear) } : {}) };
      group = { work, editions: [] };
      groups.set(e.workOlid, group);
    }
    group.editions.push(e);
  }
  return groups;
}

function isbnsOf(e: OlEdition): string[] {
  const out = new Set<string>();
  for (const isbn of [...(e.isbn13 ?? []), ...(e.isbn10 ?? [])]) {
    out.add(isbn);
    if (isbn.length === 13 && isbn13to10(isbn)) out.add(isbn13to10(isbn)!);
  }
  return [...out];
}

function yearOf(date: string | undefined): number | undefined {
  const m = /(\d{4})/.exec(date ?? '');
  return m ? Number(m[1]) : undefined;
}

const MARC_OF_LANG: Record<string, string> = { en: 'eng', fr: 'fre', de: 'ger', es: 'spa', it: 'ita', ja: 'jpn', pt: 'por' };

/** `/search.json`: works, each every word of `q`, `title`, `author` matching; `fields` picks what a doc holds. */
export function searchWorks(catalogue: KeylessCatalogue, query: URLSearchParams): RawAnswer {
  const p = paging(query, 100);
  if ('error' in p) return validationError(p.error);
  const q = query.get('q') ?? '';
  if (query.has('q') && (q.trim().length < 3 || q.trim().toLowerCase() === 'the')) {
    return json(422, { detail: [{ type: 'value_error', loc: ['query', 'q'], msg: 'Value error, Query too short, must be at least 3 characters', input: q, ctx: { error: {} } }] });
  }
  const title = query.get('title') ?? '';
  const author = query.get('author') ?? '';
  const languages = query.getAll('language').flatMap((l) => l.split(',')).map((l) => l.trim()).filter(Boolean);
  const lang = MARC_OF_LANG[(query.get('lang') ?? '').toLowerCase()] ?? 'eng';
  const isbnQuery = /^[\d-]{9,17}[\dXx]$/.test(q.trim()) ? q.replace(/-/g, '').toUpperCase() : undefined;
  const fields = query
    .getAll('fields')
    .flatMap((f) => f.split(','))
    .map((f) => f.trim())
    .filter(Boolean);
  const wanted = fields.length ? fields : ['key', 'title', 'subtitle', 'author_name', 'author_key', 'edition_count', 'first_publish_year', 'cover_i', 'cover_edition_key', 'language'];
  const nothingAsked = !q && !title && !author;

  const found: Array<{ group: WorkGroup; matching: OlEdition[] }> = [];
  for (const group of workGroups(catalogue).values()) {
    const names = group.work.authors.map((a) => a.name);
    const titles = [group.work.title, ...group.editions.map((e) => e.title)];
    let matching = group.editions;
    if (isbnQuery) matching = matching.filter((e) => isbnsOf(e).includes(isbnQuery));
    else if (q && !words(q).every((w) => [...titles, ...names].some((t) => words(t).includes(w)))) continue;
    if (title) matching = matching.filter((e) => nameMatches(`${e.title} ${e.subtitle ?? ''}`, title) || nameMatches(group.work.title, title));
    if (author && !names.some((n) => nameMatches(n, author))) continue;
    if (languages.length) matching = matching.filter((e) => e.language && languages.includes(e.language));
    if (!nothingAsked && matching.length === 0) continue;
    found.push({ group, matching });
  }
  // Relevance, roughly: the works with more editions first (stable for the rest).
  if (!nothingAsked) found.sort((a, b) => b.group.editions.length - a.group.editions.length);

  const docs = found.slice(p.start, p.start + p.limit).map(({ group, matching }) => {
    const { work, editions } = group;
    const years = editions.map((e) => yearOf(e.publishDate) ?? e.firstPublishYear).filter((y): y is number => y !== undefined);
    const pages = editions.map((e) => Number(e.numberOfPages)).filter((n) => Number.isFinite(n) && n > 0).sort((a, b) => a - b);
    const covered = editions.find((e) => e.coverId !== undefined);
    const doc: Record<string, unknown> = {
      key: `/works/${work.olid}`,
      type: 'work',
      title: work.title,
      subtitle: work.subtitle,
      author_name: work.authors.map((a) => a.name),
      author_key: work.authors.map((a) => a.olid),
      edition_count: editions.length,
      edition_key: editions.map((e) => e.olid),
      first_publish_year: years.length ? Math.min(...years) : undefined,
      publish_year: [...new Set(years)],
      cover_i: covered?.coverId,
      cover_edition_key: covered?.olid,
      language: [...new Set(editions.map((e) => e.language).filter(Boolean))],
      isbn: [...new Set(editions.flatMap(isbnsOf))],
      publisher: [...new Set(editions.flatMap((e) => e.publishers ?? []))],
      number_of_pages_median: pages.length ? pages[Math.floor(pages.length / 2)] : undefined,
    };
    const picked: Record<string, unknown> = wanted.includes('*') ? { ...doc } : Object.fromEntries(wanted.filter((f) => !f.startsWith('editions')).map((f) => [f, doc[f]]));
    if (wanted.includes('editions')) {
      const editionFields = wanted.filter((f) => f.startsWith('editions.')).map((f) => f.slice('editions.'.length));
      // The best edition: the reader's language first, then one with a cover.
      const best = [...matching].sort((a, b) => Number(b.language === lang) - Number(a.language === lang) || Number(b.coverId !== undefined) - Number(a.coverId !== undefined))[0];
      const editionDoc = best && {
        key: `/books/${best.olid}`,
        title: best.title,
        isbn: isbnsOf(best),
        language: best.language ? [best.language] : undefined,
        publisher: best.publishers,
        publish_date: best.publishDate ? [best.publishDate] : undefined,
        cover_i: best.coverId,
      };
      picked.editions = {
        numFound: matching.length,
        start: 0,
        numFoundExact: true,
        docs: editionDoc ? [trim(editionFields.length ? Object.fromEntries(editionFields.map((f) => [f, (editionDoc as Record<string, unknown>)[f]])) : editionDoc)] : [],
      };
    }
    return trim(picked) ?? {};
  });
  return json(200, {
    numFound: found.length,
    start: p.start,
    numFoundExact: true,
    num_found: found.length,
    documentation_url: 'https://openlibrary.org/dev/docs/api/search',
    q,
    offset: query.get('offset') === null ? null : p.start,
    docs,
  });
}

/** `/works/OL…W.json`: the stored record (authors as keys only), a redirect record for a merged work. */
export function workRecord(catalogue: KeylessCatalogue, olid: string): RawAnswer {
  const work = catalogue.openLibrary.works.get(olid) ?? workGroups(catalogue).get(olid)?.work;
  if (!work) return json(404, { error: 'notfound', key: `/works/${olid}` });
  if (work.redirectTo) {
    return json(200, { key: `/works/${olid}`, type: { key: '/type/redirect' }, location: `/works/${work.redirectTo}`, revision: 2, latest_revision: 2, created: { type: '/type/datetime', value: '2009-10-15T11:34:21.437031' } });
  }
  const covers = (workGroups(catalogue).get(olid)?.editions ?? []).map((e) => e.coverId).filter((c) => c !== undefined);
  return json(
    200,
    trim({
      key: `/works/${olid}`,
      title: work.title,
      subtitle: work.subtitle,
      authors: work.authors.map((a) => ({ type: { key: '/type/author_role' }, author: { key: `/authors/${a.olid}` } })),
      first_publish_date: work.firstPublishDate,
      covers: covers.slice(0, 3),
      type: { key: '/type/work' },
      revision: 7,
      latest_revision: 7,
      created: { type: '/type/datetime', value: '2009-10-15T11:34:21.437031' },
      last_modified: { type: '/type/datetime', value: '2024-02-01T08:00:00.000000' },
    }),
  );
}

/** An edition's stored record, as `/books/OL…M.json` and the entries of `editions.json` have it. */
export function editionRecord(e: OlEdition): Record<string, unknown> {
  return trim({
    key: `/books/${e.olid}`,
    title: e.title,
    subtitle: e.subtitle,
    publishers: e.publishers,
    publish_date: e.publishDate,
    publish_places: e.publishPlaces,
    languages: e.language ? [{ key: `/languages/${e.language}` }] : undefined,
    physical_format: e.physicalFormat,
    number_of_pages: e.numberOfPages,
    pagination: e.pagination,
    isbn_10: e.isbn10,
    isbn_13: e.isbn13,
    covers: e.coverId === undefined ? undefined : [e.coverId],
    works: e.workOlid ? [{ key: `/works/${e.workOlid}` }] : undefined,
    authors: e.authors?.map((a) => ({ key: `/authors/${a.olid}` })),
    type: { key: '/type/edition' },
    revision: 3,
    latest_revision: 3,
  }) as Record<string, unknown>;
}

/** `/works/OL…W/editions.json?limit=&offset=`: limit 0 or none is 50, more than 1000 is 422; not a work is 404. */
export function workEditions(catalogue: KeylessCatalogue, olid: string, query: URLSearchParams, rawQuery: string): RawAnswer {
  const work = catalogue.openLibrary.works.get(olid);
  const group = workGroups(catalogue).get(olid);
  if (!group || work?.redirectTo) return json(404, { detail: 'Not Found' });
  const limitText = query.get('limit');
  const offsetText = query.get('offset');
  const limit = limitText === null ? 50 : Number(limitText);
  const offset = offsetText === null ? 0 : Number(offsetText);
  if (!Number.isInteger(limit) || limit < 0 || limit > 1000) {
    return json(422, { detail: [{ type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 1000', input: limitText }] });
  }
  if (!Number.isInteger(offset) || offset < 0) return json(422, { detail: [{ type: 'greater_than_equal', loc: ['query', 'offset'], msg: 'Input should be greater than or equal to 0', input: offsetText }] });
  const size = limit === 0 ? 50 : limit;
  const base = `/works/${olid}/editions.json`;
  const others = rawQuery
    .split('&')
    .filter((p) => p && !p.startsWith('offset='))
    .join('&');
  const at = (o: number) => `${base}?${others ? `${others}&` : ''}offset=${o}`;
  const links: Record<string, string> = { self: `${base}${rawQuery ? `?${rawQuery}` : ''}`, work: `/works/${olid}` };
  if (offset > 0) links.prev = at(Math.max(0, offset - size));
  if (offset + size < group.editions.length) links.next = at(offset + size);
  return json(200, { links, size: group.editions.length, entries: group.editions.slice(offset, offset + size).map(editionRecord) });
}
