// The finder on binary MARC (ISO 2709, `.mrc`), read from the text alone:
// U+001F glued to a subfield code, tags known only from each record's
// directory, UNIMARC's 010, a digit subfield code glued to the value, files
// cut mid-record or damaged. One property per cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findIsbns } from '../../src/core/isbn/find';
import { hyphenateIsbn } from '../../src/core/isbn/parse';
import { sniffShape } from '../../src/core/isbn/textShape';
import { type Book, book, chanceTen } from '../helpers/isbnArbitraries';
import { iso2709Record, type MarcField } from '../helpers/iso2709';

function validFound(text: string): string[] {
  return [...new Set(findIsbns(text).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

function thirteens(books: readonly Book[]): string[] {
  return [...new Set(books.map((b) => b.isbn13))].sort();
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
