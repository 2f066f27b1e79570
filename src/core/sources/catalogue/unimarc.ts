/**
 * A UNIMARC record (the BnF's default, in marcxchange) as a `CatalogueRecord`
 * (https://www.bnf.fr/node/3270; library-catalogues-facts.md):
 * - 010 `$a` ISBN (often hyphenated), `$b` qualifier ("br.", "rel.", "t. 2"), `$z` erroneous ISBN;
 * - 200 `$a` title, `$e` other title information, `$f`/`$g` responsibility, `$h`/`$i` part
 *   number/name; `$b` ("Texte imprimé") is a material designation, not part of the title;
 * - 205 `$a` edition; 214 (newer) or 210 (`$a` place, `$c` publisher, `$d` date);
 * - 215 `$a` extent; 101 `$a` language; 225 `$a`/`$v` and 410 `$t` series; 606 `$a` subjects;
 * - 700 (main), 701 (co-author), 702 (secondary) persons: `$a` surname, `$b` forename, `$4`
 *   numeric relator (070 author, 340 editor, 730 translator, 440 illustrator); none: 700/701
 *   are authors, 702 another role.
 */
import { cleanCatalogueText as clean, firstClean, splitIsbn } from './clean';
import { fieldsOf, sub, subs, type MarcField, type MarcRecord } from './marc';
import { relatorRole, type CatalogueIsbn, type CataloguePerson, type CatalogueRecord, type PersonRole } from './record';

function isbnsOf(record: MarcRecord): CatalogueIsbn[] {
  const isbns: CatalogueIsbn[] = [];
  for (const field of fieldsOf(record, '010')) {
    const qualifier = clean(sub(field, 'b'));
    for (const [code, value] of field.subfields) {
      if (code !== 'a' && code !== 'z') continue;
      const split = splitIsbn(value);
      if (!split) continue;
      isbns.push({ digits: split.digits, qualifier: [split.rest, qualifier].filter(Boolean).join(', ') || undefined, valid: code === 'a' });
    }
  }
  return isbns;
}

function roleOf(field: MarcField): PersonRole {
  const roles = subs(field, '4').map(relatorRole).filter((r): r is PersonRole => r !== undefined);
  const known = roles.find((r) => r !== 'other');
  if (known) return known;
  if (roles.length > 0) return 'other';
  return field.tag === '702' ? 'other' : 'author';
}

function personsOf(record: MarcRecord): CataloguePerson[] {
  const persons: CataloguePerson[] = [];
  for (const field of [...fieldsOf(record, '700'), ...fieldsOf(record, '701'), ...fieldsOf(record, '702')]) {
    const surname = clean(sub(field, 'a'));
    if (!surname) continue;
    const forename = clean(sub(field, 'b'));
    persons.push({ name: forename ? `${surname}, ${forename}` : surname, role: roleOf(field) });
  }
  return persons;
}

function seriesOf(record: MarcRecord): string[] {
  const series: string[] = [];
  for (const field of fieldsOf(record, '225')) {
    const title = clean(sub(field, 'a'));
    if (!title) continue;
    const volume = clean(sub(field, 'v'));
    series.push(volume ? `${title} ; ${volume}` : title);
  }
  for (const field of fieldsOf(record, '410')) {
    const title = clean(sub(field, 't'));
    if (title && !series.some((s) => s.startsWith(title))) series.push(title);
  }
  return series;
}

/** "[Paris]" → "Paris", "DL 2015" kept as catalogued (the year is read from it later). */
function unbracket(value: string | undefined): string | undefined {
  return value?.replace(/^\[(.*)\]$/, '$1');
}

/** The record, or undefined without a title. */
export function catalogueRecordFromUnimarc(record: MarcRecord): CatalogueRecord | undefined {
  const f200 = fieldsOf(record, '200')[0];
  const title = clean(sub(f200, 'a'));
  if (!title) return undefined;
  // 214 replaced 210 in newer records; the two are exclusive.
  const publication = fieldsOf(record, '214')[0] ?? fieldsOf(record, '210')[0];
  const responsibility = [...subs(f200, 'f'), ...subs(f200, 'g')].map(clean).filter(Boolean).join(' ; ') || undefined;
  const language = clean(sub(fieldsOf(record, '101')[0], 'a'));
  return {
    isbns: isbnsOf(record),
    title,
    subtitle: subs(f200, 'e').map(clean).filter(Boolean).join(' : ') || undefined,
    partNumber: subs(f200, 'h').map(clean).filter(Boolean).join(', ') || undefined,
    partName: subs(f200, 'i').map(clean).filter(Boolean).join(', ') || undefined,
    responsibility,
    persons: personsOf(record),
    edition: clean(sub(fieldsOf(record, '205')[0], 'a')),
    place: clean(unbracket(clean(sub(publication, 'a')))),
    publisher: firstClean(...subs(publication, 'c')),
    date: clean(unbracket(clean(sub(publication, 'd')))),
    extent: clean(sub(fieldsOf(record, '215')[0], 'a')),
    language: language && /^[a-z]{3}$/i.test(language) ? language.toLowerCase() : undefined,
    series: seriesOf(record),
    subjects: [...new Set(fieldsOf(record, '606').map((f) => clean(sub(f, 'a'))).filter((s): s is string => s !== undefined))],
  };
}
