// Does the context of a bare 10-digit number in structured data say "ISBN"?
// One in eleven random 10-digit numbers passes the ISBN-10 check, so in JSON,
// XML, CSV, SQL, YAML and MARC a timestamp, a phone number or a row id often
// does. A reader looks at the key, the tag or the column; so does this. Called
// only for valid, unlabelled, unhyphenated ISBN-10s in data, so it may take a
// few look-backs: nothing here runs on the common path. Pure: no `vscode` import.
import type { IsbnInfo } from './parse';
import { splitFields, type TextShape } from './textShape';
import { inIso2709Field, Iso2709Reader } from './marcRecords';
import { csvColumn, HTML_TABLE_REACH, SQL_REACH, jsonTextLines, keySaysIsbn as keyRule, recordType as recordTypeRule, sqlColumn, twinNearby as twinRule, typeCell as typeCellRule, xmlElement as elementRule, yamlList as yamlListRule, yamlTitleKey } from './rules/data';
import { iso2709Tag, marcJson as marcJsonRule, marcTag, marcXml as marcXmlRule, onixType as onixTypeRule, picaTag, risSn } from './rules/catalogue';
import { controlNumber as controlNumberRule, numero as numeroRule, otherLabel as otherLabelRule, otherPhrase as otherPhraseRule } from './rules/labels';
import { bareQuery as bareQueryRule, hostNamesOther as hostRule, keyedToOther as keyedOtherRule } from './rules/urls';
import { codeKey as codeKeyRule, idName as idNameRule, SCRIPT_REACH } from './rules/code';
import { MARKDOWN_TABLE } from './rules/rule';
import { edifactQualifier as edifactRule } from './rules/catalogue';

/** How far back a key, a tag or an enclosing record may lie. */
const KEY_LOOKBACK = 400;
/** How far from the number its ISBN-13 may appear and still be the same record's. */
const TWIN_REACH = 600;
/** How far back from a row its statement's VALUES or COPY may lie, and from that its CREATE TABLE: data.sql.columnNamesIsbn reads twice as far. */
const SQL_LOOKBACK = SQL_REACH / 2;

/**
 * A name that says ISBN: isbn, ISBN_10, isbn13, isbn-type… and ASIN (a printed
 * book's ASIN is its ISBN-10), and Wikidata's properties for them, P957
 * (ISBN-10) and P212 (ISBN-13): `"P957": […]`, `wdt:P957`.
 */
const ISBN_WORD = /isbn|asin|\bP(?:957|212)\b/i;
/** A Wikidata snak's property, before its `datavalue`: `"property": "P957"`. */
const SNAK_PROPERTY = /["']property["']\s*:\s*["'](?:wdt:)?(P[0-9]+)["'][^{}]*(?:\{[^{}]*)?$/;
/** Keys that name no kind of number: then the record around says what it is (`{"type": "ISBN_10", "identifier": …}`). */
const GENERIC_KEY = /^(?:[a-z]*identifier|id|ids|@?value|values|idvalue|number|num|code|text|#text|\$|_|content|val|v|a|z|subfield|data|item|items|entry)$/i;
/** MARC tags whose subfields hold ISBNs: 020 (all), and the linking entries' $z. */
const MARC_ISBN_TAG = /^020$/;
/** RIS: SN holds ISBNs and ISSNs; other tags (AN accession, M1, ID…) hold other numbers. */
const RIS_ISBN_LINE = /^SN {1,2}- /;
/** How far back a MARCXML subfield's datafield may open (a field of many long subfields). */
const MARC_FIELD_REACH = 4000;
/** A PICA+ field's tag (and occurrence, `045D/06`) before a subfield mark. */
const PICA_TAG = /^([0-9]{3}[A-Z@])(?:\/[0-9]{2,3})? +[\u0192$\u2021]/;
/** PICA+ fields of ISBNs: the book's (004A), another physical form's (004D, 004P), a reproduction's (004J), 004L. */
const PICA_ISBN_TAG = /^004[ADJLP]$/;
/** A linking field's number typed ISBN by its subfield C (`039D ƒiebook versionƒCISBNƒ6…`). */
const PICA_TYPED_ISBN = /[\u0192$]CISBN[\u0192$]6$/;
const MARC_LINKING_TAG = /^(?:76[0-9]|77[0-9]|78[0-9]|80[0-9]|81[01]|830)$/;

/**
 * Memo of a data file's structure as far as the finder has read it: the SQL
 * statement or COPY block last looked at, so that a long one is parsed once,
 * and where the CSV record being read starts (quoted fields may hold line
 * breaks), found by reading on from the last number's place, not from the start.
 */
export class DataMemo {
  /** Markdown: the delimiter row of the table last found, the last row read, its header cells. */
  tableFrom = -1;
  tableTo = -1;
  tableHeader: string[] = [];
  /** HTML: the `<table` last found and its header cells. */
  htmlTable = -1;
  htmlHeader: string[] = [];
  arrayOpen = -1;
  arrayClose = -1;
  arraySaysIsbn = false;
  csvAt = 0;
  csvRecord = 0;
  csvQuoted = false;
  from = -1;
  to = -1;
  columns: string[] | undefined;
  copyFrom = -1;
  copyTo = -1;
  copyColumns: string[] | undefined;
  /** Binary MARC: the record and field last read. */
  iso2709: Iso2709Reader | undefined;
  /** A page's inline scripts (InlineScripts), found on first ask. */
  scripts: InlineScripts | undefined;
}

/** A page's start tells it is one (InlineScripts). */
const PAGE_START = /<(?:html|head|body|script)[\s>]/i;

/**
 * The `<script>` elements of a page, found once: in prose (HTML read as text) a bare number
 * inside one is code's (`P.setInt8(1,2147483649)`, a bitmask in minified JavaScript), an
 * ISBN only where its key says so, as in JSON. Asked with points that only grow.
 */
export class InlineScripts {
  /** Each element's content as a pair: its `<script` and its `</script` (or the text's end). */
  private readonly bounds: number[] = [];
  private at = 0;

  /** `head`: the document's start, which tells a page (the scanned text may be a part of it). */
  constructor(text: string, head: string) {
    // A page tells itself at its start: a long text of prose is not searched for `<script` (docs/performance.md, scan).
    if (!PAGE_START.test(head)) return;
    for (let open = text.indexOf('<script'); open >= 0; open = text.indexOf('<script', open + 1)) {
      const close = text.indexOf('</script', open);
      this.bounds.push(open, close < 0 ? text.length : close);
      if (close < 0) break;
      open = close;
    }
  }

  /** Is `offset` inside a script element that opens at most SCRIPT_REACH characters before it (code.inlineScript's reach)? */
  holds(offset: number): boolean {
    const b = this.bounds;
    if (this.at >= 2 && offset < b[this.at - 1]!) this.at = 0;
    while (this.at < b.length && b[this.at + 1]! <= offset) this.at += 2;
    return this.at < b.length && offset > b[this.at]! && offset - b[this.at]! <= SCRIPT_REACH;
  }
}

/**
 * When the number at text[start, end) (a valid bare ISBN-10, `info`) is an ISBN by its context
 * in data of `shape` (its key, tag or column names ISBNs, or the record holds its ISBN-13 too):
 * the code of the rule that says so (rules/data.ts, rules/catalogue.ts); else 0.
 */
export function dataSaysIsbn(text: string, start: number, end: number, shape: TextShape, info: IsbnInfo, memo: DataMemo): number {
  return keySaysIsbn(text, start, shape, memo) || (twinNearby(text, start, end, info) ? twinRule.code : 0);
}

/** The code of the rule by which the key, tag or column of the number at `start` names ISBNs in data of `shape`, or 0. */
function keySaysIsbn(text: string, start: number, shape: TextShape, memo: DataMemo): number {
  switch (shape.kind) {
    case 'csv':
      return csvColumnSaysIsbn(text, start, shape, memo) ? csvColumn.code : 0;
    case 'marc':
      if (inIso2709Field(text, start)) return iso2709TagSaysIsbn(text, start, memo) ? iso2709Tag.code : 0;
      return marcTagSaysIsbn(text, start);
    case 'ris':
      return RIS_ISBN_LINE.test(text.slice(lineStart(text, start), start)) ? risSn.code : 0;
    case 'sql':
      // A column of another name may hold a record whose own key or tag says ISBN (MARCXML in a `marc` column).
      return sqlColumnSaysIsbn(text, start, memo) === true ? sqlColumn.code : keyBeforeSaysIsbn(text, start, memo);
    case 'yaml':
      return keyBeforeSaysIsbn(text, start, memo) || (yamlTitleKeySaysIsbn(text, start) ? yamlTitleKey.code : 0);
    case 'json':
      return keyBeforeSaysIsbn(text, start, memo) || (textLinesSayIsbn(text, start) ? jsonTextLines.code : 0);
    default:
      return keyBeforeSaysIsbn(text, start, memo);
  }
}

/**
 * What dataSaysIsbn would say, told before isbn3 parses the number: false
 * only when it would say false (no key says ISBN, no `isbn13` nearby, and no
 * `978-` that could open its hyphenated form). Data files full of numbers that
 * pass the ISBN-10 check by chance are then never parsed.
 */
export function dataMaySayIsbn(
  text: string,
  start: number,
  end: number,
  shape: TextShape,
  isbn13: string,
  memo: DataMemo,
  prefix: PrefixMemo,
): boolean {
  if (keySaysIsbn(text, start, shape, memo) !== 0) return true;
  const from = Math.max(0, start - TWIN_REACH);
  // Both an ISBN-13 and `978-` hold a 978: none in reach, no twin.
  if (prefix.first978(text, from) + 3 > end + TWIN_REACH) return false;
  const around = text.slice(from, end + TWIN_REACH);
  return around.includes(isbn13.slice(0, 12)) || around.includes('978-');
}

/**
 * Where the first `978` at or after a point is, remembered: the finder asks
 * with points that only grow, so one search serves many numbers and a data
 * file is read about once for all of them.
 */
export class PrefixMemo {
  private from = Infinity;
  private at = -1;

  /** Index of the first `978` at or after `from`, Infinity when none. */
  first978(text: string, from: number): number {
    if (from < this.from || from > this.at) {
      const at = text.indexOf('978', from);
      this.from = from;
      this.at = at < 0 ? Infinity : at;
    }
    return this.at;
  }
}

/**
 * The record also holds the ISBN-13 of this ISBN-10 (Goodreads' ISBN and ISBN13 columns), or
 * 978 and the ten written together with the old check digit kept (FOLIO's made-up 13s): any
 * 13-digit run of 978 and the ten's first nine digits.
 */
export function twinNearby(text: string, start: number, end: number, info: IsbnInfo): boolean {
  const around = text.slice(Math.max(0, start - TWIN_REACH), end + TWIN_REACH);
  return around.includes(info.isbn13.slice(0, 12)) || around.includes(info.hyphenated13);
}

/** How far back the start of a line is looked for: a one-line SQL dump or JSON file is one huge line. */
const LINE_REACH = 4096;

/** Start of the line holding `at`, or LINE_REACH back when the line is longer. */
function lineStart(text: string, at: number): number {
  const from = Math.max(0, at - LINE_REACH);
  const newline = lastIndexWithin(text, '\n', from, at);
  return newline < 0 ? from : newline + 1;
}

// Searches bounded by a reach: a big data file may hold thousands of candidates,
// and an unbounded indexOf for each would read the file thousands of times.

/** Last index of `needle` in text[from, before), or -1. */
function lastIndexWithin(text: string, needle: string, from: number, before: number): number {
  const at = text.slice(from, before).lastIndexOf(needle);
  return at < 0 ? -1 : from + at;
}

/** First index of `needle` in text[from, before), or -1. */
function indexWithin(text: string, needle: string, from: number, before: number): number {
  const at = text.slice(from, before).indexOf(needle);
  return at < 0 ? -1 : from + at;
}

/**
 * The number's CSV column names ISBNs; or, when it does not, its cell holds
 * JSON (an Open Library dump: `/type/edition⇥/books/OL1M⇥…⇥{"isbn_10": ["…"]}`)
 * whose key, or a label in the same string, says ISBN. A bare number in a
 * plain cell still needs its column.
 */
function csvColumnSaysIsbn(text: string, start: number, shape: TextShape, memo: DataMemo): boolean {
  const from = Math.max(csvRecordStart(text, start, memo), start - LINE_REACH);
  const fields = splitFields(text.slice(from, start), shape.delimiter ?? ',');
  if (shape.isbnColumns?.includes(fields.length - 1)) return true;
  return structuredCell(fields[fields.length - 1]) && (keyBeforeSaysIsbn(text, start, memo) !== 0 || labelInSameString(text, start));
}

/** A cell that opens with `{` or `[` (past white space and a quote): JSON in a cell. */
function structuredCell(cell: string): boolean {
  return /^\s*"?\s*[{[]/.test(cell);
}

/** How far back in its string a label may stand: `Field '020' (ISBN) looks like \"0387945377\"`. */
const STRING_LABEL_REACH = 80;

/**
 * The word ISBN stands shortly before the number on the same line of the
 * same JSON string (no unescaped quote, no line break, written or escaped,
 * between them): prose in a value, labelled as a reader would read it.
 */
function labelInSameString(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - STRING_LABEL_REACH), start);
  const word = before.search(/isbn(?![\s\S]*isbn)/i);
  return word >= 0 && !/(?<!\\)".|[\r\n]|\\[rn]/.test(before.slice(word));
}

const QUOTE_OR_LINE_BREAK = /["\n]/g;

/**
 * Where the CSV record holding `start` begins: after the last line break
 * outside quotes (a Calibre catalogue's comments run over lines). Reads on
 * from the memo's place, so a file is read once for all its numbers.
 */
function csvRecordStart(text: string, start: number, memo: DataMemo): number {
  if (start < memo.csvAt) {
    memo.csvAt = 0;
    memo.csvRecord = 0;
    memo.csvQuoted = false;
  }
  const re = QUOTE_OR_LINE_BREAK;
  re.lastIndex = memo.csvAt;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null && m.index < start) {
    if (text.charCodeAt(m.index) === 34) memo.csvQuoted = !memo.csvQuoted;
    else if (!memo.csvQuoted) memo.csvRecord = m.index + 1;
  }
  memo.csvAt = start;
  return memo.csvRecord;
}

/**
 * MARC in mnemonic (`=020  \\$a…`) or display form (`020    |a …`, continuation lines indented), and PICA+
 * (`004A ƒ0…`, `004P $So$0…`: PICA's tags are three digits and a letter or `@`): the code of
 * the rule whose tag names ISBNs, or 0.
 */
function marcTagSaysIsbn(text: string, start: number): number {
  let from = lineStart(text, start);
  let line = text.slice(from, start);
  for (let k = 0; k < 20 && /^\s/.test(line) && from > 0; k++) {
    from = lineStart(text, from - 1);
    line = text.slice(from, start);
  }
  const pica = PICA_TAG.exec(line)?.[1];
  if (pica) return PICA_ISBN_TAG.test(pica) || PICA_TYPED_ISBN.test(line) ? picaTag.code : 0;
  const tag = /^=?([0-9]{3})/.exec(line)?.[1];
  if (!tag) return 0;
  return MARC_ISBN_TAG.test(tag) || (MARC_LINKING_TAG.test(tag) && /[$|_^\u2021\u01c2\u25bc]z\s*$/.test(line)) ? marcTag.code : 0;
}

/**
 * Binary MARC (ISO 2709): the tag from the record's directory, then the rules
 * of marcTagSaysIsbn, and UNIMARC's 010 (ISBN; MARC 21's 010 is the LCCN).
 */
function iso2709TagSaysIsbn(text: string, start: number, memo: DataMemo): boolean {
  const place = (memo.iso2709 ??= new Iso2709Reader(text)).placeOf(start);
  if (!place) return false;
  if (place.unimarc) return place.tag === '010';
  return MARC_ISBN_TAG.test(place.tag) || (MARC_LINKING_TAG.test(place.tag) && place.code === 'z');
}

/** How far back a list of numbers in one value may start (`ISBN: 0881792063 0306406152`). */
const LIST_LOOKBACK = 120;

/**
 * The key, tag or attribute right before the value: `"isbn10": "…"`,
 * `isbn: …`, `<isbn>…`, `<identifier type="ISBN">…`, `isbn = '…'`, an
 * element of `"isbn_10": [..., "…"]`, of SQL's `isbn IN ('…', '…')` or of a
 * YAML list under `isbn:`; or, for a later number of a list in one value
 * (`ISBN: 0881792063 0306406152`, `"isbn": "…, …"`), the key before the list.
 */
function keyBeforeSaysIsbn(text: string, start: number, memo: DataMemo): number {
  const rule = keyRuleAt(text, start);
  if (rule !== 0) return rule;
  if (arrayKeySaysIsbn(text, start, memo)) return keyRule.code;
  const stop = Math.max(0, start - LIST_LOOKBACK);
  let k = start - 1;
  while (k >= stop && /[0-9Xx \-,;/]/.test(text[k])) k--;
  return k + 1 < start && /[0-9]/.test(text.slice(k + 1, start)) ? keyRuleAt(text, k + 1) : 0;
}

/** A JSON array element that is one whole string: a line of text kept as a list of lines. */
const STRING_LINE = /^\s*"(?:[^"\\\n]|\\.)*",?\s*$/;
/** How many lines of such an array are read back: pandas prints 60 rows at most. */
const TEXT_LINES_BACK = 64;

/**
 * A number inside text kept in JSON as an array of lines (a Jupyter notebook's
 * printed table: `"text/plain": ["   ISBN  Title\n", "0  0441013597  Dune\n"]`,
 * or its HTML), where an earlier line of the same array names ISBNs: its header.
 */
function textLinesSayIsbn(text: string, start: number): boolean {
  let from = lineStart(text, start);
  const rest = text.slice(start, start + LINE_REACH);
  const newline = rest.indexOf('\n');
  if (!STRING_LINE.test(text.slice(from, start) + (newline < 0 ? rest : rest.slice(0, newline)))) return false;
  for (let lines = 0; lines < TEXT_LINES_BACK && from > 0; lines++) {
    const above = lineStart(text, from - 1);
    const line = text.slice(above, from - 1);
    if (!STRING_LINE.test(line)) return false;
    if (ISBN_WORD.test(line)) return true;
    from = above;
  }
  return false;
}

/**
 * Does the key, attribute or element right before the value at `start` name
 * ISBNs (`"isbn": "…"`, `<identifier type="isbn">…`, `<dc:identifier
 * xsi:type="urn:isbn">…`)? In any kind of text: the finder asks it of a
 * valid ISBN-13 whose hyphens sit where no ISBN puts them.
 */
export function keyNamesIsbn(text: string, start: number): boolean {
  return keyRuleAt(text, start) !== 0;
}

/** keyNamesIsbn as the code of the rule that says ISBN (an element, a key, a type cell, a typed record, a YAML list), or 0. */
function keyRuleAt(text: string, start: number): number {
  const stop = Math.max(0, start - KEY_LOOKBACK);
  let k = start - 1;
  while (k >= stop && /[\s"'`]/.test(text[k]) && text[k] !== '\n') k--;
  const c = text[k];
  if (c === '>') return elementSaysIsbn(text, k, stop);
  if (c === '(' && text[k - 1] === '>') return elementSaysIsbn(text, k - 1, stop); // a MARC subfield's `(0373197527pbk.) :`
  if (c === ':' || c === '=') return namedSaysIsbn(text, k, stop, start);
  if (c === ',' && typeCellBefore(text, k)) return typeCellRule.code;
  if (c === ',' || c === '[' || c === '(' || (c === '{' && initializerBrace(text, k))) {
    const open = c === '(' || c === '{' ? k : openBracket(text, k, stop);
    if (open < 0) return 0;
    let j = open - 1;
    while (j >= stop && /\s/.test(text[j])) j--;
    if (/\bIN$/i.test(text.slice(Math.max(0, j - 2), j + 1))) return ISBN_WORD.test(nameBefore(text, j - 1, stop)) ? keyRule.code : 0; // SQL `isbn IN (`
    return text[j] === ':' || text[j] === '=' ? namedSaysIsbn(text, j, stop, start) : 0;
  }
  if (c === '-' || (c === '\n' && k + 1 < start)) return yamlListSaysIsbn(text, k) ? yamlListRule.code : 0;
  return 0;
}

/**
 * The cell before the `,` at `comma` is a quoted `isbn`: a type/value pair (Calibre's
 * `INSERT INTO identifiers VALUES(118,215,'isbn','0812571398')`, `["isbn", "0441013597"]`).
 */
function typeCellBefore(text: string, comma: number): boolean {
  let k = comma - 1;
  while (text.charCodeAt(k) === 32) k--;
  const quote = text[k];
  if (quote !== "'" && quote !== '"') return false;
  const open = text.lastIndexOf(quote, k - 1);
  return open >= 0 && k - open <= 10 && ISBN_TYPE_CELL.test(text.slice(open + 1, k));
}
const ISBN_TYPE_CELL = /^isbn(?:[-_ ]?1[03])?$/i;

/** How far back the `[` of an array of numbers may lie (Open Library's `isbn` arrays run to hundreds). */
const ARRAY_LOOKBACK = 1 << 16;

/**
 * An element of an array of numbers, however long and however laid out
 * (`"isbn": [\n    "0441013597",\n    …`), whose key names ISBNs. The array
 * last found is remembered, so that each of its elements costs a comparison.
 */
function arrayKeySaysIsbn(text: string, start: number, memo: DataMemo): boolean {
  if (start > memo.arrayOpen && start < memo.arrayClose) return memo.arraySaysIsbn;
  const stop = Math.max(0, start - ARRAY_LOOKBACK);
  let k = start - 1;
  while (k >= stop && isListCharacter(text.charCodeAt(k))) k--;
  if (text.charCodeAt(k) !== 91 /* [ */) return false;
  let j = k - 1;
  while (j >= 0 && /\s/.test(text[j])) j--;
  const keyed = text[j] === ':' || text[j] === '=';
  const close = indexWithin(text, ']', start, Math.min(text.length, start + ARRAY_LOOKBACK));
  memo.arrayOpen = k;
  memo.arrayClose = close < 0 ? start + 1 : close;
  memo.arraySaysIsbn = keyed && ISBN_WORD.test(nameBefore(text, j, Math.max(0, j - KEY_LOOKBACK)));
  return memo.arraySaysIsbn;
}

/** What an array of numbers holds between its elements: digits, X, quotes, commas, hyphens, white space. */
function isListCharacter(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 88 || c === 120 || c === 34 || c === 39 || c === 44 || c === 45 || c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * A key for a book's Amazon id (calibre's identifiers `{'amazon': '1423146786'}`, `amazon_in`): an ASIN,
 * which for a printed book is its ISBN-10 (a bare 10 that passes the check; others start with B0).
 */
const AMAZON_KEY = /^["']?amazon(?:_[a-z]{2,3})?["']?$/i;

/** A key's name that says ISBN, or an Amazon id that is a book's ISBN-10 (AMAZON_KEY). */
function namesIsbn(name: string): boolean {
  return ISBN_WORD.test(name) || AMAZON_KEY.test(name);
}

/** A key of two words naming ISBN's number: `ISBN number:`, `"ISBN No":` (nameBefore reads the last word only). */
const ISBNS_NUMBER_KEY = /isbn[ _-]*(?:number|no\.?|nr\.?|nummer)["']?\s*$/i;

/** Reads the name before `:`/`=` at `at`; a generic name defers to its record. The code of the rule that says ISBN, or 0. */
function namedSaysIsbn(text: string, at: number, stop: number, start: number): number {
  const name = nameBefore(text, at, stop);
  if (namesIsbn(name) || ISBNS_NUMBER_KEY.test(text.slice(Math.max(stop, at - 24), at))) return keyRule.code;
  if (/^["']?[aiz]["']?$/.test(name)) return marcJsonTagSaysIsbn(text, stop, start, name.replace(/["']/g, ''));
  return GENERIC_KEY.test(name.replace(/^.*[:.]/, '')) && (recordSaysIsbn(text, start) || parentKeySaysIsbn(text, start, stop) || snakSaysIsbn(text, start, stop)) ? recordTypeRule.code : 0;
}

/**
 * Wikidata's JSON: `{"property": "P957", "hash": …, "datavalue": {"value": "…"}}`:
 * the snak around the value names the property (within one nested object).
 */
function snakSaysIsbn(text: string, start: number, stop: number): boolean {
  const property = SNAK_PROPERTY.exec(text.slice(stop, start))?.[1];
  return property !== undefined && ISBN_WORD.test(property);
}

/**
 * MARC in JSON (`{"020": {"subfields": [{"i": "0061715743"}]}}`): a subfield
 * code's value under field 020, or a linking entry's `z`, is an ISBN.
 */
function marcJsonTagSaysIsbn(text: string, stop: number, start: number, code: string): number {
  const tag = lastCapture(/"([0-9]{3})"\s*:\s*\{/g, text.slice(stop, start));
  if (tag === undefined) return GENERIC_KEY.test(code) && (recordSaysIsbn(text, start) || parentKeySaysIsbn(text, start, stop)) ? recordTypeRule.code : 0;
  return MARC_ISBN_TAG.test(tag) || (MARC_LINKING_TAG.test(tag) && code === 'z') ? marcJsonRule.code : 0;
}

/** Keys that name a number of another kind, or a date: never a book's title. */
const NUMBER_KEY = /\b(?:ids?|date|time|timestamp|stamp|created|updated|modified|number|no|nr|phone|tel|fax|mobile|count|total|size|views|version|year|zip|code|oclc|lccn|issn|doi|pmid|order|account|price)\b/i;

/**
 * A YAML list of titles and their ISBNs (`- Dune: 0441013597`): a key written
 * as a title (a capital, then words) holding nothing but the number.
 */
function yamlTitleKeySaysIsbn(text: string, start: number): boolean {
  const from = lineStart(text, start);
  const key = /^\s*- +([A-Z][^:\n]*[a-z][^:\n]*):\s*["']?$/.exec(text.slice(from, start))?.[1];
  if (key === undefined || NUMBER_KEY.test(key)) return false;
  const eol = indexWithin(text, '\n', start, start + 40);
  return /^[0-9Xx]*["']?\s*$/.test(text.slice(start, eol < 0 ? Math.min(text.length, start + 40) : eol));
}

/** The key name ending before the `:` or `=` at `at` (quotes and spaces skipped). */
function nameBefore(text: string, at: number, stop: number): string {
  let j = at - 1;
  while (j >= stop && /[\s"'`\]]/.test(text[j]) && text[j] !== '\n') j--;
  const nameEnd = j + 1;
  while (j >= stop && /[\w$#.:@-]/.test(text[j])) j--;
  return text.slice(j + 1, nameEnd);
}

/** A standard number's key: an ISBN's or an ISSN's, and an ISSN is no ISBN-10 (8 digits). */
const STANDARD_NUMBER_KEY = /^(?:standard|std)#$/i;

// Keys that may hold an ISBN in prose besides ISBN ones: a search (`?q=…`, Amazon's `k=`) or a form value.
const PROSE_ISBN_KEY = /^(?:q|query|search|k|keywords?|field-keywords|term|s|value|val|text|content)$/i;

/**
 * Prose (HTML pages, Markdown with code) that assigns a bare ISBN-10 to a
 * key: `oldid=…` and `"wgRevisionId":…` (an encyclopedia page's revision),
 * `data-timestamp="…"`, `"id": …`, BibTeX's `lccn = {…}`. True when the key names something else.
 * Only `=` and a quoted key's `:` count; `Paperback: …` in prose is no key.
 */
export function keyedToOtherValue(text: string, start: number): number {
  // Small, so that it is inlined: it runs for every bare ISBN-10 in prose, most after a word and a space.
  let k = start - 1;
  let c = text.charCodeAt(k);
  const quoted = c === 34;
  if (c === 34 || c === 39 || c === 123) c = text.charCodeAt(--k); // the value's opening quote or brace (BibTeX)
  while (c === 32) c = text.charCodeAt(--k);
  if (c === 63 /* ? */) return queryWithoutKey(text, k) ? bareQueryRule.code : 0;
  // `query=idn%3D1001317165`: an encoded `=`.
  if ((c === 68 || c === 100) && text.charCodeAt(k - 1) === 51 && text.charCodeAt(k - 2) === 37) return keyNamesOther(text, start, k - 2);
  if (c === 91 /* [ */) return itemOfKeyedList(text, start, k);
  if (c === 44 /* , */ && quoted && text.charCodeAt(k - 1) === 34) return itemOfKeyedList(text, start, openBracket(text, k - 1, Math.max(0, k - KEY_LOOKBACK)));
  return c === 58 || c === 61 ? keyNamesOther(text, start, k) : 0;
}

/**
 * An item of a list given to a quoted key (`"wdt:P227": ["121145344", "1089332017"]`: JSON
 * in code or a README), its `[` at `bracket`: the key names what the list holds. Not
 * `x = [0441013597, …]`: a test's list of ISBNs is as often named `valid` as `isbns`.
 */
function itemOfKeyedList(text: string, start: number, bracket: number): number {
  if (bracket < 0 || text.charCodeAt(bracket) !== 91) return 0;
  let k = bracket - 1;
  while (text.charCodeAt(k) === 32) k--;
  return text.charCodeAt(k) === 58 ? keyNamesOther(text, start, k) : 0;
}

/** `cover.png?1700000004`: a URL's query that is a bare number (a cache-buster or a timestamp), not `?isbn=…`. */
function queryWithoutKey(text: string, question: number): boolean {
  const c = text.charCodeAt(question - 1);
  return c > 32 && c !== 34 && c !== 39 && c !== 40; // not the start of a word, a quote or a bracket
}

/** keyedToOtherValue past the `:` or `=` at `k`: the code of the rule whose key names something else, or 0. */
function keyNamesOther(text: string, start: number, k: number): number {
  if (text.charCodeAt(k) === 58 /* : */) {
    let q = k - 1;
    while (text.charCodeAt(q) === 32) q--;
    // Not `"key":`, `'key':`: an EDIFACT qualifier (`RFF+ON:`) or a name only code writes (`createdAt:`, `EXT_FILE_ATTR:`).
    if (text.charCodeAt(q) !== 34 && text.charCodeAt(q) !== 39) return edifactQualifierBefore(text, k) ? edifactRule.code : codeKeyBefore(text, k) ? codeKeyRule.code : 0;
  }
  const stop = Math.max(0, k - KEY_LOOKBACK);
  let name = nameBefore(text, k, stop);
  // `STANDARD # = 0899977170`: a library system's label for the standard number (ISBN or ISSN); `Order # = …` is none.
  if (name === '#') name = nameBefore(text, text.lastIndexOf('#', k), stop) + '#';
  if (name === '' || namesIsbn(name) || PROSE_ISBN_KEY.test(name.replace(/^.*[:.]/, '')) || STANDARD_NUMBER_KEY.test(name)) return 0;
  // `{"type": "ISBN_10", "identifier": "…"}` shown in a README keeps its ISBN.
  return GENERIC_KEY.test(name.replace(/^.*[:.]/, '')) && (recordSaysIsbn(text, start) || parentKeySaysIsbn(text, start, stop)) ? 0 : keyedOtherRule.code;
}

/** The numero sign before the number (`Заказ № 1749375028`, `№1234567890`): "number", which says no ISBN, as `No.` does. */
function numeroBefore(text: string, start: number): boolean {
  let k = start - 1;
  while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 0xa0) k--;
  if (text.charCodeAt(k) !== 0x2116) return false;
  k--;
  while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 0xa0) k--;
  return !/isbn$/i.test(text.slice(Math.max(0, k - 3), k + 1)); // `ISBN № 5-201-…` keeps its label's word
}

/**
 * The source of a system control number before the `)` at `close`: an ISIL (`(DE-603)1048555313`,
 * a library network's record number) or an agency's code (`(OCoLC)…`, `(DLC)…`), as MARC's 035
 * and Dublin Core identifiers write them. Record numbers of PICA networks carry an ISBN-10's check character.
 */
function controlNumberSource(text: string, close: number): boolean {
  const open = text.lastIndexOf('(', close);
  return open >= 0 && close - open <= 20 && CONTROL_NUMBER_SOURCE.test(text.slice(open + 1, close));
}
const CONTROL_NUMBER_SOURCE = /^(?:[A-Z]{2}-[A-Za-z0-9:/-]{1,15}|OCoLC|(?!ISBN)[A-Z]{2,6})$/;

/**
 * A code's key right before the `:` at `colon`: for a time (`issued: 1700000004`, `createdAt:`,
 * `updated_at:`, `mtime:`), or any name only code writes (`EXT_FILE_ATTR_FILE: 2175008800`, `fileSize:`),
 * in an object literal or a config. An epoch in seconds has ten digits and passes the ISBN-10
 * check one time in eleven. A label in prose (`Paperback: …`) is a plain word.
 */
function codeKeyBefore(text: string, colon: number): boolean {
  let k = colon - 1;
  while (k >= 0 && k > colon - 32 && (CODE_NAME_CHAR[text.charCodeAt(k)] ?? 0) === 1) k--;
  const name = text.slice(k + 1, colon);
  return k < colon - 1 && (TIME_KEY.test(name) || CODE_KEY.test(name)) && !namesIsbn(name);
}
/** A code's name, not a prose label's word: with an underscore or a capital inside (`EXT_FILE_ATTR_FILE`, `fileSize`). */
const CODE_KEY = /^[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*$|^[a-z]+[A-Z][A-Za-z0-9]*$/;
const TIME_KEY = /^(?:[a-z][a-z0-9]*_)*(?:[a-z]*time|timestamp|ts|date|issued|created|updated|modified|expires?|expiry|epoch|since|until)$|^(?:[a-z][a-z0-9]*_)+(?:at|on)$|^[a-z][A-Za-z0-9]*(?:At|On|Time|Date|Timestamp|Ts)$/;
const CODE_NAME_CHAR = Array.from({ length: 128 }, (_, c) => (/[A-Za-z0-9_]/.test(String.fromCharCode(c)) ? 1 : 0));

/**
 * EDIFACT's qualified element before the `:` at `colon`: `RFF+ON:7378944858` (an order
 * number), `RFF+QLI:…` (a quote line). An ISBN in EDIFACT is typed after it instead
 * (`PIA+5+0140449132:IB`), and dates, quantities and prices stand after their qualifiers too.
 */
function edifactQualifierBefore(text: string, colon: number): boolean {
  let k = colon - 1;
  while (k > colon - 4 && isCapital(text.charCodeAt(k))) k--;
  return k < colon - 1 && text.charCodeAt(k) === 43 && isCapital(text.charCodeAt(k - 1)) && isCapital(text.charCodeAt(k - 2)) && isCapital(text.charCodeAt(k - 3));
}

/** An ASCII capital letter. */
export function isCapital(c: number): boolean {
  return c >= 65 && c <= 90;
}

/** The key holding the object around `start`: `"isbn-type": [{"value": "…", "type": "print"}]` (Crossref). */
function parentKeySaysIsbn(text: string, start: number, stop: number): boolean {
  const open = lastIndexWithin(text, '{', stop, start);
  if (open < 0) return false;
  let j = open - 1;
  while (j >= stop && /\s/.test(text[j])) j--;
  if (text[j] === ',' || text[j] === '[') {
    j = openBracket(text, j, stop) - 1;
    while (j >= stop && /\s/.test(text[j])) j--;
  }
  if (text[j] !== ':') return false;
  j--;
  while (j >= stop && /[\s"']/.test(text[j])) j--;
  const nameEnd = j + 1;
  while (j >= stop && /[\w$#.:@-]/.test(text[j])) j--;
  return ISBN_WORD.test(text.slice(j + 1, nameEnd));
}

/** ONIX 2.1's short tag for the ISBN (`<b004>`, the long `<ISBN>`); its ProductIDType and IDValue are `<b221>` and `<b244>`. */
const ONIX_SHORT_ISBN = /^b004$/i;

/** `<tag attrs>` ending at `gt`: names ISBNs itself, or is generic inside a record that does (MARCXML 020, ONIX). */
function elementSaysIsbn(text: string, gt: number, stop: number): number {
  const lt = lastIndexWithin(text, '<', stop, gt);
  if (lt < 0) return 0;
  const element = text.slice(lt + 1, gt);
  if (ISBN_WORD.test(element)) return elementRule.code;
  const name = /^[\w.:-]+/.exec(element)?.[0] ?? '';
  if (ONIX_SHORT_ISBN.test(name)) return elementRule.code;
  if (!GENERIC_KEY.test(name.replace(/^.*:/, '')) && !/^(?:dc:)?identifier|IDValue|subfield$|^b244$/i.test(name)) return 0;
  const before = text.slice(Math.max(0, lt - KEY_LOOKBACK), lt);
  // A subfield's own field is the last tag before it, however many subfields lie between.
  const tag = lastCapture(/tag=["']([0-9]{3})["']/g, /^(?:[\w.-]+:)?subfield$/i.test(name) ? text.slice(Math.max(0, lt - MARC_FIELD_REACH), lt) : before);
  if (tag !== undefined) return MARC_ISBN_TAG.test(tag) || (MARC_LINKING_TAG.test(tag) && /code=["']z["']/.test(element)) ? marcXmlRule.code : 0;
  // ONIX: ProductIDType 02 is an ISBN-10 (15, an ISBN-13, is found anyway).
  const onixType = lastCapture(/(?:ProductIDType|b221)>\s*([0-9]+)\s*</gi, before);
  if (onixType !== undefined) return Number(onixType) === 2 ? onixTypeRule.code : 0;
  // Not the line around: on a one-line record, a sibling's `type="isbn"` says nothing of this element.
  return parentElementSaysIsbn(text, lt, stop) ? elementRule.code : 0;
}

/**
 * A generic element's parent names ISBNs (BIBFRAME's `<bf:Isbn><rdf:value>…`),
 * or a sibling before it types it (`<rdf:type rdf:resource="…/Isbn"/>`,
 * `<type>ISBN</type>`). Walks back over the siblings before the element at
 * `lt` to the open tag around it.
 */
function parentElementSaysIsbn(text: string, lt: number, stop: number): boolean {
  let depth = 0;
  let k = lt;
  let siblingEnd = -1; // where the sibling element being walked over closes
  for (let tags = 0; tags < 20; tags++) {
    const gt = lastIndexWithin(text, '>', stop, k);
    if (gt < 0 || (depth === 0 && text.slice(gt + 1, k).trim() !== '')) return false; // text between: no parent in reach
    const open = lastIndexWithin(text, '<', stop, gt);
    if (open < 0) return false;
    const tag = text.slice(open + 1, gt);
    if (tag.startsWith('/')) {
      if (depth++ === 0) siblingEnd = open;
    } else if (tag.endsWith('/')) {
      if (depth === 0 && TYPE_ELEMENT.test(tag) && ISBN_WORD.test(tag)) return true;
    } else if (!tag.startsWith('?') && !tag.startsWith('!')) {
      if (depth === 0) return ISBN_WORD.test(/^[\w.:-]+/.exec(tag)?.[0] ?? '') || TYPE_SAYS_ISBN.test(tag);
      if (--depth === 0 && TYPE_ELEMENT.test(tag) && /^\s*[\w:/.#-]*isbn[\w-]*\s*$/i.test(text.slice(gt + 1, siblingEnd))) return true;
    }
    k = open;
  }
  return false;
}

/** An element that types its siblings: `rdf:type`, `type`, `scheme`, `idType`, `identifierType`. */
const TYPE_ELEMENT = /^(?:[\w.-]+:)?(?:type|scheme|kind|id_?type|identifier_?type)\b/i;

function lastCapture(re: RegExp, text: string): string | undefined {
  let last: string | undefined;
  for (const m of text.matchAll(re)) last = m[1];
  return last;
}

// A type given as a value: `"type": "ISBN_10"`, `"propertyID": "ISBN"`, `scheme="isbn"`, `"label": "ISBN-10"`.
const TYPE_SAYS_ISBN = /(?:type|scheme|propertyid|kind|label)["']?\s*[:=]\s*\[?\s*["']?[^"',}<>\n]*isbn/i;

/**
 * The JSON object around `start`, else its line, types its value as an ISBN
 * (`{"type": "ISBN_10", "identifier": "…"}`); an isbn key beside it does not.
 */
function recordSaysIsbn(text: string, start: number): boolean {
  const open = lastIndexWithin(text, '{', Math.max(0, start - KEY_LOOKBACK), start);
  const close = indexWithin(text, '}', start, start + KEY_LOOKBACK);
  if (open >= 0 && close >= 0) {
    // JSON-LD keeps a value in an object of its own (`"…#value": [{ "@value": "0805208488" }]`): its node types it.
    const from = VALUE_OBJECT.test(text.slice(open, start)) ? enclosingOpen(text, open) : open;
    return TYPE_SAYS_ISBN.test(text.slice(from < 0 ? open : from, close));
  }
  const from = Math.max(lineStart(text, start), start - KEY_LOOKBACK);
  const end = indexWithin(text, '\n', start, start + KEY_LOOKBACK);
  return TYPE_SAYS_ISBN.test(text.slice(from, end < 0 ? Math.min(text.length, start + KEY_LOOKBACK) : end));
}

/** The start of a JSON-LD value object (`{ "@value": `), up to its value. */
const VALUE_OBJECT = /^\{\s*"@value"\s*:\s*"?$/;

/** The `{` of the object that holds the one opening at `open` (a JSON-LD node around its value object), or -1. */
function enclosingOpen(text: string, open: number): number {
  let depth = 0;
  for (let k = open - 1; k >= 0 && k >= open - KEY_LOOKBACK * 4; k--) {
    const c = text.charCodeAt(k);
    if (c === 125 /* } */) depth++;
    else if (c === 123 /* { */ && depth-- === 0) return k;
  }
  return -1;
}

// Labels of other numbers: library and article identifiers, and the words
// before phone, order and account numbers. A bare 10-digit number after one
// is that, in prose as in data ("OCLC 1621861279", "Order number 1481623893").
const FOREIGN_LABELS = (
  'oclc lccn issn eissn pissn pmid pmc pmcid jstor s2cid bibcode arxiv doi zbl ismn ean upc gtin isni orcid sici ' +
  // PICA's record numbers and authority ids, which carry an ISBN-10's check character: `PPN: 1030400229`, `gnd/1173716319`
  'ppn epn gnd idn ' +
  // tax and company registry numbers in a publisher's imprint or footer: `NIP 5252248486`, `USt-IdNr.`, `SIREN`, `ABN`
  'nip regon krs pesel vat abn acn siren siret nif cif idnr ustid steuernummer hrb ' +
  'number no nr num order invoice phone tel telephone fax mobile call id account ticket tracking customer ' +
  // phones and accounts as contact pages and other languages label them: `Mob: …`, `Cell: …`, `Handy …`, `Tlf.: …`
  'mob mobil cell cellphone ph whatsapp contact handy telefon telefono telefone tlf tfn fon konto kto ' +
  // a log's numbers: `Seq: 204730741, Ack: 2772623181`, `pid 1039900771`
  'seq ack pid tid uid gid inode port serial session sessionid epoch timestamp ts offset bytes checksum crc'
).split(' ');

/**
 * A hash of a word's lower-cased characters read backwards (as the look-back
 * reads them), so that the word before every bare ISBN-10 in prose is ruled
 * out without slicing it: only a word whose hash names a label is compared with it.
 */
function hashStep(hash: number, c: number): number {
  return (Math.imul(hash, 31) + foldLetter(c)) | 0;
}

/** A letter lower-cased, and a Latin-1 one without its accent (`Teléfono` is `telefono`): labels are listed in ASCII. */
function foldLetter(c: number): number {
  return c >= 0xc0 && c <= 0xff ? LATIN1_FOLDED.charCodeAt(c - 0xc0) : c | 0x20;
}
const LATIN1_FOLDED = 'aaaaaaaceeeeiiiidnooooo*ouuuuy*saaaaaaaceeeeiiiidnooooo*ouuuuy*y';
/** Each label by its hash (the list has no two with one hash: checked at load). */
const FOREIGN_LABEL_BY_HASH = new Map(
  FOREIGN_LABELS.map((label) => {
    let hash = 0;
    for (let k = label.length - 1; k >= 0; k--) hash = hashStep(hash, label.charCodeAt(k));
    return [hash, label] as const;
  }),
);
if (FOREIGN_LABEL_BY_HASH.size !== FOREIGN_LABELS.length) throw new Error('two foreign labels share a hash');
const FOREIGN_LABEL_SET = new Set(FOREIGN_LABELS);

/**
 * Is text[from, end) a foreign label, in any case? Its hash, read backwards as
 * the look-backs read, picks the one label it may be, which it is compared
 * with character by character: most words are ruled out without a slice.
 */
function isForeignLabel(text: string, from: number, end: number): boolean {
  let hash = 0;
  for (let k = end - 1; k >= from; k--) hash = hashStep(hash, text.charCodeAt(k));
  const label = FOREIGN_LABEL_BY_HASH.get(hash);
  if (label === undefined || label.length !== end - from) return end - from > 4 && namesNumber(text, end);
  for (let i = 0; i < label.length; i++) if (foldLetter(text.charCodeAt(from + i)) !== label.charCodeAt(i)) return false;
  return true;
}

/**
 * A compound naming a number (`Kundennummer`, `Rechnungsnr`, `telefoonnummer`, `ordernumber`)
 * ends at `end`: never an ISBN's label. Character codes, no slice: it runs for the word before
 * every bare ISBN-10 in prose.
 */
function namesNumber(text: string, end: number): boolean {
  if ((text.charCodeAt(end - 1) | 0x20) !== 0x72 /* r */) return false;
  return (text.charCodeAt(end - 2) | 0x20) === 0x6e /* …nr */ || endsWithLower(text, end, 'number') || endsWithLower(text, end, 'nummer');
}

function endsWithLower(text: string, end: number, word: string): boolean {
  for (let i = 1; i <= word.length; i++) if ((text.charCodeAt(end - i) | 0x20) !== word.charCodeAt(word.length - i)) return false;
  return true;
}

/** The start of the word of letters and digits that ends at `end`, when it is a label's length (2 to LONGEST_LABEL); else -1. */
function labelSizedWordStart(text: string, end: number): number {
  let k = end - 1;
  while (k >= 0 && end - k <= LONGEST_LABEL && isLabelChar(text.charCodeAt(k))) k--;
  return end - k - 1 < 2 || isLabelChar(text.charCodeAt(k)) ? -1 : k + 1;
}

/**
 * The word right before a number (past a short gap such as `: `, `#`, `&nbsp;`)
 * labels another kind of number: the code of the rule that says so (a control
 * number's source, `№`, an id's name, a label word, a host, a label phrase), or 0.
 * Runs for every unlabelled bare ISBN-10 in prose too, so it reads character codes
 * and slices only a short word.
 */
export function foreignLabelBefore(text: string, start: number): number {
  if (text.charCodeAt(start - 1) === 41 /* ) */ && controlNumberSource(text, start - 1)) return controlNumberRule.code;
  if (numeroBefore(text, start)) return numeroRule.code;
  let k = start - 1;
  // HTML: look past the tags around the number and its label, and the
  // no-break space between them (`OCLC</a>&#160;<a href="…">1481623893</a>`);
  // Markdown: past the label's link (`[OCLC](…/OCLC_(identifier)) [1481623893](…)`).
  // Past the end of the label's element or link, the label must be all its
  // text: `[OCLC](…)`, not `[The Order](…)`, a title before its ISBN.
  let gap = 12;
  let closed = false;
  let entity: number;
  for (let tags = 0; tags < 3; ) {
    const c = text.charCodeAt(k);
    if (c === 62 /* > */) {
      const lt = lastIndexWithin(text, '<', Math.max(0, k - TAG_LOOKBACK), k);
      if (lt < 0) return 0;
      closed ||= text.charCodeAt(lt + 1) === 47; // `</`
      k = lt - 1;
      tags++;
    } else if (c === 41 /* ) */) {
      const open = linkDestinationStart(text, k);
      if (open < 0) break;
      closed = true;
      k = open - 2; // inside the link text, before its `]`
      tags++;
    } else if (c === 59 /* ; */ && (entity = spaceEntityEndingAt(text, k)) > 0) {
      k -= entity;
    } else if (gap > 0 && k >= 0 && (isLabelGap(c) || (c === 124 && templateBar(text, k)))) {
      k--;
      gap--;
    } else break;
  }
  // One dot ends an abbreviation ("Tel. "); two end a sentence too ("…tel.. 0306406152").
  if (text.charCodeAt(k) === 46 && text.charCodeAt(--k) === 46) return labelPhraseForeign(text, start) ? otherPhraseRule.code : 0;
  const end = k + 1;
  if (camelCaseIdEndingAt(text, end) || capitalIdEndingAt(text, end)) return idNameRule.code; // `taskID[2019353296]`, `userId: 1039900771`, `DOCID: 2654002411`
  const word = labelSizedWordStart(text, end);
  if (word < 0) return labelPhraseForeign(text, start) ? otherPhraseRule.code : 0; // no word, or a longer one
  k = word - 1;
  if (closed && text.charCodeAt(k) !== 62 && text.charCodeAt(k) !== 91) return 0; // `>OCLC</a>`, `[OCLC](…)`
  if (isForeignLabel(text, word, end)) return isbnsNumberWord(text, word) ? 0 : otherLabelRule.code;
  // A URL whose host names the kind: `https://lccn.loc.gov/2008054742` (LCCNs have 10 digits).
  if (text.charCodeAt(k) === 46 /* . */ && text.charCodeAt(end) === 47 /* / */ && hostNamesForeign(text, k)) return hostRule.code;
  return labelPhraseForeign(text, start) ? otherPhraseRule.code : 0;
}

/** A camelCase name ending in Id or ID right before `end` (`taskID`, `sessionId`): a program's id, as logs write them. */
function camelCaseIdEndingAt(text: string, end: number): boolean {
  const d = text.charCodeAt(end - 1);
  const before = text.charCodeAt(end - 3);
  return text.charCodeAt(end - 2) === 73 /* I */ && (d === 100 || d === 68) /* d D */ && before >= 97 && before <= 122 && !isAsciiAlnum(text.charCodeAt(end));
}

/**
 * A word in capitals ending in ID right before `end` (`DOCID`, `RECID`, `ACCTID`): a system's
 * record id, as ProQuest's `DOCID: 2654002411` in an exported note. Not `ISBNID`.
 */
function capitalIdEndingAt(text: string, end: number): boolean {
  if (text.charCodeAt(end - 1) !== 68 || text.charCodeAt(end - 2) !== 73 || isAsciiAlnum(text.charCodeAt(end))) return false;
  let k = end - 3;
  while (k >= end - 10 && isCapital(text.charCodeAt(k))) k--;
  return k < end - 4 && !isAsciiAlnum(text.charCodeAt(k)) && !isIsbnAt(text, k + 1);
}

/** The length of a no-break space entity (`&nbsp;`, `&#160;`, `&#xA0;`) ending at the `;` at `semi`, else 0. */
export function spaceEntityEndingAt(text: string, semi: number): number {
  const m = /&(?:nbsp|#160|#x0*a0);$/i.exec(text.slice(Math.max(0, semi - 9), semi + 1));
  return m === null ? 0 : m[0].length;
}

/**
 * The common case of foreignLabelBefore in short: a label word right before the
 * number, past a short gap (`order 1481623893`, `Ack: 2772623181`). True means
 * foreignLabelBefore is true too; false settles nothing (tags, links, phrases).
 */
export function foreignWordBefore(text: string, start: number): boolean {
  let k = start - 1;
  for (let gap = 0; gap < 3 && k >= 0 && isLabelGap(text.charCodeAt(k)); gap++) k--;
  const end = k + 1;
  const word = labelSizedWordStart(text, end);
  return word >= 0 && isForeignLabel(text, word, end) && !isbnsNumberWord(text, word);
}

/** The label word at `word` says ISBN's number: `ISBN number:`, `ISBN-Nr.`, `ISBN No`, `ISBNnummer`. */
function isbnsNumberWord(text: string, word: number): boolean {
  const gap = text.charCodeAt(word - 1);
  const isbn = gap === 32 || gap === 45 || gap === 95 ? word - 5 : word - 4;
  return isIsbnAt(text, isbn) || isIsbnAt(text, word);
}

function isIsbnAt(text: string, k: number): boolean {
  return k >= 0 && (text.charCodeAt(k) | 0x20) === 105 && (text.charCodeAt(k + 1) | 0x20) === 115 && (text.charCodeAt(k + 2) | 0x20) === 98 && (text.charCodeAt(k + 3) | 0x20) === 110;
}

// A label of several words before a colon: its first word names the kind
// (WorldCat's "OCLC Number / Unique Identifier: …"), or, in Chinese or
// Japanese, its last word is "number" or "telephone" (学籍番号：…, 電話：…,
// 电话0306406152, written without a colon or a space).
const FOREIGN_PHRASE = /^[\s*_#>|-]*([A-Za-z]+)\b[^:\n\uff1a]{0,60}$/;
const CJK_NUMBER_WORD = /(?:番号|番號|号码|號碼|電話|电话|コード|ＩＤ|ID)$/;

/**
 * The number follows `Label words:` (or a full-width colon) whose words name
 * another kind of number. Runs for most bare ISBN-10s in prose, so it reads
 * character codes and slices only a short word or a phrase that may be one.
 */
function labelPhraseForeign(text: string, start: number): boolean {
  let k = start - 1;
  while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 0x3000) k--;
  const colon = text.charCodeAt(k);
  if (colon > 0x2e7f && CJK_NUMBER_WORD.test(text.slice(Math.max(0, k - 2), k + 1))) return true;
  if (colon !== 58 && colon !== 0xff1a) return false;
  // The phrase's first word, at the start of its line (past list marks and emphasis).
  let from = k;
  while (from > 0 && k - from < PHRASE_REACH && text.charCodeAt(from - 1) !== 10) from--;
  let w = from;
  while (w < k && isPhraseLead(text.charCodeAt(w))) w++;
  let e = w;
  while (e < k && isAsciiLetter(text.charCodeAt(e))) e++;
  if (e - w < 2 || e - w > LONGEST_LABEL) return cjkNumberWordBefore(text, Math.max(from, k - 4), k) && !/isbn/i.test(text.slice(from, k));
  // Most first words are no label and are never sliced.
  if (!isForeignLabel(text, w, e) || /^(?:number|no|nr|num)$/i.test(text.slice(w, e))) return false;
  const phrase = text.slice(from, k);
  return !/isbn/i.test(phrase) && FOREIGN_PHRASE.test(phrase);
}

/**
 * CJK_NUMBER_WORD ends text[from, to) but for white space. Every word it
 * names ends in `D` or in a character from U+3000 on: a window (four
 * characters) without one is ruled out without slicing it.
 */
function cjkNumberWordBefore(text: string, from: number, to: number): boolean {
  let mayEnd = false;
  for (let j = from; j < to && !mayEnd; j++) {
    const c = text.charCodeAt(j);
    mayEnd = c === 68 || c >= 0x3000;
  }
  return mayEnd && CJK_NUMBER_WORD.test(text.slice(from, to).trimEnd());
}

/** What may open a label phrase's line before its first word, as `[\s*_#>|-]`: white space, `*`, `_`, `#`, `>`, `|`, `-`. */
function isPhraseLead(c: number): boolean {
  return c === 42 || c === 95 || c === 35 || c === 62 || c === 124 || c === 45 || isJsWhiteSpace(c);
}

/** The characters of a regular expression's `\s`. */
function isJsWhiteSpace(c: number): boolean {
  if (c < 0x80) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** How far back a label phrase may start. */
const PHRASE_REACH = 80;

function isAsciiLetter(c: number): boolean {
  return (c | 0x20) >= 97 && (c | 0x20) <= 122;
}

/** The host ending at the `.` at `dot` has a foreign label among its parts (`lccn` of lccn.loc.gov). */
function hostNamesForeign(text: string, dot: number): boolean {
  const host = /[\w.-]*$/.exec(text.slice(Math.max(0, dot - 60), dot))![0];
  return host.split('.').some((part) => FOREIGN_LABEL_SET.has(part.toLowerCase()));
}

/** The `(` opening the Markdown link destination that ends at the `)` at `close`, or -1 (then it is no link). */
function linkDestinationStart(text: string, close: number): number {
  const stop = Math.max(0, close - TAG_LOOKBACK);
  let depth = 0;
  for (let k = close - 1; k >= stop; k--) {
    const c = text.charCodeAt(k);
    if (c === 41) depth++;
    else if (c === 40 && depth-- === 0) return text.charCodeAt(k - 1) === 93 /* ] */ ? k : -1;
    else if (c === 10) return -1;
  }
  return -1;
}

const LONGEST_LABEL = 16; // "telephone", and compounds such as "Auftragsnummer"
const TAG_LOOKBACK = 300;

/** Space, tab, line break, no-break space, `:`, `#`, `=`, `(`, `[`, `-`, `/` (`worldcat.org/oclc/…`). */
function isLabelGap(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0 || c === 58 || c === 35 || c === 61 || c === 40 || c === 91 || c === 45 || c === 47;
}

/**
 * The `|` at `bar` follows a wikitext template's name (`{{OCLC|…}}`). Only
 * there: in a Markdown table the cell before may be a title ("| The Order |").
 */
function templateBar(text: string, bar: number): boolean {
  let j = bar - 1;
  while (isAsciiAlnum(text.charCodeAt(j))) j--;
  return j < bar - 1 && text.charCodeAt(j) === 123 && text.charCodeAt(j - 1) === 123;
}

/** A label's character: an ASCII letter or digit, or a Latin-1 letter (`Teléfono`, `Straße`). */
function isLabelChar(c: number): boolean {
  return isAsciiAlnum(c) || (c >= 0xc0 && c <= 0xff && c !== 0xd7 && c !== 0xf7);
}

function isAsciiAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122);
}

/** The unmatched `[` or `(` before `at` (strings skipped roughly), or -1. */
/** A `{` that opens an array's initializer (`String[] validISBN10Format = {`, C's `= {`), not an object: after `=`. */
function initializerBrace(text: string, brace: number): boolean {
  let k = brace - 1;
  while (text.charCodeAt(k) === 32) k--;
  return text.charCodeAt(k) === 61 && text.charCodeAt(k - 1) !== 61; // `=`, not `==`
}

function openBracket(text: string, at: number, stop: number): number {
  let depth = 0;
  let quote = '';
  for (let k = at; k >= stop; k--) {
    const c = text[k];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ']' || c === ')' || c === '}') depth++;
    else if (c === '[' || c === '(' || c === '{') {
      if (depth === 0) return c === '{' && !initializerBrace(text, k) ? -1 : k;
      depth--;
    }
  }
  return -1;
}

/** `- 0306406152` under `isbn:` (or `isbn_10:`) in YAML. */
export function yamlListSaysIsbn(text: string, at: number): boolean {
  let from = lineStart(text, at);
  const item = /^(\s*)- /.exec(text.slice(from, at + 2));
  if (!item) return false;
  const indent = item[1].length;
  for (let k = 0; k < 200 && from > 0; k++) {
    from = lineStart(text, from - 1);
    const end = text.indexOf('\n', from);
    const line = text.slice(from, end < 0 ? text.length : end);
    const lead = /^\s*/.exec(line)![0].length;
    if (line.trim() === '' || (lead === indent && line.trimStart().startsWith('- ')) || lead > indent) continue;
    return /^\s*[\w"' .-]*isbn[\w"' .-]*:\s*$/i.test(line);
  }
  return false;
}

/**
 * SQL rows: the column of the value inside its `( … )` tuple, named by the
 * statement's column list or the table's CREATE TABLE. Undefined when the
 * value is not in an INSERT's tuple (then the key-before rule applies: `isbn = '…'`).
 */
function sqlColumnSaysIsbn(text: string, start: number, memo: DataMemo): boolean | undefined {
  const lineAt = lineStart(text, start);
  const line = text.slice(lineAt, start);
  if (line.includes('\t') || lineAt === start) {
    const columns = copyColumns(text, lineAt, memo);
    if (columns) return ISBN_WORD.test(columns[line.split('\t').length - 1] ?? '');
  }
  const stop = Math.max(0, start - KEY_LOOKBACK * 4);
  let index = 0;
  let quote = '';
  let depth = 0;
  let k = start - 1;
  if (text[k] === "'" || text[k] === '"') k--; // the value's own opening quote
  for (; k >= stop; k--) {
    const c = text[k];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ')') depth++;
    else if (c === '(') {
      if (depth === 0) break;
      depth--;
    } else if (c === ',' && depth === 0) index++;
  }
  if (k < stop) return undefined;
  // A tuple of an INSERT follows VALUES or another tuple; `isbn IN (…)` is no row.
  let before = k - 1;
  while (before >= stop && /\s/.test(text[before])) before--;
  if (text[before] !== ',' && !/VALUES$/i.test(text.slice(Math.max(0, before - 5), before + 1))) return undefined;
  const columns = statementColumns(text, k, memo);
  if (!columns) return undefined;
  return index < columns.length && ISBN_WORD.test(columns[index]);
}

const VALUES = /\bVALUES\b/gi;
const COPY = /COPY\s+[\w."]+\s*\(([^)]*)\)\s+FROM\s+stdin;?[^\n]*\n/gi;

/** pg_dump rows: tab-separated lines after `COPY t (cols) FROM stdin;`, up to `\.`. The columns, or undefined. */
function copyColumns(text: string, lineAt: number, memo: DataMemo): string[] | undefined {
  if (lineAt > memo.copyFrom && lineAt < memo.copyTo) return memo.copyColumns;
  const from = Math.max(0, lineAt - SQL_LOOKBACK);
  const copyAt = Math.max(lastIndexWithin(text, 'COPY ', from, lineAt), lastIndexWithin(text, 'copy ', from, lineAt));
  if (copyAt < 0) return undefined;
  COPY.lastIndex = copyAt;
  const m = COPY.exec(text.slice(0, lineAt));
  if (!m || m.index !== copyAt) return undefined;
  const rows = m.index + m[0].length;
  const blockEnd = text.indexOf('\n\\.', rows - 1); // once a block: memoized below
  memo.copyFrom = rows - 1;
  memo.copyTo = blockEnd < 0 ? text.length : blockEnd + 1;
  memo.copyColumns = names(m[1]);
  return lineAt < memo.copyTo ? memo.copyColumns : undefined;
}

function statementColumns(text: string, tupleAt: number, memo: DataMemo): string[] | undefined {
  if (tupleAt > memo.from && tupleAt < memo.to && tupleAt - memo.from <= SQL_LOOKBACK) return memo.columns;
  // The nearest VALUES before the tuple, looked for in slices going back.
  const from = Math.max(0, tupleAt - SQL_LOOKBACK);
  let valuesAt = -1;
  for (let k = tupleAt; k > from && valuesAt < 0; ) {
    const window = Math.max(from, k - 4096);
    for (const m of text.slice(window, k + 6).matchAll(VALUES)) valuesAt = window + m.index;
    k = window;
  }
  if (valuesAt < 0) {
    // Not in an INSERT: remember that for the rest of the statement too.
    const end = indexWithin(text, ';', tupleAt, tupleAt + SQL_LOOKBACK);
    memo.from = tupleAt - 1;
    memo.to = end < 0 ? Math.min(text.length, tupleAt + SQL_LOOKBACK) : end;
    memo.columns = undefined;
    return undefined;
  }
  const insertFrom = Math.max(0, valuesAt - 4096);
  const insertAt = Math.max(
    lastIndexWithin(text, 'INSERT', insertFrom, valuesAt),
    lastIndexWithin(text, 'insert', insertFrom, valuesAt),
    lastIndexWithin(text, 'REPLACE', insertFrom, valuesAt),
  );
  if (insertAt < 0) return undefined;
  const head = text.slice(insertAt, valuesAt);
  const m = /INTO\s+((?:[`"[]?[\w$]+[`"\]]?\.)?[`"[]?([\w$]+)[`"\]]?)\s*(?:\(([^)]*)\))?\s*$/i.exec(head);
  if (!m) return undefined;
  const columns = m[3] !== undefined ? names(m[3]) : createTableColumns(text, m[2], Math.max(0, valuesAt - SQL_LOOKBACK), valuesAt);
  const end = indexWithin(text, ';', tupleAt, tupleAt + SQL_LOOKBACK);
  memo.from = valuesAt;
  memo.to = end < 0 ? Math.min(text.length, tupleAt + SQL_LOOKBACK) : end;
  memo.columns = columns;
  return columns;
}

function names(list: string): string[] {
  return list.split(',').map((name) => name.trim().replace(/^[`"[]|[`"\]]$/g, ''));
}

/** Column names, in order, of `CREATE TABLE table (…)` in text[from, to) (its first). */
function createTableColumns(text: string, table: string, from: number, to: number): string[] | undefined {
  const escaped = table.replace(/[$]/g, '\\$');
  const m = new RegExp(`CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(?:[\`"[]?\\w+[\`"\\]]?\\.)?[\`"[]?${escaped}[\`"\\]]?\\s*\\(`, 'i').exec(text.slice(from, to));
  if (!m) return undefined;
  const columns: string[] = [];
  let depth = 1;
  let part = '';
  for (let k = from + m.index + m[0].length; k < text.length && depth > 0; k++) {
    const c = text[k];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    if (depth === 0 || (c === ',' && depth === 1)) {
      const name = /^\s*[`"[]?([\w$]+)/.exec(part)?.[1];
      if (name && !/^(?:PRIMARY|KEY|UNIQUE|INDEX|CONSTRAINT|FOREIGN|CHECK|FULLTEXT)$/i.test(name)) columns.push(name);
      part = '';
    } else part += c;
  }
  return columns;
}

/** Words of a table's column header that name another kind of number (an order number, a SKU, a date). */
const OTHER_NUMBER_HEADER = new RegExp(`\\b(?:${[...FOREIGN_LABELS, 'sku', 'crn', 'barcode', 'ids?', 'date', 'time', 'timestamp', 'created', 'updated', 'price', 'count', 'total', 'size', 'zip', 'code', 'key'].join('|')})\\b`, 'i');
/** How far back a Markdown table's header may lie (its block's reach, MARKDOWN_TABLE). */
const TABLE_LOOKBACK = MARKDOWN_TABLE.chars;

/**
 * The header of the column whose whole cell (Markdown `| … |` or HTML
 * `<td>…</td>`) is the bare number text[start, end), if it has one.
 * The table last found is remembered (`memo`), so a long one is read once.
 */
export function tableColumnHeader(text: string, start: number, end: number, memo: DataMemo): string | undefined {
  let k = start - 1;
  while (text.charCodeAt(k) === 32) k--;
  const before = text.charCodeAt(k);
  if (before === 124 /* | */) return markdownColumnHeader(text, start, end, k, memo);
  if (before === 62 /* > */) return htmlColumnHeader(text, start, end, k, memo);
  return undefined;
}

/** Does a table's column header name another kind of number (`Order No.`, `SKU`, `OCLC`) and not ISBNs: a textbook list's other columns? */
export function headerNamesOther(header: string | undefined): boolean {
  return header !== undefined && !ISBN_WORD.test(header) && OTHER_NUMBER_HEADER.test(header);
}

/** Does a table's column header name ISBNs? */
export function headerNamesIsbn(header: string | undefined): boolean {
  return header !== undefined && ISBN_WORD.test(header);
}

function markdownColumnHeader(text: string, start: number, end: number, bar: number, memo: DataMemo): string | undefined {
  let k = end;
  while (text.charCodeAt(k) === 32) k++;
  if (text.charCodeAt(k) !== 124) return undefined; // not the whole cell
  const from = lineStart(text, start);
  // Up the table to its delimiter row (`|---|:--:|`), or to a row of the table last found.
  let line = from;
  let whole = isLineStart(text, from); // every row read so far is a whole line (none longer than LINE_REACH)
  for (;;) {
    if (line > memo.tableFrom && line <= memo.tableTo) break; // a row of the table last found
    if (line === 0 || line < from - TABLE_LOOKBACK) return headerless(memo, line, from, whole);
    const above = lineStart(text, line - 1);
    const row = text.slice(above, line - 1);
    if (!/^\s*\|/.test(row)) return headerless(memo, line, from, whole);
    if (/^\s*\|(?:\s*:?-+:?\s*\|)+\s*$/.test(row)) {
      if (above === 0) return headerless(memo, line, from, whole);
      memo.tableFrom = above;
      memo.tableHeader = text.slice(lineStart(text, above - 1), above - 1).split('|');
      break;
    }
    line = above;
    whole &&= isLineStart(text, line);
  }
  // A row of a table remembered headerless: it grows by the rows walked up to it.
  if (memo.tableHeader.length === 0) return headerless(memo, memo.tableFrom + 1, from, whole);
  memo.tableTo = from;
  let column = 0;
  for (let j = from; j <= bar; j++) if (text.charCodeAt(j) === 124) column++;
  return memo.tableHeader[column];
}

/**
 * Remembers rows `line` to `from` as a table without a header (each is a
 * row, and none above them is a delimiter row): the next rows of a list
 * laid out as a table then cost a comparison, not a walk up to its top.
 * Only rows that are `whole` lines: a walk from a later row meets the same
 * ones (a longer line is read in pieces that depend on where the walk began).
 */
function headerless(memo: DataMemo, line: number, from: number, whole: boolean): undefined {
  if (!whole) return undefined;
  memo.tableFrom = line - 1;
  memo.tableTo = from;
  memo.tableHeader = [];
  return undefined;
}

/** Is `at` the start of a line (not a cut made by lineStart's reach)? */
function isLineStart(text: string, at: number): boolean {
  return at === 0 || text.charCodeAt(at - 1) === 10;
}

function htmlColumnHeader(text: string, start: number, end: number, gt: number, memo: DataMemo): string | undefined {
  if (!/^\s*<\/t[dh]>/i.test(text.slice(end, end + 12))) return undefined; // not the whole cell
  const lt = text.lastIndexOf('<', gt);
  if (lt < 0 || !/^<t[dh][\s>]/i.test(text.slice(lt, lt + 4))) return undefined;
  const row = Math.max(text.lastIndexOf('<tr', lt), text.lastIndexOf('<TR', lt));
  const from = start - HTML_TABLE_REACH;
  if (row < 0 || row < from) return undefined;
  const column = (text.slice(row, lt).match(/<t[dh][\s>]/gi) ?? []).length;
  const closed = Math.max(text.lastIndexOf('</table', row), text.lastIndexOf('</TABLE', row));
  if (!(memo.htmlTable >= from && memo.htmlTable < row && closed < memo.htmlTable)) {
    const table = Math.max(text.lastIndexOf('<table', row), text.lastIndexOf('<TABLE', row));
    if (table < from || table < closed) return undefined;
    const head = /<tr[^>]*>([\s\S]*?)<\/tr>/i.exec(text.slice(table, row));
    memo.htmlTable = table;
    memo.htmlHeader = head && /<th[\s>]/i.test(head[1]) ? [...head[1].matchAll(/<th[^>]*>([\s\S]*?)<\/th>/gi)].map((m) => m[1].replace(/<[^>]*>/g, '')) : [];
  }
  return memo.htmlHeader[column];
}
