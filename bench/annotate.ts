// Annotation benchmark: (1) filling a generated 2,000-entry BibTeX file once
// every look-up is cached: the cache answers through the batcher, then the
// edits are computed; (2) one keystroke in a 10,000-line file: the
// incremental rescan that diagnostics, code actions and inline titles read.
// Run: `npx tsx bench/annotate.ts`, or import benchAnnotate() from a bench runner.
import { performance } from 'node:perf_hooks';
import { computeAnnotation, isbnsToAnnotate } from '../test/helpers/formats';
import { applyEdits } from '../src/core/edit/textEdit';
import { isbn13CheckDigit, parseIsbn } from '../src/core/isbn/parse';
import { type LineSource, rescan, scanAll } from '../src/core/scan/lineScan';
import { Batcher } from '../src/core/lookups/batcher';
import type { Book } from '../src/core/model/book';
import { BookCache } from '../src/core/cache/cache';

const ENTRIES = 2000;
const LINES = 10_000;
const KEYSTROKES = 200;

/** ISBN-13s in a registrant range isbn3 knows (978-0-306-…), distinct per index. */
function isbn13(i: number): string {
  const body = `978030${String(100000 + i).slice(-6)}`;
  return body + isbn13CheckDigit(body);
}

function makeBook(i: number): Book {
  return {
    isbn13: isbn13(i),
    title: `Collected Essays on Topic ${i}: Volume ${i % 7} & More`,
    authors: [`Author${i} Family${i}`, `Second Writer${i}`],
    publisher: `Press ${i % 50}`,
    year: 1950 + (i % 70),
    pages: 100 + (i % 400),
    language: 'en',
    subjects: [],
    deweyDecimal: [],
    otherIsbns: [],
  };
}

/** Entries in varied styles; each has an isbn and lacks some fields. */
function makeBib(): string {
  const parts: string[] = ['% Generated bibliography\n@string{pub = "Some Press"}\n'];
  for (let i = 0; i < ENTRIES; i++) {
    const isbn = parseIsbn(isbn13(i))!.hyphenated13;
    if (i % 3 === 0) parts.push(`@book{key${i},\n  author    = {Family${i}, Author${i}},\n  isbn      = {${isbn}},\n}\n`);
    else if (i % 3 === 1) parts.push(`@Book{key${i},\n    title = "Old title ${i}",\n    isbn = "${isbn}"\n}\n`);
    else parts.push(`@book{key${i}, isbn = {${isbn}}, year = ${1950 + (i % 70)}}\n`);
  }
  return parts.join('\n');
}

/** A 10,000-line Markdown file with an ISBN every tenth line, some invalid. */
function makeLines(): string[] {
  return Array.from({ length: LINES }, (_, i) =>
    i % 10 === 0 ? `- Book ${i}, ISBN ${parseIsbn(isbn13(i % ENTRIES))!.hyphenated13}${i % 100 === 0 ? '9' : ''} — notes` : `Prose line ${i} with some words and a number ${i * 7}.`,
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

function time<T>(fn: () => T): { ms: number; result: T } {
  const start = performance.now();
  const result = fn();
  return { ms: performance.now() - start, result };
}

export async function benchAnnotate(): Promise<Record<string, number | string>> {
  const round = (x: number) => Math.round(x * 100) / 100;

  // (1) BibTeX, all look-ups cached.
  const bib = makeBib();
  const cache = new BookCache({ maxEntries: 10_000 });
  for (let i = 0; i < ENTRIES; i++) cache.setFound(isbn13(i), makeBook(i));
  const batcher = new Batcher(undefined, { cache });
  computeAnnotation(bib, 'bibtex', new Map()); // warm-up: JIT, parser, isbn3 cache
  const runs: number[] = [];
  let fields = 0;
  let filled = bib;
  let lookupMs = 0;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const isbns = isbnsToAnnotate(bib, 'bibtex');
    const lookupStart = performance.now();
    const results = await batcher.lookup(isbns);
    lookupMs = performance.now() - lookupStart;
    const { edits, report } = computeAnnotation(bib, 'bibtex', results, 'fill');
    runs.push(performance.now() - start);
    fields = report.fields;
    filled = applyEdits(bib, edits);
  }
  const results = await batcher.lookup(isbnsToAnnotate(filled, 'bibtex'));
  const rerun = time(() => computeAnnotation(filled, 'bibtex', results, 'fill'));
  batcher.dispose();

  // (2) One keystroke in a 10,000-line file.
  const lines = makeLines();
  const source: LineSource = { lineCount: lines.length, lineAt: (line) => lines[line] };
  scanAll(source); // warm-up
  const full = time(() => scanAll(source));
  let items = full.result;
  const keystrokes: number[] = [];
  for (let k = 0; k < KEYSTROKES; k++) {
    const line = 1000 + ((k * 37) % 8000);
    lines[line] += 'x';
    const t = time(() => rescan(items, [{ startLine: line, endLine: line, text: 'x' }], source));
    items = t.result;
    keystrokes.push(t.ms);
  }

  return {
    bibEntries: ENTRIES,
    bibKb: Math.round(bib.length / 1024),
    annotateBibMs: round(percentile(runs, 0.5)),
    annotateBibBestMs: round(Math.min(...runs)),
    cachedLookupMs: round(lookupMs),
    fieldsFilled: fields,
    rerunOnFilledMs: round(rerun.ms),
    rerunEdits: rerun.result.edits.length, // 0: a rerun changes nothing
    fileLines: LINES,
    fullScanMs: round(full.ms),
    keystrokeRescanMedianMs: round(percentile(keystrokes, 0.5)),
    keystrokeRescanP95Ms: round(percentile(keystrokes, 0.95)),
  };
}

if (require.main === module) {
  benchAnnotate().then(
    (figures) => console.table(figures),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
