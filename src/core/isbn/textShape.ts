// What kind of text the finder is reading, told by the text itself: prose
// (Markdown, BibTeX, LaTeX, HTML, plain text) or structured data (JSON, XML,
// CSV/TSV, SQL, YAML, MARC, RIS). In data a bare 10-digit number is far more
// often an id, a timestamp or a phone number than an ISBN, so there the finder
// asks for the context a reader would use (see isbn/dataContext.ts). A file's
// name and language id are read in documentKind.ts, which calls this when they
// say nothing. Each decision is a rule of the `shape` family (rules/shape.ts), named where it is
// made, with its reason and examples. Pure: no `vscode` import.

import { hasValidChecksum } from './parse';
import { looksLikeIso2709 } from './marcRecords';

export type DataKind = 'json' | 'xml' | 'csv' | 'sql' | 'yaml' | 'marc' | 'ris';

export interface TextShape {
  kind: 'text' | DataKind;
  /** CSV/TSV: the field delimiter. */
  delimiter?: string;
  /** CSV/TSV: indexes of the header columns named for ISBNs (ISBN, ISBN13, isbn_10, ISBNs…). */
  isbnColumns?: readonly number[];
}

export const TEXT_SHAPE: TextShape = Object.freeze({ kind: 'text' });

/** How much of the start of a document the sniff reads. */
export const SNIFF_CHARS = 4096;
/**
 * How much of it a header-less table's columns are judged on: an ISBN column may
 * be mostly empty (a HathiTrust file's, for old books), and 4 K holds a dozen rows.
 */
export const COLUMN_SNIFF_CHARS = 1 << 16;

/**
 * The shape of a document from its start (`head`, the first SNIFF_CHARS or
 * so) alone. `named`: the kind its name or language id says, if any: data
 * kinds are taken as said (a CSV's header still read); prose may still turn
 * out to be delimited data by its content. `wider`: the first COLUMN_SNIFF_CHARS
 * or so, asked only of a header-less table (its columns are judged by their values).
 */
export function sniffShape(head: string, named?: TextShape['kind'], wider?: () => string): TextShape {
  head = withLineFeeds(head);
  const whole = head;
  const readWider = wider === undefined ? () => whole : () => withLineFeeds(wider());
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  // shape.marcRecords: binary MARC (ISO 2709) has no line breaks to cut at, and tells itself by its delimiters whatever the name says.
  if ((named === undefined || named === 'text' || named === 'marc') && looksLikeIso2709(head.slice(0, SNIFF_CHARS))) return { kind: 'marc' };
  // The last line of a head that was cut may be cut short: left out below.
  const columnHead = () => {
    const text = readWider();
    return text.length >= COLUMN_SNIFF_CHARS ? text.slice(0, text.lastIndexOf('\n', COLUMN_SNIFF_CHARS) + 1) : text;
  };
  if (head.length >= SNIFF_CHARS) head = head.slice(0, head.lastIndexOf('\n', SNIFF_CHARS) + 1);
  if (named === 'text') return csvShape(head, false, columnHead) ?? TEXT_SHAPE;
  const kind = named ?? kindFromText(head);
  if (kind === 'text') return TEXT_SHAPE;
  if (kind === 'csv') return csvShape(head, named === 'csv', columnHead) ?? (named === 'csv' ? { kind } : TEXT_SHAPE);
  return { kind };
}

/** `text` with each CR that ends a line alone (an old Mac export) as a line feed: the same length. */
export function withLineFeeds(text: string): string {
  return text.includes('\r') && LONE_CR.test(text) ? text.replace(LONE_CRS, '\n') : text;
}
const LONE_CR = /\r(?!\n)/;
const LONE_CRS = /\r(?!\n)/g;

// MARC lines: mnemonic (`=020  \\$a…`) or a display (`020 __ |a…`, `245 10 ‡a…`) with subfield marks; PICA+ (`004A ƒ0…`, `003@ $0…`).
const MARC_LINE = /^=(?:LDR|[0-9]{3}) {2}|^(?:LDR|000)\s|^[0-9]{3}\s.*[$|_^\u2021\u01c2\u25bc][a-z0-9]|^[0-9]{3}[A-Z@](?:\/[0-9]{2,3})? +[\u0192$\u2021][0-9A-Za-z]/;
// SQL statements, and the openings of mysqldump and pg_dump files.
const SQL_START = /^\s*(?:INSERT\s+INTO|REPLACE\s+INTO|CREATE\s+TABLE|COPY\s+\S+\s*\()|^-- (?:MySQL|MariaDB|PostgreSQL|SQLite)\b.*dump|^\/\*!\d+ SET |^SET \w+ = /im;
// A file of statements: its first line past `--` comments opens one in capitals
// (`SELECT … FROM`, `UPDATE … SET`); "Select ten books from the shelf." is prose.
const SQL_FIRST_STATEMENT =
  /^(?:\s*--[^\n]*\n)*\s*(?:SELECT\s[\s\S]{0,400}?\sFROM\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s|(?:DROP|ALTER)\s+TABLE\s|WITH\s+\w+\s+AS\s*\(|(?:BEGIN|USE\s+\S+)\s*;)/;
/** A RIS record's first line (its type tag), whatever the file is called. */
export const RIS_START = /^\uFEFF?\s*TY {1,2}- /;
const BIBTEX_ENTRY = /^\s*@[A-Za-z]+\s*[{(]/m;
const YAML_LINE = /^\s*(?:- +)?(?:[A-Za-z_][\w .-]*|"[^"]*"|'[^']*'):(?:\s|$)|^\s*- |^\s*#|^---\s*$|^\.\.\.\s*$/;

const HTML_TAGS = new Set(
  ('html head body div p a img h1 h2 h3 h4 h5 h6 table tr td th thead tbody ul ol li span br hr section article ' +
    'header footer nav main details summary picture center meta link script style b i em strong pre code blockquote dl dt dd')
    .split(' '),
);

// Comments and a document type before the root element (a licence header): XML
// unless the type is HTML's.
const XML_PROLOGUE = /^(?:<!--[\s\S]*?-->\s*|<\?xml[^>]*>\s*)+/;

function kindFromText(head: string): TextShape['kind'] {
  let start = head.trimStart();
  if (start.startsWith('<!--') || start.startsWith('<?xml')) {
    const rest = start.replace(XML_PROLOGUE, '');
    // shape.xmlDocument, and shape.xhtmlIsProse for an HTML document type or root.
    if (/^<!DOCTYPE\s+(?!html)\w/i.test(rest) || (rest.startsWith('<') && !rest.startsWith('<!') && start.startsWith('<?xml'))) return /<html[\s>]/i.test(rest) ? 'text' : 'xml';
    if (rest.startsWith('<') && !rest.startsWith('<!')) start = rest;
  }
  const first = start.charCodeAt(0);
  if (first === 60 /* < */) {
    // shape.xhtmlIsProse: XHTML (an EPUB chapter, a saved page) is prose.
    if (start.startsWith('<?xml')) return /<!DOCTYPE html|<html[\s>]/i.test(start) ? 'text' : 'xml';
    // shape.xhtmlIsProse: HTML pages and fragments (a README opening with `<p align="center">`) are prose; shape.xmlDocument: other closed roots.
    const tag = /^<([!\w-]+)/.exec(start)?.[1].toLowerCase();
    return tag === undefined || HTML_TAGS.has(tag) || tag.startsWith('!') || !start.includes('</') ? 'text' : 'xml';
  }
  if (first === 123 /* { */ || first === 91 /* [ */) {
    // shape.jsonDocument: JSON opens with `{"`, `[{`, `[[`, `["`, `[1` or an empty container; `[link](…)` is Markdown,
    // `{{Infobox …}}` and `[[Page]]` are wikitext.
    if (/^(?:\{\s*["}]|\[\s*(?:["{\]]|-?[0-9]|\[\s*(?:["{[\]]|-?[0-9])))/.test(start)) return 'json';
    return 'text';
  }
  if (RIS_START.test(start)) return 'ris'; // shape.risRecords
  const lines = start.split(/\r?\n/, 40).filter((line) => line.trim() !== '');
  if (lines.length === 0) return 'text';
  const marcLines = lines.filter((line) => MARC_LINE.test(line)).length;
  if (marcLines >= Math.min(3, lines.length) && marcLines >= lines.length * 0.6) return 'marc'; // shape.marcRecords
  if (SQL_START.test(start) || SQL_FIRST_STATEMENT.test(start)) return 'sql'; // shape.sqlStatements
  if (BIBTEX_ENTRY.test(start)) return 'text';
  if (csvShape(start, false)) return 'csv'; // shape.delimitedTable
  // shape.yamlDocument, unless shape.listIsProse.
  if (lines.length >= 3 && lines.filter((line) => YAML_LINE.test(line)).length >= lines.length * 0.9 && !proseList(lines)) return 'yaml';
  return 'text';
}

// A YAML key (`isbn:`, `- title:`) and a list item of words (`- The Road by Cormac McCarthy (0307277674)`).
const YAML_KEY = /^\s*(?:- +)?(?:[A-Za-z_][\w.-]*|"[^"]*"|'[^']*'):(?:\s|$)/;
const WORDS_ITEM = /^\s*- +[A-Za-z*_[(][^:]*\s\S/;

/**
 * shape.listIsProse. A Markdown list (a reading list, after front matter or not) is YAML too, to
 * a parser; a reader sees prose: more items of words than keys, past the
 * front matter if any.
 */
function proseList(lines: string[]): boolean {
  const frontMatterEnd = /^---\s*$/.test(lines[0]) ? lines.findIndex((line, k) => k > 0 && /^---\s*$/.test(line)) : -1;
  let keys = 0;
  let items = 0;
  for (const line of lines.slice(frontMatterEnd + 1)) {
    if (YAML_KEY.test(line)) keys++;
    else if (WORDS_ITEM.test(line)) items++;
  }
  return items > keys;
}

const DELIMITERS = [',', '\t', ';'];
/** Most rows a header-less table's columns are judged on (see COLUMN_SNIFF_CHARS). */
const COLUMN_SNIFF_RECORDS = 2000;
/**
 * Columns of ISBNs; a printed book's ASIN is its ISBN-10; a column headed by
 * MARC field 020 (a MarcEdit export's `020$a`, `020 $a`, `020a`) holds them too.
 */
const ISBN_COLUMN = /isbn|asin|^\W*020(?:\s*[$|\u2021]?\s*[a-z])?\W*$|^\W*(?:print|online)_identifier\W*$/i;
// Lines a CSV does not open with, but Markdown, LaTeX and other prose do.
const PROSE_START = /^\s*(?:#|[-*+>] |\||%|\\|@|```)/;

/**
 * shape.delimitedTable. A delimited table: rows that split into as many fields (quote-aware): at
 * least 3 (2 for tabs, or when the name says CSV). Under a header of short
 * column names, two rows are enough; without one (its first row holds a long
 * number, and a column holds bare numbers, which prose with commas does not), three. Columns of ISBNs are
 * those the header names, and those whose values of ISBN length are nearly
 * all ISBNs (see valuesAreIsbns; five of them at least under a header).
 */
function csvShape(head: string, named: boolean, columnHead = () => head): TextShape | undefined {
  const lines = records(head, 12);
  if (lines.length === 0 || PROSE_START.test(lines[0])) return undefined;
  // Named a table, it is taken as one with no check of its rows: by the delimiter its first row holds most of.
  const delimiters = named ? [...DELIMITERS].sort((a, b) => splitFields(lines[0], b).length - splitFields(lines[0], a).length) : DELIMITERS;
  for (const delimiter of delimiters) {
    const first = splitFields(lines[0], delimiter);
    // Two comma-separated fields a line are prose as often as not, unless the first line heads an ISBN column (`isbn,title`).
    if (first.length < (named || delimiter === '\t' || headsIsbnColumn(first) ? 2 : 3)) continue;
    const headed = isHeader(first);
    const rows = (headed ? lines.slice(1) : lines).map((line) => splitFields(line, delimiter));
    if (!named) {
      if (!headed && !(first.some((cell) => /[0-9]{5}/.test(cell)) && hasNumberColumn(rows))) continue;
      const agreeing = rows.filter((row) => row.length === first.length).length;
      if (rows.length < (headed ? 2 : 3) || agreeing < Math.max(headed ? 2 : 3, rows.length * (headed ? 0.6 : 0.8))) continue;
    }
    const isbnColumns: number[] = [];
    // The values of the first 64 K: a few rows of long cells (reviews) give too few in the head alone.
    let wideRows: string[][] | undefined;
    const valueRows = () => (wideRows ??= records(columnHead(), COLUMN_SNIFF_RECORDS).slice(headed ? 1 : 0).map((line) => splitFields(line, delimiter)));
    first.forEach((name, k) => {
      // A column headed otherwise is one of ISBNs by its values alone (Solr's example books.csv keys its books by ISBN-10 under `id`).
      const values = () => valueRows().map((row) => row[k]);
      if (headed ? ISBN_COLUMN.test(name) || (RECORD_KEY_COLUMN.test(name) && valuesAreIsbns(values(), HEADED_MIN_VALID)) : valuesAreIsbns(values())) isbnColumns.push(k);
    });
    return { kind: 'csv', delimiter, isbnColumns };
  }
  return undefined;
}

/** A header row whose every cell is a name (no number of four digits), one of them naming ISBNs: `isbn,title`. */
function headsIsbnColumn(cells: string[]): boolean {
  return cells.some((cell) => ISBN_COLUMN.test(cell)) && cells.every((cell) => isColumnName(cell) && !/[0-9]{4}/.test(cell));
}

/** Header cells are names, but for one in five at least (an open-data header may hold "No. of Stories"); none is a long number. */
function isHeader(cells: string[]): boolean {
  const others = cells.length - cells.filter(isColumnName).length;
  return others <= Math.max(1, cells.length / 5) && !cells.some((cell) => /[0-9]{5}/.test(cell));
}

/** A column of bare numbers (ids, dates, pages) in four rows of five at least: data, not prose that happens to have as many commas per line. */
function hasNumberColumn(rows: string[][]): boolean {
  const width = Math.max(...rows.map((row) => row.length));
  for (let k = 0; k < width; k++) {
    if (rows.filter((row) => /^\s*=?"?[0-9][0-9 .,:/-]*"?\s*$/.test(row[k] ?? '')).length >= rows.length * 0.8) return true;
  }
  return false;
}

/**
 * At least three values of ISBN length, nine in ten of them ISBNs: 10-digit
 * ones passing the ISBN-10 check, 13-digit ones valid ISBN-13s (978/979). A
 * list of ISBN-13s with an ISBN-10 here and there is a column of ISBNs; a
 * column of ids is not (a random 10-digit id passes one time in eleven, and
 * an EAN-13 of another kind has no 978).
 */
function valuesAreIsbns(values: Array<string | undefined>, minValid = 3): boolean {
  let numbers = 0;
  let valid = 0;
  for (const value of values) {
    // A cell's first number: a catalogue's may go on with ` :`, `(pbk.)` or the edition's other ISBNs;
    // a cover image named by it (`"0060750715.jpg"`, a book dataset's column of file names) is one too.
    const digits = value?.trim().replace(/^=?"|"$/g, '').replace(/-/g, '').replace(IMAGE_EXTENSION, '').split(/[\s,;:(]/, 1)[0];
    if (digits === undefined) continue;
    if (/^[0-9]{9}[0-9Xx]$/.test(digits)) {
      numbers++;
      if (hasValidChecksum(digits.toUpperCase())) valid++;
    } else if (/^[0-9]{13}$/.test(digits)) {
      numbers++;
      if (/^97[89]/.test(digits) && hasValidChecksum(digits)) valid++;
    }
  }
  return valid >= minValid && valid >= numbers * 0.9;
}

/**
 * A column that only says it keys the records (`id`, `key`, a shop's `product_id`), not what by: one of ISBNs when
 * its values are (at least HEADED_MIN_VALID, nine in ten of them). A column named for another
 * number (a barcode, a phone, a control number) stays out whatever its values.
 */
const RECORD_KEY_COLUMN = /^\W*(?:_?id|key|identifier|product_?id|item_?id)\W*$/i;
const IMAGE_EXTENSION = /\.(?:jpe?g|png|gif|webp|tiff?)$/i;
const HEADED_MIN_VALID = 5;

/** A header cell: a few words at most, not a sentence or a long number. */
function isColumnName(field: string): boolean {
  const name = field.trim().replace(/^"|"$/g, '');
  return name.length <= 60 && name.split(/\s+/).length <= 8 && !/[.!?]\s|[0-9]{5}/.test(name);
}

/**
 * The first `max` non-empty records of a delimited text: lines, except that a
 * quoted field may hold line breaks (a Calibre catalogue's comments).
 */
function records(head: string, max: number): string[] {
  const out: string[] = [];
  let record = '';
  for (const line of head.split(/\r?\n/)) {
    record = record === '' ? line : `${record}\n${line}`;
    if (((record.match(/"/g)?.length ?? 0) & 1) === 1) continue; // a quoted field goes on
    if (record.trim() !== '') out.push(record);
    record = '';
    if (out.length === max) break;
  }
  return out;
}

/** A CSV line's fields (quotes doubled inside quoted fields). */
export function splitFields(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const c = line[k];
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) {
      fields.push(field);
      field = '';
      continue;
    }
    field += c;
  }
  fields.push(field);
  return fields;
}
