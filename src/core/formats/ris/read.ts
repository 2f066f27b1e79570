/** RIS files as bibliography entries. RIS has no cite keys: `ID` serves where a record has one. */
import { type BibliographyEntry, lineCounter, yearOf } from '../shared/entry';
import { risRecords, risValues, snIsbns } from './records';

export function readRis(text: string): BibliographyEntry[] {
  const line = lineCounter(text);
  return risRecords(text).map((record): BibliographyEntry => {
    const fields = new Map<string, string>();
    for (const l of record.lines) if (!fields.has(l.tag.toLowerCase()) && l.value.trim()) fields.set(l.tag.toLowerCase(), l.value.trim());
    const id = record.lines.find((l) => l.tag === 'ID' && l.value.trim());
    const isbns = snIsbns(record);
    return {
      format: 'ris',
      key: id?.value.trim() ?? '',
      type: (risValues(record, 'TY')[0] ?? '').toLowerCase(),
      start: record.start,
      end: record.end,
      keyStart: id ? id.valueStart : record.start,
      keyEnd: id ? id.valueStart + id.value.trim().length : record.start,
      line: line(record.start),
      isbns,
      authors: risValues(record, 'AU', 'A1'),
      editors: risValues(record, 'ED', 'A2', 'A3'),
      title: risValues(record, 'TI', 'T1', 'BT')[0],
      year: yearOf(risValues(record, 'PY', 'Y1', 'DA')[0]),
      fields,
    };
  });
}
