/**
 * A MARC record as read from XML: MARCXML (`http://www.loc.gov/MARC21/slim`) and marcxchange
 * (`info:lc/xmlns/marcxchange-v2`, the BnF's) have the same shape (leader, controlfield,
 * datafield with tag and indicators, subfield with code), so one reader takes both, matched by
 * local name. Whether the fields are MARC 21 or UNIMARC is the caller's to know (a record with
 * 200 and no 245 is UNIMARC, as Zotero's `MARC.js` tells).
 */
import { childrenNamed, type XmlElement } from './xml';

export interface MarcField {
  tag: string;
  ind1: string;
  ind2: string;
  subfields: Array<[code: string, value: string]>;
}

export interface MarcRecord {
  leader?: string;
  controls: Map<string, string>;
  fields: MarcField[];
}

export function readMarcRecord(element: XmlElement): MarcRecord {
  const controls = new Map<string, string>();
  for (const c of childrenNamed(element, 'controlfield')) if (c.attrs.tag) controls.set(c.attrs.tag, c.text);
  const fields = childrenNamed(element, 'datafield').map((d) => ({
    tag: d.attrs.tag ?? '',
    ind1: d.attrs.ind1 ?? ' ',
    ind2: d.attrs.ind2 ?? ' ',
    subfields: childrenNamed(d, 'subfield').map((s): [string, string] => [s.attrs.code ?? '', s.text]),
  }));
  return { leader: childrenNamed(element, 'leader')[0]?.text, controls, fields };
}

/** The fields with this tag, in order. */
export function fieldsOf(record: MarcRecord, tag: string): MarcField[] {
  return record.fields.filter((f) => f.tag === tag);
}

/** The first value of a subfield code in a field. */
export function sub(field: MarcField | undefined, code: string): string | undefined {
  return field?.subfields.find(([c]) => c === code)?.[1];
}

/** Every value of a subfield code in a field. */
export function subs(field: MarcField | undefined, code: string): string[] {
  return field ? field.subfields.filter(([c]) => c === code).map(([, v]) => v) : [];
}

/** Whether the record holds UNIMARC fields rather than MARC 21 (a 200 title and no 245). */
export function isUnimarc(record: MarcRecord): boolean {
  return record.fields.some((f) => f.tag === '200') && !record.fields.some((f) => f.tag === '245');
}
