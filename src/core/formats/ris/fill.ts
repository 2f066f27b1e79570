/**
 * RIS: records with an ISBN in `SN` whose book was found get the tags they
 * lack, as new lines before their `ER` line (the record's own tags keep their
 * order); in refresh mode single-valued tags that differ get the new value.
 * Authors are added only to a record that names none.
 */
import { type AnnotationReport, emptyReport } from '../../model/fillReport';
import { minimalEdit, type TextEdit } from '../../edit/textEdit';
import type { LookupResult } from '../../model/lookup';
import { addEntryEdits, foundBook, isbnsOfEntries } from '../shared/entryLookup';
import { type FillMode, planFill } from '../shared/fillPlan';
import { readRis } from './read';
import { risLineBreak, risRecords, snIsbns } from './records';
import { risFields, risSameMeaning } from './fields';

export function risIsbns(text: string): string[] {
  return isbnsOfEntries(readRis(text));
}

export function fillRis(text: string, results: ReadonlyMap<string, LookupResult>, mode: FillMode = 'fill'): { edits: TextEdit[]; report: AnnotationReport } {
  const report = emptyReport();
  const edits: TextEdit[] = [];
  const lineBreak = risLineBreak(text);
  for (const record of risRecords(text)) {
    const isbns = snIsbns(record);
    if (isbns.length === 0) continue;
    const book = foundBook(isbns, results, report);
    if (!book || !record.er) {
      if (book) report.leftAlone++; // a record cut off before its ER line is not ours to finish
      continue;
    }
    const firstLine = (tag: string) => record.lines.find((l) => l.tag === tag && l.value.trim() !== '');
    const type = record.lines[0].value.trim();
    const plan = planFill(
      risFields(book, type),
      (tag) => firstLine(tag) !== undefined,
      risSameMeaning,
      (tag, value) => tag === 'AU' || sameText(firstLine(tag)!.value, value[0]),
      mode,
    );
    const recordEdits: TextEdit[] = [];
    for (const { name, value } of plan.replace) {
      const line = firstLine(name)!;
      const edit = minimalEdit(text, line.valueStart, line.end, value[0]);
      if (edit) recordEdits.push(edit);
    }
    if (plan.add.length > 0) {
      const newLines = plan.add.flatMap(({ name, value }) => value.map((v) => `${name}  - ${v}${lineBreak}`)).join('');
      recordEdits.push({ start: record.er.start, end: record.er.start, newText: newLines });
    }
    addEntryEdits(edits, recordEdits, plan, report);
  }
  return { edits, report };
}

function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
}
