// Scan benchmark: the finder against one pass of a bare ISBN-ish regex over
// the same text, on three ~10 MB deterministic corpora: a mixed one, reading
// lists only (an ISBN every ~80 characters, the worst case), and notes of
// another make at the density of a real notes vault (~63,000 ISBNs in BibTeX,
// Markdown and prose). Target: ratio <= 2 on each. Also isbnlib (Python) on
// the same text when Debian's python3-isbnlib is installed (target: the finder
// >= 20x isbnlib), and what the first sight of a corpus's ISBNs adds. Best of
// 24 (BENCH_RUNS) after a warm-up, the finder's and the regex's runs
// interleaved, in eight rounds over the corpora with an isbnlib pass on each
// between them: this machine's busy spells last seconds and slow the finder
// more than the regex, so the runs are spread over half a minute.
// BENCH_ROUNDS_LOG=1 prints each round's best of both. The finder
// is timed as the editor's index calls it (scanIsbns: positions and shared
// infos, no object per match); the object form that annotate uses
// (findIsbns) is printed beside it.
//
// The finder is timed as it ships: bundled by esbuild, as in dist/lazy.js, in
// a process of its own. Run from TypeScript through tsx, every call across a
// module goes through a getter (its CommonJS interop), which the extension's
// bundle does not have and which cost the finder a fifth of its time here.
// Run: `npx tsx bench/scan.ts`, or import benchScan() from a runner.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { findIsbns, scanIsbns } from '../src/core/isbn/find';
import { clearIsbnCache, isbn10CheckDigit, isbn13CheckDigit, parseIsbn } from '../src/core/isbn/parse';
import { prng } from '../test/helpers/prng';

/** The "bare" baseline: one regex pass that only proposes ISBN-shaped runs. */
export const BARE_REGEX = /(?:97[89][- ]?)?\d[\d -]{8,15}[\dXx]/g;

const TARGET_BYTES = 10 * 1024 * 1024;
/** Timed runs per figure, best kept: 24, or BENCH_RUNS. */
const RUNS = Number(process.env.BENCH_RUNS) || 24;
/** isbnlib's passes per corpus, best kept: a second or so each. */
const ISBNLIB_RUNS = 8;
/** Set in the bundled process that benchScan starts. */
const BUNDLED = 'ISBN_LENS_BENCH_BUNDLED';
const ROWS_LINE = 'rows: ';
const BOOK_POOL = 2000; // distinct books a large notes vault might cite


// Registrant prefixes that isbn3 has ranges for, with the article length left.
const REGISTRANTS: Array<[string, number]> = [
  ['978-0-306', 5],
  ['978-3-16', 6],
  ['978-0-19', 6],
  ['978-2-07', 6],
  ['978-1-4028', 4],
  ['978-88-04', 5],
  ['979-10-90636', 2],
  ['979-8-3000', 4],
];

const WORDS = (
  'the of and a to in is was for on that with as by at from his her an were are which this be or ' +
  'history theory notes reading chapter volume edition press university introduction essays ' +
  'language mathematics physics novel poetry letters science philosophy art war peace'
).split(' ');
const NAMES = ['Knuth', 'Austen', 'Tolstoy', 'Hofstadter', 'Calvino', 'Le Guin', 'Eco', 'Borges', 'Woolf', 'Sagan'];

interface Book {
  h13: string; // hyphenated ISBN-13
  h10?: string; // hyphenated ISBN-10 for 978 books
  title: string;
  author: string;
}

function makeBooks(rand: () => number, registrants = REGISTRANTS, count = BOOK_POOL): Book[] {
  const books: Book[] = [];
  for (let i = 0; i < count; i++) {
    const [prefix, articleLength] = registrants[Math.floor(rand() * registrants.length)];
    let article = '';
    for (let k = 0; k < articleLength; k++) article += Math.floor(rand() * 10);
    const body = `${prefix}-${article}`;
    const digits12 = body.replace(/-/g, '');
    const h13 = `${body}-${isbn13CheckDigit(digits12)}`;
    const h10 = prefix.startsWith('978') ? `${body.slice(4)}-${isbn10CheckDigit(digits12.slice(3))}` : undefined;
    if (parseIsbn(h13)?.hyphenated13 !== h13) throw new Error(`bench registrant table is wrong: ${h13}`);
    const title = Array.from({ length: 2 + Math.floor(rand() * 4) }, () => pick(rand, WORDS)).join(' ');
    books.push({ h13, h10, title, author: pick(rand, NAMES) });
  }
  return books;
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)];
}

function digits(rand: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rand() * 10);
  return s;
}

/** One ISBN of `book` in a random notation. */
function notation(rand: () => number, book: Book): string {
  const useTen = book.h10 !== undefined && rand() < 0.3;
  const hyphenated = useTen ? book.h10! : book.h13;
  switch (Math.floor(rand() * 4)) {
    case 0:
      return hyphenated;
    case 1:
      return hyphenated.replace(/-/g, '');
    case 2:
      return hyphenated.replace(/-/g, ' ');
    default:
      return useTen ? hyphenated : `${hyphenated.slice(0, 3)}-${hyphenated.slice(4).replace(/-/g, '')}`;
  }
}

function prose(rand: () => number, words: number): string {
  return Array.from({ length: words }, () => pick(rand, WORDS)).join(' ');
}

/** Numbers that look like ISBNs but are not: phones, DOIs, dates, arXiv, EAN, timestamps. */
function lookAlike(rand: () => number): string {
  switch (Math.floor(rand() * 8)) {
    case 0:
      return `+1 555-${digits(rand, 3)}-${digits(rand, 4)}`;
    case 1:
      return `(0${digits(rand, 2)}) ${digits(rand, 3)}-${digits(rand, 4)}`;
    case 2:
      return `doi:10.${digits(rand, 4)}/${digits(rand, 13)}`;
    case 3:
      return `20${digits(rand, 2)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`;
    case 4:
      return `arXiv:2${digits(rand, 3)}.${digits(rand, 5)}v2`;
    case 5:
      return `EAN 40${digits(rand, 11)}`;
    case 6:
      return `ts=16${digits(rand, 11)}`;
    default:
      return `order ${digits(rand, 10)} at ${digits(rand, 2)}:${digits(rand, 2)}`;
  }
}

function markdownList(rand: () => number, books: Book[]): string {
  let s = `## Reading list: ${prose(rand, 3)}\n\n`;
  for (let i = 0; i < 8; i++) {
    const b = pick(rand, books);
    switch (Math.floor(rand() * 4)) {
      case 0:
        s += `- *${b.title}* by ${b.author}, ISBN ${notation(rand, b)}\n`;
        break;
      case 1:
        s += `- [${b.title}](https://openlibrary.org/isbn/${b.h13.replace(/-/g, '')}) ${prose(rand, 6)}\n`;
        break;
      case 2:
        s += `| ${b.title} | ${b.author} | ${notation(rand, b)} | ${1950 + Math.floor(rand() * 70)} |\n`;
        break;
      default:
        s += `- **ISBN-13:** ${b.h13} — ${prose(rand, 8)}\n`;
    }
  }
  return s + '\n';
}

const PUBLISHERS = ['Springer', 'Gallimard', 'Oxford University Press', 'Mohr Siebeck', 'Mondadori', 'Plenum'];
const CITIES = ['Berlin', 'Paris', 'Oxford', 'Tübingen', 'Milano', 'New York'];

/** A BibTeX entry as reference managers write them, CRLF line ends. */
function bibtex(rand: () => number, books: Book[]): string {
  const b = pick(rand, books);
  const other = pick(rand, books);
  const isbns = rand() < 0.3 ? `${notation(rand, b)}, ${notation(rand, other)}` : notation(rand, b);
  return (
    `@book{${b.author.replace(/ /g, '').toLowerCase()}${digits(rand, 4)},\r\n` +
    `  author    = {${b.author}},\r\n` +
    `  title     = {${b.title}},\r\n` +
    `  publisher = {${pick(rand, PUBLISHERS)}},\r\n` +
    `  address   = {${pick(rand, CITIES)}},\r\n` +
    `  edition   = {${1 + Math.floor(rand() * 5)}},\r\n` +
    `  year      = {${1950 + Math.floor(rand() * 70)}},\r\n` +
    `  pages     = {${100 + Math.floor(rand() * 900)}},\r\n` +
    `  isbn      = {${isbns}},\r\n` +
    `  doi       = {10.1007/${b.h13}_${1 + Math.floor(rand() * 20)}},\r\n` +
    `  url       = {https://link.springer.com/book/10.1007/${b.h13.replace(/-/g, '')}},\r\n` +
    `  keywords  = {${prose(rand, 4)}},\r\n` +
    `}\r\n\r\n`
  );
}

function plain(rand: () => number, books: Book[]): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += `${prose(rand, 10)} ${lookAlike(rand)} ${prose(rand, 6)}. `;
  if (rand() < 0.5) s += `See ${notation(rand, pick(rand, books))} for details. `;
  return s + '\n\n';
}

/**
 * Deterministic corpus of about `bytes` UTF-16 code units: Markdown reading
 * lists, BibTeX entries and plain prose with look-alikes, in proportions
 * `mix` (the rest is prose). `mix = [1, 0]` gives the densest case, lists only.
 */
export function makeCorpus(seed = 42, bytes = TARGET_BYTES, mix: [number, number] = [0.35, 0.35]): string {
  const rand = prng(seed);
  const books = makeBooks(rand);
  return fill(bytes, () => {
    const r = rand();
    return r < mix[0] ? markdownList(rand, books) : r < mix[0] + mix[1] ? bibtex(rand, books) : plain(rand, books);
  });
}

/** Parts from `next` joined until they make `bytes`. */
function fill(bytes: number, next: () => string): string {
  const parts: string[] = [];
  for (let size = 0; size < bytes; ) {
    const part = next();
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

/**
 * Best of `runs` timings, both wall-clock and process CPU time (user + system,
 * all threads, so GC helpers count): on a shared machine wall-clock includes
 * waiting for a core, CPU time does not.
 */
function bestOf<T>(runs: number, fn: () => T, before?: () => void): { ms: number; cpuMs: number; result: T } {
  const [best] = bestOfEach(runs, [fn], before);
  return best as { ms: number; cpuMs: number; result: T };
}

/**
 * bestOf for several functions, their runs interleaved (a, b, a, b…): a moment
 * when the machine is busy then slows all of them alike, and their ratio holds.
 */
function bestOfEach(runs: number, fns: Array<() => unknown>, before?: () => void): Array<{ ms: number; cpuMs: number; result: unknown }> {
  const best = fns.map(() => ({ ms: Infinity, cpuMs: Infinity, result: undefined as unknown }));
  for (let i = 0; i < runs; i++) {
    fns.forEach((fn, k) => {
      before?.();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const result = fn();
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      best[k]!.ms = Math.min(best[k]!.ms, ms);
      best[k]!.cpuMs = Math.min(best[k]!.cpuMs, (cpu.user + cpu.system) / 1000);
      best[k]!.result = result;
    });
  }
  return best;
}

function bareRegexPass(text: string): number {
  const re = BARE_REGEX;
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

// Notes of another make: biblatex entries, Markdown notes with ISBNs in
// running text and prose, from a wider pool of books and other words.
const NOTE_WORDS = (
  'argument claim source quote margin draft thesis method result figure table appendix review ' +
  'summary question answer idea link tag archive index seminar lecture course week term ' +
  'reread borrowed library copy shelf owned wishlist gift signed first printing translation'
).split(' ');
const NOTE_REGISTRANTS: Array<[string, number]> = [
  ['978-0-14', 6],
  ['978-0-7432', 4],
  ['978-1-4000', 4],
  ['978-3-499', 5],
  ['978-84-7223', 3],
  ['978-0-553', 5],
  ['979-10-401', 4],
];

function noteText(rand: () => number, words: number): string {
  return Array.from({ length: words }, () => pick(rand, NOTE_WORDS)).join(' ');
}

function biblatexEntry(rand: () => number, b: Book): string {
  return (
    `@book{${b.author.replace(/ /g, '')}:${digits(rand, 2)},\n` +
    `\ttitle = {${b.title}},\n\tauthor = {${b.author}},\n\tdate = {${1900 + Math.floor(rand() * 120)}},\n` +
    `\tisbn = {${notation(rand, b)}},\n\tkeywords = {${noteText(rand, 2)}}\n}\n\n`
  );
}

function markdownNote(rand: () => number, books: Book[]): string {
  const a = pick(rand, books);
  const b = pick(rand, books);
  switch (Math.floor(rand() * 3)) {
    case 0:
      return `### ${noteText(rand, 2)}\n\n${noteText(rand, 7)} (ISBN ${notation(rand, a)}) ${noteText(rand, 5)}, then ${notation(rand, b)}.\n\n`;
    case 1:
      return `> ${noteText(rand, 9)}\n> — ${a.author}, *${a.title}*, ${notation(rand, a)}, p. ${1 + Math.floor(rand() * 400)}\n\n`;
    default:
      return `- [ ] ${noteText(rand, 3)}: ${notation(rand, a)}; ${noteText(rand, 2)} ${notation(rand, b)} on ${2000 + Math.floor(rand() * 25)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}\n`;
  }
}

/** Deterministic notes corpus of about `bytes`: ~6,300 ISBNs a megabyte, as the real-vault measure. */
export function makeNotesCorpus(seed = 13, bytes = TARGET_BYTES): string {
  const rand = prng(seed);
  const books = makeBooks(rand, NOTE_REGISTRANTS, 5000);
  return fill(bytes, () => {
    const r = rand();
    return r < 0.3 ? biblatexEntry(rand, pick(rand, books)) : r < 0.67 ? markdownNote(rand, books) : `${noteText(rand, 14)} ${lookAlike(rand)} ${noteText(rand, 10)}.\n\n`;
  });
}

type Best = ReturnType<typeof bestOfEach>[number];

// The machine's busy spells last seconds: the runs go in rounds over the
// three corpora, so that one spell spoils a round, not every run of a corpus.
const ROUNDS = 8;

/** Warm-up: JIT for both paths, the isbn3 cache for the warm figures, and a young generation grown to its working size. */
function warmUp(text: string): void {
  for (let i = 0; i < 2; i++) {
    scanIsbns(text);
    findIsbns(text);
    bareRegexPass(text);
  }
}

/**
 * The finder's and the bare regex's best over ROUNDS rounds of interleaved
 * runs on each text; after each round, isbnlib's share of its passes.
 */
async function bestInRounds(texts: string[], isbnlibs: IsbnlibRunner[]): Promise<Array<[Best, Best]>> {
  const best = texts.map(() => [
    { ms: Infinity, cpuMs: Infinity, result: undefined as unknown },
    { ms: Infinity, cpuMs: Infinity, result: undefined as unknown },
  ]);
  for (let r = 0; r < ROUNDS; r++) {
    texts.forEach((text, t) => {
      // One untimed run first: the first after isbnlib's passes is slow (the processor's caches full of Python).
      scanIsbns(text);
      bareRegexPass(text);
      const round = bestOfEach(Math.ceil(RUNS / ROUNDS), [() => scanIsbns(text), () => bareRegexPass(text)]);
      if (process.env.BENCH_ROUNDS_LOG) console.error(`round ${r} text ${t}: ${round[0]!.ms.toFixed(1)} ${round[1]!.ms.toFixed(1)}`);
      round.forEach((b, k) => {
        if (b.ms < best[t]![k]!.ms) best[t]![k] = { ...b, cpuMs: Math.min(b.cpuMs, best[t]![k]!.cpuMs) };
        else best[t]![k]!.cpuMs = Math.min(b.cpuMs, best[t]![k]!.cpuMs);
      });
    });
    for (const isbnlib of isbnlibs) await isbnlib.passes(Math.ceil(ISBNLIB_RUNS / ROUNDS));
  }
  return best as Array<[Best, Best]>;
}

/** The figures of one corpus: the finder warm and against the bare regex, and isbnlib when present. */
function corpusRow(name: string, text: string, find: Best, bare: Best, isbnlib: number | undefined): Record<string, number | string> {
  // Apart: the objects it leaves would be collected during the runs above.
  const objects = bestOf(RUNS, () => findIsbns(text));
  const found = find.result as ReturnType<typeof scanIsbns>;
  let valid = 0;
  for (let i = 0; i < found.length; i++) if (found.valid(i)) valid++;
  const mb = text.length / (1024 * 1024); // UTF-16 code units; nearly all ASCII
  const findMbPerS = mb / (find.ms / 1000);
  return {
    corpus: name,
    mb: round(mb),
    findMs: round(find.ms),
    bareRegexMs: round(bare.ms),
    ratio: round(find.ms / bare.ms),
    cpuRatio: round(find.cpuMs / bare.cpuMs),
    matches: found.length,
    validMatches: valid,
    findMBps: Math.round(findMbPerS),
    isbnlibMBps: isbnlib === undefined ? `${ISBNLIB_STATED_MBPS} (stated)` : round(isbnlib),
    timesIsbnlib: round(findMbPerS / (isbnlib ?? ISBNLIB_STATED_MBPS)),
    asObjectsMs: round(objects.ms),
  };
}

const round = (x: number) => Math.round(x * 100) / 100;

function distinctIsbns(found: ReturnType<typeof scanIsbns>): number {
  const isbns = new Set<string>();
  for (let i = 0; i < found.length; i++) isbns.add(found.info(i)?.isbn13 ?? '');
  isbns.delete('');
  return isbns.size;
}

/** isbnlib's speed as measured in the issue, used when python3-isbnlib is not installed. */
const ISBNLIB_STATED_MBPS = 9.5;

/** A Python 3 that can import isbnlib (Debian's python3-isbnlib lives in /usr/bin/python3's path), or undefined. */
function findIsbnlibPython(): string | undefined {
  for (const python of ['/usr/bin/python3', 'python3']) {
    try {
      execFileSync(python, ['-c', 'import isbnlib'], { stdio: 'ignore' });
      return python;
    } catch {
      // not this one
    }
  }
  return undefined;
}

// What "finding ISBNs in a text" is with isbnlib: the ISBN-like substrings,
// kept when their check digit is right (get_canonical_isbn). One pass per line
// read, its seconds printed (see IsbnlibRunner).
const ISBNLIB_SCRIPT = `
import sys, time, isbnlib
text = open(sys.argv[1], encoding='utf-8').read()
print('ready', flush=True)
for _ in sys.stdin:
    t0 = time.perf_counter()
    found = [c for c in (isbnlib.get_canonical_isbn(x) for x in isbnlib.get_isbnlike(text)) if c]
    print(time.perf_counter() - t0, flush=True)
`;

/**
 * isbnlib (a Python process) on one text, a pass at a time: the bench runs a
 * few passes after each round of the finder's runs, so that both are measured
 * across the same stretch of time and its quiet moments (best of each).
 */
class IsbnlibRunner {
  private readonly dir = mkdtempSync(join(tmpdir(), 'isbn-lens-bench-'));
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: AsyncIterator<string>;
  private failed = false;
  best = Infinity; // seconds

  constructor(python: string, text: string) {
    const file = join(this.dir, 'corpus.txt');
    writeFileSync(file, text, 'utf8');
    this.child = spawn(python, ['-c', ISBNLIB_SCRIPT, file]);
    this.child.stderr.resume();
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  /** Waits until Python has read the text and imported isbnlib: it must not compete with the finder's runs. */
  async ready(): Promise<void> {
    const line = await this.lines.next();
    if (line.done || line.value !== 'ready') this.failed = true;
  }

  async passes(count: number): Promise<void> {
    for (let i = 0; i < count && !this.failed; i++) {
      this.child.stdin.write('\n');
      const line = await this.lines.next();
      const seconds = Number(line.done ? NaN : line.value);
      if (seconds > 0) this.best = Math.min(this.best, seconds);
      else this.failed = true;
    }
  }

  /** MB/s at its best, undefined when Python failed. */
  mbPerSecond(text: string): number | undefined {
    return this.failed || this.best === Infinity ? undefined : text.length / (1024 * 1024) / this.best;
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The figures, measured in a process that runs this file bundled (see the top). */
export async function benchScan(): Promise<Record<string, number | string>[]> {
  const { build } = await import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), 'isbn-lens-bench-'));
  try {
    const bundle = join(dir, 'scan.js');
    await build({ entryPoints: [__filename], bundle: true, platform: 'node', target: 'node20', outfile: bundle, logLevel: 'error' });
    const out = execFileSync(process.execPath, [bundle], {
      encoding: 'utf8',
      env: { ...process.env, [BUNDLED]: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 20,
    });
    const lines = out.trimEnd().split('\n');
    const rows = lines.pop() ?? '';
    if (!rows.startsWith(ROWS_LINE)) throw new Error(`the bundled scan bench printed no figures:\n${out}`);
    for (const line of lines) console.log(line);
    return JSON.parse(rows.slice(ROWS_LINE.length)) as Record<string, number | string>[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(): Promise<Record<string, number | string>[]> {
  const python = findIsbnlibPython();
  const corpora: Array<[string, string]> = [
    ['mixed', makeCorpus()],
    ['dense lists', makeCorpus(7, TARGET_BYTES, [1, 0])],
    ['notes (63k ISBNs)', makeNotesCorpus()],
  ];
  for (const [, text] of corpora) warmUp(text);
  const isbnlibs = python ? corpora.map(([, text]) => new IsbnlibRunner(python, text)) : [];
  let rows: Array<Record<string, number | string>>;
  try {
    for (const isbnlib of isbnlibs) await isbnlib.ready();
    const best = await bestInRounds(
      corpora.map(([, text]) => text),
      isbnlibs,
    );
    rows = corpora.map(([name, text], i) => corpusRow(name, text, best[i]![0], best[i]![1], isbnlibs[i]?.mbPerSecond(text)));
  } finally {
    for (const isbnlib of isbnlibs) isbnlib.close();
  }
  const mixed = corpora[0][1];
  // A first sight of each ISBN costs an isbn3 parse (about a microsecond each), once: not a
  // throughput figure, so printed as what the first scan of the mixed corpus adds.
  const cold = bestOf(RUNS, () => scanIsbns(mixed), clearIsbnCache);
  const warm = bestOf(RUNS, () => scanIsbns(mixed));
  console.log(
    `mixed corpus, first sight of its ${distinctIsbns(cold.result)} distinct ISBNs (isbn3 cache empty): ` +
      `${round(cold.ms)} ms, ${round(cold.ms - warm.ms)} ms more than warm (${round(warm.ms)} ms)`,
  );
  if (!python) console.log(`isbnlib is not installed (apt-get install python3-isbnlib): the ratio is against the stated ${ISBNLIB_STATED_MBPS} MB/s.`);
  console.log(`bare regex: /${BARE_REGEX.source}/g; target: ratio <= 2 on every corpus, timesIsbnlib >= 20`);
  console.log('findMs: scanIsbns, as the editor\'s index runs it; asObjectsMs: findIsbns, an object per match (annotate, duplicates)');
  return rows;
}

if (process.env[BUNDLED]) {
  measure().then(
    (figures) => console.log(ROWS_LINE + JSON.stringify(figures)),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
} else if (require.main === module) {
  benchScan().then(
    (figures) => console.table(figures),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
