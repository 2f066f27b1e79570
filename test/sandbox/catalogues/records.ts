// A sandbox book as each catalogue writes it (library-catalogues-facts.md): the DNB's MARC 21
// (decomposed Unicode, sorting markers around the article, German relator terms beside `$4`,
// no ISBD punctuation, 264 _1), K10plus's (gender-inclusive terms, the hyphenated ISBN in `$9`),
// the Library of Congress's (ISBD punctuation, `$e` terms, 260, `$z` for another format's
// ISBN, the language only in 008), the BnF's UNIMARC (010, 200 with "Texte imprimé", 214,
// numeric relators), lobid's JSON-LD.

import { hyphenateIsbn } from '../../../src/core/isbn/parse';
import { bothForms, type CatalogueHost, type SandboxRecord, type SandboxRole } from './books';
import { marcRecordXml, type DataField, type Subfields } from './marcXml';

const RELATOR: Record<SandboxRole, string> = { author: 'aut', editor: 'edt', translator: 'trl' };
const GERMAN: Record<SandboxRole, string> = { author: 'Verfasser', editor: 'Herausgeber', translator: 'Übersetzer' };
const UNIMARC: Record<SandboxRole, string> = { author: '070', editor: '340', translator: '730' };

function controls(record: SandboxRecord, country: string): Array<[string, string]> {
  return [['008', `200101s${record.year}    ${country.padEnd(3)}||||| |||| 00||||${record.language}  `]];
}

function germanMarc(record: SandboxRecord, host: 'dnb' | 'k10plus'): string {
  const nfd = (s: string) => (host === 'dnb' ? s.normalize('NFD') : s);
  const term = (role: SandboxRole) => (host === 'k10plus' ? `${GERMAN[role]}In` : GERMAN[role]);
  const fields: DataField[] = [];
  for (const isbn of record.isbns) {
    const subs: Subfields = [[isbn.cancelled ? 'z' : 'a', isbn.digits]];
    if (isbn.qualifier) subs.push([host === 'dnb' ? 'c' : 'q', isbn.qualifier]);
    subs.push(['9', hyphenateIsbn(isbn.digits) ?? isbn.digits]);
    fields.push(['020', '  ', subs]);
  }
  fields.push(['041', '  ', [['a', record.language]]]);
  const [main, ...others] = record.persons;
  if (main && main.role === 'author') fields.push(['100', '1 ', [['0', '(DE-588)000'], ['a', nfd(main.name)], ['e', term(main.role)], ['4', RELATOR[main.role]]]]);
  const title: Subfields = [['a', nfd(record.article ? `\u0098${record.article.trim()}\u009c ${record.title}` : record.title)]];
  if (record.subtitle) title.push(['b', nfd(record.subtitle)]);
  if (record.partNumber) title.push(['n', record.partNumber]);
  if (record.partName) title.push(['p', nfd(record.partName)]);
  if (record.responsibility) title.push(['c', nfd(record.responsibility)]);
  fields.push(['245', record.article ? `1${record.article.length}` : '10', title]);
  if (record.edition) fields.push(['250', '  ', [['a', nfd(record.edition)]]]);
  fields.push(['264', ' 1', [['a', nfd(record.place)], ['b', nfd(record.publisher)], ['c', host === 'dnb' ? `[${record.year}]` : record.year]]]);
  if (record.extent) fields.push(['300', '  ', [['a', nfd(record.extent)], ['c', '22 cm']]]);
  if (record.series) fields.push(['490', '1 ', [['a', nfd(record.series.title)], ...(record.series.volume ? [['v', record.series.volume] as [string, string]] : [])]]);
  for (const subject of record.subjects) fields.push(['650', ' 7', [['a', nfd(subject)], ['2', 'gnd']]]);
  for (const person of main?.role === 'author' ? others : record.persons) fields.push(['700', '1 ', [['a', nfd(person.name)], ['e', term(person.role)], ['4', RELATOR[person.role]]]]);
  if (record.series) fields.push(['830', ' 0', [['a', nfd(record.series.title)], ...(record.series.volume ? [['v', record.series.volume] as [string, string]] : [])]]);
  return marcRecordXml({ controls: [['001', '1' + record.isbns[0]!.digits.slice(-8)], ['003', host === 'dnb' ? 'DE-101' : 'DE-627'], ...controls(record, 'gw')], fields }, 'marc21');
}

function locMarc(record: SandboxRecord): string {
  const fields: DataField[] = [];
  for (const isbn of record.isbns) {
    fields.push(['020', '  ', [[isbn.cancelled ? 'z' : 'a', isbn.digits], ...(isbn.qualifier ? [['q', `(${isbn.qualifier})`] as [string, string]] : [])]]);
  }
  const [main, ...others] = record.persons;
  if (main && main.role === 'author') fields.push(['100', '1 ', [['a', `${main.name},`], ['e', 'author.']]]);
  const title: Subfields = [];
  const whole = `${record.article ?? ''}${record.title}`;
  if (record.subtitle) title.push(['a', `${whole} :`], ['b', record.responsibility ? `${record.subtitle} /` : `${record.subtitle}.`]);
  else title.push(['a', record.responsibility ? `${whole} /` : `${whole}.`]);
  if (record.responsibility) title.push(['c', `${record.responsibility}.`]);
  fields.push(['245', record.article ? `1${record.article.length}` : '10', title]);
  if (record.edition) fields.push(['250', '  ', [['a', `${record.edition}.`]]]);
  fields.push(['260', '  ', [['a', `${record.place} :`], ['b', `${record.publisher},`], ['c', `c${record.year}.`]]]);
  if (record.extent) fields.push(['300', '  ', [['a', `${record.extent} ;`], ['c', '24 cm.']]]);
  if (record.series) fields.push(['490', '1 ', [['a', `${record.series.title} ;`], ...(record.series.volume ? [['v', record.series.volume] as [string, string]] : [])]]);
  for (const subject of record.subjects) {
    const [a, ...x] = subject.split(' -- ');
    fields.push(['650', ' 0', [['a', a!], ...x.map((part) => ['x', `${part}.`] as [string, string])]]);
  }
  for (const person of main?.role === 'author' ? others : record.persons) fields.push(['700', '1 ', [['a', `${person.name},`], ['e', `${person.role}.`]]]);
  if (record.series) fields.push(['830', ' 0', [['a', `${record.series.title} ;`], ...(record.series.volume ? [['v', `${record.series.volume}.`] as [string, string]] : [])]]);
  return marcRecordXml({ controls: [['001', record.isbns[0]!.digits.slice(-8)], ...controls(record, 'xxu')], fields }, 'marc21');
}

function bnfUnimarc(record: SandboxRecord): string {
  const fields: DataField[] = [];
  for (const isbn of record.isbns) {
    fields.push(['010', '  ', [[isbn.cancelled ? 'z' : 'a', hyphenateIsbn(isbn.digits) ?? isbn.digits], ...(isbn.qualifier ? [['b', isbn.qualifier] as [string, string]] : []), ['d', '8,50 EUR']]]);
  }
  fields.push(['101', '0 ', [['a', record.language]]]);
  const title: Subfields = [['a', `${record.article ? `\u0098${record.article}\u009c` : ''}${record.title}`], ['b', 'Texte imprimé']];
  if (record.subtitle) title.push(['e', record.subtitle]);
  if (record.partNumber) title.push(['h', record.partNumber]);
  if (record.partName) title.push(['i', record.partName]);
  if (record.responsibility) {
    const [f, ...g] = record.responsibility.split(' ; ');
    title.push(['f', f!], ...g.map((part) => ['g', part] as [string, string]));
  }
  fields.push(['200', '1 ', title]);
  if (record.edition) fields.push(['205', '  ', [['a', record.edition]]]);
  fields.push(['214', ' 0', [['a', record.place], ['c', record.publisher], ['d', `DL ${record.year}`]]]);
  if (record.extent) fields.push(['215', '  ', [['a', record.extent], ['d', '18 cm']]]);
  if (record.series) fields.push(['225', '2 ', [['a', record.series.title], ...(record.series.volume ? [['v', record.series.volume] as [string, string]] : [])]]);
  for (const subject of record.subjects) fields.push(['606', '  ', [['a', subject], ['2', 'rameau']]]);
  record.persons.forEach((person, i) => {
    const [surname, forename] = person.name.split(', ');
    const tag = person.role !== 'author' ? '702' : i === 0 ? '700' : '701';
    fields.push([tag, ' 1', [['a', surname!], ...(forename ? [['b', forename] as [string, string]] : []), ['4', UNIMARC[person.role]]]]);
  });
  return marcRecordXml({ controls: [['001', `FRBNF${record.isbns[0]!.digits.slice(-8)}`], ['003', `http://catalogue.bnf.fr/ark:/12148/cb${record.isbns[0]!.digits.slice(-8)}`]], fields }, 'unimarc');
}

/** One lobid member (JSON-LD), fields left out when empty, arrays kept as arrays. */
export function lobidMember(record: SandboxRecord, base: string): Record<string, unknown> {
  const id = record.isbns[0]!.digits.slice(-8);
  // lobid's `isbn` holds both forms, compact.
  const isbns = [...new Set(record.isbns.filter((i) => !i.cancelled).flatMap((i) => bothForms(i.digits)))];
  return {
    id: `${base}/resources/99${id}#!`,
    type: ['BibliographicResource', 'Book'],
    title: `${record.article ?? ''}${record.title}`,
    ...(record.subtitle ? { otherTitleInformation: [record.subtitle] } : {}),
    isbn: isbns,
    ...(record.edition ? { edition: [record.edition] } : {}),
    publication: [{ startDate: record.year, location: [record.place], publishedBy: [record.publisher], type: ['PublicationEvent'] }],
    ...(record.extent ? { extent: record.extent } : {}),
    language: [{ id: `http://id.loc.gov/vocabulary/iso639-2/${record.language}`, label: record.language === 'ger' ? 'Deutsch' : record.language }],
    contribution: record.persons.map((p) => ({
      agent: { label: p.name, id: `https://d-nb.info/gnd/${id}`, type: ['Person'] },
      role: { id: `http://id.loc.gov/vocabulary/relators/${RELATOR[p.role]}`, label: { author: 'Autor/in', editor: 'Herausgeber/in', translator: 'Übersetzer/in' }[p.role] },
      type: ['Contribution'],
    })),
    ...(record.responsibility ? { responsibilityStatement: [record.responsibility] } : {}),
    ...(record.series ? { isPartOf: [{ hasSuperordinate: [{ label: record.series.title }], ...(record.series.volume ? { numbering: record.series.volume } : {}) }] } : {}),
    subjectslabels: record.subjects,
    describedBy: { license: { id: 'http://creativecommons.org/publicdomain/zero/1.0', label: 'Creative Commons-Lizenz CC0 1.0 Universal' } },
  };
}

/** The record as the catalogue's SRU service writes it. */
export function sruRecord(host: Exclude<CatalogueHost, 'lobid'>, record: SandboxRecord): string {
  switch (host) {
    case 'dnb':
    case 'k10plus':
      return germanMarc(record, host);
    case 'loc':
      return locMarc(record);
    case 'bnf':
      return bnfUnimarc(record);
  }
}
