// The finder on catalogue records: MARC (mnemonic, display, MARCXML, binary ISO 2709, UNIMARC), PICA+, ONIX and RIS, whose tags say which fields hold ISBNs.
// One test per cause, most of them properties on documents generated in the shapes of real ones;
// the rules they exercise are in src/core/isbn/rules/ (docs/finder-rules.md).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { test } from 'node:test';
import { findIsbns } from '../../src/core/isbn/find';
import { type Book, book, chanceTen } from '../helpers/isbnArbitraries';
import { sniffShape } from '../../src/core/isbn/textShape';
import { hyphenateIsbn, isbn10CheckDigit } from '../../src/core/isbn/parse';
import { documentShape } from '../../src/core/documentKind/documentKind';
import { iso2709Record, type MarcField } from '../helpers/iso2709';
import { validFound, thirteens } from '../helpers/finderFixtures';

/** A price in cents typed onto an ISBN-10 (`175` for $1.75), the run no EAN or GTIN by its own check. */
const priced = fc.tuple(book, fc.integer({ min: 100, max: 9999 })).filter(([b, price]) => !gtinValid(b.isbn10 + price));

function gtinValid(digits: string): boolean {
  let sum = 0;
  for (let k = digits.length - 1, weight = 1; k >= 0; k--, weight = 4 - weight) sum += weight * Number(digits[k]);
  return sum % 10 === 0;
}

/** A PICA record number (PPN) or GND id: nine digits and the ISBN-10's own check character, as PICA gives them. */
const ppn = fc.integer({ min: 100_000_000, max: 999_999_999 }).map((n) => String(n) + isbn10CheckDigit(String(n)));

function foundIn(text: string, name?: string): string[] {
  const options = name === undefined ? {} : { shape: documentShape({ fileName: name }, text) };
  return findIsbns(text, options).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : []));
}

function sameSet(actual: string[], expected: string[], why: string): void {
  assert.deepEqual([...new Set(actual)].sort(), [...new Set(expected)].sort(), why);
}

/** Where a record holds its ISBN (020 $a with or without a qualifier, 020 $z, a linking entry's $z), as ISBN-10 or ISBN-13. */
const isbnField = fc.tuple(book, fc.constantFrom('020a', '020aq', '020z', '776z', '773z'), fc.boolean()).map(([b, where, asTen]): [Book, MarcField] => {
  const isbn = asTen ? b.isbn10 : b.isbn13;
  const tag = where.slice(0, 3);
  const subfields: Array<[string, string]> = where === '020aq' ? [['a', `${isbn} (pbk.)`]] : tag === '020' ? [[where[3], isbn]] : [['i', 'Print version:'], ['z', isbn], ['w', '(OCoLC)12345678']];
  return [b, [tag, tag === '020' ? '  ' : '08', subfields]];
});

/** Fields holding ids that pass the ISBN-10 check by chance: control numbers, LCCNs, OCLC numbers, a VIAF URI, item serials. */
const idField = fc.tuple(chanceTen, fc.constantFrom('001', '010', '035', '700', '776w', '991', '992')).map(([id, where]): MarcField => {
  switch (where) {
    case '001':
      return ['001', id];
    case '010':
      return ['010', '  ', [['a', `  ${id}`]]];
    case '035':
      return ['035', '  ', [['a', `(OCoLC)${id}`]]];
    case '700':
      return ['700', '1 ', [['a', 'Doe, Jane.'], ['0', `http://viaf.org/viaf/sourceID/LC|n${id}`]]];
    case '776w':
      return ['776', '08', [['w', `(DLC)  ${id}`]]];
    case '991':
      return ['991', '  ', [['x', `SERIE ${id}`], ['y', 'CALCU']]];
    default:
      return ['992', '  ', [['a', id], ['b', 'Sala general']]];
  }
});

const title: MarcField = ['245', '10', [['a', 'Les cartes du monde /'], ['c', 'Ana Martín ; préface de José Núñez.']]];

/** A local note, last in each record: a file cut short is cut in it. */
const note: MarcField = ['999', '  ', [['a', 'Donated by Ana Martín, with notes in the margins']]];

/** A record of ISBN and id fields in tag order, with a title and a note; its books. */
const record = fc.tuple(fc.array(isbnField, { maxLength: 4 }), fc.array(idField, { maxLength: 6 })).map(([isbns, ids]) => {
  const fields = [...isbns.map(([, f]) => f), ...ids, title].sort((a, b) => a[0].localeCompare(b[0])).concat([note]);
  return { books: isbns.map(([b]) => b), text: iso2709Record(fields) };
});

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

test('property: ONIX 2.1 short tags: b244 under b221 02, and b004, are ISBN-10s; under another type (01, proprietary) a number is not', () => {
  fc.assert(
    fc.property(book, book, chanceTen, (a, b, other) => {
      const product = `<product><a001>R1</a001><productidentifier><b221>02</b221><b244>${a.isbn10}</b244></productidentifier><productidentifier><b221>01</b221><b244>${other}</b244></productidentifier><b004>${b.isbn10}</b004></product>`;
      const text = `<?xml version="1.0"?>\n<ONIXmessage release="2.1">\n${product}\n</ONIXmessage>\n`;
      assert.deepEqual(validFound(text), [...new Set([a.isbn13, b.isbn13])].sort());
    }),
  );
});

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
      assert.deepEqual(validFound(pica), [...new Set([b.isbn13, c.isbn13])].sort(), pica); // b and c may be one book
    }),
    { numRuns: 200 },
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

test('MARC: subfield codes glued to the ISBN', () => {
  assert.deepEqual(foundIn('=020  \\\\$a8472236579'), ['9788472236578']);
  assert.deepEqual(foundIn('020    |a9780070824522'), ['9780070824522']);
  assert.deepEqual(foundIn('020 ‡a9780306406157 ‡q(pbk.)'), ['9780306406157']);
  assert.deepEqual(foundIn('ab9780306406157 x0306406152'), [], 'a letter glued to a number is still no subfield code');
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
      sameSet(foundIn(text), fields.map((f) => f.book.isbn13), text);
    }),
  );
});

test('RIS: SN holds ISBNs; a number under another tag (AN, M1, ID) that passes the check is no ISBN', () => {
  const ris = 'TY  - BOOK\nSN  - 0307277674 (pbk.)\nAN  - 1187654302\nER  - \n\nTY  - BOOK\nSN  - 0881792063 0306406152\nM1  - 1187654302\nER  - \n';
  assert.equal(sniffShape(ris).kind, 'ris');
  assert.equal(documentShape({ fileName: 'export.ris' }, 'anything').kind, 'ris');
  assert.deepEqual(foundIn(ris), ['9780307277671', '9780881792065', '9780306406157']);
  assert.deepEqual(foundIn(ris, 'export.ris'), ['9780307277671', '9780881792065', '9780306406157']);
});

test('property: binary MARC 21 records, read from the text alone, give the ISBNs of 020 and of linking $z, and none of the ids in other fields', () => {
  fc.assert(
    fc.property(fc.array(record, { minLength: 1, maxLength: 8 }), fc.nat(), fc.boolean(), (records, cutAt, cut) => {
      let text = records.map((r) => r.text).join('');
      // A file cut short in its last record's last field: every ISBN is still whole.
      if (cut) text = text.slice(0, text.lastIndexOf('Donated') + (cutAt % 40));
      assert.equal(sniffShape(text.slice(0, 4096)).kind, 'marc');
      assert.deepEqual(validFound(text), thirteens(records.flatMap((r) => r.books)), JSON.stringify(text));
    }),
    { numRuns: 200 },
  );
});

test('property: UNIMARC records give the ISBNs of 010 (the LCCN in MARC 21), and none of the ids in other fields', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.array(book, { minLength: 1, maxLength: 2 }), fc.array(chanceTen, { minLength: 3, maxLength: 3 }), fc.boolean()), { minLength: 1, maxLength: 5 }), (records) => {
      const text = records
        .map(([books, [control, authority, local], asTen]) =>
          iso2709Record(
            [
              ['001', control],
              ...books.map((b): MarcField => ['010', '  ', [['a', asTen ? b.isbn10 : b.isbn13], ['b', 'br.']]]),
              ['100', '  ', [['a', '19961119d1996    ||||0itac50      ba']]],
              ['200', '1 ', [['a', "L'altra città"], ['f', 'Mario Rossi']]],
              ['700', ' 1', [['a', 'Rossi'], ['3', authority]]],
              ['899', '  ', [['1', 'Biblioteca'], ['e', local]]],
            ],
            'nam0 ',
            '3i 4500',
          ),
        )
        .join('');
      assert.deepEqual(validFound(text), thirteens(records.flatMap(([books]) => books)), JSON.stringify(text));
    }),
    { numRuns: 100 },
  );
});

test('property: a digit subfield code glued to the value ($9978-…, U+001F 9978-…) is the code, and the ISBN after it is found where it is written', () => {
  fc.assert(
    fc.property(book, fc.boolean(), fc.constantFrom('mrk', 'binary'), (b, asTen, form) => {
      const isbn = asTen ? b.isbn10 : b.isbn13;
      const copy = hyphenateIsbn(isbn)!;
      const text =
        form === 'mrk'
          ? `=LDR  00000nam a2200000 c 4500\n=001  123\n=020  \\\\$a${isbn}$9${copy}\n=245  10$aA title\n`
          : iso2709Record([['001', '123'], ['020', '  ', [['a', isbn], ['9', copy]]], title]);
      const found = findIsbns(text).filter((m) => m.valid);
      assert.deepEqual(
        found.map((m) => [m.raw, m.info?.isbn13]),
        [
          [isbn, b.isbn13],
          [copy, b.isbn13],
        ],
        JSON.stringify(text),
      );
    }),
    { numRuns: 100 },
  );
});

test('property: damaged binary MARC (directory, terminators and fields cut or shuffled) never throws, and reports only numbers written in it', () => {
  const piece = fc.oneof(
    fc.constantFrom('\x1d', '\x1e', '\x1f', '\x1fa', '\x1f9', '  ', '020', '00794pam a2200241 i 4500', '020002200149'),
    chanceTen,
    book.map((b) => b.isbn10),
    fc.string({ maxLength: 8 }),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
      const text = pieces.join('');
      for (const m of findIsbns(text)) assert.equal(text.slice(m.start, m.end), m.raw);
    }),
    { numRuns: 500 },
  );
});

test('a damaged record costs only itself: the next record, after its terminator or a line break, is read by its own directory', () => {
  const isbn = (b: string) => iso2709Record([['001', '1'], ['020', '  ', [['a', b]]], title]);
  const good = isbn('0306406152');
  // A directory short of one entry: the 020 after it has no tag, so its bare ISBN-10 is not taken.
  const short = isbn('0441013597').replace(/020[0-9]{9}(?=245)/, '');
  const blankLength = `     ${isbn('0198526636').slice(5)}`;
  const text = [good, short, blankLength, `\n${isbn('0140449132')}`].join('');
  assert.deepEqual(validFound(text), ['9780140449136', '9780198526636', '9780306406157']);
});

test('binary MARC is told by its content whatever the name says, and a text MARC line with a tag is still read by its line', () => {
  const record = iso2709Record([['001', '1'], ['020', '  ', [['a', '0306406152']]], title]);
  assert.equal(sniffShape(record, 'text').kind, 'marc');
  assert.equal(sniffShape(`garbage at the start ${record.slice(40)}${record}`).kind, 'marc');
  assert.deepEqual(validFound('=LDR  00000nam a2200000 c 4500\n=001  1\n=020  \\\\$a0306406152\n=035  \\\\$a(OCoLC)1401234518\n'), ['9780306406157']);
});

test('one short record, its leader\'s length left blank, is binary MARC too', () => {
  const record = `     ${iso2709Record([['001', '1'], ['035', '  ', [['a', '(OCoLC)1401234518']]], title]).slice(5)}`;
  assert.equal(sniffShape(record).kind, 'marc');
  assert.deepEqual(validFound(record), []);
});
