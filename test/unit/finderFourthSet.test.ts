// The finder on a fourth look at real documents (e-resource lists, reader
// exports, notebooks): an ISBN-13 as the body of an id or link in capitals,
// and a notebook's printed table whose header names ISBN. One property per cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findIsbns } from '../../src/core/isbn/find';
import { book, chanceTen } from '../helpers/isbnArbitraries';

function validFound(text: string): string[] {
  return [...new Set(findIsbns(text).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

const capitals = fc.stringMatching(/^[A-Z]{1,4}$/);

test('property: an ISBN-13 after an id prefix of one to four capitals is found, in an id column and in a link; lower case, five capitals or a DOI keep it out', () => {
  fc.assert(
    fc.property(book, capitals, fc.constantFrom('\t', ' ', '/', '"', '_'), (b, prefix, before) => {
      assert.deepEqual(validFound(`Title${before}${prefix}${b.isbn13}\tmonograph`), [b.isbn13], `${before}${prefix}`);
      assert.deepEqual(validFound(`https://ebooks.example.com/AbstractView/${prefix}${b.isbn13}`), [b.isbn13]);
      // A lone `i` is SirsiDynix's catalogue key (finderSixthSet).
      if (prefix !== 'I') assert.deepEqual(validFound(`Title ${prefix.toLowerCase()}${b.isbn13} x`), [], 'lower case: a word or a hash');
      assert.deepEqual(validFound(`Title ${prefix}QRSTU${b.isbn13} x`), [], 'a longer run of capitals');
      assert.deepEqual(validFound(`Title 7${prefix}${b.isbn13} x`), [], 'a digit before the capitals');
      assert.deepEqual(validFound(`Title ${prefix}${b.isbn13}a x`), [], 'a letter after it');
      assert.deepEqual(validFound(`https://doi.org/10.1017/${prefix}${b.isbn13}`), [], 'inside a DOI');
      assert.deepEqual(validFound(`Title ${prefix}${b.isbn10} x`), [], 'an ISBN-10 stays glued');
    }),
  );
});

/** A notebook cell's printed output: its lines as a JSON array of strings, as Jupyter saves them. */
function notebookOutput(lines: readonly string[]): string {
  const strings = lines.map((line) => `       ${JSON.stringify(`${line}\n`)}`).join(',\n');
  return `{\n "cells": [\n  {\n   "cell_type": "code",\n   "outputs": [\n    {\n     "data": {\n      "text/plain": [\n${strings}\n      ]\n     },\n     "output_type": "execute_result"\n    }\n   ],\n   "source": ["books.head()"]\n  }\n ],\n "nbformat": 4\n}\n`;
}

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

test('property: ONIX 2.1 short tags: b244 under b221 02, and b004, are ISBN-10s; under another type (01, proprietary) a number is not', () => {
  fc.assert(
    fc.property(book, book, chanceTen, (a, b, other) => {
      const product = `<product><a001>R1</a001><productidentifier><b221>02</b221><b244>${a.isbn10}</b244></productidentifier><productidentifier><b221>01</b221><b244>${other}</b244></productidentifier><b004>${b.isbn10}</b004></product>`;
      const text = `<?xml version="1.0"?>\n<ONIXmessage release="2.1">\n${product}\n</ONIXmessage>\n`;
      assert.deepEqual(validFound(text), [...new Set([a.isbn13, b.isbn13])].sort());
    }),
  );
});

test('property: wikitext\'s {{ISBN|…}} template labels its number, even in a fragment that opens with <ref> (read as XML)', () => {
  fc.assert(
    fc.property(book, (b) => {
      const text = `<ref name="a">Author, ''Title'', 2001. {{ISBN|${b.isbn10}}}</ref>\n<ref>{{cite web |url=https://example.org |title=Page}}</ref>\n`;
      const found = findIsbns(text);
      assert.deepEqual(validFound(text), [b.isbn13]);
      assert.ok(found.every((m) => m.labelled));
    }),
  );
});

test('property: an Amazon cover link cut short by a printed table (`…/images/P/0441013597.0...`) keeps its ISBN-10; a decimal does not', () => {
  fc.assert(
    fc.property(book, fc.constantFrom('.0...', '.01...', '.0…', '.01.LZZZZZZZ.jpg'), (b, cut) => {
      assert.deepEqual(validFound(`1  Dune  http://images.amazon.com/images/P/${b.isbn10}${cut}`), [b.isbn13], cut);
      assert.deepEqual(validFound(`total ${b.isbn10}.05 units`), [], 'a decimal');
    }),
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

test('property: an ISBN-13 named as an image file in a URL path (`/img/9780441013593.d.jpg`) is found; a number opening a host name is not', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('.d.jpg', '.cover.png', '.1.webp'), (b, n, rest) => {
      assert.deepEqual(validFound(`https://cdn.example.com/img/${b.isbn13}${rest}/600x600.png`), [b.isbn13], rest);
      assert.deepEqual(validFound(`connect from ${n}.dyn.example.net port 22`), []);
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

test('property: an ISBN-13 after a path segment ending in digits (a hash, `v4/45/52d974b65209/`) is found; after a DOI prefix or a segment of digits only it is not', () => {
  fc.assert(
    fc.property(book, chanceTen, (b, n) => {
      assert.deepEqual(validFound(`"image": "https://img.example.com/thumb/v4/45/52d974b65209/${b.isbn13}.jpg"`), [b.isbn13]);
      assert.deepEqual(validFound(`doi = {10.1007/${b.isbn13}}`), []);
      assert.deepEqual(validFound(`https://pbs.example.com/profile_banners/286811443/${n}`), []);
    }),
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

test('property: a barcode\'s digits as printed under it (`9 781430 268277`) are an ISBN-13; the same grouping of a number that is none is not', () => {
  fc.assert(
    fc.property(book, fc.nat({ max: 8 }), (b, bump) => {
      const printed = `${b.isbn13[0]} ${b.isbn13.slice(1, 7)} ${b.isbn13.slice(7)}`;
      assert.deepEqual(validFound(`US $39.99\n${printed}\n`), [b.isbn13]);
      const wrong = `${printed.slice(0, -1)}${(Number(b.isbn13[12]) + 1 + bump) % 10}`;
      assert.deepEqual(validFound(`US $39.99\n${wrong}\n`), []);
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

test('property: a DOI whose slash is escaped (`\\/`, `&#x2F;`, `&#47;`, `%2F`) keeps its ISBN-shaped suffix out', () => {
  fc.assert(
    fc.property(book, fc.constantFrom('\\/', '&#x2F;', '&#47;', '%2F', '&#X2f;'), (b, slash) => {
      const suffix = `${b.isbn13.slice(0, 3)}-${b.isbn13.slice(3, 12)}-${b.isbn13.slice(12)}_7`;
      assert.deepEqual(validFound(`"doi":"10.1007${slash}${suffix}"`), [], slash);
    }),
  );
});

test('property: a 10-digit record id as a whole URL path segment (`https://d-nb.info/1022135384`) or after an encoded `=` (`idn%3D…`) is no ISBN-10; a book site\'s or shop\'s path and a cover file still are', () => {
  fc.assert(
    fc.property(chanceTen, book, (n, b) => {
      assert.deepEqual(validFound(`Datensatz: https://d-nb.info/${n}`), []);
      assert.deepEqual(validFound(`<a href="https://portal.example.de/opac?query=idn%3D${n}">Katalog</a>`), []);
      assert.deepEqual(validFound(`https://www.amazon.com/${b.isbn10} and https://covers.example.com/c/${b.isbn10}.jpg`), [b.isbn13]);
      assert.deepEqual(validFound(`Dune, ${b.isbn10}, see https://d-nb.info/${n}`), [b.isbn13]);
    }),
  );
});
