/**
 * A MARC 21 bibliographic record (DNB, K10plus, Library of Congress) as a `CatalogueRecord`
 * (https://www.loc.gov/marc/bibliographic/; library-catalogues-facts.md):
 * - 020 `$a` the record's ISBNs, `$q` (or, in older LoC records, text after the number in `$a`;
 *   or a volume named in `$c`) their qualifier, `$z` cancelled or invalid ones (kept, marked not valid);
 * - 245 `$a` title, `$b` remainder, `$c` responsibility, `$n`/`$p` part of a set;
 * - 250 `$a` edition; 264 with indicator 2 = 1 (publication) before 260 (`$a` place,
 *   `$b` publisher, `$c` date); a 264 `_4` is a copyright date, read only when nothing else is;
 * - 300 `$a` extent; 041 `$a` before 008/35-37 language; 490 `$a`/`$v` and 830 series;
 *   650/600/610/651 `$a` subjects;
 * - 100 and 700 `$a` persons, roles from `$4` codes, else `$e` terms (none: 100 is the author);
 *   a 700 with `$t` names a work (a translation's original), not a person.
 */
import { cleanCatalogueText as clean, firstClean, splitIsbn } from './clean';
import { fieldsOf, sub, subs, type MarcField, type MarcRecord } from './marc';
import { namesVolume, relatorRole, type CatalogueIsbn, type CataloguePerson, type CatalogueRecord, type PersonRole } from './record';

function isbnsOf(record: MarcRecord): CatalogueIsbn[] {
  const isbns: CatalogueIsbn[] = [];
  for (const field of fieldsOf(record, '020')) {
    // `$c` is the terms of availability ("Pp. : DM 26.00"); the DNB names a set's volume there too ("Bd. 2 : EUR 49.00").
    const volumeTerms = subs(field, 'c').filter((c) => namesVolume(c));
    const qualifiers = [...subs(field, 'q'), ...volumeTerms].map((q) => clean(q.replace(/^\((.*)\)$/, '$1'))).filter((q): q is string => q !== undefined);
    for (const [code, value] of field.subfields) {
      if (code !== 'a' && code !== 'z') continue;
      const split = splitIsbn(value);
      if (!split) continue;
      const qualifier = [split.rest, ...qualifiers].filter(Boolean).join(', ') || undefined;
      isbns.push({ digits: split.digits, qualifier, valid: code === 'a' });
    }
  }
  return isbns;
}

/** The role its relators say; none at all: an author (a 100 is the main entry, a 700 without a relator a co-author). */
function roleOf(field: MarcField): PersonRole {
  const roles = [...subs(field, '4'), ...subs(field, 'e')].map(relatorRole).filter((r): r is PersonRole => r !== undefined);
  // A code the look-up has no word for (`ive`, `ctb`) next to one it has: the known one decides.
  const known = roles.find((r) => r !== 'other');
  if (known) return known;
  if (roles.length > 0) return 'other';
  return 'author';
}

function personsOf(record: MarcRecord): CataloguePerson[] {
  const persons: CataloguePerson[] = [];
  for (const field of [...fieldsOf(record, '100'), ...fieldsOf(record, '700')]) {
    if (sub(field, 't') !== undefined) continue;
    const name = clean(sub(field, 'a'));
    if (!name) continue;
    persons.push({ name, role: roleOf(field) });
  }
  return persons;
}

/** The first publication statement: 264 _1, else 260, else any 264 but a copyright one, else the copyright date. */
function publicationOf(record: MarcRecord): MarcField | undefined {
  const f264 = fieldsOf(record, '264');
  return f264.find((f) => f.ind2 === '1') ?? fieldsOf(record, '260')[0] ?? f264.find((f) => f.ind2 !== '4') ?? f264[0];
}

/** "[Paris]" → "Paris": a place or date the cataloguer supplied. */
function unbracket(value: string | undefined): string | undefined {
  return value?.replace(/^\[(.*)\]$/, '$1');
}

function languageOf(record: MarcRecord): string | undefined {
  const from041 = clean(sub(fieldsOf(record, '041')[0], 'a'));
  if (from041 && /^[a-z]{3}$/i.test(from041)) return from041.toLowerCase();
  const fixed = record.controls.get('008');
  const code = fixed && fixed.length >= 38 ? fixed.slice(35, 38) : undefined;
  return code && /^[a-z]{3}$/.test(code) && code !== 'und' && code !== 'zxx' ? code : undefined;
}

function seriesOf(record: MarcRecord): string[] {
  const series: string[] = [];
  for (const field of [...fieldsOf(record, '490'), ...fieldsOf(record, '830')]) {
    const title = clean(sub(field, 'a'));
    if (!title) continue;
    const volume = clean(sub(field, 'v'));
    const text = volume ? `${title} ; ${volume}` : title;
    if (!series.some((s) => s.toLowerCase() === text.toLowerCase())) series.push(text);
  }
  return series;
}

function subjectsOf(record: MarcRecord): string[] {
  const subjects: string[] = [];
  for (const tag of ['650', '600', '610', '651']) {
    for (const field of fieldsOf(record, tag)) {
      const main = clean(sub(field, 'a'));
      if (!main) continue;
      const text = [main, ...['x', 'z', 'y'].flatMap((c) => subs(field, c).map(clean))].filter(Boolean).join(' -- ');
      if (!subjects.includes(text)) subjects.push(text);
    }
  }
  return subjects;
}

/** The record, or undefined without a title. */
export function catalogueRecordFromMarc21(record: MarcRecord): CatalogueRecord | undefined {
  const f245 = fieldsOf(record, '245')[0];
  const title = clean(sub(f245, 'a'));
  if (!title) return undefined;
  const publication = publicationOf(record);
  const subtitle = subs(f245, 'b').map(clean).filter(Boolean).join(' : ') || undefined;
  return {
    isbns: isbnsOf(record),
    title,
    subtitle,
    partNumber: subs(f245, 'n').map(clean).filter(Boolean).join(', ') || undefined,
    partName: subs(f245, 'p').map(clean).filter(Boolean).join(', ') || undefined,
    responsibility: clean(sub(f245, 'c')),
    persons: personsOf(record),
    edition: clean(sub(fieldsOf(record, '250')[0], 'a')),
    place: clean(unbracket(clean(sub(publication, 'a')))),
    publisher: firstClean(...subs(publication, 'b')),
    date: clean(unbracket(clean(sub(publication, 'c')))),
    extent: clean(sub(fieldsOf(record, '300')[0], 'a')),
    language: languageOf(record),
    series: seriesOf(record),
    subjects: subjectsOf(record),
  };
}
