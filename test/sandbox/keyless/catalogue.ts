// The keyless services' own catalogues, derived from the book service's so that they overlap
// it and each other the way real sources do: some books all three know, some only Open
// Library, some only Google Books, some only the book service, and some the book service
// does not know at all. Deterministic for a given (seed, service catalogue size).
//
// Records keep the sources' quirks (free-sources-facts.md): Open Library editions without a
// work (no authors), page counts as strings or only `pagination`, only an ISBN-10, two
// ISBN-13s; Google volumes answering an ISBN with another edition or a volume without ISBN,
// identifiers in any order, HTML in descriptions, page counts that disagree with Open Library's.

import { AUTHORS, DEFAULT_CATALOGUE_SIZE, DEFAULT_SEED, DEMO_BOOKS, DEMO_ISBNS, generateCatalogue, type RawBook } from '../catalogue';
import { prng } from '../../helpers/prng';
import { check13, isbn13to10 } from '../isbn';
import { addFindingWorks, type OlWork } from './works';

export interface OlEdition {
  olid: string; // 'OL123M'
  /** The work's key; an edition without a work has no authors, subjects or excerpts in the Books API. */
  workOlid?: string;
  title: string;
  subtitle?: string;
  authors?: Array<{ name: string; olid: string }>;
  numberOfPages?: number | string;
  pagination?: string;
  isbn10?: string[];
  isbn13?: string[];
  otherIds?: Record<string, string[]>;
  publishers?: string[];
  publishPlaces?: string[];
  publishDate?: string;
  subjects?: string[];
  deweyClass?: string[];
  notes?: string;
  excerpt?: string;
  coverId?: number;
  /** Three-letter code, as Open Library's search has it. */
  language?: string;
  /** Free text: "Hardcover", "Taschenbuch", "E-book". */
  physicalFormat?: string;
  firstPublishYear?: number;
  /** Unknown to the Books API until it has been asked once (then "imported"). */
  lateImport?: boolean;
}

export interface GoogleVolumeInfo {
  title?: string;
  subtitle?: string;
  authors?: string[];
  publisher?: string;
  publishedDate?: string;
  description?: string;
  industryIdentifiers?: Array<{ type: 'ISBN_10' | 'ISBN_13' | 'ISSN' | 'OTHER'; identifier: string }>;
  pageCount?: number;
  printType?: string;
  categories?: string[];
  language?: string;
  /** Whether the volume has imageLinks (built at answer time from the image host's address). */
  hasImage?: boolean;
  /** An imageLinks URL as given, instead of one on the image host (the hostile record). */
  imageOverride?: string;
}

export interface GoogleVolume {
  id: string;
  volumeInfo: GoogleVolumeInfo;
}

export interface KeylessCatalogue {
  openLibrary: {
    editions: OlEdition[];
    /** Digits (ISBN-10 with upper-case X, ISBN-13), both forms of every edition's ISBNs. */
    byIsbn: Map<string, OlEdition>;
    byOlid: Map<string, OlEdition>;
    byCoverId: Map<number, OlEdition>;
    /** Works with a record of their own (works.ts); the others are made from their editions. */
    works: Map<string, OlWork>;
  };
  google: {
    volumes: GoogleVolume[];
    /** What `q=isbn:<digits>` answers, by the asked ISBN's digits (both forms). */
    byIsbn: Map<string, GoogleVolume[]>;
    byId: Map<string, GoogleVolume>;
  };
}

/** The first cover id that lives on the archive host (Open Library redirects those). */
export const ARCHIVE_COVER_ID_FROM = 8_000_000;

function isbn13Of(first12: string): string {
  return first12 + check13(first12);
}

/** Fixed books of the keyless catalogues, for demos and tests (ISBN-13 digits). */
export const KEYLESS_DEMO = {
  /** Open Library and Google Books both know it; Open Library has no description, Google's fills it (page counts differ). */
  merged: DEMO_BOOKS.cProgramming,
  /** Open Library only; its edition lists only the ISBN-10 (2070360024). */
  olIsbn10Only: DEMO_BOOKS.stranger,
  /** Google Books only, ISBN_10 listed before ISBN_13, a description with HTML tags. */
  googleOnly: DEMO_BOOKS.eitherOr,
  /** Open Library only, its cover (id ≥ 8,000,000) redirected to the archive host. */
  archiveCover: DEMO_BOOKS.laughOfMedusa,
  /** Open Library (an edition without a work, pages as a string); Google answers with another edition. */
  googleOtherEdition: DEMO_BOOKS.norwegianWood,
  /** Open Library (only `pagination`); Google answers with a volume without any ISBN. */
  googleNoIsbn: DEMO_BOOKS.checkDigits,
  /** Only the book service knows it. */
  serviceOnly: DEMO_BOOKS.acdc,
  /** Hostile text in both keyless sources (HTML, Markdown, command links, a javascript: image). */
  hostile: DEMO_BOOKS.hostile,
  /** Neither the book service nor Google: Open Library only, with a cover. */
  openLibraryOnly: isbn13Of('978030699001'),
  /** Neither the book service nor Open Library: Google Books only. */
  googleBooksOnly: isbn13Of('978030699002'),
  /** Not in the book service; Open Library (no description) and Google (description, categories). */
  keylessBoth: isbn13Of('978030699003'),
  /** Open Library misses it the first time it is asked, then has it ("imported"). */
  lateImport: isbn13Of('978030699004'),
  /** Open Library's edition lists two ISBN-13s, the asked one second. */
  twoIsbn13: isbn13Of('978030699005'),
  /** Known to nobody. */
  unknown: isbn13Of('978030699009'),
} as const;

/** The other edition Google answers `googleOtherEdition` with. */
export const GOOGLE_OTHER_EDITION_ISBN = isbn13Of('978406203517');

const LANG3: Record<string, string> = { en: 'eng', fr: 'fre', de: 'ger', ja: 'jpn', es: 'spa', pt: 'por', pl: 'pol', ru: 'rus', el: 'gre', ar: 'ara', da: 'dan' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A short stable hash of a string. */
function hash(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** Google volume ids are 12 characters of [A-Za-z0-9_-]. */
function volumeId(seed: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const rand = prng(hash(seed));
  return Array.from({ length: 12 }, () => alphabet[Math.floor(rand() * 64)]).join('');
}

/** Open Library's free-text dates, from the service's ISO-like one. */
function freeTextDate(date: string | number | undefined, style: number): string | undefined {
  if (date === undefined) return undefined;
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(String(date));
  if (!m) return String(date);
  const [, y, mm, dd] = m;
  const month = mm ? MONTHS[Number(mm) - 1] : undefined;
  if (style % 4 === 0 || !month) return y;
  if (style % 4 === 1) return `${month} ${y}`;
  if (style % 4 === 2 && dd) return `${month} ${Number(dd)}, ${y}`;
  return `${y}-${mm}`;
}

function yearOf(date: string | number | undefined): number | undefined {
  const m = /^(\d{4})/.exec(String(date ?? ''));
  return m ? Number(m[1]) : undefined;
}

function descriptionOf(book: RawBook): string | undefined {
  return book.synopsis || book.synopsys || book.overview || undefined;
}

class Builder {
  readonly ol: KeylessCatalogue['openLibrary'] = { editions: [], byIsbn: new Map(), byOlid: new Map(), byCoverId: new Map(), works: new Map() };
  readonly google: KeylessCatalogue['google'] = { volumes: [], byIsbn: new Map(), byId: new Map() };
  private nextEdition = 1000;
  private nextWork = 5000;
  private nextCover = 1000;
  private readonly authorIds = new Map<string, string>();

  authorOlid(name: string): string {
    let id = this.authorIds.get(name);
    if (!id) {
      const known = AUTHORS.findIndex((a) => a.name === name);
      id = `OL${known >= 0 ? 100 + known : 900 + this.authorIds.size}A`;
      this.authorIds.set(name, id);
    }
    return id;
  }

  newOlid(): string {
    return `OL${this.nextEdition++}M`;
  }

  newWork(): string {
    return `OL${this.nextWork++}W`;
  }

  newCoverId(): number {
    return (this.nextCover += 7);
  }

  addEdition(edition: OlEdition): void {
    this.ol.editions.push(edition);
    this.ol.byOlid.set(edition.olid, edition);
    if (edition.coverId !== undefined) this.ol.byCoverId.set(edition.coverId, edition);
    for (const isbn of [...(edition.isbn13 ?? []), ...(edition.isbn10 ?? [])]) {
      for (const form of bothForms(isbn)) if (!this.ol.byIsbn.has(form)) this.ol.byIsbn.set(form, edition);
    }
  }

  /** A volume, found by `q=isbn:` for each of `answers` (digits, any form). */
  addVolume(volume: GoogleVolume, answers: string[]): void {
    this.google.volumes.push(volume);
    this.google.byId.set(volume.id, volume);
    for (const isbn of answers) {
      for (const form of bothForms(isbn)) {
        const list = this.google.byIsbn.get(form) ?? [];
        if (!list.includes(volume)) list.push(volume);
        this.google.byIsbn.set(form, list);
      }
    }
  }

  /** An Open Library edition of a book-service record, with the variations `rand` picks. */
  editionOf(book: RawBook, rand: () => number, variations = true): OlEdition {
    const chance = (p: number) => variations && rand() < p;
    const hasWork = !chance(0.1);
    const [title, subtitle] = (book.title_long ?? book.title).includes(': ') ? (book.title_long ?? book.title).split(': ', 2) : [book.title, undefined];
    const edition: OlEdition = { olid: this.newOlid(), title: title!, ...(subtitle ? { subtitle } : {}) };
    if (hasWork) {
      edition.workOlid = this.newWork();
      if (book.authors?.length) edition.authors = book.authors.map((name) => ({ name, olid: this.authorOlid(name) }));
      if (book.subjects?.length) edition.subjects = [...book.subjects];
      if (book.excerpt) edition.excerpt = book.excerpt;
    }
    const pages = book.pages === undefined ? undefined : Number(book.pages);
    if (pages !== undefined && Number.isFinite(pages)) {
      const r = variations ? rand() : 1;
      if (r < 0.1) edition.numberOfPages = String(pages);
      else if (r < 0.25) edition.pagination = `xii, ${pages} p.`;
      else edition.numberOfPages = pages;
    }
    const isbn10 = book.isbn10 ?? isbn13to10(book.isbn13);
    if (isbn10 && chance(0.2)) edition.isbn10 = [isbn10];
    else {
      edition.isbn13 = [book.isbn13];
      if (isbn10) edition.isbn10 = [isbn10];
    }
    edition.otherIds = { openlibrary: [edition.olid], ...(chance(0.3) ? { goodreads: [String(hash(book.isbn13) % 9_000_000)] } : {}) };
    if (book.publisher) edition.publishers = [book.publisher];
    edition.publishDate = freeTextDate(book.date_published, hash(book.isbn13));
    edition.firstPublishYear = yearOf(book.date_published);
    const dewey = Array.isArray(book.dewey_decimal) ? book.dewey_decimal : book.dewey_decimal ? [book.dewey_decimal] : [];
    if (dewey.length && chance(0.6)) edition.deweyClass = dewey;
    if (!variations || !chance(0.3)) edition.coverId = this.newCoverId();
    if (book.language) edition.language = LANG3[book.language];
    return edition;
  }

  /** A Google volume of a book-service record (its own ISBNs, identifiers in a picked order). */
  volumeOf(book: RawBook, rand: () => number, variations = true): GoogleVolume {
    const ids: NonNullable<GoogleVolumeInfo['industryIdentifiers']> = [{ type: 'ISBN_13', identifier: book.isbn13 }];
    const isbn10 = book.isbn10 ?? isbn13to10(book.isbn13);
    if (isbn10) ids.push({ type: 'ISBN_10', identifier: isbn10 });
    if (variations && rand() < 0.5) ids.reverse();
    const pages = Number(book.pages);
    const [title, subtitle] = (book.title_long ?? book.title).includes(': ') ? (book.title_long ?? book.title).split(': ', 2) : [book.title, undefined];
    const info: GoogleVolumeInfo = {
      title,
      ...(subtitle ? { subtitle } : {}),
      ...(book.authors?.length ? { authors: [...book.authors] } : {}),
      ...(book.publisher && (!variations || rand() < 0.8) ? { publisher: book.publisher } : {}),
      ...(book.date_published !== undefined ? { publishedDate: String(book.date_published) } : {}),
      ...(descriptionOf(book) ? { description: descriptionOf(book) } : {}),
      industryIdentifiers: ids,
      // Page counts of the two sources can disagree for the same ISBN.
      ...(Number.isFinite(pages) ? { pageCount: variations && rand() < 0.3 ? pages + 2 : pages } : {}),
      printType: 'BOOK',
      ...(book.subjects?.length ? { categories: [book.subjects[0]!] } : {}),
      ...(book.language ? { language: book.language } : {}),
      hasImage: !variations || rand() < 0.8,
    };
    return { id: volumeId(book.isbn13), volumeInfo: info };
  }
}

/** Both forms of an ISBN's digits (the ISBN-10 only for 978). */
export function bothForms(digits: string): string[] {
  const d = digits.toUpperCase();
  if (d.length === 13) {
    const ten = isbn13to10(d);
    return ten ? [d, ten] : [d];
  }
  return [d, isbn13Of('978' + d.slice(0, 9))];
}

function fixedBooks(b: Builder, service: Map<string, RawBook>): void {
  const raw = (isbn: string) => service.get(isbn)!;
  const rand = prng(7);

  // Both keyless sources, merged: Open Library lacks the description, Google has it.
  const c = b.editionOf(raw(KEYLESS_DEMO.merged), rand, false);
  c.publishDate = '1988';
  c.publishPlaces = ['Englewood Cliffs, N.J.'];
  c.notes = 'Includes index.';
  b.addEdition(c);
  const cv = b.volumeOf(raw(KEYLESS_DEMO.merged), rand, false);
  cv.volumeInfo.pageCount = 274;
  cv.volumeInfo.description = 'Presents a complete guide to ANSI standard C language programming, with <i>many</i> examples.';
  cv.volumeInfo.categories = ['Computers'];
  b.addVolume(cv, [KEYLESS_DEMO.merged]);

  // Open Library only, an edition listing only its ISBN-10.
  const s = b.editionOf(raw(KEYLESS_DEMO.olIsbn10Only), rand, false);
  delete s.isbn13;
  s.publishDate = '1971';
  b.addEdition(s);

  // Google only: ISBN_10 first, HTML in the description.
  const e = b.volumeOf(raw(KEYLESS_DEMO.googleOnly), rand, false);
  e.volumeInfo.industryIdentifiers = [
    { type: 'ISBN_10', identifier: '316148410X' },
    { type: 'ISBN_13', identifier: KEYLESS_DEMO.googleOnly },
  ];
  e.volumeInfo.description = '<p>Ein Lebensfragment, herausgegeben von <b>Victor Eremita</b>.</p><br><p>Zweiter Teil.</p>';
  b.addVolume(e, [KEYLESS_DEMO.googleOnly]);

  // Open Library only, cover on the archive host.
  const m = b.editionOf(raw(KEYLESS_DEMO.archiveCover), rand, false);
  m.coverId = ARCHIVE_COVER_ID_FROM + 123_456;
  b.addEdition(m);

  // Open Library: no work, pages as a string. Google: another edition.
  const n = b.editionOf(raw(KEYLESS_DEMO.googleOtherEdition), rand, false);
  delete n.workOlid;
  delete n.authors;
  delete n.subjects;
  n.numberOfPages = '267';
  n.publishDate = 'July 1987';
  b.addEdition(n);
  b.addVolume(
    {
      id: volumeId(GOOGLE_OTHER_EDITION_ISBN),
      volumeInfo: {
        title: 'ノルウェイの森 下',
        authors: ['村上春樹'],
        publisher: '講談社',
        publishedDate: '1987',
        industryIdentifiers: [{ type: 'ISBN_13', identifier: GOOGLE_OTHER_EDITION_ISBN }, { type: 'ISBN_10', identifier: isbn13to10(GOOGLE_OTHER_EDITION_ISBN)! }],
        pageCount: 259,
        printType: 'BOOK',
        language: 'ja',
        description: '下巻。',
        hasImage: true,
      },
    },
    [KEYLESS_DEMO.googleOtherEdition, GOOGLE_OTHER_EDITION_ISBN],
  );

  // Open Library: only pagination. Google: a volume without ISBN.
  const d = b.editionOf(raw(KEYLESS_DEMO.googleNoIsbn), rand, false);
  delete d.numberOfPages;
  d.pagination = 'p. cm.';
  d.publishDate = 'March 2009';
  b.addEdition(d);
  b.addVolume(
    {
      id: volumeId('no-isbn'),
      volumeInfo: {
        title: 'Check Digits (Conference Proceedings)',
        industryIdentifiers: [{ type: 'OTHER', identifier: 'UOM:39015012345678' }],
        printType: 'BOOK',
        description: 'Proceedings of a meeting on check digits.',
      },
    },
    [KEYLESS_DEMO.googleNoIsbn],
  );

  // Hostile text in both.
  const h = b.editionOf(raw(KEYLESS_DEMO.hostile), rand, false);
  h.title = 'OL <script>alert("ol")</script> [x](command:workbench.action.reloadWindow)';
  h.notes = '<img src=x onerror=alert(3)>\n\n![t](http://example.invalid/p.png)';
  b.addEdition(h);
  const hv = b.volumeOf(raw(KEYLESS_DEMO.hostile), rand, false);
  hv.volumeInfo.description = '<script>alert("google")</script>\u202Eevil\u202C [run](command:workbench.action.files.delete)\n\n**bold**';
  hv.volumeInfo.imageOverride = 'javascript:alert(1)';
  b.addVolume(hv, [KEYLESS_DEMO.hostile]);

  // Keyless-only books (not in the book service).
  const own = (isbn13: string, title: string, author: string, extra: Partial<RawBook> = {}): RawBook => ({
    title,
    isbn: isbn13to10(isbn13)!,
    isbn13,
    isbn10: isbn13to10(isbn13),
    authors: [author],
    publisher: 'Plenum Press',
    date_published: '2015-06-01',
    pages: 240,
    language: 'en',
    subjects: ['Libraries'],
    ...extra,
  });
  b.addEdition(b.editionOf(own(KEYLESS_DEMO.openLibraryOnly, 'The Open Shelf', 'Ada Whitlock'), rand, false));
  b.addVolume(b.volumeOf(own(KEYLESS_DEMO.googleBooksOnly, 'Searching the Stacks', 'Ada Whitlock', { synopsis: 'How readers find books.' }), rand, false), [KEYLESS_DEMO.googleBooksOnly]);
  const both = own(KEYLESS_DEMO.keylessBoth, 'Catalogues Compared', 'Priya Raman', { synopsis: 'Two catalogues, one shelf: what each <em>knows</em>.' });
  b.addEdition(b.editionOf(both, rand, false));
  b.addVolume(b.volumeOf(both, rand, false), [KEYLESS_DEMO.keylessBoth]);
  b.addEdition({ ...b.editionOf(own(KEYLESS_DEMO.lateImport, 'Imported Later', 'Oliver Quill'), rand, false), lateImport: true });
  const two = b.editionOf(own(KEYLESS_DEMO.twoIsbn13, 'Two Formats', 'Clara Oswin'), rand, false);
  two.isbn13 = [isbn13Of('978030699006'), KEYLESS_DEMO.twoIsbn13];
  b.addEdition(two);
}

export function generateKeylessCatalogue(options: { seed?: number; serviceCatalogueSize?: number } = {}): KeylessCatalogue {
  const seed = options.seed ?? DEFAULT_SEED;
  const size = options.serviceCatalogueSize ?? DEFAULT_CATALOGUE_SIZE;
  const service = generateCatalogue({ size, seed });
  const b = new Builder();
  fixedBooks(b, service.byIsbn);
  addFindingWorks((edition) => b.addEdition(edition), (isbn) => service.byIsbn.has(isbn) || b.ol.byIsbn.has(isbn), b.ol.works);
  const rand = prng(seed ^ 0x6b65796c);

  // The book service's generated books: both keyless sources (2 in 6), Open Library only
  // (2 in 6), Google only (1 in 6), the book service only (1 in 6).
  service.books.slice(DEMO_ISBNS.length).forEach((book, i) => {
    const share = i % 6;
    if (share !== 3 && share !== 4) b.addEdition(b.editionOf(book, rand));
    if (share === 0 || share === 1 || share === 3) addGoogle(b, book, rand, service.byIsbn);
  });

  // Books the book service does not know: Open Library only, Google only, both.
  const fixed = new Set<string>(Object.values(KEYLESS_DEMO));
  const others = generateCatalogue({ size: size + 300, seed: seed ^ 0x0f0f0f })
    .books.slice(DEMO_ISBNS.length)
    .filter((book) => !service.byIsbn.has(book.isbn13) && !fixed.has(book.isbn13) && !b.ol.byIsbn.has(book.isbn13) && !b.google.byIsbn.has(book.isbn13))
    .slice(0, 240);
  others.forEach((book, i) => {
    if (i % 3 !== 1) b.addEdition(b.editionOf(book, rand));
    if (i % 3 !== 0) addGoogle(b, book, rand, service.byIsbn);
  });
  return { openLibrary: b.ol, google: b.google };
}

/** Google's answer for a book: mostly its own volume; sometimes another edition's, or one without ISBN. */
function addGoogle(b: Builder, book: RawBook, rand: () => number, service: Map<string, RawBook>): void {
  const r = rand();
  if (r < 0.06) {
    // Another edition: the same book under an ISBN the asked one is not.
    const first12 = book.isbn13.slice(0, 11) + String((Number(book.isbn13[11]) + 5) % 10);
    const other = isbn13Of(first12);
    if (!service.has(other) && !b.google.byIsbn.has(other)) {
      const v = b.volumeOf({ ...book, isbn13: other, isbn10: isbn13to10(other), isbn: isbn13to10(other) ?? other }, rand);
      b.addVolume(v, [book.isbn13, other]);
      return;
    }
  } else if (r < 0.09) {
    const v = b.volumeOf(book, rand);
    v.id = volumeId(`no-isbn ${book.isbn13}`);
    v.volumeInfo.industryIdentifiers = [{ type: 'OTHER', identifier: `UCAL:${hash(book.isbn13)}` }];
    b.addVolume(v, [book.isbn13]);
    return;
  }
  b.addVolume(b.volumeOf(book, rand), [book.isbn13]);
}
