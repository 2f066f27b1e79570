// Writing catalogue answers as the services do (library-catalogues-facts.md): MARC 21 in MARCXML,
// UNIMARC in marcxchange, each wrapped in an SRU answer with the service's own prefix (`zs:` at
// K10plus, none at the DNB, `srw:` at the BnF), diagnostics in an HTTP 200. Used by the sandbox's
// emulations and by the unit tests of the mappings, on records of our own making.

export type Subfields = Array<[code: string, value: string]>;
/** A data field: tag, the two indicators as one string (" 1"), its subfields. */
export type DataField = [tag: string, indicators: string, subfields: Subfields];

export interface MarcDescription {
  controls?: Array<[tag: string, value: string]>;
  fields: DataField[];
}

export const MARC21_NS = 'http://www.loc.gov/MARC21/slim';
export const MARCXCHANGE_NS = 'info:lc/xmlns/marcxchange-v2';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A MARC record element: MARCXML unprefixed (`marc21`), or marcxchange with the `mxc:` prefix (`unimarc`, as the BnF sends it). */
export function marcRecordXml(record: MarcDescription, flavour: 'marc21' | 'unimarc'): string {
  const p = flavour === 'unimarc' ? 'mxc:' : '';
  const open = flavour === 'unimarc' ? `<mxc:record xmlns:mxc="${MARCXCHANGE_NS}" format="UNIMARC" type="Bibliographic">` : `<record xmlns="${MARC21_NS}" type="Bibliographic">`;
  const lines = [open, `<${p}leader>00000nam a2200000 c 4500</${p}leader>`];
  for (const [tag, value] of record.controls ?? []) lines.push(`<${p}controlfield tag="${tag}">${escapeXml(value)}</${p}controlfield>`);
  for (const [tag, ind, subfields] of record.fields) {
    lines.push(`<${p}datafield tag="${tag}" ind1="${ind[0] ?? ' '}" ind2="${ind[1] ?? ' '}">`);
    for (const [code, value] of subfields) lines.push(`  <${p}subfield code="${code}">${escapeXml(value)}</${p}subfield>`);
    lines.push(`</${p}datafield>`);
  }
  lines.push(flavour === 'unimarc' ? '</mxc:record>' : '</record>');
  return lines.join('\n');
}

export interface SruAnswerOptions {
  /** The SRU prefix: 'zs' (K10plus), '' (DNB), 'srw' (BnF, LoC). */
  prefix: string;
  version: string;
  schema: string;
  /** numberOfRecords; default the records' count. */
  total?: number;
  query?: string;
}

/** A searchRetrieveResponse holding the record elements. */
export function sruAnswerXml(records: readonly string[], options: SruAnswerOptions): string {
  const p = options.prefix ? `${options.prefix}:` : '';
  const ns = options.prefix ? `xmlns:${options.prefix}="http://www.loc.gov/zing/srw/"` : 'xmlns="http://www.loc.gov/zing/srw/"';
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>`, `<${p}searchRetrieveResponse ${ns}>`, `<${p}version>${options.version}</${p}version>`, `<${p}numberOfRecords>${options.total ?? records.length}</${p}numberOfRecords>`];
  if (records.length > 0) {
    parts.push(`<${p}records>`);
    records.forEach((record, i) => {
      parts.push(`<${p}record><${p}recordSchema>${options.schema}</${p}recordSchema><${p}recordPacking>xml</${p}recordPacking><${p}recordData>${record}</${p}recordData><${p}recordPosition>${i + 1}</${p}recordPosition></${p}record>`);
    });
    parts.push(`</${p}records>`);
  }
  // The DNB sends nextRecordPosition even when there is no next record.
  parts.push(`<${p}nextRecordPosition>${records.length + 1}</${p}nextRecordPosition>`);
  if (options.query !== undefined) parts.push(`<${p}echoedSearchRetrieveRequest><${p}version>${options.version}</${p}version><${p}query>${escapeXml(options.query)}</${p}query></${p}echoedSearchRetrieveRequest>`);
  parts.push(`</${p}searchRetrieveResponse>`);
  return parts.join('\n');
}

/** An SRU diagnostic in an HTTP 200 (`swapped`: the DNB's `details` and `message` the other way round). */
export function sruDiagnosticXml(number: number, options: { prefix: string; version: string; swapped?: boolean; message?: string; details?: string }): string {
  const p = options.prefix ? `${options.prefix}:` : '';
  const ns = options.prefix ? `xmlns:${options.prefix}="http://www.loc.gov/zing/srw/"` : 'xmlns="http://www.loc.gov/zing/srw/"';
  const message = options.message ?? 'Query syntax error';
  const details = options.details ?? '';
  const [d, m] = options.swapped ? [message, details] : [details, message];
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<${p}searchRetrieveResponse ${ns}><${p}version>${options.version}</${p}version><${p}numberOfRecords>0</${p}numberOfRecords>`,
    `<${p}diagnostics><diag:diagnostic xmlns:diag="http://www.loc.gov/zing/srw/diagnostic/"><diag:uri>info:srw/diagnostic/1/${number}</diag:uri><diag:details>${escapeXml(d)}</diag:details><diag:message>${escapeXml(m)}</diag:message></diag:diagnostic></${p}diagnostics>`,
    `</${p}searchRetrieveResponse>`,
  ].join('\n');
}
