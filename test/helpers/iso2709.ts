/**
 * Binary MARC (ISO 2709) records for the finder's tests: a 24-character
 * leader, a directory of 12-digit entries (tag, length, offset in bytes),
 * U+001E after the directory and each field, U+001D after the record,
 * U+001F before each subfield code. Lengths and offsets count UTF-8 bytes, as
 * real files do.
 */

const SUBFIELD = '\x1f';
const FIELD_END = '\x1e';
const RECORD_END = '\x1d';

/** A control field (`['001', '12345']`) or a data field: tag, two indicators, subfields as [code, value]. */
export type MarcField = [tag: string, data: string] | [tag: string, indicators: string, subfields: Array<[string, string]>];

/**
 * One record. `type`: leader positions 5-9 (status, type, level, control,
 * coding: `nam a` for MARC 21, `nam0 ` for UNIMARC); `tail`: positions 17-23.
 */
export function iso2709Record(fields: readonly MarcField[], type = 'nam a', tail = ' a 4500'): string {
  const bodies = fields.map((f) => (f.length === 2 ? f[1] : f[1] + f[2].map(([code, value]) => SUBFIELD + code + value).join('')) + FIELD_END);
  let offset = 0;
  const directory = fields
    .map((f, k) => {
      const length = Buffer.byteLength(bodies[k], 'utf8');
      const entry = f[0] + pad(length, 4) + pad(offset, 5);
      offset += length;
      return entry;
    })
    .join('');
  const base = 24 + directory.length + 1;
  const length = base + offset + 1;
  return pad(length, 5) + type + '22' + pad(base, 5) + tail + directory + FIELD_END + bodies.join('') + RECORD_END;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
