// The finder on data and columns: CSV, JSON, XML, SQL and YAML, where a bare ISBN-10 needs its key, tag or column, and tables in prose, judged by their headers.
// One test per cause, most of them properties on documents generated in the shapes of real ones;
// the rules they exercise are in src/core/isbn/rules/ (docs/finder-rules.md).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { test } from 'node:test';
import { findIsbns } from '../../src/core/isbn/find';
import { parseIsbn } from '../../src/core/isbn/parse';
import { book, chanceTen } from '../helpers/isbnArbitraries';
import { sniffShape } from '../../src/core/isbn/textShape';
import { documentShape } from '../../src/core/documentKind/documentKind';
import { scanAll } from '../../src/core/scan/lineScan';
import { validFound, thirteens } from '../helpers/finderFixtures';

const COLUMN_NAMES = [
  'Unique Key', 'Created Date', 'Agency', 'Complaint Type', 'Incident Zip', 'Street Name', 'Community Board', 'BBL',
  'Borough', 'No. of Stories', 'Does the building have an elevator', 'Latitude', 'Longitude', 'Council District', 'Status',
];

/** Any 10-digit number: nine in ten fail the ISBN-10 check, as a log's timestamps do. */
const anyTen = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }).map(String);

/** A notebook cell's printed output: its lines as a JSON array of strings, as Jupyter saves them. */
function notebookOutput(lines: readonly string[]): string {
  const strings = lines.map((line) => `       ${JSON.stringify(`${line}\n`)}`).join(',\n');
  return `{\n "cells": [\n  {\n   "cell_type": "code",\n   "outputs": [\n    {\n     "data": {\n      "text/plain": [\n${strings}\n      ]\n     },\n     "output_type": "execute_result"\n    }\n   ],\n   "source": ["books.head()"]\n  }\n ],\n "nbformat": 4\n}\n`;
}

function foundIn(text: string, name?: string): string[] {
  const options = name === undefined ? {} : { shape: documentShape({ fileName: name }, text) };
  return findIsbns(text, options).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : []));
}

function sameSet(actual: string[], expected: string[], why: string): void {
  assert.deepEqual([...new Set(actual)].sort(), [...new Set(expected)].sort(), why);
}

const NON_ISBN_KEYS = ['time', 'id', 'phone', 'exampleNumber', 'tax_id', 'created', 'oclc', 'views', 'barcode'];

/** An ISBN-13 with hyphens where no ISBN puts them: three to five groups, the last of two digits or more. */
const misplaced = fc
  .tuple(book, fc.uniqueArray(fc.integer({ min: 1, max: 10 }), { minLength: 2, maxLength: 4 }))
  .map(([b, cuts]) => {
    const at = new Set(cuts);
    return { book: b, written: [...b.isbn13].map((c, k) => (at.has(k + 1) ? `${c}-` : c)).join('') };
  });

test('property: a CSV with a header row is data by its content (quoted fields over lines too): chance-valid ids in its rows are no ISBNs, an ISBN column is read', () => {
  const cell = fc.oneof(
    chanceTen,
    fc.integer({ min: 0, max: 99_999 }).map(String),
    fc.constantFrom('01/23/2025 09:23:26 AM', '"Closed, no violation issued"', 'MANHATTAN', '"(40.75, -73.98)"', '', 'Y'),
    // A quoted field over several lines (a Calibre catalogue's comments).
    fc.constantFrom('"<div>\n<p>Set on a desert planet, 1965.</p>\n</div>"', '"Line one,\nline two"'),
  );
  const table = fc.record({
    names: fc.shuffledSubarray(COLUMN_NAMES, { minLength: 4, maxLength: COLUMN_NAMES.length }),
    isbnAt: fc.option(fc.nat(), { nil: undefined }),
    delimiter: fc.constantFrom(',', '\t', ';'),
    rows: fc.array(fc.tuple(fc.array(cell, { minLength: 15, maxLength: 15 }), book), { minLength: 2, maxLength: 10 }),
  });
  fc.assert(
    fc.property(table, ({ names, isbnAt, delimiter, rows }) => {
      const header = [...names];
      const at = isbnAt === undefined ? -1 : isbnAt % (names.length + 1);
      if (at >= 0) header.splice(at, 0, 'ISBN');
      const cellText = (c: string) => (delimiter === ',' ? c : c.replace(/"[^"]*"/, 'text'));
      const lines = rows.map(([cells, b]) => {
        const fields = cells.slice(0, names.length).map(cellText);
        if (at >= 0) fields.splice(at, 0, b.isbn10);
        return fields.join(delimiter);
      });
      const text = `${header.join(delimiter)}\n${lines.join('\n')}\n`;
      assert.deepEqual(validFound(text), at >= 0 ? thirteens(rows.map(([, b]) => b)) : [], text);
    }),
  );
});

test('property: in HTML and Markdown tables, a bare number under a header naming another number (SKU, Order No., CRN) is no ISBN; under ISBN it is', () => {
  const other = fc.constantFrom('SKU', 'Order No.', 'CRN', 'OCLC', 'Store SKU', 'Date');
  fc.assert(
    fc.property(fc.array(fc.tuple(book, chanceTen), { minLength: 1, maxLength: 30 }), other, (rows, header) => {
      const html =
        `<table>\n<tr><th>Title</th><th>ISBN</th><th>${header}</th></tr>\n` +
        rows.map(([b, n]) => `<tr><td>A book</td><td>${b.isbn10}</td><td>${n}</td></tr>\n`).join('') +
        '</table>\n';
      assert.deepEqual(validFound(html), thirteens(rows.map(([b]) => b)), html);
      const md = `| Title | ISBN | ${header} |\n|---|---|---:|\n` + rows.map(([b, n]) => `| A book | ${b.isbn10} | ${n} |\n`).join('');
      assert.deepEqual(validFound(md), thirteens(rows.map(([b]) => b)), md);
    }),
  );
});

test('property: long arrays of ISBNs in library API JSON, compact or pretty-printed, are read by their key; other arrays are not', () => {
  fc.assert(
    fc.property(fc.array(book, { minLength: 1, maxLength: 80 }), fc.array(chanceTen, { minLength: 1, maxLength: 20 }), fc.constantFrom(0, 2, 4), (books, oclcs, indent) => {
      const doc = {
        numFound: 1,
        docs: [{ key: '/works/OL893415W', title: 'Dune', isbn: books.map((b) => b.isbn10), oclc: oclcs, last_modified_i: 1700000004 }],
      };
      const text = JSON.stringify(doc, null, indent);
      assert.deepEqual(validFound(text), thirteens(books), text);
    }),
  );
});

test('property: a CSV without a header: a column of ISBN-10s is read by its values, a column of ids is not', () => {
  const id = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }).map(String); // any id: one in eleven passes by chance
  fc.assert(
    fc.property(fc.array(fc.tuple(id, book, fc.integer({ min: 1, max: 999 })), { minLength: 12, maxLength: 30 }), fc.constantFrom(',', '\t'), (rows, d) => {
      const text = rows.map(([n, b, pages]) => [n, b.isbn10, pages, '2024-01-02'].join(d)).join('\n') + '\n';
      assert.deepEqual(validFound(text), thirteens(rows.map(([, b]) => b)), text);
      const idsOnly = rows.map(([n, , pages]) => [pages, n, '2024-01-02'].join(d)).join('\n') + '\n';
      assert.deepEqual(validFound(idsOnly), [], idsOnly);
    }),
  );
});

test('property: two ISBNs joined by a slash, and YAML keys that are titles, are found', () => {
  fc.assert(
    fc.property(book, book, fc.array(fc.tuple(fc.constantFrom('Dune', 'Emma', 'The Road', 'War and Peace'), book), { minLength: 3, maxLength: 6 }), (a, b, shelf) => {
      assert.deepEqual(validFound(`Two editions: ISBN ${a.isbn10}/${b.isbn10} (paper/cloth).`), thirteens([a, b]));
      const yaml = `shelf:\n${shelf.map(([title, s]) => `  - ${title}: ${s.isbn10}\n`).join('')}`;
      assert.deepEqual(validFound(yaml), thirteens(shelf.map(([, s]) => s)), yaml);
    }),
  );
});

test('property: a column headed ISBN in an HTML or Markdown table keeps its ISBN-10s beside columns of other ids that mostly fail the check', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(book, anyTen, anyTen), { minLength: 8, maxLength: 40 }), (rows) => {
      const html =
        '<table>\n<tr><th>CRN</th><th>Title</th><th>ISBN</th><th>SKU</th></tr>\n' +
        rows.map(([b, crn, sku]) => `<tr><td>${crn}</td><td>A book</td><td>${b.isbn10}</td><td>${sku}</td></tr>\n`).join('') +
        '</table>\n';
      assert.deepEqual(validFound(html), thirteens(rows.map(([b]) => b)), html);
      const md = '| CRN | Title | ISBN | SKU |\n|---|---|---|---|\n' + rows.map(([b, crn, sku]) => `| ${crn} | A book | ${b.isbn10} | ${sku} |\n`).join('');
      assert.deepEqual(validFound(md), thirteens(rows.map(([b]) => b)), md);
    }),
    { numRuns: 60 },
  );
});

test('property: a notebook\'s printed table under an ISBN header gives its ISBN-10s; chance numbers in an output without one stay out', () => {
  fc.assert(
    fc.property(fc.array(book, { minLength: 1, maxLength: 60 }), fc.array(chanceTen, { minLength: 1, maxLength: 20 }), (books, chance) => {
      const table = ['   ISBN        Title', ...books.map((b, i) => `${i}  ${b.isbn10}  Book ${i}`)];
      assert.deepEqual(validFound(notebookOutput(table)), [...new Set(books.map((b) => b.isbn13))].sort());
      const html = ['<table>', '<tr><th>ISBN</th><th>Title</th></tr>', ...books.map((b, i) => `<tr><td>${b.isbn10}</td><td>Book ${i}</td></tr>`), '</table>'];
      assert.deepEqual(validFound(notebookOutput(html)), [...new Set(books.map((b) => b.isbn13))].sort(), 'an HTML table');
      const timestamps = ['   userId  movieId  rating   timestamp', ...chance.map((n, i) => `${i}  ${i + 1}  ${i * 7}  4.0  ${n}`)];
      assert.deepEqual(validFound(notebookOutput(timestamps)), []);
    }),
    { numRuns: 60 },
  );
});

test('property: a KBART list\'s print_identifier and online_identifier columns hold ISBN-10s; its other columns\' chance numbers stay out', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(book, chanceTen), { minLength: 1, maxLength: 30 }), (rows) => {
      const header = 'publication_title\tprint_identifier\tonline_identifier\ttitle_id\tpublication_type';
      const lines = rows.map(([b, id], i) => (i % 2 === 0 ? `Book ${i}\t${b.isbn10}\t\t${id}\tmonograph` : `Book ${i}\t\t${b.isbn10}\t${id}\tmonograph`));
      const text = [header, ...lines, 'A journal\t1234-5679\t2049-3630\tJ1\tserial', ''].join('\n');
      assert.deepEqual(validFound(text), [...new Set(rows.map(([b]) => b.isbn13))].sort());
    }),
    { numRuns: 60 },
  );
});

test('property: an ISBN-10 beside 978 and its ten with the old check digit kept (FOLIO\'s made-up 13s) is vouched for in data; a chance number is not', () => {
  fc.assert(
    fc.property(book, chanceTen, (b, n) => {
      const type = '"identifierTypeId": "8261054f-be78-422d-bd51-4ed9f33c3422"';
      const record = (ten: string) => `{"identifiers": [{"value": "${ten}", ${type}}, {"value": "978${ten}", ${type}}]}`;
      assert.deepEqual(validFound(record(b.isbn10)), [b.isbn13]);
      assert.deepEqual(validFound(`{"identifiers": [{"value": "${n}", ${type}}]}`), []);
    }),
  );
});

test('property: a header-less table whose ISBN column is mostly empty (a HathiTrust file) is known by that column\'s values over its first 64 K', () => {
  fc.assert(
    // Ids as a catalogue's are: any 10-digit numbers, one in eleven passing the ISBN-10 check.
    fc.property(fc.array(book, { minLength: 4, maxLength: 12 }), fc.array(fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }).map(String), { minLength: 12, maxLength: 20 }), (books, ids) => {
      const rows: string[] = [];
      for (let i = 0; i < 100; i++) {
        const b = i % 9 === 4 ? books[(i / 9) | 0] : undefined;
        const isbn = b ? `${b.isbn10}${i % 2 ? ' :' : ''}` : '';
        rows.push(['mdp.3901501841' + String(5946 + i), 'deny', 'ic', String(100000 + i).padStart(9, '0'), '', 'MIU', String(2779601 + i), isbn, '', `Title ${i}`, 'Place : Publisher, 1975.', ids[i % ids.length]].join('\t'));
      }
      const expected = [...new Set(books.slice(0, 12).filter((_, k) => k * 9 + 4 < 100).map((b) => b.isbn13))].sort();
      assert.deepEqual(validFound(rows.join('\n') + '\n'), expected);
    }),
    { numRuns: 40 },
  );
});

test('property: in code or prose, a list given to a quoted key is judged by the key (`"wdt:P227": ["…", "…"]`); a list named isbns, or any list assigned with `=`, keeps its ISBNs', () => {
  fc.assert(
    fc.property(chanceTen, chanceTen, book, (n, m, b) => {
      assert.deepEqual(validFound(`val json = """{"claims":{"wdt:P227":["${n}"],"wdt:P214":["121145344", "${m}"]}}"""`), []);
      assert.deepEqual(validFound(`{"isbns": ["${b.isbn10}"]}`), [b.isbn13]);
      assert.deepEqual(validFound(`valid = ["0306406152", "${b.isbn10}"]`), [...new Set(['9780306406157', b.isbn13])].sort());
    }),
  );
});

test('property: an identifier whose record labels it (`{"label": "ISBN-10", "value": "…"}`, `{"type": {"label": "ISBN-10"}, …}`) is an ISBN-10 in data', () => {
  fc.assert(
    fc.property(book, chanceTen, (b, n) => {
      assert.deepEqual(validFound(`[{"label":"ISBN-10","value":"${b.isbn10}"},{"label":"OCLC","value":"${n}"}]`), [b.isbn13]);
      assert.deepEqual(validFound(`{"identifiers":[{"type":{"label":"ISBN-10"},"value":"${b.isbn10}"}]}`), [b.isbn13]);
    }),
  );
});

test('property: DataCite\'s related and alternate identifiers (`{"relatedIdentifier": "…", "relatedIdentifierType": "ISBN"}`) are ISBNs where their type says so, and nothing else is', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('relatedIdentifier', 'alternateIdentifier'), fc.constantFrom('DOI', 'URL', 'ARK', 'Handle'), (b, id, key, otherType) => {
      const record = (value: string, type: string) => `{"${key}": "${value}", "${key}Type": "${type}", "relationType": "IsPartOf"}`;
      const json = `{"data": {"attributes": {"${key}s": [${record(b.isbn10, 'ISBN')}, ${record(id, otherType)}]}}}`;
      assert.deepEqual(validFound(json), [b.isbn13], json);
      const pretty = JSON.stringify(JSON.parse(json), null, 2);
      assert.deepEqual(validFound(pretty), [b.isbn13], 'pretty-printed');
    }),
  );
});

test('property: a CSV column headed only `id` or `key` holds ISBNs when its values are ISBNs (Solr\'s example books.csv); a column of ids, some passing the check by chance, does not', () => {
  const wrongCheck = (ten: string) => `${ten.slice(0, 9)}${(Number(ten[9] === 'X' ? 10 : ten[9]) + 1) % 10}`;
  fc.assert(
    fc.property(fc.array(book, { minLength: 5, maxLength: 10 }), fc.array(chanceTen, { minLength: 8, maxLength: 8 }), fc.constantFrom('id', 'key', '_id'), (books, ids, name) => {
      const csv = `${name},cat,name,price\n${books.map((b, i) => `${b.isbn10},book,Title ${i},7.99`).join('\n')}\n`;
      assert.deepEqual(validFound(csv), [...new Set(books.map((b) => b.isbn13))].sort(), csv);
      // Ids: a few pass the check by chance, most do not.
      const mixed = ids.map((id, i) => (i % 3 === 0 ? id : wrongCheck(id)));
      const idCsv = `${name},name,price\n${mixed.map((id, i) => `${id},Item ${i},7.99`).join('\n')}\n`;
      assert.deepEqual(validFound(idCsv), [], idCsv);
      // A column named for another number stays out even when all its values pass.
      const barcodes = `barcode,name,price\n${ids.map((id, i) => `${id},Item ${i},7.99`).join('\n')}\n`;
      assert.deepEqual(validFound(barcodes), [], barcodes);
    }),
  );
});

test('property: among many 10-digit ids (a search index\'s YAML read as prose), a bare ISBN-10 in a list under a key naming ISBN (`isbn_ssim:` then `- \'…\'`) is kept, and so is each other place of that ISBN', () => {
  fc.assert(
    fc.property(book, fc.array(fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }), { minLength: 12, maxLength: 20 }), (b, numbers) => {
      const ids = numbers.map(String).filter((n) => parseIsbn(n) === undefined);
      const record = (id: string, i: number) =>
        [`- title_tsim: Book ${i}`, `  id: '${id}'`, ...(i === 0 ? ['  isbn_ssim:', `  - '${b.isbn10}'`] : []), `  marc_ss: "<record><controlfield tag=\\"001\\">${id}</controlfield><datafield`, `    tag=\\"020\\"><subfield code=\\"a\\">${i === 0 ? b.isbn10 : id}</subfield></datafield></record>"`].join('\n');
      const text = `---\n${ids.map(record).join('\n')}\n`;
      const found = findIsbns(text).filter((m) => m.valid);
      assert.deepEqual(found.map((m) => m.info?.isbn13), [b.isbn13, b.isbn13], text);
    }),
  );
});

test('property: an ISBN-10 grouped as no ISBN is (`3-94-7-1-8-83-4-X`) is found where a key or variable says ISBN, as a misgrouped ISBN-13 already was; in prose it stays out', () => {
  fc.assert(
    fc.property(book, (b) => {
      const odd = `${b.isbn10.slice(0, 1)}-${b.isbn10.slice(1, 3)}-${b.isbn10.slice(3, 4)}-${b.isbn10.slice(4, 5)}-${b.isbn10.slice(5, 6)}-${b.isbn10.slice(6, 8)}-${b.isbn10.slice(8, 9)}-${b.isbn10.slice(9)}`;
      assert.deepEqual(validFound(`ISBN10_TOO_MANY_HYPHENS = "${odd}"`), [b.isbn13], odd);
      assert.deepEqual(validFound(`{"isbn": "${odd}"}`), [b.isbn13]);
      assert.deepEqual(validFound(`call ${odd} now`), []);
    }),
  );
});

test('property: in a column that says ISBN, one capital before a cell\'s ISBN-10 (`"N3453124715"`, a ratings dataset\'s slip) leaves the ISBN; elsewhere the letter glues it', () => {
  fc.assert(
    fc.property(fc.array(book, { minLength: 3, maxLength: 8 }), fc.constantFrom('N', 'A', 'X'), fc.constantFrom(';', ','), (books, letter, delimiter) => {
      const q = delimiter === ';' ? '"' : '';
      const rows = books.map((b, k) => [`${q}${1000 + k}${q}`, `${q}${k === 0 ? letter : ''}${b.isbn10}${q}`, `${q}${k % 10}${q}`].join(delimiter));
      const csv = [[`${q}User-ID${q}`, `${q}ISBN${q}`, `${q}Book-Rating${q}`].join(delimiter), ...rows, ''].join('\n');
      assert.deepEqual(validFound(csv), [...new Set(books.map((b) => b.isbn13))].sort(), csv);
      assert.deepEqual(validFound(`See ${letter}${books[0]!.isbn10} in prose.`), []);
    }),
  );
});

test('a first line of two fields, one saying ISBN, is a header only when both are names: prose with a semicolon is no two-column table (the fuzz run\'s counterexample)', () => {
  const text =
    '. (1-4028-8363-3), . ISBN-13: 1-4028-8158-5; and.| 979-8-3000-8085-3 |\ntel.. ISBN-13: 978 3 16 350877 5; +1 555-123-4567 tel. ' +
    'ISMN 979-0-2600-0043-8 12 chapter (030) 640-6152 was chapter.\n**ISBN:** 0-8044-3471-9\n. ISBN-13: 0-8044-1100-x; in vol.. 979-10-90636-25-5, . (2073118372), ';
  assert.ok(findIsbns(text).some((m) => m.raw === '2073118372' && m.valid));
  assert.deepEqual(validFound('isbn;title\n0306406152;A\n0441013597;B\n'), ['9780306406157', '9780441013593']);
});

test('property: JSON-LD types a value kept in an object of its own (`"@type": ["…/Isbn"], "…#value": [{ "@value": "…" }]`): an ISBN-10 there is one, the Lccn node\'s number is not', () => {
  fc.assert(
    fc.property(book, chanceTen, (b, id) => {
      const node = (type: string, value: string) => `{ "@id": "_:b", "@type": [ "http://id.loc.gov/ontologies/bibframe/${type}" ], "http://www.w3.org/1999/02/22-rdf-syntax-ns#value": [ { "@value": "${value}" } ] }`;
      const jsonld = `[\n  ${node('Isbn', b.isbn10)},\n  ${node('Lccn', id)}\n]\n`;
      assert.deepEqual(validFound(jsonld), [b.isbn13], jsonld);
    }),
  );
});

test('property: a column headed `product_id` (a shop\'s reviews export) holds ISBNs when its values are; an image file named by an ISBN-10 (`"0060750715.jpg"`) makes its header-less column one of ISBNs', () => {
  fc.assert(
    fc.property(fc.array(book, { minLength: 6, maxLength: 10 }), fc.array(chanceTen, { minLength: 6, maxLength: 10 }), (books, ids) => {
      const tsv = ['marketplace\tcustomer_id\tproduct_id\tproduct_title\tproduct_category', ...books.map((b, k) => `US\t${ids[k % ids.length]}\t${b.isbn10}\tTitle ${k}\tBooks`), ''].join('\n');
      assert.deepEqual(validFound(tsv), [...new Set(books.map((b) => b.isbn13))].sort(), tsv);
      const csv = books.map((b, k) => `"${b.isbn10.replace(/^0+/, '')}","${b.isbn10}.jpg","http://images.example.com/images/I/${k}.jpg","Title ${k}"`).join('\n') + '\n';
      assert.deepEqual(validFound(csv), [...new Set(books.map((b) => b.isbn13))].sort(), csv);
    }),
    { numRuns: 60 },
  );
});

test('property: a type/value pair whose type cell is `isbn` (`INSERT INTO identifiers VALUES(118,215,\'isbn\',\'0812571398\')`) holds an ISBN; another type\'s value does not', () => {
  fc.assert(
    fc.property(book, chanceTen, (b, id) => {
      const sql = `CREATE TABLE identifiers (id INTEGER, book INTEGER, type TEXT, val TEXT);\nINSERT INTO identifiers VALUES(118,215,'isbn','${b.isbn10}');\nINSERT INTO identifiers VALUES(119,215,'goodreads','${id}');\n`;
      assert.deepEqual(validFound(sql), [b.isbn13], sql);
    }),
  );
});

test('property: a key for a book\'s Amazon id (`{\'amazon\': \'1423146786\'}`, `amazon_ca`) holds its ISBN-10; a document named by a record number in a URL (`/files/e01mr21/1749375400.pdf`) does not, a cover image named by an ISBN does', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('amazon', 'amazon_ca', 'amazon_in'), (b, ppn, key) => {
      assert.deepEqual(validFound(`tests = [({'identifiers': {'${key}': '${b.isbn10}'}}, [title_test('A')])]`), [b.isbn13]);
      assert.deepEqual(validFound(`"url": "https://edocs.example.org/files/e01mr21/${ppn}.pdf",`), []);
      assert.deepEqual(validFound(`"extra": "Cover: https://covers.example.org/b/${b.isbn10}.jpg"`), [b.isbn13]);
    }),
  );
});

test('CSV: numbers right after "digit," and right before ",digit" are found', () => {
  assert.deepEqual(foundIn('Title,9780439023481,2008'), ['9780439023481']);
  assert.deepEqual(foundIn('id,pages,isbn\n7,183,1400032717\n8,226,1400032717,9.78e+12\n'), ['9781400032716', '9781400032716']);
  assert.deepEqual(foundIn('a 1,0306406152 b'), ['9780306406157'], 'a comma is no decimal point for an ISBN');
  assert.deepEqual(foundIn('pi is 3.1415926535 and 0306406152.5 is a decimal'), [], 'decimal points still are');
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
      sameSet(foundIn(text), rows.map((r) => r.book.isbn13), text);
      // The ISBN-10 column alone (no ISBN-13 beside it) is found by its header.
      const tens = rows.map((r) => [r.id, l.quote(r.book.isbn10), r.noise].join(d));
      const onlyTens = [['Book Id', isbnName, 'Phone'].join(d), ...tens].join('\n');
      sameSet(foundIn(onlyTens, 'export.csv'), rows.map((r) => r.book.isbn13), onlyTens);
    }),
  );
});

test('structured data: timestamps, phone numbers and ids that pass the ISBN-10 check are not ISBNs', () => {
  assert.deepEqual(foundIn('{"time": 1481623893, "id": 1}'), []);
  assert.deepEqual(foundIn('<?xml version="1.0"?>\n<territory><exampleNumber>2684641234</exampleNumber></territory>'), []);
  assert.deepEqual(foundIn("INSERT INTO people (id, tax_id) VALUES (1, '1481623893');"), []);
  // …while in prose a bare valid ISBN-10 stays found, unless another number's label is before it.
  assert.deepEqual(foundIn('Read 1481623893 soon.'), ['9781481623896']);
  assert.deepEqual(foundIn('OCLC 1481623893. Tel. 1481623893. Order number: 1481623893.'), []);
  assert.deepEqual(foundIn('<li>Bondanella (1997). ISBN&nbsp;0-306-40615-2. OCLC&nbsp;1481623893.</li>'), ['9780306406157'], 'encyclopedia references');
  assert.deepEqual(foundIn('the telephone: 1481623893; xtelephone 1481623893; call.. 1481623893'), ['9781481623896', '9781481623896']);
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
      sameSet(foundIn(text), entries.map((e) => e.book.isbn13), `${kind}: ${text}`);
      // Without its key the bare ISBN-10 is not taken, its ISBN-13 always is.
      const unlabelled = JSON.stringify(entries.map((e) => ({ [e.key]: e.book.isbn10, n: e.noise })));
      assert.deepEqual(foundIn(unlabelled), [], unlabelled);
      const thirteens = JSON.stringify(entries.map((e) => ({ [e.key]: e.book.isbn13 })));
      sameSet(foundIn(thirteens), entries.map((e) => e.book.isbn13), thirteens);
    }),
  );
});

test('data: every ISBN-10 of a list in one ISBN value, and of an SQL `isbn IN (…)`', () => {
  // 0881792063 and 0306406152 are different books; 1187654302 passes the check by chance.
  const yaml = 'references:\n- id: a\n  ISBN: 0881792063 0306406152\n  accessed: 1187654302\n';
  assert.deepEqual(foundIn(yaml, 'refs.yaml'), ['9780881792065', '9780306406157']);
  const json = '[{"ISBN": "0881792063, 0306406152", "accessed": 1187654302}, {"isbn": "0881792063; 0306406152"}]';
  assert.deepEqual(foundIn(json), ['9780881792065', '9780306406157', '9780881792065', '9780306406157']);
  const sql = "INSERT INTO books (title, isbn, added) VALUES ('Dune', '0441013597', 1187654302);\nSELECT * FROM books WHERE isbn IN ('0881792063', '0306406152') AND id IN (1187654302, 1187654302);\n";
  assert.deepEqual(foundIn(sql), ['9780441013593', '9780881792065', '9780306406157']);
  // A file of queries is data from its first statement; prose that shows one later is not.
  assert.equal(sniffShape('-- report\nSELECT title FROM books WHERE id IN (1187654302);\n').kind, 'sql');
  assert.equal(sniffShape('# Notes\n\nSELECT title FROM books;\n\nRead 1187654302.\n').kind, 'text');
  for (const prose of ['Use these books:\n- The Road 0307277674\n', 'With thanks. Read 0307277674.\n', 'Select ten books from the shelf.\n']) {
    assert.equal(sniffShape(prose).kind, 'text', prose);
  }
});

test('sniffed from the text alone: a Markdown list (after front matter or not) and XHTML are prose, a YAML list of keys is data', () => {
  const list = '---\ntitle: Books\ntags: reading\n---\n# 2023\n- The Road by Cormac McCarthy (0307277674)\n- Dune, 0441013597\n';
  assert.equal(sniffShape(list).kind, 'text');
  assert.deepEqual(foundIn(list), ['9780307277671', '9780441013593']);
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
  assert.deepEqual(foundIn(crossref), ['9780306406157']);
  const pgDump = '--\n-- PostgreSQL database dump\n--\n\nSET statement_timeout = 0;\n\nCOPY public.loans (id, phone, isbn) FROM stdin;\n1\t1481623893\t0306406152\n\\.\n';
  assert.deepEqual(foundIn(pgDump), ['9780306406157']);
  assert.deepEqual(foundIn('Title,ASIN,Phone\nDune,0306406152,1481623893\nX,0306406152,1481623893\n'), ['9780306406157', '9780306406157']);
  const wiki = '<li>ISBN&nbsp;<a href="/wiki/Special:BookSources/0306406152"><bdi>0-306-40615-2</bdi></a>. OCLC&nbsp;<a href="https://www.worldcat.org/oclc/1481623893">1481623893</a>.</li>';
  assert.deepEqual(foundIn(wiki), ['9780306406157', '9780306406157']);
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

test('property: a headerless CSV column of ISBN-13s with an ISBN-10 here and there is an ISBN column; a column of ids beside it is not', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(book, anyTen), { minLength: 6, maxLength: 30 }),
      fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 2 }),
      (rows, tens) => {
        const asTen = new Set(tens.map((k) => k % rows.length));
        const csv = rows.map(([b, id], k) => `book${k},${asTen.has(k) ? b.isbn10 : b.isbn13}, A title ${k}, None,${id}`).join('\n') + '\n';
        assert.deepEqual(validFound(csv), thirteens(rows.map(([b]) => b)), csv);
      },
    ),
    { numRuns: 80 },
  );
});

test('property: in an Open Library dump (TSV whose last cell is JSON) the key inside the cell says ISBN; other ids in the JSON stay out', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(book, chanceTen, chanceTen), { minLength: 3, maxLength: 20 }), (rows) => {
      const dump =
        rows
          .map(
            ([b, oclc, cover], k) =>
              `/type/edition\t/books/OL${k + 1}M\t4\t2010-04-15T13:55:56.096159\t{"title": "Book ${k}", "covers": [${cover}], "isbn_10": ["${b.isbn10}"], "oclc_numbers": ["${oclc}"], "revision": 4}`,
          )
          .join('\n') + '\n';
      assert.deepEqual(validFound(dump), thirteens(rows.map(([b]) => b)), dump);
    }),
    { numRuns: 60 },
  );
});

test('property: a CSV column headed by MARC field 020 (020$a, 020 $a, 020a) holds ISBNs; the 001 column beside it does not', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(book, chanceTen), { minLength: 2, maxLength: 20 }), fc.constantFrom('020$a', '020 $a', '020a', '020'), fc.boolean(), (rows, tag, quoted) => {
      const q = quoted ? '"' : '';
      const line = (cells: string[]) => cells.map((c) => `${q}${c}${q}`).join(',');
      const csv = [line(['001', '245$a', tag, '260$c']), ...rows.map(([b, id], k) => line([id, `Title ${k}`, b.isbn10, String(1990 + (k % 30))]))].join('\n') + '\n';
      assert.deepEqual(validFound(csv), thirteens(rows.map(([b]) => b)), csv);
    }),
    { numRuns: 60 },
  );
});

test('property: identifiers that say ISBN by attribute, key or parent are ISBNs (misplaced hyphens, Wikidata P957/P212, BIBFRAME, a <type> sibling); other identifiers stay out', () => {
  fc.assert(
    fc.property(misplaced, book, chanceTen, ({ book: b, written }, c, id) => {
      for (const text of [
        `<mods>\n  <identifier type="isbn">${written}</identifier>\n  <identifier type="local">${id}</identifier>\n</mods>`,
        `<xMetaDiss>\n  <dc:identifier xsi:type="urn:isbn">${written}</dc:identifier>\n  <dc:identifier>${id}</dc:identifier>\n</xMetaDiss>`,
        `{"isbn": "${written}", "id": "${id}"}`,
        // On one line too: a sibling's type="isbn" does not vouch for the local id.
        `<mods><identifier type="isbn">${written}</identifier><identifier type="local">${id}</identifier></mods>`,
      ]) {
        assert.deepEqual(validFound(text), [b.isbn13], text);
      }
      // Elsewhere the grouping rule stays, but for a 978-/979- split off (`978-3-7369-96694`): no other number opens so and passes the check.
      assert.deepEqual(validFound(`<mods><identifier type="local">${written}</identifier></mods>`), /^97[89]-/.test(written) ? [b.isbn13] : []);
      const snak = (property: string, value: string) =>
        `{"mainsnak": {"snaktype": "value", "property": "${property}", "hash": "ab12", "datavalue": {"value": "${value}", "type": "string"}, "datatype": "external-id"}, "rank": "normal"}`;
      const wikidata = `{"claims": {"P957": [${snak('P957', c.isbn10)}], "P243": [${snak('P243', id)}]}, "simple": {"P957": ["${b.isbn10}"], "P1144": ["${id}"]}}`;
      assert.deepEqual(validFound(wikidata), thirteens([b, c]), wikidata);
      const bibframe =
        `<rdf:RDF xmlns:rdf="r" xmlns:bf="b">\n<bf:Instance>\n<bf:identifiedBy><bf:Isbn><rdf:value>${b.isbn10}</rdf:value></bf:Isbn></bf:identifiedBy>\n` +
        `<bf:identifiedBy><bf:Identifier><rdf:type rdf:resource="http://id.loc.gov/ontologies/bibframe/Isbn"/><rdf:value>${c.isbn10}</rdf:value></bf:Identifier></bf:identifiedBy>\n` +
        `<bf:identifiedBy><bf:Lccn><rdf:value>${id}</rdf:value></bf:Lccn></bf:identifiedBy>\n</bf:Instance>\n</rdf:RDF>\n`;
      assert.deepEqual(validFound(bibframe), thirteens([b, c]), bibframe);
      const typed = `<identifiers>\n<identifier><type>ISBN</type><value>${b.isbn10}</value></identifier>\n<identifier><type>OCLC</type><value>${id}</value></identifier>\n</identifiers>\n`;
      assert.deepEqual(validFound(typed), [b.isbn13], typed);
    }),
    { numRuns: 80 },
  );
});
