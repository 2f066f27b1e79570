// The finder on the second set of real documents (issue 25): one property per
// cause, on documents generated in the shapes of real ones, read from the text
// alone (as the editor reads a file whose language id says nothing).
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { invalidIsbnMessage } from '../../src/editor/words';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isbnActions } from '../../src/core/actions/isbnActions';
import { invalidIsbn } from '../../src/core/diagnostics/isbnProblems';
import { findIsbns } from '../../src/core/isbn/find';
import { normalizeIsbn, parseIsbn } from '../../src/core/isbn/parse';
import { type Book, book, chanceTen } from '../helpers/isbnArbitraries';

function validFound(text: string): string[] {
  return [...new Set(findIsbns(text).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

function thirteens(books: readonly Book[]): string[] {
  return [...new Set(books.map((b) => b.isbn13))].sort();
}

/** 978-0-306-40615-7 style groups (3-1-3-5-1), joined by `sep`. */
function grouped(isbn13: string, sep: string): string {
  return [isbn13.slice(0, 3), isbn13.slice(3, 4), isbn13.slice(4, 7), isbn13.slice(7, 12), isbn13.slice(12)].join(sep);
}

// ---- 1. delimited data by its content ----------------------------------------------

const COLUMN_NAMES = [
  'Unique Key', 'Created Date', 'Agency', 'Complaint Type', 'Incident Zip', 'Street Name', 'Community Board', 'BBL',
  'Borough', 'No. of Stories', 'Does the building have an elevator', 'Latitude', 'Longitude', 'Council District', 'Status',
];

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

// ---- tables in prose -----------------------------------------------------------------

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

// ---- library and catalogue API JSON ------------------------------------------------

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

// ---- 2. OpenURL / COinS ------------------------------------------------------------

test('property: OpenURL in a COinS title: percent-encoded labels and separators, every ISBN found', () => {
  const joiner = fc.constantFrom('%20', '%2C%20', '%2C', '%3B%20');
  const form = fc.constantFrom<(b: Book) => string>(
    (b) => b.isbn13,
    (b) => b.isbn10,
    (b) => grouped(b.isbn13, '-'),
  );
  fc.assert(
    fc.property(book, fc.array(book, { minLength: 1, maxLength: 3 }), joiner, form, fc.constantFrom('isbn', 'ISBN'), (id, books, join, write, urn) => {
      const isbns = books.map(write).join(join);
      const text =
        `<span class="Z3988" title="ctx_ver=Z39.88-2004&amp;rft_id=urn%3A${urn}%3A${write(id)}&amp;rft.genre=book` +
        `&amp;rft.btitle=Collected%20essays&amp;rft.isbn=${isbns}&amp;rft.date=2019"></span>\n` +
        `<a href="https://resolver.example.edu/openurl?isbn=${write(id)}%20%28pbk.%29">Find it</a>\n`;
      assert.deepEqual(validFound(text), thirteens([id, ...books]), text);
    }),
  );
});

// ---- 3. spaced groups ---------------------------------------------------------------

test('property: ISBNs written in spaced groups (groups of four, a space after the first digit) are found', () => {
  const spaced = fc.constantFrom<(b: Book) => string>(
    (b) => `${b.isbn13.slice(0, 4)} ${b.isbn13.slice(4, 8)} ${b.isbn13.slice(8)}`, // 9780 8872 76743
    (b) => `${b.isbn10.slice(0, 4)} ${b.isbn10.slice(4)}`, // 9814 253065
    (b) => `${b.isbn10.slice(0, 1)} ${b.isbn10.slice(1)}`, // 0 000007005
  );
  // Phone numbers and a year before a number keep their groups out.
  for (const text of ['call 555 123 4567', 'tel 03 1234 5678', 'In 2019 123456 copies were sold.', '0800 123456']) assert.deepEqual(validFound(text), [], text);
  fc.assert(
    fc.property(fc.array(fc.tuple(book, spaced), { minLength: 1, maxLength: 4 }), (items) => {
      const text = items.map(([b, write]) => `>>> canonical("${write(b)}")\nTrue\n`).join('');
      assert.deepEqual(validFound(text), thirteens(items.map(([b]) => b)), text);
    }),
  );
});

// ---- 4. an ISBN-10 with 978 in front ---------------------------------------------------

test('property: 978 before an ISBN-10 with its old check digit is reported as such, with its ISBN-13 as the quick fix', () => {
  const wrong = book.filter((b) => parseIsbn(`978${b.isbn10}`) === undefined);
  const write = fc.constantFrom<(b: Book) => string>(
    (b) => `978-${b.isbn10.slice(0, 1)}-${b.isbn10.slice(1, 4)}-${b.isbn10.slice(4, 9)}-${b.isbn10.slice(9)}`,
    (b) => `978-${b.isbn10}`,
  );
  const where = fc.constantFrom((s: string) => `Title,Author,ISBN\nData Structures,Weiss,${s}\n`, (s: string) => `ISBN ${s}`, (s: string) => `See ${s} in the list.`);
  fc.assert(
    fc.property(wrong, write, where, (b, w, place) => {
      const written = w(b);
      const text = place(written);
      const found = findIsbns(text);
      assert.equal(found.length, 1, text);
      assert.equal(found[0].raw, written);
      assert.equal(found[0].valid, false);
      const message = invalidIsbnMessage(invalidIsbn(found[0]));
      assert.match(message, /^Not a valid ISBN: the check digit does not match\. It looks like the ISBN-10 \S+ with 978 in front .* its ISBN-13 is /, message);
      const fixes = isbnActions(found[0].raw);
      assert.equal(fixes.length, 1);
      assert.equal(fixes[0].preferred, true);
      assert.equal(normalizeIsbn(fixes[0].newText), b.isbn13);
    }),
  );
  // A 978 number without groups or X is no ISBN meant: nothing to say.
  assert.deepEqual(findIsbns('timestamp 9780805371460'), []);
});

// ---- 6. XML: example numbers, MARCXML subfields ------------------------------------------

test('property: example phone numbers in XML under a licence comment are no ISBNs; MARCXML 020 $a, $z and $i are', () => {
  fc.assert(
    fc.property(fc.array(chanceTen, { minLength: 1, maxLength: 4 }), fc.array(fc.tuple(book, fc.constantFrom('a', 'z', 'i')), { maxLength: 4 }), (phones, isbns) => {
      const text =
        `<!-- Copyright (C) 2009 The authors.\n     Licensed under the Apache License, Version 2.0. -->\n<!DOCTYPE phoneNumberMetadata>\n` +
        `<phoneNumberMetadata><territory id="AG">\n${phones.map((p) => `  <exampleNumber>${p}</exampleNumber>\n`).join('')}</territory>\n` +
        `<record>\n${isbns.map(([b, code]) => `  <datafield tag="020" ind1=" " ind2=" "><subfield code="${code}">${b.isbn10}</subfield></datafield>\n`).join('')}` +
        // A field of many long subfields: the ISBN's tag lies far above it.
        `  <marc:datafield tag="020" ind1=" " ind2=" ">\n${'    <marc:subfield code="q">(qualifying information about the binding of this edition)</marc:subfield>\n'.repeat(8)}` +
        `${isbns.map(([b, code]) => `    <marc:subfield code="${code}">${b.isbn10}</marc:subfield>\n`).join('')}  </marc:datafield>\n` +
        `  <datafield tag="035"><subfield code="a">${phones[0]}</subfield></datafield>\n</record>\n` +
        `</phoneNumberMetadata>\n`;
      assert.deepEqual(validFound(text), thirteens(isbns.map(([b]) => b)), text);
    }),
  );
});

// ---- still open from the last round ------------------------------------------------

test('property: minus signs, em and en dashes, dots and full-width digits separate or write an ISBN-13', () => {
  const fullWidth = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).replace(/-/g, '\uff0d');
  const write = fc.constantFrom<(b: Book) => string>(
    (b) => grouped(b.isbn13, '\u2212'),
    (b) => grouped(b.isbn13, '\u2014'),
    (b) => grouped(b.isbn13, '\u2013'),
    (b) => grouped(b.isbn13, '.'),
    (b) => fullWidth(grouped(b.isbn13, '-')),
    (b) => fullWidth(b.isbn13),
    (b) => `EAN${b.isbn13}`,
  );
  fc.assert(
    fc.property(fc.array(fc.tuple(book, write), { minLength: 1, maxLength: 4 }), (items) => {
      const text = items.map(([b, w]) => `- A book: ${w(b)}\n`).join('');
      assert.deepEqual(validFound(text), thirteens(items.map(([b]) => b)), text);
    }),
  );
});

test('property: a full-width ISBN anywhere in a long text is found, before, between and after ASCII ones (the search for full-width digits follows the scan stretch by stretch)', () => {
  const fullWidth = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
  const filler = (n: number) => 'notes and more notes, p. 12; '.repeat(Math.ceil(n / 29)).slice(0, n);
  fc.assert(
    fc.property(book, fc.array(book, { maxLength: 3 }), fc.nat({ max: 200_000 }), fc.nat({ max: 3 }), (wide, ascii, gap, at) => {
      const parts = ascii.map((b) => `ISBN ${b.isbn13}\n${filler(gap)}\n`);
      parts.splice(Math.min(at, parts.length), 0, `${filler(gap)}全角のISBN：${fullWidth(wide.isbn13)}です。\n`);
      const text = parts.join('');
      assert.deepEqual(validFound(text), thirteens([wide, ...ascii]));
    }),
    { numRuns: 60 },
  );
});

test('property: in Chinese and Japanese text an ISBN sits right against words; a phone or number label before it still keeps it out', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('を参照。', 'です', '（講談社）', '号'), (b, n, after) => {
      assert.deepEqual(validFound(`詳しくはISBN ${b.isbn13}${after}`), [b.isbn13]);
      assert.deepEqual(validFound(`版元の在庫はISBN${b.isbn10}${after}`), [b.isbn13]);
      for (const label of ['电话', '学籍番号', '電話：']) assert.deepEqual(validFound(`${label}${n}${after}`), [], label);
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

test('property: a key-less query and a label phrase naming another number keep a chance-valid number out', () => {
  fc.assert(
    fc.property(chanceTen, (n) => {
      for (const text of [
        `![cover](covers/dune.png?${n})`,
        `<img src="/static/logo.svg?${n}">`,
        `OCLC Number / Unique Identifier: ${n}`,
        `学籍番号：${n}`,
        `電話：${n}`,
      ]) {
        assert.deepEqual(validFound(text), [], text);
      }
    }),
  );
  // An ISBN in a query keyed isbn, or after an ISBN phrase, is still one.
  assert.deepEqual(validFound('https://example.org/search?isbn=0306406152'), ['9780306406157']);
  assert.deepEqual(validFound('ISBN番号：0306406152'), ['9780306406157']);
});
