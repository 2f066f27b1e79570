/** A BibTeX/BibLaTeX entry as a CSL item: its type, fields and names as BibTeX reads them (braces, `von` parts). */
import { type BibtexNameParts, ET_AL, readNamePartsList } from './names';
import type { BibliographyEntry } from '../shared/entry';
import { type CslItem, type CslName, cslDate, cslEdition, fieldOf, put, withCommon } from '../shared/csl';

const BIBTEX_TYPES: Record<string, string> = {
  book: 'book', mvbook: 'book', collection: 'book', mvcollection: 'book', proceedings: 'book', mvproceedings: 'book', reference: 'book', booklet: 'pamphlet',
  inbook: 'chapter', incollection: 'chapter', bookinbook: 'chapter', suppbook: 'chapter', inreference: 'entry-encyclopedia',
  inproceedings: 'paper-conference', conference: 'paper-conference',
  article: 'article-journal', periodical: 'periodical',
  phdthesis: 'thesis', mastersthesis: 'thesis', thesis: 'thesis',
  techreport: 'report', report: 'report', manual: 'report',
  online: 'webpage', www: 'webpage', misc: 'document', unpublished: 'manuscript', software: 'software', dataset: 'dataset',
};

export function bibtexCsl(entry: BibliographyEntry, id: string): CslItem {
  const f = (name: string) => fieldOf(entry, name);
  const type = BIBTEX_TYPES[entry.type] ?? 'book';
  const item: CslItem = { id, type };
  const subtitle = f('subtitle');
  if (entry.title) item.title = subtitle ? `${entry.title}: ${subtitle}` : entry.title;
  // A chapter's book (`booktitle`), an article's journal (BibTeX `journal`, BibLaTeX `journaltitle`).
  put(item, 'container-title', f('booktitle') ?? f('journaltitle') ?? f('journal'));
  put(item, 'publisher', f('publisher') ?? f('school') ?? f('institution') ?? f('organization'));
  put(item, 'publisher-place', f('location') ?? f('address'));
  put(item, 'edition', cslEdition(f('edition')));
  put(item, 'issued', cslDate(f('date'), f('year') ?? entry.year));
  put(item, 'number-of-pages', f('pagetotal'));
  put(item, 'page', f('pages')?.replace(/-{1,3}/g, '–'));
  put(item, 'volume', f('volume'));
  put(item, 'issue', f('number') && type === 'article-journal' ? f('number') : undefined);
  put(item, 'collection-title', f('series'));
  put(item, 'collection-number', f('number') && type !== 'article-journal' ? f('number') : undefined);
  put(item, 'DOI', f('doi'));
  put(item, 'URL', f('url'));
  put(item, 'genre', entry.type === 'phdthesis' ? 'PhD thesis' : entry.type === 'mastersthesis' ? "Master's thesis" : undefined);
  // The names as BibTeX reads them (braces, von parts); the common reading where the entry cannot give its written fields.
  for (const role of ['author', 'editor', 'translator'] as const) {
    const written = entry.writtenField?.(role);
    const names = written === undefined ? undefined : readNamePartsList(written).flatMap((n) => (n === ET_AL ? [] : [bibtexCslName(n)]));
    if (names && names.length > 0) item[role] = names;
  }
  return withCommon(item, entry);
}

/** BibTeX's parts as a CSL name: a brace group or a single word whole (an organisation, "Homer"), `von` a particle kept with the family name. */
export function bibtexCslName(name: BibtexNameParts & { corporate?: boolean }): CslName {
  if (name.corporate || (!name.first && !name.von && !name.jr)) return { literal: name.last };
  const out: CslName = { family: name.last };
  if (name.first) out.given = name.first;
  if (name.von) out['non-dropping-particle'] = name.von;
  if (name.jr) out.suffix = name.jr;
  return out;
}

