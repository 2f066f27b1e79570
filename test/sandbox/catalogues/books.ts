// The catalogues' own books: hand-written, in many languages, none of them known to the
// sandbox's Open Library, Google Books or book service (their publisher prefixes are used
// nowhere else), so a test can show a book that only one catalogue knows. Each says which
// catalogues hold it; each catalogue writes it in its own format (records.ts).

import { isbn10CheckDigit, isbn13CheckDigit } from '../../../src/core/isbn/parse';

export type CatalogueHost = 'k10plus' | 'dnb' | 'bnf' | 'loc' | 'lobid';
export const CATALOGUE_HOSTS: readonly CatalogueHost[] = ['k10plus', 'dnb', 'bnf', 'loc', 'lobid'];

export interface SandboxIsbn {
  digits: string;
  qualifier?: string;
  /** Cancelled or invalid (`$z`): listed, never the record's own. */
  cancelled?: boolean;
}

export type SandboxRole = 'author' | 'editor' | 'translator';

export interface SandboxRecord {
  /** Who holds it. */
  holders: readonly CatalogueHost[];
  isbns: SandboxIsbn[];
  title: string;
  /** A non-filing article the catalogue marks ("Die ", "The ", "La "). */
  article?: string;
  subtitle?: string;
  partNumber?: string;
  partName?: string;
  responsibility?: string;
  persons: Array<{ name: string; role: SandboxRole }>;
  edition?: string;
  place: string;
  publisher: string;
  year: string;
  extent?: string;
  /** ISO 639-2. */
  language: string;
  series?: { title: string; volume?: string };
  subjects: string[];
}

const i13 = (first12: string) => first12 + isbn13CheckDigit(first12);
const i10 = (first9: string) => first9 + isbn10CheckDigit(first9);

/** The ISBNs tests and the demo name. */
export const CATALOGUE_DEMO = {
  /** A German novel only the DNB knows. */
  dnbOnly: i13('978398000011'),
  /** An older German book the DNB lists under its ISBN-10 only: found by the second try. */
  dnbTenOnly: i13('978398000002'),
  /** A multi-volume set at the DNB: the set record lists every volume's ISBN; volume 2 has its own record. */
  dnbSet: i13('978398000060'),
  dnbVolume1: i13('978398000061'),
  dnbVolume2: i13('978398000062'),
  /** A German textbook K10plus and lobid know. */
  k10plusAndLobid: i13('978398000031'),
  /** A German book only lobid knows (the one catalogue a browser may read). */
  lobidOnly: i13('978398000041'),
  /** A French novel only the BnF knows. */
  bnfOnly: i13('978299000011'),
  /** A French essay with a 979-10 ISBN (no ISBN-10) only the BnF knows. */
  bnf979: i13('979109999901'),
  /** An English book only the Library of Congress knows. */
  locOnly: i13('978099000001'),
  /** An e-book ISBN the Library of Congress lists only in `$z` of its print record. */
  locEbook: i13('978099000029'),
  locPrint: i13('978099000010'),
  /** An Italian novel K10plus and the Library of Congress know. */
  italian: i13('978889900001'),
  /** A Spanish book only the Library of Congress knows. */
  spanish: i13('978849900001'),
  /** A Japanese book only K10plus knows. */
  japanese: i13('978499000001'),
  /** An ISBN no catalogue knows. */
  unknown: i13('978398000099'),
} as const;

const D = CATALOGUE_DEMO;

export const CATALOGUE_RECORDS: readonly SandboxRecord[] = [
  {
    holders: ['dnb'],
    isbns: [{ digits: D.dnbOnly, qualifier: 'Festeinband : EUR 24.00' }, { digits: D.dnbOnly.slice(3, 12) + isbn10CheckDigit(D.dnbOnly.slice(3, 12)) }],
    article: 'Die ',
    title: 'Stille der Bäume',
    subtitle: 'Roman',
    responsibility: 'Jörg Müller ; aus dem Schwedischen von Ilse Weber',
    persons: [{ name: 'Müller, Jörg', role: 'author' }, { name: 'Weber, Ilse', role: 'translator' }],
    edition: '2. Auflage',
    place: 'München',
    publisher: 'Sandkasten Verlag',
    year: '2019',
    extent: '334 Seiten',
    language: 'ger',
    series: { title: 'Edition Sandkasten', volume: '12' },
    subjects: ['Wald', 'Familie'],
  },
  {
    holders: ['dnb'],
    isbns: [{ digits: i10('398000002'), qualifier: 'kart. : DM 19.80' }],
    title: 'Briefe aus Lübeck',
    persons: [{ name: 'Krüger, Hanna', role: 'author' }],
    place: 'Lübeck',
    publisher: 'Hansa-Druck',
    year: '1994',
    extent: '212 S.',
    language: 'ger',
    subjects: ['Lübeck'],
  },
  {
    holders: ['dnb'],
    isbns: [{ digits: D.dnbSet, qualifier: 'Gesamtwerk' }, { digits: D.dnbVolume1, qualifier: 'Bd. 1' }, { digits: D.dnbVolume2, qualifier: 'Bd. 2' }],
    title: 'Handbuch der Steine',
    persons: [{ name: 'Otto, Ben', role: 'editor' }],
    place: 'Berlin',
    publisher: 'Sandkasten Verlag',
    year: '2021',
    language: 'ger',
    subjects: ['Geologie'],
  },
  {
    holders: ['dnb'],
    isbns: [{ digits: D.dnbVolume2 }],
    title: 'Handbuch der Steine',
    partNumber: 'Band 2',
    partName: 'Granit und Gneis',
    persons: [{ name: 'Otto, Ben', role: 'editor' }, { name: 'Lang, Eva', role: 'author' }],
    place: 'Berlin',
    publisher: 'Sandkasten Verlag',
    year: '2021',
    extent: 'XII, 480 Seiten',
    language: 'ger',
    subjects: ['Granit'],
  },
  {
    holders: ['k10plus', 'lobid'],
    isbns: [{ digits: D.k10plusAndLobid, qualifier: 'Broschur' }],
    title: 'Grundlagen der Mechanik',
    subtitle: 'eine Einführung',
    persons: [{ name: 'Brandt, Karl', role: 'author' }, { name: 'Sommer, Lea', role: 'author' }],
    edition: '3., überarbeitete Auflage',
    place: 'Göttingen',
    publisher: 'Lehrbuch-Verlag',
    year: '2020',
    extent: 'XV, 458 Seiten',
    language: 'ger',
    series: { title: 'Studienbücher Physik', volume: '7' },
    subjects: ['Mechanik', 'Lehrbuch'],
  },
  {
    holders: ['lobid'],
    isbns: [{ digits: D.lobidOnly }],
    title: 'Rheinische Kirchen',
    subtitle: 'ein Führer',
    persons: [{ name: 'Vogel, Anna', role: 'author' }],
    place: 'Köln',
    publisher: 'Domverlag',
    year: '2016',
    extent: '190 Seiten',
    language: 'ger',
    subjects: ['Kirchenbau'],
  },
  {
    holders: ['bnf'],
    isbns: [{ digits: D.bnfOnly, qualifier: 'br.' }],
    article: 'La ',
    title: 'maison des étoiles',
    subtitle: 'roman',
    responsibility: 'Lucie Marchand ; traduit de l\'italien par Marc Blanc',
    persons: [{ name: 'Marchand, Lucie', role: 'author' }, { name: 'Blanc, Marc', role: 'translator' }],
    place: 'Paris',
    publisher: 'Éditions du Sablier',
    year: '2015',
    extent: '1 vol. (302 p.)',
    language: 'fre',
    series: { title: 'Folio sable', volume: '512' },
    subjects: ['Astronomie -- Romans'],
  },
  {
    holders: ['bnf'],
    isbns: [{ digits: D.bnf979 }],
    title: 'Penser la mer',
    persons: [{ name: 'Roy, Anne', role: 'author' }],
    place: 'Nantes',
    publisher: 'Atlantique',
    year: '2022',
    extent: '1 vol. (158 p.)',
    language: 'fre',
    subjects: ['Mer'],
  },
  {
    holders: ['loc'],
    isbns: [{ digits: D.locOnly, qualifier: 'hardcover' }],
    article: 'The ',
    title: 'quiet harbour',
    subtitle: 'a history of small lighthouses',
    responsibility: 'by Ada Whitlock ; edited by Tom Reyes',
    persons: [{ name: 'Whitlock, Ada', role: 'author' }, { name: 'Reyes, Tom', role: 'editor' }],
    edition: 'First edition',
    place: 'Boston',
    publisher: 'Harbour Press',
    year: '2011',
    extent: 'xvi, 312 pages',
    language: 'eng',
    series: { title: 'Maritime studies', volume: 'v. 3' },
    subjects: ['Lighthouses -- History'],
  },
  {
    holders: ['loc'],
    isbns: [{ digits: D.locPrint, qualifier: 'paperback' }, { digits: D.locEbook, qualifier: 'ebook', cancelled: true }],
    title: 'Maps of the river',
    persons: [{ name: 'Kahn, Lee', role: 'author' }],
    place: 'Chicago',
    publisher: 'Lakeside',
    year: '2008',
    extent: '240 pages',
    language: 'eng',
    subjects: ['Rivers'],
  },
  {
    holders: ['k10plus', 'loc'],
    isbns: [{ digits: D.italian }],
    article: 'Il ',
    title: 'giardino di pietra',
    persons: [{ name: 'Fabbri, Gianni', role: 'author' }],
    place: 'Milano',
    publisher: 'Editrice Sabbia',
    year: '2017',
    extent: '276 p.',
    language: 'ita',
    subjects: ['Giardini'],
  },
  {
    holders: ['loc'],
    isbns: [{ digits: D.spanish }],
    article: 'El ',
    title: 'faro del sur',
    persons: [{ name: 'Ortega, Lucía', role: 'author' }],
    place: 'Madrid',
    publisher: 'Arena',
    year: '2013',
    extent: '198 páginas',
    language: 'spa',
    subjects: ['Faros'],
  },
  {
    holders: ['k10plus'],
    isbns: [{ digits: D.japanese }],
    title: '砂の庭',
    persons: [{ name: '山田, 花子', role: 'author' }],
    place: '東京',
    publisher: '砂出版',
    year: '2018',
    extent: '254 S.',
    language: 'jpn',
    subjects: ['Garten'],
  },
];

/** The records of a catalogue that hold a form of an ISBN as written (`cancelled`: whether a `$z` ISBN matches, as at the LoC). */
export function recordsFor(host: CatalogueHost, forms: readonly string[], cancelledMatches: boolean, records: readonly SandboxRecord[] = CATALOGUE_RECORDS): SandboxRecord[] {
  return records.filter((r) => r.holders.includes(host) && r.isbns.some((i) => (cancelledMatches || !i.cancelled) && (forms.includes(i.digits) || (host === 'lobid' && forms.some((f) => bothForms(i.digits).includes(f))))));
}

/** The ISBN-13 and, for 978, the ISBN-10 of digits. */
export function bothForms(digits: string): string[] {
  if (digits.length === 10) return [digits, i13('978' + digits.slice(0, 9))];
  return digits.startsWith('978') ? [digits, i10(digits.slice(3, 12))] : [digits];
}
