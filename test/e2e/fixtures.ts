/**
 * Workspaces for the end-to-end sessions: the static fixtures of `test/e2e/fixtures/` copied to
 * a temp folder (tests edit and save files; the repository's copies stay clean), plus files
 * made from the sandbox's catalogue at run time.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEMO_ISBNS, type Catalogue } from '../sandbox/server';
import { check13, isbn13to10 } from '../sandbox/isbn';

export const FIXTURES_DIR = path.join(__dirname, 'fixtures');

/** A temp folder holding the fixtures and `extra` files (name -> text). */
export function makeWorkspace(label: string, extra: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `isbn-lens-e2e-ws-${label}-`));
  fs.cpSync(FIXTURES_DIR, dir, { recursive: true });
  for (const [name, text] of Object.entries(extra)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** 1-based line and column of the first `text` in a fixture file (for the cursor, Ctrl+G). */
export function positionOf(fixture: string, text: string): { line: number; col: number } {
  const lines = fs.readFileSync(path.join(FIXTURES_DIR, fixture), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  if (line < 0) throw new Error(`${fixture} has no ${JSON.stringify(text)}`);
  return { line: line + 1, col: lines[line]!.indexOf(text) + 1 };
}

export interface ManyIsbns {
  text: string;
  /** The valid ISBN-13s of the file, each once, in the order of their first appearance. */
  isbn13s: string[];
  found: number;
  notFound: number;
  invalid: number;
}

/**
 * A Markdown list of `found` catalogue books (after the demo books) and `notFound` valid ISBNs the
 * catalogue lacks, written the ways people write them (ISBN-13, hyphenated, ISBN-10), then some
 * repeats (which must not be looked up twice) and `invalid` labelled ISBNs with a wrong check digit.
 */
export function manyIsbnsMarkdown(catalogue: Catalogue, counts: { found: number; notFound: number; invalid: number }): ManyIsbns {
  const demo = new Set(DEMO_ISBNS);
  const books = catalogue.books.filter((b) => !demo.has(b.isbn13)).slice(0, counts.found);
  if (books.length < counts.found) throw new Error(`the catalogue has only ${books.length} books besides the demo ones`);
  const unknown = unknownIsbns(catalogue, counts.notFound);

  const lines = ['# Many ISBNs', '', 'A long reading list for "Look Up All ISBNs in File".', ''];
  const isbn13s: string[] = [];
  books.forEach((book, i) => {
    const isbn10 = isbn13to10(book.isbn13);
    // Every 7th as an ISBN-10, every 5th with a hyphen after the prefix: the batch must carry ISBN-13s.
    const written = i % 7 === 3 && isbn10 ? `ISBN-10 ${isbn10}` : i % 5 === 1 ? `ISBN ${book.isbn13.slice(0, 3)}-${book.isbn13.slice(3)}` : `ISBN ${book.isbn13}`;
    lines.push(`${i + 1}. ${book.title.replace(/[[\]*_`]/g, '')} — ${written}`);
    isbn13s.push(book.isbn13);
  });
  for (const isbn of unknown) {
    lines.push(`- Not in the catalogue: ISBN ${isbn}`);
    isbn13s.push(isbn);
  }
  lines.push('', '## Again (already listed above)', '');
  for (const book of books.slice(0, 5)) lines.push(`- ISBN ${book.isbn13}`);
  lines.push('', '## Typos', '');
  for (const book of books.slice(0, counts.invalid)) lines.push(`- ISBN ${wrongCheckDigit(book.isbn13)}`);
  return { text: lines.join('\n') + '\n', isbn13s, found: books.length, notFound: unknown.length, invalid: counts.invalid };
}

/** Valid ISBN-13s of a real registrant (978-0-306, Plenum) that the catalogue does not hold. */
function unknownIsbns(catalogue: Catalogue, n: number): string[] {
  const out: string[] = [];
  for (let article = 90000; out.length < n; article++) {
    const first12 = `9780306${String(article).padStart(5, '0')}`;
    const isbn = first12 + check13(first12);
    if (!catalogue.byIsbn.has(isbn)) out.push(isbn);
  }
  return out;
}

function wrongCheckDigit(isbn13: string): string {
  const check = Number(isbn13[12]);
  return isbn13.slice(0, 12) + String((check + 1) % 10);
}

/** Splits `items` into runs of `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
