/** The one-line summary for the user of what an annotation run did (model/fillReport.ts counts it). */
import type { AnnotationReport } from '../model/fillReport';
import { notAskedPart } from '../lookupSummary';

/** "Annotated 3 ISBNs, 1 already up to date, 1 not found." / "Filled 7 fields in 3 entries, …" */
export function summaryText(report: AnnotationReport, format: 'markdown' | 'bibtex' | 'csl-json' | 'csl-yaml' | 'ris'): string {
  if (report.refused) return report.refused;
  const head =
    format === 'markdown'
      ? `Annotated ${plural(report.changed, 'ISBN')}`
      : report.fields === 0
        ? 'Filled no fields'
        : `Filled ${plural(report.fields, 'field')} in ${plural(report.changed, 'entry', 'entries')}`;
  const parts = [head];
  if (report.unchanged > 0) parts.push(`${report.unchanged} already up to date`);
  if (report.notFound > 0) parts.push(`${report.notFound} not found`);
  if (report.invalid > 0) parts.push(`${report.invalid} invalid`);
  if (report.skippedForQuota > 0) parts.push(`${report.skippedForQuota} skipped for quota`);
  if (report.notAsked > 0) parts.push(notAskedPart(report));
  if (report.failed > 0) parts.push(`${report.failed} failed`);
  if (report.notLookedUp > 0) parts.push(`${report.notLookedUp} added during the look-up (run again to include them)`);
  if (report.leftAlone > 0) {
    parts.push(leftAloneText(report.leftAlone, format));
  }
  return parts.join(', ') + '.';
}

function leftAloneText(n: number, format: Parameters<typeof summaryText>[1]): string {
  switch (format) {
    case 'markdown':
      return `${n} left alone in code or links`;
    case 'bibtex':
      return `${plural(n, 'entry', 'entries')} skipped: not valid BibTeX`;
    case 'ris':
      return `${plural(n, 'record')} skipped: no ER line`;
    default:
      return `${plural(n, 'item')} skipped`;
  }
}

function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}
