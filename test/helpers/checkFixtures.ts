/**
 * Check Bibliography's fixtures (test/fixtures/check): a BibTeX library, a CSL-JSON list and a
 * Markdown reading list of my own making, shaped after real ones, each entry labelled by hand in
 * records.json (`same`, `other-book`, `other-edition`, `unknown-isbn`, `unfair`), beside the
 * catalogue records of their ISBNs. Read through the formats' parts and checked as the command does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CheckedIsbn, checkEntries } from '../../src/core/check/checkEntries';
import { formatPart } from '../../src/core/formats/registry';
import type { FormatId } from '../../src/core/formats/formatId';
import type { LookupResult } from '../../src/core/model/lookup';
import { book } from './books';

const DIR = join(__dirname, '..', 'fixtures', 'check');

export const CHECK_FIXTURES: ReadonlyArray<{ file: string; format: FormatId }> = [
  { file: 'library.bib', format: 'bibtex' },
  { file: 'items.json', format: 'csl-json' },
  { file: 'reading-list.md', format: 'markdown' },
  // Written after the rules were tuned on the three above, and scored as they come.
  { file: 'heldout.bib', format: 'bibtex' },
];

export type Label = 'same' | 'other-book' | 'other-edition' | 'unknown-isbn' | 'unfair';

interface RecordJson {
  title: string;
  titleLong?: string;
  authors: string[];
  publisher?: string;
  year?: number;
  edition?: string;
  binding?: string;
}

export function checkFixtureData(): { results: Map<string, LookupResult>; labels: Map<string, Label> } {
  const json = JSON.parse(readFileSync(join(DIR, 'records.json'), 'utf8')) as { records: Record<string, RecordJson>; labels: Record<string, Label> };
  const results = new Map<string, LookupResult>();
  for (const [isbn, r] of Object.entries(json.records)) {
    results.set(isbn, { status: 'found', book: book(isbn, r.title, r.authors, { titleLong: r.titleLong, publisher: r.publisher, year: r.year, edition: r.edition, binding: r.binding }), source: 'openLibrary' });
  }
  return { results, labels: new Map(Object.entries(json.labels)) };
}

export interface LabelledVerdict {
  /** `file#key`, or `file#line` (1-based) for a reading list. */
  id: string;
  label: Label | undefined;
  checked: CheckedIsbn;
}

/** Every fixture entry checked against the records (an ISBN without one: known to no source). */
export async function checkFixtures(): Promise<LabelledVerdict[]> {
  const { results, labels } = checkFixtureData();
  const resultOf = (isbn: string): LookupResult => results.get(isbn) ?? { status: 'notFound', asked: ['openLibrary', 'googleBooks'] };
  const out: LabelledVerdict[] = [];
  for (const { file, format } of CHECK_FIXTURES) {
    const text = readFileSync(join(DIR, file), 'utf8');
    const part = formatPart(format);
    const entries = part.reading(text).entries();
    const { checked } = await checkEntries(entries, part.isPart, resultOf, async () => undefined);
    for (const c of checked) {
      const entry = entries.find((e) => e.start === c.entryStart)!;
      const id = `${file}#${format === 'markdown' ? entry.line + 1 : entry.key}`;
      out.push({ id, label: labels.get(id), checked: c });
    }
  }
  return out;
}

/** Precision and recall of `other-book` (and of the other codes) against the labels. */
export function scoreOf(verdicts: readonly LabelledVerdict[], code: 'other-book' | 'other-edition' | 'unknown-isbn'): { precision: number; recall: number; truePositives: number; falsePositives: string[]; falseNegatives: string[] } {
  const falsePositives: string[] = [];
  const falseNegatives: string[] = [];
  let truePositives = 0;
  for (const { id, label, checked } of verdicts) {
    const flagged = checked.verdict.kind === code;
    if (flagged && label === code) truePositives++;
    else if (flagged) falsePositives.push(`${id} (${label})`);
    else if (label === code) falseNegatives.push(`${id} (${checked.verdict.kind})`);
  }
  const precision = truePositives + falsePositives.length === 0 ? 1 : truePositives / (truePositives + falsePositives.length);
  const recall = truePositives + falseNegatives.length === 0 ? 1 : truePositives / (truePositives + falseNegatives.length);
  return { precision, recall, truePositives, falsePositives, falseNegatives };
}
