// The finder on notations: how an ISBN is written (spaced, dotted, TeX-joined, escaped or broken groups, barcodes and add-ons, runs glued together or to ids, ISBNs in no range) and what is no ISBN for its shape.
// One test per cause, most of them properties on documents generated in the shapes of real ones;
// the rules they exercise are in src/core/isbn/rules/ (docs/finder-rules.md).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as ISBN from 'isbn3';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { isbnActions } from '../../src/core/actions/isbnActions';
import { isbnProblems } from '../../src/core/diagnostics/isbnProblems';
import { problemMessage } from '../../src/editor/words/index';
import { findIsbns, scanIsbns } from '../../src/core/isbn/find';
import { isbn13CheckDigit, normalizeIsbn, parseIsbn } from '../../src/core/isbn/parse';
import { type Book, book, chanceTen } from '../helpers/isbnArbitraries';
import { sniffShape, type TextShape } from '../../src/core/isbn/textShape';
import { tenOf, thirteens, validFound } from '../helpers/finderFixtures';
import { documentShape } from '../../src/core/documentKind/documentKind';

const capitals = fc.stringMatching(/^[A-Z]{1,4}$/);

/** The ISBN's groups, as isbn3 hyphenates them, joined by TeX's ties or en dashes: `0~441~01359~7`, `0--441--01359--7`. */
function texJoined(isbn: string, joiner: string): string {
  const info = parseIsbn(isbn)!;
  return (isbn.length === 10 ? info.hyphenated10! : info.hyphenated13).replace(/-/g, joiner);
}

/** The ISBN as isbn3 hyphenates it. */
function hyphenated(isbn: string): string {
  const info = parseIsbn(isbn)!;
  return isbn.length === 10 ? info.hyphenated10! : info.hyphenated13;
}

/** A checksum-valid 978/979 ISBN-13 that isbn3's range data has no range for (an unassigned group, a range allocated since). */
const rangelessThirteen = fc
  .tuple(fc.constantFrom('9786999', '978611', '97920', '97950', '97960', '97990', '97914'), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }))
  .map(([prefix, digits]) => (prefix + digits.join('')).slice(0, 12))
  .map((first12) => first12 + isbn13CheckDigit(first12))
  .filter((isbn13) => ISBN.parse(isbn13) === null);

function foundIn(text: string, name?: string): string[] {
  const options = name === undefined ? {} : { shape: documentShape({ fileName: name }, text) };
  return findIsbns(text, options).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : []));
}

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
      const message = problemMessage(isbnProblems([{ ...found[0]!, line: 0 }], () => false)[0]!);
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

test('property: a 10-digit part of an identifier joined by `_` or followed by `/` and a short number is no ISBN; ISBN-13s in file names and ISBN pairs joined by `/` still are', () => {
  fc.assert(
    fc.property(chanceTen, fc.nat({ max: 99_999_999 }), book, book, (n, short, a, b) => {
      for (const text of [`Session: 30546173_${n}`, `DFSClient_NONMAPREDUCE_${n}_1`, `bankaccount.to_bic('${n}/${short}')`, `profile_banners/286811443/${n}`]) {
        assert.deepEqual(validFound(text), [], text);
      }
      assert.deepEqual(validFound(`cover_${a.isbn13}.jpg`), [a.isbn13]);
      assert.deepEqual(validFound(`Both: ${a.isbn10}/${b.isbn10}`), thirteens([a, b]));
    }),
  );
});

test('property: an ISBN broken at a hyphen by a line end (hard-wrapped, or text taken from a PDF) is read whole; a blank line or a word before ends it', () => {
  fc.assert(
    fc.property(book, fc.nat({ max: 11 }), fc.constantFrom('\n', '\r\n'), fc.constantFrom('', '  ', '\t'), (b, cut, eol, indent) => {
      const hyphenated = [b.isbn13.slice(0, 3), b.isbn13.slice(3, 12), b.isbn13.slice(12)].join('-');
      // Break after the 978 (`978-⏎0470093559`) or before the check digit (`…-⏎2`), as PDFs do.
      const at = cut % 2 === 0 ? 4 : hyphenated.length - 1;
      const broken = `${hyphenated.slice(0, at)}${eol}${indent}${hyphenated.slice(at)}`;
      assert.deepEqual(validFound(`Wiley, 2007. ISBN ${broken}. Next entry`), [b.isbn13], broken);
      const found = findIsbns(`Wiley, 2007. ISBN ${broken}.`);
      assert.equal(found.length, 1, 'one match, and no invalid half of it');
      // Across a blank line nothing is joined (the rest alone may be the book's ISBN-10, when its check digit agrees).
      assert.ok(findIsbns(`Prices 978-${eol}${eol}${b.isbn13.slice(3)} x`).every((m) => !m.raw.includes('\n')));
    }),
  );
});

test('property: an ISBN-13 after an id prefix of one to four capitals is found, in an id column and in a link; lower case, five capitals or a DOI keep it out', () => {
  fc.assert(
    fc.property(book, capitals, fc.constantFrom('\t', ' ', '/', '"', '_'), (b, prefix, before) => {
      assert.deepEqual(validFound(`Title${before}${prefix}${b.isbn13}\tmonograph`), [b.isbn13], `${before}${prefix}`);
      assert.deepEqual(validFound(`https://ebooks.example.com/AbstractView/${prefix}${b.isbn13}`), [b.isbn13]);
      // A lone `i` is SirsiDynix's catalogue key.
      if (prefix !== 'I') assert.deepEqual(validFound(`Title ${prefix.toLowerCase()}${b.isbn13} x`), [], 'lower case: a word or a hash');
      assert.deepEqual(validFound(`Title ${prefix}QRSTU${b.isbn13} x`), [], 'a longer run of capitals');
      assert.deepEqual(validFound(`Title 7${prefix}${b.isbn13} x`), [], 'a digit before the capitals');
      assert.deepEqual(validFound(`Title ${prefix}${b.isbn13}a x`), [], 'a letter after it');
      assert.deepEqual(validFound(`https://doi.org/10.1017/${prefix}${b.isbn13}`), [], 'inside a DOI');
      assert.deepEqual(validFound(`Title ${prefix}${b.isbn10} x`), [], 'an ISBN-10 stays glued');
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

test('property: an ISBN whose groups TeX ties or en dashes join (`ISBN~0~07~115983~5`, `978--1--118--71470--6`) is found where a label or an isbn field says ISBN; the same number in prose is not', () => {
  fc.assert(
    fc.property(book, fc.boolean(), fc.constantFrom('~', '--'), fc.constantFrom('~', ' ', ':~'), (b, ten, joiner, gap) => {
      const isbn = ten ? b.isbn10 : b.isbn13;
      const written = texJoined(isbn, joiner);
      assert.deepEqual(validFound(`  note = {ISBN${gap}${written}},\n`), [b.isbn13], `note ISBN${gap}${written}`);
      assert.deepEqual(validFound(`\\bibitem{k} A. Author. \\emph{A Book}. Press, 1998. ISBN${gap}${written}.\n`), [b.isbn13], 'a thebibliography item');
      assert.deepEqual(validFound(`@book{k,\n  isbn = {${written}},\n}\n`), [b.isbn13], 'an isbn field');
      assert.deepEqual(validFound(`@book{k,\n  isbn = {${written}, ${texJoined(b.isbn13, joiner)}},\n}\n`), [b.isbn13], 'two in one field');
      assert.deepEqual(validFound(`pages ${written} of the scan\n`), [], 'no label: a range or a tie in prose');
      const found = findIsbns(`ISBN~${written}`);
      assert.equal(found.length, 1);
      assert.equal(found[0]!.raw, written, 'the match spans the tied groups');
    }),
  );
});

test('property: an ISBN whose hyphens Markdown escapes (`978\\-0\\-07\\-115983\\-5`, as converters write them) is found as its hyphenated form is, labelled or not; the match spans it', () => {
  fc.assert(
    fc.property(book, fc.boolean(), fc.constantFrom('ISBN ', 'ISBN: ', '* ', '- Title, Press, 1998, '), (b, ten, before) => {
      const info = parseIsbn(b.isbn13)!;
      const hyphenated = ten ? info.hyphenated10! : info.hyphenated13;
      const escaped = hyphenated.replace(/-/g, '\\-');
      if (ten && !before.startsWith('ISBN')) return; // a bare ISBN-10 in prose needs more than its checksum
      const found = findIsbns(`${before}${escaped}\n`);
      assert.deepEqual(found.map((m) => [m.raw, m.info?.isbn13]), [[escaped, b.isbn13]], `${before}${escaped}`);
      assert.deepEqual(validFound(`@book{k,\n  isbn = {${escaped}},\n}\n`), [b.isbn13], 'an isbn field');
    }),
  );
  assert.deepEqual(findIsbns('pages 123\\-456, 2019\\-2020\n'), []);
});

test('property: a shop\'s code joined by a hyphen to a whole ISBN-13 (Kinokuniya\'s `dsg-01-9784822292270`) leaves the ISBN-13 found; a 13 that is no ISBN there stays out', () => {
  fc.assert(
    fc.property(book, fc.stringMatching(/^[0-9]{1,4}$/), fc.stringMatching(/^[a-z]{2,4}$/), (b, code, shop) => {
      const found = findIsbns(`https://www.example.co.jp/f/${shop}-${code}-${b.isbn13}\n`);
      assert.deepEqual(found.map((m) => [m.raw, m.valid]), [[b.isbn13, true]]);
      const notIsbn = `${b.isbn13.slice(0, 12)}${(Number(b.isbn13[12]) + 1) % 10}`;
      assert.deepEqual(validFound(`https://www.example.co.jp/f/${shop}-${code}-${notIsbn}\n`), []);
    }),
  );
});

test('property: a + before an ISBN-13 (EDIFACT\'s `LIN+1+5+9780446360272:EN`, a search\'s `q=isbn+978…`) or before an ISBN-10 typed `:IB` (`PIA+5+0749577215:IB`) leaves it found; a phone number after + stays out. A binding typed right after an ISBN in a catalogue record (`0440487331pbk.`, `(0373197527pbk.) :`) leaves the ISBN', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.integer({ min: 1, max: 99 }), (b, phone, line) => {
      assert.deepEqual(validFound(`UNH+03+ORDRSP:D:96A:UN'LIN+${line}+5+${b.isbn13}:EN'QTY+21:10'`), [b.isbn13], 'EDIFACT');
      const quote = `UNH+1+QUOTES:D:96A:UN:EAN002'LIN+${line}+1+${b.isbn10}:IB'PIA+5+${b.isbn10}:IB'QTY+1:1'`;
      assert.deepEqual(findIsbns(quote).map((m) => m.info?.isbn13), [b.isbn13, b.isbn13], 'EDIFACT, an ISBN-10 typed IB');
      assert.deepEqual(validFound(`LIN+${line}+1+${phone}:EN'`), [], 'a 10 typed otherwise');
      assert.deepEqual(validFound(`UNH+1+ORDERS:D:96A:UN'RFF+ON:${phone}'RFF+QLI:${phone}'LIN+${line}++${b.isbn13}:EN'`), [b.isbn13], 'a reference after its qualifier');
      assert.deepEqual(validFound(`https://catalogue.example.org/search?q=isbn+${b.isbn13}&type=all`), [b.isbn13], 'a search link');
      assert.deepEqual(validFound(`Call +44 ${phone} or +1${phone}`), [], 'phone numbers');
      const marc = (value: string) => `<datafield tag="020" ind1=" " ind2=" "><subfield code="z">${value}</subfield></datafield>`;
      assert.deepEqual(validFound(`<record>${marc(`${b.isbn10}pbk.`)}</record>`), [b.isbn13], 'glued binding');
      assert.deepEqual(validFound(`<record>${marc(`(${b.isbn10}pbk.) :`)}</record>`), [b.isbn13], 'in brackets');
      assert.deepEqual(validFound(`<record>${marc(`${b.isbn10}abc`)}</record>`), [], 'another word glued');
    }),
  );
});

test('property: whole ISBNs glued into one run in an isbn field or after a label (`isbn = {87-16-11206-787-16-11419-1…}`, a multi-volume work exported without its spaces) are each found; a run that does not cut into valid ISBNs stays one invalid candidate', () => {
  fc.assert(
    fc.property(fc.array(book, { minLength: 2, maxLength: 9 }), fc.boolean(), fc.boolean(), (books, ten, hyphens) => {
      const written = books.map((b) => (ten ? b.isbn10 : b.isbn13)).map((isbn) => (hyphens ? hyphenated(isbn) : isbn));
      const field = `  isbn = {${written.join('')}},\n`;
      const found = findIsbns(field);
      assert.deepEqual(found.map((m) => m.raw), written, field);
      assert.ok(found.every((m) => m.valid && m.labelled));
      // An X check character ends a run: in a field the next run starts after it; after a label, the label is behind.
      if (written.slice(0, -1).some((isbn) => isbn.endsWith('X'))) return;
      assert.deepEqual(findIsbns(`ISBN: ${written.join('')}.`).map((m) => m.info?.isbn13), books.map((b) => b.isbn13));
      // One wrong check digit: the run is one candidate of the wrong length, as before.
      const last = written.at(-1)!;
      const wrong = `${last.slice(0, -1)}${last.endsWith('0') ? '1' : '0'}`;
      const broken = `  isbn = {${[...written.slice(0, -1), wrong].join('')}},\n`;
      if (!parseIsbn(wrong.replace(/-/g, ''))) assert.deepEqual(findIsbns(broken).map((m) => [m.valid, m.problem]), [[false, 'length']], broken);
    }),
  );
});

test('property: a text whose lines end in a CR alone (an old Mac export) is read as one with line feeds: the same ISBNs at the same offsets, by its content or by its name', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(book, fc.integer({ min: 1, max: 999999 })), { minLength: 5, maxLength: 12 }), (rows) => {
      const lines = ['"User-ID";"ISBN";"Book-Rating"', ...rows.map(([b, user]) => `"${user}";"${b.isbn10}";"${user % 11}"`)];
      const lf = `${lines.join('\n')}\n`;
      const cr = `${lines.join('\r')}\r`;
      const at = (text: string, shape?: TextShape) => [...scanIsbns(text, shape ? { shape } : {})].map((m) => [m.start, m.raw, m.valid]);
      assert.deepEqual(at(cr), at(lf));
      assert.deepEqual(at(cr, sniffShape(cr, 'csv')), at(lf, sniffShape(lf, 'csv')));
      assert.equal(at(cr, sniffShape(cr, 'csv')).length, rows.length);
    }),
  );
});

test('property: a lone `i` before a whole ISBN-13 (SirsiDynix Symphony\'s catalogue key `i9780261670501`) leaves the ISBN; after other letters it stays a word\'s digits', () => {
  fc.assert(
    fc.property(book, fc.stringMatching(/^[a-z]{1,3}$/), (b, word) => {
      assert.deepEqual(validFound(`| Catalogue key | Title |\n|---|---|\n| i${b.isbn13} | A Book |\n`), [b.isbn13]);
      assert.deepEqual(validFound(`https://library.example.org/client/en_GB/default/search/detailnonmodal/ent:$002f$002fSD_ILS$002f0$002fSD_ILS:i${b.isbn13}/one`), [b.isbn13]);
      assert.deepEqual(validFound(`${word}i${b.isbn13}`), [], `${word}i…`);
    }),
  );
});

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
      assert.deepEqual(foundIn(text), [], text);
    }),
  );
});
