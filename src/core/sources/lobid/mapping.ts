/**
 * lobid-resources' JSON-LD (the hbz union catalogue) as a `CatalogueRecord`
 * (library-catalogues-facts.md, "lobid-resources"): `isbn` holds both forms without hyphens and
 * no qualifiers; `title`, `otherTitleInformation[]`, `responsibilityStatement[]`, `edition[]`,
 * `publication[]` (`location[]`, `publishedBy[]`, `startDate`), `extent`, `language[]` (`id` an
 * ISO 639-2 URI), `contribution[]` (`agent.label`, `role.id` a relator URI, `role.label` a German
 * term), `isPartOf[]` (`hasSuperordinate[].label`, `numbering`), `subjectslabels[]`. Fields are
 * absent when empty, arrays stay arrays. Every text is cleaned as the MARC records' are.
 */
import { isObject } from '../../model/book';
import { cleanCatalogueText as clean, splitIsbn } from '../catalogue/clean';
import { relatorRole, type CatalogueIsbn, type CataloguePerson, type CatalogueRecord } from '../catalogue/record';

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? clean(value) : undefined;
}

function first(value: unknown): string | undefined {
  for (const item of list(value)) {
    const t = text(item);
    if (t) return t;
  }
  return undefined;
}

function personsOf(member: Record<string, unknown>): CataloguePerson[] {
  return list(member.contribution).flatMap((c) => {
    if (!isObject(c) || !isObject(c.agent)) return [];
    // Corporate bodies (`type` Organization) are not persons.
    if (list(c.agent.type).includes('CorporateBody')) return [];
    const name = text(c.agent.label);
    if (!name) return [];
    const role = isObject(c.role) ? c.role : {};
    const code = typeof role.id === 'string' ? /\/relators\/(\w+)$/.exec(role.id)?.[1] : undefined;
    return [{ name, role: relatorRole(code) ?? relatorRole(text(role.label)) ?? 'author' }];
  });
}

function seriesOf(member: Record<string, unknown>): string[] {
  return list(member.isPartOf).flatMap((p) => {
    if (!isObject(p)) return [];
    const label = list(p.hasSuperordinate).map((s) => (isObject(s) ? text(s.label) : undefined)).find(Boolean);
    if (!label) return [];
    const numbering = text(p.numbering);
    return [numbering ? `${label} ; ${numbering}` : label];
  });
}

/** One member of a search answer, or undefined without a title. */
export function catalogueRecordFromLobid(member: unknown): CatalogueRecord | undefined {
  if (!isObject(member)) return undefined;
  const title = text(member.title);
  if (!title) return undefined;
  const isbns: CatalogueIsbn[] = list(member.isbn).flatMap((i) => {
    const split = typeof i === 'string' ? splitIsbn(i) : undefined;
    return split ? [{ digits: split.digits, valid: true }] : [];
  });
  const publication = list(member.publication).find(isObject) ?? {};
  const language = list(member.language).map((l) => (isObject(l) && typeof l.id === 'string' ? /iso639-2\/(\w{3})$/.exec(l.id)?.[1] : undefined)).find(Boolean);
  return {
    isbns,
    title,
    subtitle: first(member.otherTitleInformation),
    responsibility: first(member.responsibilityStatement),
    persons: personsOf(member),
    edition: first(member.edition),
    place: first(publication.location),
    publisher: first(publication.publishedBy),
    date: text(publication.startDate),
    extent: text(member.extent),
    language,
    series: seriesOf(member),
    subjects: list(member.subjectslabels).map(text).filter((s): s is string => s !== undefined),
  };
}
