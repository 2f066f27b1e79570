/** A RIS record as a CSL item: its type and tags. */
import type { BibliographyEntry } from '../shared/entry';
import { type CslItem, cslDate, cslEdition, fieldOf, put, withCommon } from '../shared/csl';

const RIS_TYPES: Record<string, string> = {
  book: 'book', ebook: 'book', edbook: 'book', chap: 'chapter', echap: 'chapter', jour: 'article-journal', ejour: 'article-journal', mgzn: 'article-magazine',
  news: 'article-newspaper', conf: 'paper-conference', cpaper: 'paper-conference', thes: 'thesis', rprt: 'report', elec: 'webpage', web: 'webpage', gen: 'document',
};

export function risCsl(entry: BibliographyEntry, id: string): CslItem {
  const f = (name: string) => fieldOf(entry, name);
  const type = RIS_TYPES[entry.type] ?? 'book';
  const item: CslItem = { id, type };
  put(item, 'title', f('ti') ?? f('t1') ?? (type === 'book' ? f('bt') : undefined));
  put(item, 'container-title', type === 'book' ? undefined : (f('t2') ?? f('bt') ?? f('jo') ?? f('jf') ?? f('jf')));
  put(item, 'publisher', f('pb'));
  put(item, 'publisher-place', f('cy'));
  put(item, 'edition', cslEdition(f('et')));
  put(item, 'issued', cslDate(f('py') ?? f('y1') ?? f('da'), entry.year));
  const start = f('sp');
  const end = f('ep');
  if (start && end) item.page = `${start}–${end}`;
  else if (start && type === 'book') item['number-of-pages'] = start;
  else put(item, 'page', start);
  put(item, 'volume', f('vl'));
  put(item, 'issue', f('is'));
  put(item, 'collection-title', type === 'book' ? f('t2') : f('t3'));
  put(item, 'DOI', f('do'));
  put(item, 'URL', f('ur'));
  return withCommon(item, entry);
}

