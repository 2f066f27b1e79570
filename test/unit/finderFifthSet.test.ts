// The finder on an eighth look at real documents (hand-kept BibTeX and
// LaTeX bibliographies, ...). One property per cause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findIsbns } from '../../src/core/isbn/find';
import { parseIsbn } from '../../src/core/isbn/parse';
import { book, chanceTen } from '../helpers/isbnArbitraries';

function validFound(text: string): string[] {
  return [...new Set(findIsbns(text).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

/** The ISBN's groups, as isbn3 hyphenates them, joined by TeX's ties or en dashes: `0~441~01359~7`, `0--441--01359--7`. */
function texJoined(isbn: string, joiner: string): string {
  const info = parseIsbn(isbn)!;
  return (isbn.length === 10 ? info.hyphenated10! : info.hyphenated13).replace(/-/g, joiner);
}

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

test('property: a DOI ends at a quote, bracket or field delimiter, so an ISBN after it in minified JSON, a CSV row or one line of XML is found; an ISBN inside the DOI stays out', () => {
  fc.assert(
    fc.property(book, fc.stringMatching(/^[0-9]{4,5}$/), fc.stringMatching(/^[a-z0-9.]{1,12}$/), (b, registrant, suffix) => {
      const doi = `10.${registrant}/${suffix}`;
      assert.deepEqual(validFound(`[{"DOI":"${doi}"},{"key":"${b.isbn13}#ch1"}]`), [b.isbn13], 'minified JSON');
      assert.deepEqual(validFound(`INSERT INTO refs VALUES ('${doi}','${b.isbn13}');`), [b.isbn13], 'SQL');
      assert.deepEqual(validFound(`doi,isbn,title\n${doi},${b.isbn13},A Book\n`), [b.isbn13], 'CSV');
      assert.deepEqual(validFound(`<doi>${doi}</doi><isbn>${b.isbn13}</isbn>`), [b.isbn13], 'XML on one line');
      assert.deepEqual(validFound(`doi;isbn\n${doi};${b.isbn13}\n`), [b.isbn13], 'a ; delimited row');
      assert.deepEqual(validFound(`[{"DOI":"${doi}/${b.isbn13}"}]`), [], 'inside the DOI');
      assert.deepEqual(validFound(`see https://doi.org/${doi}/${b.isbn13} and`), [], 'inside a DOI link');
      assert.deepEqual(validFound(`"DOI":"10.${registrant}\\/${b.isbn13}"`), [], 'inside a DOI with an escaped slash');
    }),
  );
});

test('property: a number under a contact page\'s phone label (`Mob:`, `Cell:`, `Handy`, `Telefon`, `Tlf.`) or a compound naming a number (`Kundennummer`, `Rechnungsnr.`) is no ISBN-10, also in two spaced groups; `ISBN number:`, `ISBN-Nr.` and `ISBN-Nummer` still say ISBN', () => {
  const phoneLabels = ['Mob:', 'Mob.', 'Cell:', 'Cellphone:', 'Ph:', 'WhatsApp:', 'Contact:', 'Handy', 'Telefon:', 'Teléfono:', 'Telefone:', 'Tlf.:', 'Tfn', 'Fon:'];
  const numberLabels = ['Kundennummer:', 'Rechnungsnr.', 'Bestellnummer', 'telefoonnummer:', 'Ordernumber:', 'Konto:', 'Kto.-Nr.'];
  const isbnLabels = ['ISBN number:', 'ISBN Number', 'ISBN-Nr.', 'ISBN-Nummer:', 'ISBNnummer', 'ISBN No.'];
  fc.assert(
    fc.property(fc.constantFrom(...phoneLabels, ...numberLabels), book.chain((b) => fc.constant(b)), (label, b) => {
      // Any 10 under such a label is no ISBN, even one whose check digit is right: it is a phone or an account.
      const ten = b.isbn10.replace(/X$/, '');
      if (ten.length !== 10) return;
      for (const written of [ten, `${ten.slice(0, 4)} ${ten.slice(4)}`]) {
        assert.deepEqual(validFound(`Dr. A. Author\n${label} ${written}\nMail: a@example.org\n`), [], `${label} ${written}`);
        assert.deepEqual(validFound(`<p>${label} ${written}</p>`), [], `${label} ${written} in HTML`);
      }
    }),
  );
  fc.assert(
    fc.property(fc.constantFrom(...isbnLabels), book, (label, b) => {
      assert.deepEqual(validFound(`${label} ${b.isbn10}\n`), [b.isbn13], `${label} ${b.isbn10}`);
      assert.deepEqual(validFound(`Titel: Ein Buch\n${label} ${b.isbn10}\nVerlag: X\n`), [b.isbn13], `${label} in a record`);
    }),
  );
});

test('property: a number its context rules out (glued to a cover file name, keyed to another id, in a column that does not say ISBN) is an occurrence when the same ISBN is found elsewhere in the text; a DOI\'s suffix and a number after another label stay out', () => {
  const places = (text: string, isbn13: string) => findIsbns(text).filter((m) => m.valid && m.info?.isbn13 === isbn13).map((m) => m.start);
  fc.assert(
    fc.property(book, book, fc.boolean(), (b, other, listedFirst) => {
      fc.pre(b.isbn13 !== other.isbn13);
      const listed = `<p>ISBN ${parseIsbn(b.isbn13)!.hyphenated13}</p>`;
      const uses = [
        `<img src="covers/${b.isbn10}_k.jpg">`,
        `<img src="x${b.isbn13}.jpg">`,
        `<a href="reader.jsp?x=${b.isbn10}">read</a>`,
        `<img src="picture${b.isbn13}.jpg">`,
      ];
      for (const use of uses) {
        const text = listedFirst ? `${listed}\n${use}\n` : `${use}\n${listed}\n`;
        assert.equal(places(text, b.isbn13).length, 2, `both places: ${text}`);
        assert.deepEqual(validFound(use.replaceAll(b.isbn10, other.isbn10).replaceAll(b.isbn13, other.isbn13) + `\n${listed}`), [b.isbn13], 'another number in the same place stays out');
      }
      const csv = `id,title,isbn\n${b.isbn10},A Book,${b.isbn13}\n`;
      assert.equal(places(csv, b.isbn13).length, 2, 'an id column holding the book\'s ISBN-10');
      const doi = `${listed}\ndoi = {10.1007/${b.isbn13}}\n`;
      assert.equal(places(doi, b.isbn13).length, 1, 'the DOI holding the ISBN stays out');
      assert.equal(places(`${listed}\nOCLC ${b.isbn10}\n`, b.isbn13).length, 1, 'a number after another label stays out');
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

test('property: in data, a bare ISBN-10 as the first segment of an Amazon link (`"buy": "http://amzn.com/1481452495"`, `amazon.co.uk/…`, `/gp/aw/d/…`, a Q&A site\'s `/amzn/click/…`) is an ISBN; the same number under another host is a record id', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('http://amzn.com/', 'https://www.amazon.com/', 'https://amazon.co.uk/', 'https://www.amazon.de/gp/aw/d/', 'https://amazon.com.au/', 'http://rads.stackoverflow.com/amzn/click/'), (b, id, link) => {
      const books = [
        { title: 'A Book', buy: `${link}${b.isbn10}` },
        { title: 'Another', record: `https://records.example.org/${id}` },
      ];
      assert.deepEqual(validFound(JSON.stringify(books, null, 2)), [b.isbn13], `${link}${b.isbn10}`);
      assert.deepEqual(validFound(JSON.stringify(books)), [b.isbn13], 'minified');
      const posts = `<?xml version="1.0" encoding="utf-8"?>\n<posts>\n  <row Id="${id}" Body="&lt;p&gt;Try &lt;a href=&quot;${link}${b.isbn10}&quot;&gt;this book&lt;/a&gt;.&lt;/p&gt;" />\n</posts>\n`;
      assert.deepEqual(validFound(posts), [b.isbn13], 'a Q&A dump\'s escaped HTML');
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

test('`0123456789` and `123456789X` (the digits in order, as placeholders and test inputs write them) are no ISBNs unlabelled; labelled they are', () => {
  for (const text of ['[InlineData("0123456789-abc")]', 'phone = "0123456789"', 'const sample = "123456789X";', '| 0123456789 | placeholder |']) {
    assert.deepEqual(findIsbns(text), [], text);
  }
  for (const text of ['ISBN 0123456789', 'isbn: 123456789X', 'ISBN 0-12-345678-9', '{"type": "bf:Isbn", "value": "0123456789"}', '{"idIsbn": ["0123456789"]}']) {
    assert.equal(findIsbns(text).filter((m) => m.valid).length, 1, text);
  }
});

test('property: an ISBN in Arabic-Indic, Persian or Devanagari digits (`شابک: ۹۷۸-۶۲۲-…`) is found at its place, among ASCII ones; other numbers in those digits stay out', () => {
  const bases = [0x0660, 0x06f0, 0x0966];
  fc.assert(
    fc.property(book, book, fc.constantFrom(...bases), fc.boolean(), (b, other, base, ten) => {
      const local = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(base + Number(d)));
      const info = parseIsbn(b.isbn13)!;
      const written = local(ten ? info.hyphenated10! : info.hyphenated13);
      const before = `شابک: ${written}`;
      const text = `${before}\nISBN ${other.isbn13}\n`;
      const found = findIsbns(text);
      assert.deepEqual(found.map((m) => [m.start, m.raw, m.info?.isbn13]), [[before.length - written.length, written, b.isbn13], [before.length + 6, other.isbn13, other.isbn13]]);
      assert.deepEqual(findIsbns(`السعر ${local('1234567890')} ریال، ${local('2024-01-05')}`), []);
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

test('property: an ISBN-13 after a path of digit folders (`images.isbndb.com/covers/59/90/9781593275990.jpg`, `/lrg/9780/0995/978….jpg`) is found; one inside a DOI after its prefix stays out', () => {
  fc.assert(
    fc.property(book, fc.stringMatching(/^[0-9]{2,4}$/), fc.stringMatching(/^[0-9]{2,4}$/), (b, a, c) => {
      const cover = `https://images.isbndb.com/covers/${a}/${c}/${b.isbn13}.jpg`;
      assert.deepEqual(validFound(`{"title": "A Book", "image": "${cover}"}`), [b.isbn13], cover);
      assert.deepEqual(validFound(`<img src="/assets/images/book/lrg/${b.isbn13.slice(0, 4)}/${b.isbn13.slice(4, 8)}/${b.isbn13}.jpg">`), [b.isbn13]);
      assert.deepEqual(validFound(`${cover}\nhttps://doi.org/10.1007/${b.isbn13}\n`), [b.isbn13], 'the DOI stays out');
      assert.equal(findIsbns(`doi = {10.1007/${b.isbn13}}`).length, 0);
    }),
  );
});

test('property: a number in a mail address\'s local part or a Message-ID (`<9210040546.AA10254@atdt.org>`, `<1459168607@host>`) is no ISBN-10; a bare one before a full stop still is', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.stringMatching(/^[A-Z]{2}[0-9]{5}$/), (b, id, queue) => {
      const headers = `From: someone@example.org\nMessage-ID: <${id}.${queue}@relay.example.net>\nIn-Reply-To: <${id}@mail.example.org>\nReply-To: ${id}@lists.example.org\n\nRead ${b.isbn10}.\n`;
      assert.deepEqual(validFound(headers), [b.isbn13], headers);
    }),
  );
});
