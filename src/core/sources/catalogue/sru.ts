/**
 * SRU, as the four catalogues speak it (library-catalogues-facts.md, "Common to the four SRU
 * services"): a GET with `operation=searchRetrieve`, `version`, a CQL `query`, `recordSchema`,
 * `maximumRecords`; the answer a `searchRetrieveResponse` (SRU 1.1/1.2 namespace, or 2.0's) with
 * `numberOfRecords`, `records/record/recordData` and, for an error, `diagnostics` in an HTTP 200.
 * Elements are matched by namespace and local name: the prefixes differ per service.
 */
import { ServiceError } from '../../model/errors';
import { isUnimarc, readMarcRecord } from './marc';
import { catalogueRecordFromMarc21 } from './marc21';
import type { CatalogueRecord } from './record';
import { catalogueRecordFromUnimarc } from './unimarc';
import { childNamed, childrenNamed, descendantsNamed, parseXml, XmlError, type XmlElement } from './xml';

export const SRU_NS = 'http://www.loc.gov/zing/srw/';
export const SRU2_NS = 'http://docs.oasis-open.org/ns/search-ws/sruResponse';
const SRU_NAMESPACES = new Set([SRU_NS, SRU2_NS]);

export interface SruRequest {
  version: string;
  query: string;
  recordSchema?: string;
  maximumRecords: number;
}

/** `?version=…&operation=searchRetrieve&query=…` with the query percent-encoded (a space is `%20`). */
export function sruQueryString(request: SruRequest): string {
  const params = [
    `version=${request.version}`,
    'operation=searchRetrieve',
    `query=${encodeURIComponent(request.query)}`,
    ...(request.recordSchema ? [`recordSchema=${encodeURIComponent(request.recordSchema)}`] : []),
    `maximumRecords=${request.maximumRecords}`,
  ];
  return `?${params.join('&')}`;
}

export interface SruAnswer {
  /** What the service says it holds for the query (may be more than it sent). */
  total: number;
  records: CatalogueRecord[];
  /** How many records it sent (some may not be readable as books). */
  sent: number;
}

/** The first element child of each record's `recordData`: a MARCXML or marcxchange record. */
function recordElements(response: XmlElement): XmlElement[] {
  const records = childNamed(response, 'records');
  if (!records) return [];
  return childrenNamed(records, 'record').flatMap((r) => {
    const data = childNamed(r, 'recordData');
    const record = data?.children[0];
    return record ? [record] : [];
  });
}

/** A MARC record element as a catalogue record (MARC 21 or UNIMARC, told by its fields); undefined without a title. */
export function catalogueRecordOf(element: XmlElement): CatalogueRecord | undefined {
  const marc = readMarcRecord(element);
  return isUnimarc(marc) ? catalogueRecordFromUnimarc(marc) : catalogueRecordFromMarc21(marc);
}

/**
 * A 2xx SRU answer: its records, or a `ServiceError` whose reason names `source`: `badResponse` for XML that
 * cannot be read or is no SRU answer, `server` (with the diagnostic's URI) for a diagnostic,
 * which rests the source as a failure does.
 */
export function readSruAnswer(text: string, source: string): SruAnswer {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (e) {
    throw new ServiceError('badResponse', { why: 'notXml', source, ...(e instanceof XmlError && { parser: e.message }) });
  }
  if (root.local !== 'searchRetrieveResponse' || !SRU_NAMESPACES.has(root.ns)) {
    throw new ServiceError('badResponse', { why: 'notSru', source, root: root.local });
  }
  const diagnostic = childNamed(root, 'diagnostics') && descendantsNamed(childNamed(root, 'diagnostics')!, 'diagnostic')[0];
  if (diagnostic) {
    const uri = childNamed(diagnostic, 'uri')?.text.trim() ?? 'info:srw/diagnostic/1/?';
    // The DNB swaps `details` and `message`: both are shown.
    const words = [childNamed(diagnostic, 'message')?.text.trim(), childNamed(diagnostic, 'details')?.text.trim()].filter(Boolean).join(': ');
    const number = /\/(\d+)$/.exec(uri)?.[1] ?? '?';
    throw new ServiceError('server', { why: 'sruDiagnostic', source, number, ...(words && { said: words.slice(0, 200) }) }, { status: 200, diagnostic: uri });
  }
  const total = Number(childNamed(root, 'numberOfRecords')?.text.trim() ?? '0');
  const elements = recordElements(root);
  return {
    total: Number.isFinite(total) ? total : elements.length,
    sent: elements.length,
    records: elements.map(catalogueRecordOf).filter((r): r is CatalogueRecord => r !== undefined),
  };
}
