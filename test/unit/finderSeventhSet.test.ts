// The finder on a tenth look at real documents: ISBNs in no range of isbn3's data (the tests
// of other ISBN libraries, ranges allocated since), and ISBN-10s with a price typed onto them
// in old catalogue records. One property per cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as ISBN from 'isbn3';
import { findIsbns } from '../../src/core/isbn/find';
import { isbn10CheckDigit, isbn13CheckDigit, parseIsbn } from '../../src/core/isbn/parse';
import { book, chanceTen } from '../helpers/isbnArbitraries';
import { tenOf } from '../helpers/finderFixtures';

function validFound(text: string): string[] {
  return [...new Set(findIsbns(text).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

/** A checksum-valid 978/979 ISBN-13 that isbn3's range data has no range for (an unassigned group, a range allocated since). */
const rangelessThirteen = fc
  .tuple(fc.constantFrom('9786999', '978611', '97920', '97950', '97960', '97990', '97914'), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }))
  .map(([prefix, digits]) => (prefix + digits.join('')).slice(0, 12))
  .map((first12) => first12 + isbn13CheckDigit(first12))
  .filter((isbn13) => ISBN.parse(isbn13) === null);

test('property: a checksum-valid 978/979 ISBN-13 in no range isbn3 knows is found as an ISBN, in prose, data or after a label, written without hyphens; a wrong check digit, an ISMN\'s 979-0 or another EAN prefix is not', () => {
  fc.assert(
    fc.property(rangelessThirteen, fc.constantFrom('See %s.', 'ISBN: %s', '"isbn13": "%s"', 'isbn = {%s}', 'test("valid", () => expect(isValid("%s")).toBe(true));'), (isbn13, form) => {
      const text = form.replace('%s', isbn13);
      const [match, ...rest] = findIsbns(text);
      assert.equal(rest.length, 0, text);
      assert.equal(match?.valid, true, text);
      assert.deepEqual(match.info, { isbn13, hyphenated13: isbn13, rangeless: true, ...(isbn13.startsWith('978') ? { isbn10: tenOf(isbn13), hyphenated10: tenOf(isbn13) } : {}) });
      const wrong = isbn13.slice(0, 12) + String((Number(isbn13[12]) + 1) % 10);
      assert.deepEqual(validFound(form.replace('%s', wrong)), [], wrong);
      const ismn = `9790${isbn13.slice(4, 12)}`;
      assert.deepEqual(validFound(form.replace('%s', ismn + isbn13CheckDigit(ismn))), []);
    }),
  );
});

test('property: an ISBN-10 in no range isbn3 knows is an ISBN where it is written as one (a label, an isbn field or key, an ISBN column), never on its checksum alone in prose', () => {
  fc.assert(
    fc.property(rangelessThirteen.filter((isbn13) => isbn13.startsWith('978')), (isbn13) => {
      const ten = tenOf(isbn13);
      for (const text of [`ISBN ${ten}`, `  isbn = {${ten}},`, `{"isbn10": "${ten}"}`, `isbn,title\n${ten},A\n0306406152,B\n0441013597,C\n`]) {
        assert.ok(validFound(text).includes(isbn13), text);
      }
      assert.deepEqual(validFound(`Order ${ten} shipped on Monday.`), []);
      assert.deepEqual(validFound(`Call ${ten.slice(0, 3)} ${ten.slice(3)} today.`), []);
    }),
  );
});

/** A price in cents typed onto an ISBN-10 (`175` for $1.75), the run no EAN or GTIN by its own check. */
const priced = fc.tuple(book, fc.integer({ min: 100, max: 9999 })).filter(([b, price]) => !gtinValid(b.isbn10 + price));

test('property: an ISBN-10 with a price typed onto it (`0553101315175`, MARC 020 `$z` of old records) is found where a field, label or column says ISBN; in prose the run is no ISBN', () => {
  fc.assert(
    fc.property(priced, ([b, price]) => {
      const run = `${b.isbn10}${price}`;
      for (const text of [`=020  \\\\$z${run}\n=245  10$aA title.\n`, `<datafield tag="020" ind1=" " ind2=" "><subfield code="z">${run}</subfield></datafield>`, `ISBN ${run}`, `isbn,title\n${run},A\nunknown,B\n`]) {
        const found = findIsbns(text).filter((m) => m.valid);
        assert.deepEqual(found.map((m) => m.info?.isbn13), [b.isbn13], text);
        assert.equal(found[0]?.raw, b.isbn10, 'the ISBN alone, not its price');
      }
      assert.deepEqual(validFound(`Reference ${run} in prose.`), []);
      const after978 = `ISBN 978${run.slice(3, 13)}`;
      if (!run.includes('X')) assert.ok(findIsbns(after978).every((m) => m.raw.length === 13), 'after 978 it is a 13 (valid or mistyped), not a 10 and a price');
    }),
  );
});

function gtinValid(digits: string): boolean {
  let sum = 0;
  for (let k = digits.length - 1, weight = 1; k >= 0; k--, weight = 4 - weight) sum += weight * Number(digits[k]);
  return sum % 10 === 0;
}

/** A PICA record number (PPN) or GND id: nine digits and the ISBN-10's own check character, as PICA gives them. */
const ppn = fc.integer({ min: 100_000_000, max: 999_999_999 }).map((n) => String(n) + isbn10CheckDigit(String(n)));

test('property: PICA+ (ƒ or $ subfields): a subfield\'s digit code is no part of its ISBN, a bare ISBN-10 counts in ISBN fields (004A, 004P…) or typed ISBN by ƒC; record numbers (PPN, 003@), links (ƒ9) and GND ids, which pass the ISBN-10 check, stay out', () => {
  fc.assert(
    fc.property(book, book, fc.array(ppn, { minLength: 4, maxLength: 4 }), fc.constantFrom('\u0192', '$'), (b, c, [record, link, gnd, copy], mark) => {
      const pica = [
        `SET: S1 [1] TTL: 1          PPN: ${record}                           SEITE1 .`,
        '',
        `003@ ${mark}0${record}`,
        `004A ${mark}0${b.isbn10}${mark}f : pbk.`,
        `004P ${mark}So${mark}0${c.isbn13}${mark}fOnline`,
        `028C ${mark}9${link}Autor, Anna ; ID: gnd/${gnd}${mark}BVerfasserIn`,
        `039D ${mark}iebook version${mark}CISBN${mark}6${c.isbn10}`,
        `017G ${mark}uhttp://www.gbv.de/dms/zbw/${record}.pdf${mark}mV:DE-601`,
        `203@/001 ${mark}0${copy}`,
        '',
      ].join('\n');
      assert.deepEqual(validFound(pica), [b.isbn13, c.isbn13].sort(), pica);
    }),
    { numRuns: 200 },
  );
});

test('property: a Bookland EAN as its barcode prints it (1 + 6 + 6, or 7 + 6) is an ISBN-13, with its 2- or 5-digit add-on after it; the add-on is no part of it, and `978 0 306 40615 7 12` stays ambiguous', () => {
  fc.assert(
    fc.property(book, fc.constantFrom('51999', '52499', '00411', '07'), (b, addOn) => {
      const d = b.isbn13;
      for (const printed of [`${d[0]} ${d.slice(1, 7)} ${d.slice(7)}`, `${d.slice(0, 7)} ${d.slice(7)}`]) {
        const text = `"ean": "${printed} ${addOn}",`;
        const found = findIsbns(text).filter((m) => m.valid);
        assert.deepEqual(found.map((m) => m.raw), [printed], text);
      }
      assert.deepEqual(validFound(`see 978 ${d.slice(3, 4)} ${d.slice(4, 7)} ${d.slice(7, 12)} ${d[12]} 12 more`), []);
    }),
  );
});

test('property: a 978/979 ISBN-13 whose prefix is split off but whose check digit is not (`978-3-7369-96694`) is an ISBN-13 anywhere; other misplaced hyphens still need a key that says ISBN', () => {
  fc.assert(
    fc.property(book, fc.integer({ min: 4, max: 11 }), (b, cut) => {
      const written = `${b.isbn13.slice(0, 3)}-${b.isbn13.slice(3, cut)}-${b.isbn13.slice(cut)}`;
      assert.deepEqual(validFound(`<dc:identifier>${written}</dc:identifier>`), [b.isbn13], written);
      const noPrefix = `${b.isbn13.slice(0, 2)}-${b.isbn13.slice(2, 9)}-${b.isbn13.slice(9)}`;
      assert.deepEqual(validFound(`<dc:identifier>${noPrefix}</dc:identifier>`), [], noPrefix);
    }),
  );
});

/** An epoch in seconds that passes the ISBN-10 check (and has a range: group 1). */
const epochTen = fc.integer({ min: 1_000_000_000, max: 1_999_999_999 }).map(String).filter((s) => isbn10CheckDigit(s.slice(0, 9)) === s[9]);

test('property: an epoch under a code\'s time key (`issued: …`, `createdAt: …`, `updated_at: …`, `mtime: …`) is no ISBN-10; a book\'s label (`Paperback: …`, `isbn_date: …`) still labels one', () => {
  fc.assert(
    fc.property(epochTen, book, fc.constantFrom('issued', 'createdAt', 'updated_at', 'mtime', 'timestamp', 'expires'), (epoch, b, key) => {
      assert.deepEqual(validFound(`export const sample = { title: 'A', ${key}: ${epoch} };`), [], key);
      assert.deepEqual(validFound(`Paperback: ${b.isbn10}`), [b.isbn13]);
    }),
  );
});

test('property: an ISBN-10 in no range, bare in code or prose, is found where its ISBN-13 stands in the same text (a test\'s input and its expected output)', () => {
  fc.assert(
    fc.property(rangelessThirteen.filter((isbn13) => isbn13.startsWith('978')), (isbn13) => {
      const ten = tenOf(isbn13);
      const text = `expect(toIsbn13('${ten}')).toBe('${isbn13}');`;
      assert.deepEqual(findIsbns(text).map((m) => [m.raw, m.info?.isbn13]), [[ten, isbn13], [isbn13, isbn13]], text);
      assert.deepEqual(validFound(`expect(isValid('${ten}')).toBe(true);`), [], 'alone, its checksum is all that vouches for it');
    }),
  );
});

test('property: a record number after its network\'s ISIL or agency code in brackets (`(DE-603)1048555313`, `(OCoLC)…`) is no ISBN-10, also in XML held in a program\'s string; `(ISBN)` and a word in brackets do not rule one out', () => {
  fc.assert(
    fc.property(ppn, book, fc.constantFrom('DE-603', 'DE-599', 'OCoLC', 'DLC', 'DE-101'), (id, b, source) => {
      const go = `var xml = []byte(\`<dc:identifier>(${source})${id}</dc:identifier>\n<dc:identifier>ISBN ${b.isbn13}</dc:identifier>\`)`;
      assert.deepEqual(validFound(go), [b.isbn13], go);
      assert.deepEqual(validFound(`Dune (Ace)${b.isbn10}`), [b.isbn13]);
    }),
  );
});

test('property: in a PostgreSQL COPY block, a record in a column of another name (MARCXML in `marc`) says ISBN by its own field 020; its other numbers stay out', () => {
  fc.assert(
    fc.property(book, ppn, (b, control) => {
      const marc = `<record><controlfield tag="001">${control}</controlfield><datafield tag="020" ind1=" " ind2=" "><subfield code="a">${b.isbn10}</subfield></datafield></record>`;
      const sql = `COPY acq.lineitem (id, creator, marc, state) FROM stdin;\n1\t1\t${marc}\tnew\n\\.\n`;
      assert.deepEqual(validFound(sql), [b.isbn13], sql);
    }),
  );
});

test('property: after a label, one letter typed onto a hyphenated ISBN-13 (`ISBN 978-83-7797-142-0I</p>`) leaves the ISBN; a word glued on, or a letter on bare digits or unlabelled, still does not', () => {
  fc.assert(
    fc.property(book, fc.constantFrom('I', 'l', 'a', 'O'), (b, letter) => {
      const hyphenated = parseIsbn(b.isbn13)!.hyphenated13;
      assert.deepEqual(validFound(`<p>ISBN ${hyphenated}${letter}</p>`), [b.isbn13]);
      assert.deepEqual(validFound(`<p>ISBN ${hyphenated}${letter}bc</p>`), []);
      assert.deepEqual(validFound(`<p>${hyphenated}${letter}</p>`), []);
    }),
  );
});

test('property: a tax or company registry number in a publisher\'s imprint or footer (NIP, REGON, KRS, VAT, SIREN, ABN, USt-IdNr.) is no ISBN-10; an ISBN on the same page still is', () => {
  fc.assert(
    fc.property(chanceTen, book, fc.constantFrom('NIP', 'NIP:', 'KRS', 'VAT', 'SIREN', 'ABN', 'USt-IdNr.', 'Steuernummer'), (id, b, label) => {
      const page = `<p>ISBN ${b.isbn10}</p>\n<footer>Verlag GmbH · ${label} ${id}</footer>`;
      assert.deepEqual(validFound(page), [b.isbn13], page);
    }),
  );
});

test('property: a label that ends its line in wrapped prose or XML (`1996.  ISBN⏎\\t  1573980137</para>`) labels the number that opens the next; a header\'s last cell (`id,isbn⏎…`) or a blank line between does not', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('\n', '\r\n'), fc.constantFrom('', '\t  ', '          '), (b, id, eol, indent) => {
      const docbook = `<?xml version="1.0"?>\n<para>A book.  Publisher, 1996.  ISBN${eol}${indent}${b.isbn10}</para>\n<para>Ticket ${id}.</para>\n`;
      const found = findIsbns(docbook).filter((m) => m.valid);
      assert.deepEqual(found.map((m) => [m.info?.isbn13, m.labelled]), [[b.isbn13, true]], docbook);
      const csv = `id,isbn${eol}${id},${b.isbn10}${eol}`;
      assert.ok(findIsbns(csv).every((m) => m.raw !== id || !m.labelled), csv);
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

test('a labelled number of zeros alone that is no ISBN (a template\'s `\\isbn{000-0-0000000-0-0}`) is not flagged; a valid one stays found', () => {
  assert.deepEqual(findIsbns("latex_elements = {'preamble': r'\\newcommand\\isbn{000-0-0000000-0-0}'}"), []);
  assert.deepEqual(findIsbns('ISBN 000000000'), []);
  assert.deepEqual(findIsbns('ISBN 0000000000').map((m) => m.info?.isbn13), ['9780000000002']);
  assert.deepEqual(findIsbns('ISBN 0000000001').map((m) => m.problem), ['checksum']);
});

test('a first line of two fields, one saying ISBN, is a header only when both are names: prose with a semicolon is no two-column table (the fuzz run\'s counterexample)', () => {
  const text =
    '. (1-4028-8363-3), . ISBN-13: 1-4028-8158-5; and.| 979-8-3000-8085-3 |\ntel.. ISBN-13: 978 3 16 350877 5; +1 555-123-4567 tel. ' +
    'ISMN 979-0-2600-0043-8 12 chapter (030) 640-6152 was chapter.\n**ISBN:** 0-8044-3471-9\n. ISBN-13: 0-8044-1100-x; in vol.. 979-10-90636-25-5, . (2073118372), ';
  assert.ok(findIsbns(text).some((m) => m.raw === '2073118372' && m.valid));
  assert.deepEqual(validFound('isbn;title\n0306406152;A\n0441013597;B\n'), ['9780306406157', '9780441013593']);
});

test('property: the authority-control row of an encyclopedia article converted to Markdown (`[GND](…) (DE) [1105592812](https://d-nb.info/gnd/1105592812)`) holds no ISBN; a link of an ISBN to a book page still is one', () => {
  fc.assert(
    fc.property(chanceTen, book, fc.constantFrom('https://viaf.org/viaf/', 'https://d-nb.info/gnd/', 'http://id.loc.gov/authorities/names/n'), (id, b, base) => {
      const row = `| Controllo di autorità | [VIAF](/wiki/VIAF) (EN) [${id}](${base}${id}) |\n| --- | --- |\n`;
      assert.deepEqual(validFound(`Rossi, *Dati*, 2003, ISBN ${b.isbn10}.\n\n${row}`), [b.isbn13]);
      assert.deepEqual(validFound(`Read [${b.isbn10}](https://openlibrary.org/isbn/${b.isbn10}).`), [b.isbn13]);
    }),
  );
});

test('property: a 3-digit number one space before an ISBN-10 is a column of its own (`  460 0954381157  "Title"`: a count before each ISBN); 978 or 979 there is still the ISBN-13\'s prefix', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(book, fc.integer({ min: 100, max: 968 })), { minLength: 1, maxLength: 6 }), (rows) => {
      const table = ['Count ISBN       Title', ...rows.map(([b, count]) => `  ${count} ${b.isbn10}  "A title"`), ''].join('\n');
      assert.deepEqual(validFound(table), [...new Set(rows.map(([b]) => b.isbn13))].sort(), table);
      const [b] = rows[0]!;
      assert.deepEqual(validFound(`see ${b.isbn13.slice(0, 3)} ${b.isbn13.slice(3)} here`), [b.isbn13]);
    }),
  );
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

test('property: a DOI made a file name, its slash a `_` (`10.5117_9784955525139.pdf`), holds no ISBN of its own; a cover named `cover_978….jpg` still does', () => {
  fc.assert(
    fc.property(book, fc.constantFrom('10.5117', '10.1007', '10.26530'), (b, prefix) => {
      assert.deepEqual(validFound(`- ${prefix}_${b.isbn13}_ch01.pdf = chapter 1`), []);
      assert.deepEqual(validFound(`![cover](images/cover_${b.isbn13}.jpg)`), [b.isbn13]);
    }),
  );
});

test('property: a hyphenated ISBN-13 after a folder of digits (a publisher\'s `/book/2017/978-4-7741-8705-1`) is found; after a DOI\'s prefix (`10.1007/978-…`) it stays out', () => {
  fc.assert(
    fc.property(book, fc.integer({ min: 1990, max: 2030 }), (b, year) => {
      const hyphenated = parseIsbn(b.isbn13)!.hyphenated13;
      assert.deepEqual(validFound(`<http://publisher.example/book/${year}/${hyphenated}>`), [b.isbn13]);
      assert.deepEqual(validFound(`https://doi.org/10.1007/${hyphenated}`), []);
    }),
  );
});

test('property: a foreign label ends at its line: a header ending in `…_id` (`org_id remap_id freebase_id`) does not rule out the number that opens the next line', () => {
  fc.assert(
    fc.property(fc.array(book, { minLength: 2, maxLength: 6 }), (books) => {
      const list = ['org_id remap_id freebase_id', ...books.map((b, k) => `${b.isbn10} ${k} m.0k3p${k}s`), ''].join('\n');
      assert.deepEqual(validFound(list), [...new Set(books.map((b) => b.isbn13))].sort(), list);
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

test('property: in a page\'s inline script a bare number is code\'s (`P.setInt8(1,2147483649)`); a key that says ISBN there, and the page\'s text, still hold ISBNs', () => {
  fc.assert(
    fc.property(chanceTen, book, book, (n, b, c) => {
      const page = `<!DOCTYPE html>\n<html><head><script>P.setInt8(1,${n});var x=(${n}&i);var d={isbn:"${c.isbn10}"};</script></head>\n<body><p>Dune ${b.isbn10}</p></body></html>\n`;
      assert.deepEqual(validFound(page), [b.isbn13, c.isbn13].sort(), page);
    }),
  );
});

test('property: in text written in Cyrillic, a Х (Cyrillic Ha) closing an ISBN-10 is its check character X (`isbn = {5-201-02033-Х}`); a word that starts with Х is no check character', () => {
  fc.assert(
    fc.property(book.filter((b) => b.isbn10.endsWith('X')), fc.constantFrom('\u0425', '\u0445'), (b, ha) => {
      const hyphenated = parseIsbn(b.isbn10)!.hyphenated10!.replace(/X$/, ha);
      const bib = `@book{k,\n  title = {Книга},\n  isbn = {${hyphenated}},\n}\n`;
      const [match] = findIsbns(bib);
      assert.equal(match?.valid, true, bib);
      assert.equal(match.info?.isbn13, b.isbn13);
      assert.deepEqual(validFound(`Книга, 1999. ${b.isbn10.slice(0, 9)} Хорошо`), []);
    }),
  );
});

test('property: a number after the numero sign (`Заказ № 1749375028`) is no ISBN-10; `ISBN №` still labels one', () => {
  fc.assert(
    fc.property(chanceTen, book, (n, b) => {
      assert.deepEqual(validFound(`Тираж 3000 экз. Заказ № ${n}. ISBN № ${b.isbn10}`), [b.isbn13]);
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

test('property: an ISBN-10 in no range is an ISBN where the word ISBN stands on its line (`isbn.split(\'9999678270\')  # ISBN10, unknown publisher`); a Java or C array initializer whose name says ISBN (`String[] validISBN10Format = { "…" }`) keys its elements', () => {
  fc.assert(
    fc.property(rangelessThirteen.filter((isbn13) => isbn13.startsWith('978')), book, (isbn13, b) => {
      const ten = tenOf(isbn13);
      assert.deepEqual(validFound(`>>> isbn.split('${ten}')  # ISBN10, unknown publisher in group`), [isbn13]);
      assert.deepEqual(validFound(`>>> split('${ten}')  # unknown publisher in group`), []);
      assert.deepEqual(validFound(`private final String[] validISBN10Format = { "123456789X", "${b.isbn10}" };`), ['9781234567897', b.isbn13].sort());
      assert.deepEqual(validFound(`private final String[] samples = { "123456789X" };`), [], 'a placeholder under another name');
    }),
  );
});

test('property: code\'s numbers are no ISBN-10s: under a name only code writes (`EXT_FILE_ATTR_FILE: …`, `fileSize: …`), negative (`min = -2147483648`), or 2^31 (`[TestCase(2147483648)]`); a prose label, an ISBN key and a hyphen inside a range still do as before', () => {
  fc.assert(
    fc.property(chanceTen, book, fc.constantFrom('EXT_FILE_ATTR_FILE', 'fileSize', 'MAX_BYTES', 'totalLength'), (n, b, key) => {
      assert.deepEqual(validFound(`module.exports = {\n  ${key}: ${n},\n};\n// ISBN ${b.isbn10}`), [b.isbn13]);
      assert.deepEqual(validFound(`validate(value, min = -${n}, max = 1)`), []);
      assert.deepEqual(validFound('[TestCase(2147483648)] // int.MaxValue + 1'), []);
      assert.deepEqual(validFound(`Paperback: ${b.isbn10}`), [b.isbn13]);
      assert.deepEqual(validFound(`book_isbn: ${b.isbn10}`), [b.isbn13]);
    }),
  );
});

test('property: a program\'s numeric argument right after a call\'s `(` (`Size.Should().Be(1471026299)`) is no ISBN-10; a quoted one (`split(\'0441013597\')`), a labelled one and one in parentheses in prose (`Dune (0441013597)`) are', () => {
  fc.assert(
    fc.property(chanceTen, book, (n, b) => {
      assert.deepEqual(validFound(`torrentInfo.Size.Should().Be(${n});\n[TestCase(${n}, "x")]\n[TestCase("7,162,100.0KB", ${n})]`), []);
      assert.deepEqual(validFound(`Dune (Ace, ${b.isbn10})`), [b.isbn13], 'a bracket after a space is prose');
      assert.deepEqual(validFound(`isbn.split('${b.isbn10}')`), [b.isbn13]);
      assert.deepEqual(validFound(`Dune (${b.isbn10}) is a novel.`), [b.isbn13]);
      assert.deepEqual(validFound(`lookup(ISBN ${b.isbn10})`), [b.isbn13]);
    }),
  );
});
