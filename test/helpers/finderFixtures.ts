/**
 * The finder's realistic fixture set (test/fixtures/finder): documents written
 * for these tests in the shapes of real exports (Goodreads and LibraryThing,
 * MARC, MARCXML, ONIX, Open Library and Google Books JSON, SQL dumps and
 * queries, YAML and CSL YAML, RIS, BibTeX, Markdown reading lists, encyclopedia
 * pages as HTML, Markdown and wikitext), with the true ISBNs listed by hand
 * in expected.json. Precision and recall are counted on distinct ISBN-13s per file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findIsbns } from '../../src/core/isbn/find';
import { documentShape } from '../../src/core/documentKind/documentKind';

export const FIXTURE_DIR = join(__dirname, '..', 'fixtures', 'finder');

export interface FileScore {
  file: string;
  truePositives: number;
  falsePositives: string[];
  missed: string[];
}

export function fixtureFiles(): Array<{ file: string; text: string; expected: string[] }> {
  const { files } = JSON.parse(readFileSync(join(FIXTURE_DIR, 'expected.json'), 'utf8')) as { files: Record<string, string[]> };
  return Object.entries(files).map(([file, expected]) => ({ file, text: readFileSync(join(FIXTURE_DIR, file), 'utf8'), expected }));
}

/** Scores every fixture; `withName` tells the finder the file name (as the editor's language id would). */
export function scoreFixtures(withName: boolean): { files: FileScore[]; precision: number; recall: number } {
  const files: FileScore[] = [];
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const { file, text, expected } of fixtureFiles()) {
    const options = withName ? { shape: documentShape({ fileName: file }, text) } : {};
    const found = new Set(findIsbns(text, options).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])));
    const truth = new Set(expected);
    const score: FileScore = {
      file,
      truePositives: [...found].filter((isbn) => truth.has(isbn)).length,
      falsePositives: [...found].filter((isbn) => !truth.has(isbn)),
      missed: [...truth].filter((isbn) => !found.has(isbn)),
    };
    tp += score.truePositives;
    fp += score.falsePositives.length;
    fn += score.missed.length;
    files.push(score);
  }
  return { files, precision: tp / (tp + fp), recall: tp / (tp + fn) };
}
