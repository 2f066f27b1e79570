// The finder on structured data and library formats (issue 13): CSV rows,
// MARC subfield codes glued to ISBNs, bare 10-digit numbers in data that pass
// the ISBN-10 check by chance, and ISSNs in isbn fields. Property tests on
// documents generated in the shapes of real exports.
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { invalidIsbnMessage } from '../../src/editor/words';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { invalidIsbn, isbnProblems } from '../../src/core/diagnostics/isbnProblems';
import { findIsbns } from '../../src/core/isbn/find';
import { documentShape } from '../../src/core/documentKind/documentKind';
import { sniffShape } from '../../src/core/isbn/textShape';
import { scanAll } from '../../src/core/scan/lineScan';
import { book, chanceTen } from '../helpers/isbnArbitraries';

function validFound(text: string, name?: string): string[] {
  const options = name === undefined ? {} : { shape: documentShape({ fileName: name }, text) };
  return findIsbns(text, options).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : []));
}

function sameSet(actual: string[], expected: string[], why: string): void {
  assert.deepEqual([...new Set(actual)].sort(), [...new Set(expected)].sort(), why);
}

// ---- CSV -------------------------------------------------------------------

test('CSV: numbers right after "digit," and right before ",digit" are found', () => {
  assert.deepEqual(validFound('Title,9780439023481,2008'), ['9780439023481']);
  assert.deepEqual(validFound('id,pages,isbn\n7,183,1400032717\n8,226,1400032717,9.78e+12\n'), ['9781400032716', '9781400032716']);
  assert.deepEqual(validFound('a 1,0306406152 b'), ['9780306406157'], 'a comma is no decimal point for an ISBN');
  assert.deepEqual(validFound('pi is 3.1415926535 and 0306406152.5 is a decimal'), [], 'decimal points still are');
});

test('property: CSV exports (Goodreads quoting, plain, TSV): every ISBN found, nothing else', () => {
  const row = fc.record({
    id: fc.integer({ min: 1, max: 99_999_999 }),
    title: fc.constantFrom('"Dune, Part One"', 'The Road', '"1984"', 'Sapiens'),
    book,
    hasTen: fc.boolean(),
    pages: fc.integer({ min: 40, max: 1500 }),
    rating: fc.constantFrom('4.33', '3.9', '5'),
    noise: chanceTen,
    date: fc.constantFrom('2013/01/01', '2020-07-14', ''),
  });
  const layout = fc.constantFrom(
    { delimiter: ',', quote: (s: string) => `="${s}"` }, // Goodreads
    { delimiter: ',', quote: (s: string) => s },
    { delimiter: '\t', quote: (s: string) => s },
    { delimiter: ';', quote: (s: string) => `"${s}"` },
  );
  fc.assert(
    fc.property(layout, fc.array(row, { minLength: 2, maxLength: 12 }), fc.constantFrom('ISBN', 'isbn10', 'ISBN_10', 'Isbn'), (l, rows, isbnName) => {
      const d = l.delimiter;
      const header = ['Book Id', 'Title', isbnName, 'ISBN13', 'Pages', 'Rating', 'Phone', 'Date Read'].join(d);
      const lines = rows.map((r) =>
        [r.id, r.title, l.quote(r.hasTen ? r.book.isbn10 : ''), l.quote(r.book.isbn13), r.pages, r.rating, r.noise, r.date].join(d),
      );
      const text = [header, ...lines].join('\n') + '\n';
      sameSet(validFound(text), rows.map((r) => r.book.isbn13), text);
      // The ISBN-10 column alone (no ISBN-13 beside it) is found by its header.
      const tens = rows.map((r) => [r.id, l.quote(r.book.isbn10), r.noise].join(d));
      const onlyTens = [['Book Id', isbnName, 'Phone'].join(d), ...tens].join('\n');
      sameSet(validFound(onlyTens, 'export.csv'), rows.map((r) => r.book.isbn13), onlyTens);
    }),
  );
});

// ---- MARC ------------------------------------------------------------------

test('MARC: subfield codes glued to the ISBN', () => {
  assert.deepEqual(validFound('=020  \\\\$a8472236579'), ['9788472236578']);
  assert.deepEqual(validFound('020    |a9780070824522'), ['9780070824522']);
  assert.deepEqual(validFound('020 ‡a9780306406157 ‡q(pbk.)'), ['9780306406157']);
  assert.deepEqual(validFound('ab9780306406157 x0306406152'), [], 'a letter glued to a number is still no subfield code');
});

test('property: MARC records: ISBNs in 020 with any subfield mark are found; control, LCCN and OCLC numbers are not', () => {
  const mark = fc.constantFrom('$', '|', '‡', 'ǂ', '_');
  const field = fc.record({ book, ten: fc.boolean(), mark, qualifier: fc.constantFrom('', ' (pbk.)', '$q(hardcover)', ' :$c£9.99') });
  fc.assert(
    fc.property(fc.array(field, { minLength: 1, maxLength: 6 }), chanceTen, chanceTen, chanceTen, (fields, control, lccn, oclc) => {
      const lines = ['=LDR  01142cam  2200301 a 4500', `=001  ${control}`, `=010  \\\\$a  ${lccn}`];
      for (const f of fields) lines.push(`=020  \\\\${f.mark}a${f.ten ? f.book.isbn10 : f.book.isbn13}${f.qualifier}`);
      lines.push(`=035  \\\\$a(OCoLC)${oclc}`, `=245  10$aA title /$cAn author.`);
      const text = lines.join('\n') + '\n';
      sameSet(validFound(text), fields.map((f) => f.book.isbn13), text);
    }),
  );
});

// ---- bare 10-digit numbers in structured data ---------------------------------

const NON_ISBN_KEYS = ['time', 'id', 'phone', 'exampleNumber', 'tax_id', 'created', 'oclc', 'views', 'barcode'];

test('structured data: timestamps, phone numbers and ids that pass the ISBN-10 check are not ISBNs', () => {
  assert.deepEqual(validFound('{"time": 1481623893, "id": 1}'), []);
  assert.deepEqual(validFound('<?xml version="1.0"?>\n<territory><exampleNumber>2684641234</exampleNumber></territory>'), []);
  assert.deepEqual(validFound("INSERT INTO people (id, tax_id) VALUES (1, '1481623893');"), []);
  // …while in prose a bare valid ISBN-10 stays found, unless another number's label is before it.
  assert.deepEqual(validFound('Read 1481623893 soon.'), ['9781481623896']);
  assert.deepEqual(validFound('OCLC 1481623893. Tel. 1481623893. Order number: 1481623893.'), []);
  assert.deepEqual(validFound('<li>Bondanella (1997). ISBN&nbsp;0-306-40615-2. OCLC&nbsp;1481623893.</li>'), ['9780306406157'], 'encyclopedia references');
  assert.deepEqual(validFound('the telephone: 1481623893; xtelephone 1481623893; call.. 1481623893'), ['9781481623896', '9781481623896']);
});

test('property: JSON, XML, SQL, YAML: a bare ISBN-10 needs its key, tag or column; ISBN-13s are found everywhere', () => {
  const entry = fc.record({ book, noise: chanceTen, key: fc.constantFrom(...NON_ISBN_KEYS), isbnKey: fc.constantFrom('isbn', 'isbn10', 'ISBN_10', 'isbn_10') });
  const format = fc.constantFrom('json', 'xml', 'sql', 'yaml', 'googleBooks', 'marcxml');
  fc.assert(
    fc.property(format, fc.array(entry, { minLength: 1, maxLength: 6 }), (kind, entries) => {
      let text: string;
      switch (kind) {
        case 'json':
          text = JSON.stringify({ books: entries.map((e) => ({ [e.key]: Number(e.noise), [e.isbnKey]: e.book.isbn10, other: e.book.isbn13 })) }, null, 2);
          break;
        case 'googleBooks':
          text = JSON.stringify({ items: entries.map((e) => ({ updated: Number(e.noise), industryIdentifiers: [{ type: 'ISBN_10', identifier: e.book.isbn10 }, { type: 'OTHER', identifier: e.noise }] })) });
          break;
        case 'xml':
          text = `<?xml version="1.0"?>\n<books>\n${entries.map((e) => `  <book><${e.key}>${e.noise}</${e.key}><${e.isbnKey}>${e.book.isbn10}</${e.isbnKey}><ean>${e.book.isbn13}</ean></book>`).join('\n')}\n</books>\n`;
          break;
        case 'marcxml':
          text = `<?xml version="1.0"?>\n<record>\n${entries.map((e) => `<controlfield tag="001">${e.noise}</controlfield>\n<datafield tag="020" ind1=" " ind2=" ">\n  <subfield code="a">${e.book.isbn10}</subfield>\n</datafield>\n<datafield tag="035" ind1=" " ind2=" ">\n  <subfield code="a">${e.noise}</subfield>\n</datafield>`).join('\n')}\n</record>\n`;
          break;
        case 'sql':
          text = `CREATE TABLE books (id int, ${entries[0].key}_n char(10), isbn char(10), ean char(13));\nINSERT INTO books VALUES ${entries.map((e, i) => `(${i},'${e.noise}','${e.book.isbn10}','${e.book.isbn13}')`).join(',')};\n`;
          break;
        default:
          text = `books:\n${entries.map((e) => `  - ${e.key}: ${e.noise}\n    ${e.isbnKey}: ${e.book.isbn10}\n    ids:\n      - ${e.noise}`).join('\n')}\n`;
      }
      sameSet(validFound(text), entries.map((e) => e.book.isbn13), `${kind}: ${text}`);
      // Without its key the bare ISBN-10 is not taken, its ISBN-13 always is.
      const unlabelled = JSON.stringify(entries.map((e) => ({ [e.key]: e.book.isbn10, n: e.noise })));
      assert.deepEqual(validFound(unlabelled), [], unlabelled);
      const thirteens = JSON.stringify(entries.map((e) => ({ [e.key]: e.book.isbn13 })));
      sameSet(validFound(thirteens), entries.map((e) => e.book.isbn13), thirteens);
    }),
  );
});

test('data: every ISBN-10 of a list in one ISBN value, and of an SQL `isbn IN (…)`', () => {
  // 0881792063 and 0306406152 are different books; 1187654302 passes the check by chance.
  const yaml = 'references:\n- id: a\n  ISBN: 0881792063 0306406152\n  accessed: 1187654302\n';
  assert.deepEqual(validFound(yaml, 'refs.yaml'), ['9780881792065', '9780306406157']);
  const json = '[{"ISBN": "0881792063, 0306406152", "accessed": 1187654302}, {"isbn": "0881792063; 0306406152"}]';
  assert.deepEqual(validFound(json), ['9780881792065', '9780306406157', '9780881792065', '9780306406157']);
  const sql = "INSERT INTO books (title, isbn, added) VALUES ('Dune', '0441013597', 1187654302);\nSELECT * FROM books WHERE isbn IN ('0881792063', '0306406152') AND id IN (1187654302, 1187654302);\n";
  assert.deepEqual(validFound(sql), ['9780441013593', '9780881792065', '9780306406157']);
  // A file of queries is data from its first statement; prose that shows one later is not.
  assert.equal(sniffShape('-- report\nSELECT title FROM books WHERE id IN (1187654302);\n').kind, 'sql');
  assert.equal(sniffShape('# Notes\n\nSELECT title FROM books;\n\nRead 1187654302.\n').kind, 'text');
  for (const prose of ['Use these books:\n- The Road 0307277674\n', 'With thanks. Read 0307277674.\n', 'Select ten books from the shelf.\n']) {
    assert.equal(sniffShape(prose).kind, 'text', prose);
  }
});

test('RIS: SN holds ISBNs; a number under another tag (AN, M1, ID) that passes the check is no ISBN', () => {
  const ris = 'TY  - BOOK\nSN  - 0307277674 (pbk.)\nAN  - 1187654302\nER  - \n\nTY  - BOOK\nSN  - 0881792063 0306406152\nM1  - 1187654302\nER  - \n';
  assert.equal(sniffShape(ris).kind, 'ris');
  assert.equal(documentShape({ fileName: 'export.ris' }, 'anything').kind, 'ris');
  assert.deepEqual(validFound(ris), ['9780307277671', '9780881792065', '9780306406157']);
  assert.deepEqual(validFound(ris, 'export.ris'), ['9780307277671', '9780881792065', '9780306406157']);
});

test('sniffed from the text alone: a Markdown list (after front matter or not) and XHTML are prose, a YAML list of keys is data', () => {
  const list = '---\ntitle: Books\ntags: reading\n---\n# 2023\n- The Road by Cormac McCarthy (0307277674)\n- Dune, 0441013597\n';
  assert.equal(sniffShape(list).kind, 'text');
  assert.deepEqual(validFound(list), ['9780307277671', '9780441013593']);
  assert.equal(sniffShape('- The Road, 0307277674\n- Dune, 0441013597\n- Emma, 0141439580\n').kind, 'text');
  assert.equal(sniffShape('books:\n  - title: The Road\n    isbn: 0307277674\n  - title: Dune\n    added: 1187654302\n').kind, 'yaml');
  assert.equal(sniffShape('id: x\nissued:\n  date-parts:\n  - - 2009\n  - - 2010\n').kind, 'yaml');
  const xhtml = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Paperback 0307277674</p></body></html>\n';
  assert.equal(sniffShape(xhtml).kind, 'text');
  assert.equal(sniffShape('<?xml version="1.0"?>\n<books><book><isbn>0307277674</isbn></book></books>\n').kind, 'xml');
  // Wikitext opens with a template or a link, which JSON never does.
  assert.equal(sniffShape('{{Infobox book\n| isbn = 0307277674\n}}\n').kind, 'text');
  assert.equal(sniffShape('[[File:Cover.png]]\n').kind, 'text');
  assert.equal(sniffShape('[[1, 2], [3]]').kind, 'json');
});

test('more shapes: Crossref isbn-type, pg_dump COPY rows, ASIN columns, encyclopedia HTML, HTML fragments as prose', () => {
  const crossref = '{"ISBN": [], "isbn-type": [{"value": "0306406152", "type": "print"}], "member": [{"value": "1481623893"}]}';
  assert.deepEqual(validFound(crossref), ['9780306406157']);
  const pgDump = '--\n-- PostgreSQL database dump\n--\n\nSET statement_timeout = 0;\n\nCOPY public.loans (id, phone, isbn) FROM stdin;\n1\t1481623893\t0306406152\n\\.\n';
  assert.deepEqual(validFound(pgDump), ['9780306406157']);
  assert.deepEqual(validFound('Title,ASIN,Phone\nDune,0306406152,1481623893\nX,0306406152,1481623893\n'), ['9780306406157', '9780306406157']);
  const wiki = '<li>ISBN&nbsp;<a href="/wiki/Special:BookSources/0306406152"><bdi>0-306-40615-2</bdi></a>. OCLC&nbsp;<a href="https://www.worldcat.org/oclc/1481623893">1481623893</a>.</li>';
  assert.deepEqual(validFound(wiki), ['9780306406157', '9780306406157']);
  assert.deepEqual(sniffShape('<p align="center"><img src="logo.png"></p>\n\n# Reading list\n'), { kind: 'text' });
  assert.equal(sniffShape('<catalog><book id="1"/></catalog>').kind, 'xml');
});

test('the editor path reads a window of a big data file as the whole file: its first lines decide', () => {
  const rows = Array.from({ length: 3000 }, (_, i) => `${i},${i % 2 ? '1481623893' : '0306406152'},x`);
  const lines = ['id,isbn,note', ...rows];
  const items = scanAll({ lineCount: lines.length, lineAt: (k) => lines[k] });
  assert.equal(items.length, 3000, 'the isbn column is an isbn column in every slice');
  const noHeader = ['id,phone,note', ...rows];
  assert.equal(scanAll({ lineCount: noHeader.length, lineAt: (k) => noHeader[k] }).length, 0);
  // The language id settles it without the text's help.
  const prose = ['a 1481623893 b'];
  assert.equal(scanAll({ lineCount: 1, lineAt: () => prose[0], languageId: 'json' }).length, 0);
  assert.equal(scanAll({ lineCount: 1, lineAt: () => prose[0], languageId: 'markdown' }).length, 1);
});

// ---- what holds ------------------------------------------------------------------

test('property: in data as in prose, no ISBN inside a DOI, no ISMN, no phone number, decimal, longer run or date', () => {
  const lookAlike = fc.oneof(
    book.map((b) => `10.1007/${b.isbn13.slice(0, 3)}-${b.isbn13.slice(3)}_5`),
    book.map((b) => `https://doi.org/10.1000/${b.isbn13}`),
    fc.integer({ min: 0, max: 99_999_999 }).map((n) => `979-0-${String(n).padStart(8, '0')}`),
    fc.integer({ min: 0, max: 99_999_999 }).map((n) => `9790${String(n).padStart(8, '0')}0`),
    chanceTen.map((n) => `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`),
    chanceTen.map((n) => `+1 ${n}`),
    chanceTen.map((n) => `${n}.5`),
    chanceTen.map((n) => `3.${n}`),
    book.map((b) => `1${b.isbn13}2`),
    fc.constantFrom('2021-01-01', '2021-01-01T12:00:00Z', '20210101'),
  );
  const wrap = fc.constantFrom(
    (s: string) => `See ${s} here.`,
    (s: string) => `{"doi": "${s}", "n": 1}`,
    (s: string) => `a,b,c\n1,${s},3\n4,5,6\n`,
    (s: string) => `<?xml version="1.0"?>\n<r><v>${s}</v></r>`,
  );
  fc.assert(
    fc.property(lookAlike, wrap, (s, w) => {
      const text = w(s);
      assert.deepEqual(validFound(text), [], text);
    }),
  );
});

// ---- ISSNs in isbn fields ------------------------------------------------------------

const issn: fc.Arbitrary<string> = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }).map((d) => {
  const sum = d.reduce((s, x, i) => s + (8 - i) * x, 0);
  const check = (11 - (sum % 11)) % 11;
  return `${d.slice(0, 4).join('')}-${d.slice(4).join('')}${check === 10 ? 'X' : check}`;
});

test('property: an ISSN in an isbn field is reported as information: wrong length, looks like an ISSN', () => {
  fc.assert(
    fc.property(issn, fc.constantFrom('isbn = {%}', 'ISBN = "%"', '  isbn={%},'), (n, field) => {
      const text = `@article{k,\n  issn = {${n}},\n${field.replace('%', n)}\n}`;
      const matches = findIsbns(text);
      assert.equal(matches.length, 1, text);
      const [m] = matches;
      assert.deepEqual([m.raw, m.labelled, m.valid, m.problem], [n, true, false, 'length']);
      const item = { line: 0, start: m.start, end: m.end, raw: m.raw, labelled: true, valid: false, problem: m.problem };
      assert.match(invalidIsbnMessage(invalidIsbn(item)), /wrong length: this looks like an ISSN/);
      const [report] = isbnProblems([item], () => false);
      assert.deepEqual([report.code, report.informational], ['length', true]);
    }),
  );
  // A wrong ISBN length that is no ISSN stays a plain length problem, at the chosen severity.
  const [m] = findIsbns('isbn = {978-0-306-40615}');
  const item = { line: 0, start: m.start, end: m.end, raw: m.raw, labelled: true, valid: false, problem: m.problem };
  assert.equal(isbnProblems([item], () => false)[0].informational, false);
  assert.deepEqual(findIsbns('isbn = {0022-0001}'), [], 'an 8-digit number that is no ISSN is not reported');
  assert.deepEqual(findIsbns('issn = {0022-0000}'), [], 'nor an ISSN in its own field');
});
