// Deterministic generated book catalogue for the sandbox.
// Same (size, seed) -> same books; only `image` URLs depend on where the sandbox listens.
// Records follow ISBNdb v2 (see /work/shared/notes/service-facts.md), including its
// inconsistencies: optional fields, `synopsys`/`overview` spellings, numeric dates,
// string page counts, string-or-array dewey_decimal.

import { check13, isbn13to10 } from './isbn';
import { prng as rng } from '../helpers/prng';

export interface OtherIsbn {
  isbn: string;
  binding: string;
}

/** A book record as the service sends it. Any field but title/isbn/isbn13 may be missing. */
export interface RawBook {
  title: string;
  title_long?: string;
  isbn: string; // the ISBN-10 where one exists, else the ISBN-13
  isbn13: string;
  isbn10?: string; // absent for 979 books
  authors?: string[];
  publisher?: string;
  date_published?: string | number; // 'YYYY' | 'YYYY-MM' | 'YYYY-MM-DD' | YYYY
  edition?: string;
  pages?: number | string;
  binding?: string;
  language?: string;
  dimensions?: string;
  image?: string;
  msrp?: number | string;
  synopsis?: string;
  synopsys?: string; // old misspelling, used instead of synopsis by some records
  overview?: string;
  excerpt?: string;
  subjects?: string[];
  dewey_decimal?: string | string[];
  other_isbns?: OtherIsbn[];
}

export interface Catalogue {
  books: RawBook[];
  /** Keyed by ISBN-13 and (where it exists) ISBN-10, digits only, X upper-case. */
  byIsbn: Map<string, RawBook>;
  /** Exact author name -> books that list that author (catalogue order). */
  authors: Map<string, RawBook[]>;
}

export const DEFAULT_SEED = 20240607;
export const DEFAULT_CATALOGUE_SIZE = 600;

/** Fixed books at the start of every catalogue, for demo files and tests (ISBN-13, digits only). */
export const DEMO_BOOKS = {
  /** Kernighan & Ritchie: co-authored, complete record, has ISBN-10 0131103628. */
  cProgramming: '9780131103627',
  /** Camus, French; uses the `synopsys` spelling and an array dewey_decimal. */
  stranger: '9782070360024',
  /** Kierkegaard in German; ISBN-10 ends in X (316148410X); pages as a string; `overview`. */
  eitherOr: '9783161484100',
  /** Cixous; 979 prefix, so no ISBN-10. */
  laughOfMedusa: '9791090636071',
  /** 村上 春樹; Japanese title and publisher; date_published is the number 1987. */
  norwegianWood: '9784062035163',
  /** Author name contains '/': 'AC/DC Historians'. */
  acdc: '9781402894626',
  /** Sparse record: only title, ISBNs and authors. */
  checkDigits: '9780306406157',
  /** Hostile content: HTML/script/markdown/command links in text fields, javascript: image URL. */
  hostile: '9798880000012',
} as const;

/** ISBN-13s of the fixed demo books, in catalogue order. */
export const DEMO_ISBNS: readonly string[] = Object.values(DEMO_BOOKS);

// ---------------------------------------------------------------------------
// Registrants: real group/registrant ranges so isbn3 parses and hyphenates them.

interface Registrant {
  prefix: string; // EAN prefix + group + registrant, digits only
  publisher: string;
}

const REGISTRANTS: Record<string, Registrant[]> = {
  en: [
    { prefix: '9780306', publisher: 'Plenum Press' },
    { prefix: '978013', publisher: 'Prentice Hall' },
    { prefix: '97814028', publisher: 'Sterling Publishing' },
    { prefix: '97988800', publisher: 'Independently published' }, // 979-8: no ISBN-10
  ],
  de: [{ prefix: '978316', publisher: 'Mohr Siebeck' }],
  fr: [
    { prefix: '978207', publisher: 'Gallimard' },
    { prefix: '9791090636', publisher: 'Éditions du Bac à Sable' }, // 979-10: no ISBN-10
  ],
  ja: [{ prefix: '978406', publisher: '講談社' }],
  da: [{ prefix: '9788702', publisher: 'Gyldendal' }],
  pl: [{ prefix: '9788308', publisher: 'Wydawnictwo Literackie' }],
  es: [{ prefix: '97884376', publisher: 'Cátedra' }],
  pt: [{ prefix: '97897221', publisher: 'Caminho' }],
  ru: [{ prefix: '978517', publisher: 'АСТ' }],
  el: [{ prefix: '97896003', publisher: 'Καστανιώτης' }],
  ar: [{ prefix: '97897709', publisher: 'دار الشروق' }],
};

// ---------------------------------------------------------------------------
// Authors: 60 names, each gets several generated books. Includes names that are
// hard to put in a URL path ('/', '&', '?', '#', '%', '+', apostrophes, commas,
// non-Latin scripts, right-to-left text).

export const AUTHORS: ReadonlyArray<{ name: string; lang: string }> = [
  { name: 'Brian W. Kernighan', lang: 'en' },
  { name: 'Dennis M. Ritchie', lang: 'en' },
  { name: 'Albert Camus', lang: 'fr' },
  { name: 'Søren Kierkegaard', lang: 'da' },
  { name: 'Hélène Cixous', lang: 'fr' },
  { name: '村上 春樹', lang: 'ja' },
  { name: 'José Saramago', lang: 'pt' },
  { name: 'Łukasz Orbitowski', lang: 'pl' },
  { name: 'AC/DC Historians', lang: 'en' },
  { name: 'Simon & Garfunkel Society', lang: 'en' },
  { name: 'Who Wrote This? Collective', lang: 'en' },
  { name: 'C# Study Group', lang: 'en' },
  { name: '100% Fiction Workshop', lang: 'en' },
  { name: 'A+ Tutoring Team', lang: 'en' },
  { name: "Patrick O'Brian", lang: 'en' },
  { name: 'Ada Whitlock', lang: 'en' },
  { name: 'Gabriel García Márquez', lang: 'es' },
  { name: 'Лев Толстой', lang: 'ru' },
  { name: 'Νίκος Καζαντζάκης', lang: 'el' },
  { name: 'نجيب محفوظ', lang: 'ar' },
  { name: '吉本 ばなな', lang: 'ja' },
  { name: 'Anaïs Nin', lang: 'fr' },
  { name: 'Zoë Brandt-Müller', lang: 'de' },
  { name: 'Bjørn Åsheim', lang: 'da' },
  { name: 'Jiří Dvořák', lang: 'en' },
  { name: 'Harold Finch, Jr.', lang: 'en' },
  { name: 'J. R. Hartley', lang: 'en' },
  { name: "Ngũgĩ wa Thiong'o", lang: 'en' },
  { name: 'Marcus Penhallow', lang: 'en' },
  { name: 'Eleanor Vance', lang: 'en' },
  { name: 'Tobias Grieve', lang: 'en' },
  { name: 'Priya Raman', lang: 'en' },
  { name: 'Samuel Okafor', lang: 'en' },
  { name: 'Lena Hartmann', lang: 'de' },
  { name: 'Mathilde Roux', lang: 'fr' },
  { name: 'Keiko Mori', lang: 'ja' },
  { name: 'Clara Oswin', lang: 'en' },
  { name: 'Oliver Quill', lang: 'en' },
  { name: 'Beatrice Lowell', lang: 'en' },
  { name: 'Rafael Domínguez', lang: 'es' },
  { name: 'Ingrid Solberg', lang: 'da' },
  { name: 'Kasia Nowak', lang: 'pl' },
  { name: 'Dmitri Volkov', lang: 'ru' },
  { name: 'Yusuf Demir', lang: 'en' },
  { name: 'Amara Nwosu', lang: 'en' },
  { name: 'Felix Ambrose', lang: 'en' },
  { name: 'Greta Lindqvist', lang: 'da' },
  { name: 'Henri Dubois', lang: 'fr' },
  { name: 'Isabel Cortés', lang: 'es' },
  { name: 'Jonah Whitfield', lang: 'en' },
  { name: 'Leopold Brandt', lang: 'de' },
  { name: "Maeve O'Sullivan", lang: 'en' },
  { name: 'Nadia Petrova', lang: 'ru' },
  { name: 'Inês Carvalho', lang: 'pt' },
  { name: 'Wiktor Zieliński', lang: 'pl' },
  { name: 'Ελένη Παππά', lang: 'el' },
  { name: 'ليلى حسن', lang: 'ar' },
  { name: 'Theodore Ashgrove', lang: 'en' },
  { name: 'Ruth Calloway', lang: 'en' },
  { name: 'Quentin Marsh', lang: 'en' },
];

// ---------------------------------------------------------------------------
// Word lists for titles, per language: title = pick(A) + sep + pick(B).

const TITLE_WORDS: Record<string, { a: string[]; b: string[]; sep: string }> = {
  fr: {
    a: ['Le Jardin', 'La Mémoire', 'Les Lettres', "L'Été", 'La Rivière', 'Le Silence', 'Les Années', 'La Lumière'],
    b: ["d'hiver", 'du matin', 'sans fin', 'des autres', 'de Lisbonne', 'à venir', 'perdues', 'du Nord'],
    sep: ' ',
  },
  de: {
    a: ['Die Stille', 'Das Archiv', 'Der Garten', 'Die Briefe', 'Das Licht', 'Der Fluss', 'Die Jahre'],
    b: ['des Nordens', 'im Winter', 'der Straße', 'ohne Ende', 'über München', 'der Bücher'],
    sep: ' ',
  },
  ja: {
    a: ['静かな', '遠い', '最後の', '青い', '忘れられた', '夜の'],
    b: ['図書館', '海', '庭', '手紙', '物語', '街'],
    sep: '',
  },
  es: {
    a: ['El Jardín', 'La Memoria', 'Las Cartas', 'El Silencio', 'La Ciudad', 'Los Años'],
    b: ['del Norte', 'de la lluvia', 'sin nombre', 'de Macondo', 'en otoño', 'perdidos'],
    sep: ' ',
  },
  pt: {
    a: ['O Jardim', 'A Memória', 'As Cartas', 'O Silêncio', 'A Cidade', 'Os Anos'],
    b: ['de Lisboa', 'da chuva', 'sem nome', 'do Norte', 'em Outono', 'perdidos'],
    sep: ' ',
  },
  pl: {
    a: ['Ogród', 'Pamięć', 'Listy', 'Cisza', 'Miasto', 'Rzeka'],
    b: ['północy', 'deszczu', 'bez imienia', 'zimą', 'nad Wisłą', 'w Łodzi'],
    sep: ' ',
  },
  da: {
    a: ['Haven', 'Brevene', 'Stilheden', 'Byen', 'Floden', 'Årene'],
    b: ['om vinteren', 'i København', 'uden ende', 'mod nord', 'på øen', 'og lyset'],
    sep: ' ',
  },
  ru: {
    a: ['Тихий', 'Далёкий', 'Последний', 'Северный', 'Забытый'],
    b: ['сад', 'город', 'берег', 'архив', 'поезд'],
    sep: ' ',
  },
  el: {
    a: ['Ο Κήπος', 'Η Μνήμη', 'Τα Γράμματα', 'Η Σιωπή', 'Η Πόλη'],
    b: ['του Βορρά', 'της βροχής', 'χωρίς τέλος', 'στην Κρήτη', 'του χειμώνα'],
    sep: ' ',
  },
  ar: {
    a: ['حديقة', 'ذاكرة', 'رسائل', 'صمت', 'مدينة'],
    b: ['الشمال', 'المطر', 'بلا نهاية', 'القاهرة', 'الشتاء'],
    sep: ' ',
  },
};

const EN_ADJ = ['Silent', 'Hidden', 'Last', 'Broken', 'Golden', 'Distant', 'Quiet', 'Restless', 'Burning', 'Forgotten', 'Patient', 'Northern', 'Paper', 'Glass', 'Iron'];
const EN_NOUN = ['Harbour', 'Garden', 'Algorithm', 'Archive', 'River', 'Compass', 'Lighthouse', 'Library', 'Orchard', 'Winter', 'Machine', 'Letter', 'Map', 'Bridge', 'Atlas'];
const EN_PATTERNS: Array<(a: string, n: string, m: string) => string> = [
  (a, n) => `The ${a} ${n}`,
  (_a, n, m) => `${n} and ${m}`,
  (_a, n) => `A Short History of the ${n}`,
  (a, n) => `Notes on the ${a} ${n}`,
  (_a, n) => `Practical ${n} Design`,
  (_a, n) => `${n}s: A Field Guide`,
];
const SUBTITLES = ['A Novel', 'Essays', 'Collected Stories', 'An Introduction', 'Second Thoughts', 'Poems 1990–2005', 'Revised and Expanded'];
const SUBJECTS = ['Fiction', 'History', 'Computers', 'Philosophy', 'Poetry', 'Science', 'Travel', 'Biography', 'Mathematics', 'Art', 'Literary Criticism', 'Programming Languages'];
const DEWEY = ['005.133', '813.54', '194', '843.914', '100', '510', '909', '895.635', '839.8136', '891.73'];
const EDITIONS = ['1st', '2nd', '3rd', 'Reprint', 'Revised', '1st Edition', 'Anniversary'];
const BINDINGS_OLD = ['Paperback', 'Hardcover', 'Mass Market Paperback'];
const BINDINGS_NEW = ['Paperback', 'Hardcover', 'Kindle Edition', 'ebook'];
const SENTENCES = [
  'A quiet story about memory and the places that keep it.',
  'Told in short chapters, it follows three generations of one family.',
  'The author returns to the questions that shaped the earlier books.',
  'Part field guide, part confession, entirely unlike anything else on the shelf.',
  'Includes notes, a bibliography and an index.',
  'First published to little notice, now read in classrooms everywhere.',
];

// ---------------------------------------------------------------------------


export interface CatalogueOptions {
  size?: number;
  seed?: number;
  /** Base URL for cover images, e.g. the default plan's URL. No trailing slash. */
  coverBase?: string;
}

export function coverUrl(coverBase: string, isbn13: string): string {
  return `${coverBase}/covers/${isbn13}.svg`;
}

function demoBooks(coverBase: string): RawBook[] {
  const img = (isbn13: string) => coverUrl(coverBase, isbn13);
  return [
    {
      title: 'The C Programming Language',
      title_long: 'The C Programming Language (2nd Edition)',
      isbn: '0131103628',
      isbn13: DEMO_BOOKS.cProgramming,
      isbn10: '0131103628',
      authors: ['Brian W. Kernighan', 'Dennis M. Ritchie'],
      publisher: 'Prentice Hall',
      date_published: '1988-03-22',
      edition: '2nd',
      pages: 272,
      binding: 'Paperback',
      language: 'en',
      dimensions: 'Height: 9.2 Inches, Length: 7 Inches, Weight: 1.1 Pounds, Width: 0.6 Inches',
      image: img(DEMO_BOOKS.cProgramming),
      msrp: 67.99,
      synopsis: 'The authors present the complete guide to ANSI standard C language programming.',
      subjects: ['Computers', 'Programming Languages', 'C (Computer program language)'],
      dewey_decimal: '005.133',
      other_isbns: [{ isbn: '9780131101630', binding: 'Hardcover' }],
    },
    {
      title: "L'Étranger",
      title_long: "L'Étranger (Folio)",
      isbn: '2070360024',
      isbn13: DEMO_BOOKS.stranger,
      isbn10: '2070360024',
      authors: ['Albert Camus'],
      publisher: 'Gallimard',
      date_published: '1971-01',
      pages: 186,
      binding: 'Poche',
      language: 'fr',
      image: img(DEMO_BOOKS.stranger),
      msrp: '7.50',
      synopsys: "Aujourd'hui, maman est morte. Ou peut-être hier, je ne sais pas.",
      subjects: ['Fiction', 'Littérature française'],
      dewey_decimal: ['843.914'],
    },
    {
      title: 'Entweder – Oder',
      isbn: '316148410X',
      isbn13: DEMO_BOOKS.eitherOr,
      isbn10: '316148410X',
      authors: ['Søren Kierkegaard'],
      publisher: 'Mohr Siebeck',
      date_published: '2005-03',
      pages: '1020',
      binding: 'Hardcover',
      language: 'de',
      image: img(DEMO_BOOKS.eitherOr),
      overview: '<p>Ein Lebensfragment, herausgegeben von Victor Eremita.</p>',
      dewey_decimal: '198.9',
    },
    {
      title: 'Le Rire de la Méduse',
      title_long: 'Le Rire de la Méduse et autres ironies',
      isbn: DEMO_BOOKS.laughOfMedusa,
      isbn13: DEMO_BOOKS.laughOfMedusa,
      authors: ['Hélène Cixous'],
      publisher: 'Éditions du Bac à Sable',
      date_published: '2010-09-15',
      pages: 128,
      binding: 'Paperback',
      language: 'fr',
      image: img(DEMO_BOOKS.laughOfMedusa),
      synopsis: 'Un manifeste, réédité avec une préface inédite.',
    },
    {
      title: 'ノルウェイの森',
      title_long: 'ノルウェイの森 上',
      isbn: '4062035162',
      isbn13: DEMO_BOOKS.norwegianWood,
      isbn10: '4062035162',
      authors: ['村上 春樹'],
      publisher: '講談社',
      date_published: 1987,
      pages: 267,
      binding: 'Hardcover',
      language: 'ja',
      image: img(DEMO_BOOKS.norwegianWood),
      msrp: 1400,
    },
    {
      title: 'Highway to the Catalogue',
      title_long: 'Highway to the Catalogue: AC/DC on Record',
      isbn: '1402894627',
      isbn13: DEMO_BOOKS.acdc,
      isbn10: '1402894627',
      authors: ['AC/DC Historians'],
      publisher: 'Sterling Publishing',
      date_published: '2008-10-01',
      pages: 320,
      binding: 'Hardcover',
      language: 'en',
      image: img(DEMO_BOOKS.acdc),
      msrp: 29.95,
      synopsis: 'Every record, every tour, every misprinted sleeve.',
      subjects: ['Music', 'History'],
      dewey_decimal: ['781.66'],
    },
    {
      title: 'Check Digits: A Practical Guide',
      isbn: '0306406152',
      isbn13: DEMO_BOOKS.checkDigits,
      isbn10: '0306406152',
      authors: ['Ada Whitlock'],
    },
    {
      title: 'Markup <b>Injection</b> & [Link](command:workbench.action.reloadWindow) Test',
      title_long: '<img src=x onerror="alert(1)"> Hostile **Record** `code` <script>alert("title")</script>',
      isbn: DEMO_BOOKS.hostile,
      isbn13: DEMO_BOOKS.hostile,
      authors: ['100% Fiction Workshop', 'A+ Tutoring Team'],
      publisher: '<a href="javascript:alert(1)">Evil Press</a>',
      date_published: '2021-13-45', // not a real date: clients must not crash on it
      pages: 'many',
      binding: 'Paperback',
      language: 'en',
      image: 'javascript:alert(1)',
      synopsis:
        '<script>alert("synopsis")</script><img src=x onerror=alert(2)> ' +
        '[click me](command:workbench.action.files.delete) [web](https://example.invalid/) ' +
        '![tracker](http://example.invalid/pixel.png) **bold** _em_ <!-- comment --> $(shell) `rm -rf /`',
      subjects: ['<b>Subject</b>'],
    },
  ];
}

/** Build the catalogue. Deterministic for a given (size, seed, coverBase). */
export function generateCatalogue(options: CatalogueOptions = {}): Catalogue {
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const rand = rng(options.seed ?? DEFAULT_SEED);
  const coverBase = options.coverBase ?? 'http://127.0.0.1';
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const chance = (p: number) => rand() < p;

  const books: RawBook[] = demoBooks(coverBase).slice(0, Math.max(size, 0));
  const used = new Set(books.map((b) => b.isbn13));

  // Article numbers walk each registrant's range from a seeded start, skipping collisions.
  const nextArticle = new Map<string, number>();
  const exhausted = new Map<string, number>();
  function newIsbn13(reg: Registrant): string {
    const digits = 12 - reg.prefix.length;
    const space = 10 ** digits;
    let n = nextArticle.get(reg.prefix) ?? Math.floor(rand() * space);
    // A small registrant runs out in large catalogues: go on in the largest English one.
    if ((exhausted.get(reg.prefix) ?? 0) >= space) return newIsbn13(REGISTRANTS.en[0]);
    for (let tries = 0; ; tries++) {
      if (tries > space * 2) {
        exhausted.set(reg.prefix, space);
        return newIsbn13(REGISTRANTS.en[0]);
      }
      n = (n + 1 + Math.floor(rand() * 7)) % space;
      const first12 = reg.prefix + String(n).padStart(digits, '0');
      const isbn13 = first12 + check13(first12);
      if (!used.has(isbn13)) {
        used.add(isbn13);
        nextArticle.set(reg.prefix, n);
        return isbn13;
      }
    }
  }

  function title(lang: string): string {
    const words = TITLE_WORDS[lang];
    if (words) return pick(words.a) + words.sep + pick(words.b);
    return pick(EN_PATTERNS)(pick(EN_ADJ), pick(EN_NOUN), pick(EN_NOUN));
  }

  function date(year: number): string | number {
    const r = rand();
    const mm = String(1 + Math.floor(rand() * 12)).padStart(2, '0');
    const dd = String(1 + Math.floor(rand() * 28)).padStart(2, '0');
    if (r < 0.3) return String(year);
    if (r < 0.5) return `${year}-${mm}`;
    if (r < 0.95) return `${year}-${mm}-${dd}`;
    return year; // some records carry the year as a number
  }

  function description(): string {
    const text = `${pick(SENTENCES)} ${pick(SENTENCES)}`;
    return chance(0.15) ? `<p>${text}</p><br/><p><b>${pick(SENTENCES)}</b></p>` : text;
  }

  for (let i = 0; books.length < size; i++) {
    // Spread primary authors evenly (7 is coprime with 60) so every author gets several books.
    const author = AUTHORS[(i * 7) % AUTHORS.length];
    const reg = pick(REGISTRANTS[author.lang] ?? REGISTRANTS.en);
    const isbn13 = newIsbn13(reg);
    const isbn10 = isbn13to10(isbn13);
    // 979 books are recent; 978 books span the ISBN-10-only era too.
    const year = isbn10 ? (chance(0.4) ? 1955 + Math.floor(rand() * 52) : 2007 + Math.floor(rand() * 18)) : 2010 + Math.floor(rand() * 15);
    const t = title(author.lang);
    // ~5% "old-style" records send empty strings instead of leaving fields out.
    const oldStyle = chance(0.05);
    const titleLong = chance(0.7) ? (chance(0.3) ? `${t}: ${pick(SUBTITLES)}` : t) : undefined;
    // Key order mirrors ISBNdb's records (title, title_long, isbn, isbn13, isbn10, ...).
    const book: RawBook = { title: t, ...(titleLong && { title_long: titleLong }), isbn: isbn10 ?? isbn13, isbn13 };
    if (isbn10) book.isbn10 = isbn10;
    if (chance(0.98)) {
      const authors = [author.name];
      if (chance(0.12)) {
        const co = pick(AUTHORS).name;
        if (co !== author.name) authors.push(co);
      }
      book.authors = authors;
    }
    if (chance(0.9)) book.publisher = reg.publisher;
    book.date_published = date(year);
    if (chance(0.35)) book.edition = pick(EDITIONS);
    else if (oldStyle) book.edition = '';
    if (chance(0.9)) {
      const pages = 80 + Math.floor(rand() * 800);
      book.pages = chance(0.05) ? String(pages) : pages;
    }
    if (chance(0.9)) book.binding = pick(year >= 2010 ? BINDINGS_NEW : BINDINGS_OLD);
    if (chance(0.85)) book.language = author.lang;
    if (chance(0.4)) book.dimensions = `Height: ${(7 + rand() * 3).toFixed(1)} Inches, Width: ${(5 + rand() * 2).toFixed(1)} Inches`;
    else if (oldStyle) book.dimensions = '';
    if (chance(0.9)) book.image = coverUrl(coverBase, isbn13);
    if (chance(0.7)) {
      const price = Math.round((5 + rand() * 60) * 100) / 100;
      book.msrp = chance(0.1) ? price.toFixed(2) : price;
    }
    const d = rand();
    if (d < 0.55) book.synopsis = description();
    else if (d < 0.65) book.synopsys = description();
    else if (d < 0.8) book.overview = description();
    else if (oldStyle) book.synopsis = '';
    if (chance(0.1)) book.excerpt = pick(SENTENCES);
    if (chance(0.6)) book.subjects = [pick(SUBJECTS), ...(chance(0.5) ? [pick(SUBJECTS)] : [])];
    if (chance(0.5)) book.dewey_decimal = chance(0.6) ? pick(DEWEY) : [pick(DEWEY)];
    books.push(book);
  }

  // Some books point at another edition by the same first author.
  const lastByAuthor = new Map<string, RawBook>();
  for (const book of books.slice(DEMO_ISBNS.length)) {
    const first = book.authors?.[0];
    if (!first) continue;
    const prev = lastByAuthor.get(first);
    if (prev && chance(0.15)) book.other_isbns = [{ isbn: prev.isbn13, binding: prev.binding || 'Paperback' }];
    lastByAuthor.set(first, book);
  }

  return indexCatalogue(books);
}

export function indexCatalogue(books: RawBook[]): Catalogue {
  const byIsbn = new Map<string, RawBook>();
  const authors = new Map<string, RawBook[]>();
  for (const book of books) {
    byIsbn.set(book.isbn13, book);
    if (book.isbn10) byIsbn.set(book.isbn10, book);
    for (const name of book.authors ?? []) {
      const list = authors.get(name);
      if (list) list.push(book);
      else authors.set(name, [book]);
    }
  }
  return { books, byIsbn, authors };
}
