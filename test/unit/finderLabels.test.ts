// The finder on labels: the word ISBN before a number (with its gaps, entities, wrapped lines, a scan's letters for digits), isbn fields, and the labels of other numbers (OCLC, phone, order, tax and record numbers, `No.`, `№`) that rule a number out.
// One test per cause, most of them properties on documents generated in the shapes of real ones;
// the rules they exercise are in src/core/isbn/rules/ (docs/finder-rules.md).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as ISBN from 'isbn3';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { isbnProblems } from '../../src/core/diagnostics/isbnProblems';
import { problemMessage } from '../../src/editor/words/index';
import { findIsbns } from '../../src/core/isbn/find';
import { isbn10CheckDigit, isbn13CheckDigit, parseIsbn } from '../../src/core/isbn/parse';
import { book, chanceTen } from '../helpers/isbnArbitraries';
import { tenOf, validFound } from '../helpers/finderFixtures';

/** A checksum-valid 978/979 ISBN-13 that isbn3's range data has no range for (an unassigned group, a range allocated since). */
const rangelessThirteen = fc
  .tuple(fc.constantFrom('9786999', '978611', '97920', '97950', '97960', '97990', '97914'), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }))
  .map(([prefix, digits]) => (prefix + digits.join('')).slice(0, 12))
  .map((first12) => first12 + isbn13CheckDigit(first12))
  .filter((isbn13) => ISBN.parse(isbn13) === null);

/** A PICA record number (PPN) or GND id: nine digits and the ISBN-10's own check character, as PICA gives them. */
const ppn = fc.integer({ min: 100_000_000, max: 999_999_999 }).map((n) => String(n) + isbn10CheckDigit(String(n)));

const issn: fc.Arbitrary<string> = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }).map((d) => {
  const sum = d.reduce((s, x, i) => s + (8 - i) * x, 0);
  const check = (11 - (sum % 11)) % 11;
  return `${d.slice(0, 4).join('')}-${d.slice(4).join('')}${check === 10 ? 'X' : check}`;
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

test('property: a number after a log word (Seq, Ack, pid, session, epoch) is no ISBN-10 in prose', () => {
  fc.assert(
    fc.property(chanceTen, fc.constantFrom('Seq: ', 'Ack: ', 'pid ', 'session ', 'epoch=', 'ts='), (n, label) => {
      assert.deepEqual(validFound(`wl0: setup_keepalive: ${label}${n}, Win size: 4096`), []);
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

test('property: a number after a word in capitals ending in ID (`DOCID: …`, `RECID …`, a database\'s record id in an exported note) is no ISBN-10; after `ISBN` or in prose it still is', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('DOCID', 'RECID', 'ACCTID', 'OBJID'), (b, id, word) => {
      assert.deepEqual(validFound(`  note = {Source type: Books; ${word}: ${id}; Last updated: 2021-11-30},\n`), [], `${word}: ${id}`);
      assert.deepEqual(validFound(`Source type: Books; ${word}: ${id}; ISBN: ${b.isbn10}`), [b.isbn13]);
      assert.deepEqual(validFound(`Read ${b.isbn10} next.`), [b.isbn13]);
    }),
  );
});

test('property: `STANDARD # = …` (a library system\'s label for the standard number) keeps a bare ISBN-10; another `# =` key (`ORDER # =`, `CALL # =`) still rules its number out', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('', ' (paperback)', '.'), (b, id, after) => {
      const record = `RECORD #(BIBLIO) = b2114408\nTITLE = A book.\nSTANDARD # = ${b.isbn10}${after}\nORDER # = ${id}\n`;
      assert.deepEqual(validFound(record), [b.isbn13], record);
    }),
  );
});

test('property: after an ISBN label, a letter O or o for the first 0 and I or l for the first 1 (a scan\'s or a transcription\'s) is read as the digit, where the text\'s start holds one; elsewhere a letter starts no ISBN', () => {
  fc.assert(
    fc.property(book.filter((b) => /^[01]/.test(b.isbn10)), fc.constantFrom('ISBN ', 'ISBN: ', 'ISBN-10 '), fc.boolean(), (b, label, lower) => {
      const hyphens = parseIsbn(b.isbn10)!.hyphenated10!;
      const letter = hyphens.startsWith('0') ? (lower ? 'o' : 'O') : lower ? 'l' : 'I';
      const written = `${letter}${hyphens.slice(1)}`;
      const page = `Copyright (c) 1979 by the author.\nPrinted in the United States of America.\n\n${label}${written}\nLibrary of Congress Catalog Card Number 79-12345\n`;
      assert.deepEqual(findIsbns(page).map((m) => [m.raw, m.info?.isbn13]), [[written, b.isbn13]], page);
      assert.deepEqual(validFound(`Order ${written} now`), [], 'no label');
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

test('property: a record number after its network\'s ISIL or agency code in brackets (`(DE-603)1048555313`, `(OCoLC)…`) is no ISBN-10, also in XML held in a program\'s string; `(ISBN)` and a word in brackets do not rule one out', () => {
  fc.assert(
    fc.property(ppn, book, fc.constantFrom('DE-603', 'DE-599', 'OCoLC', 'DLC', 'DE-101'), (id, b, source) => {
      const go = `var xml = []byte(\`<dc:identifier>(${source})${id}</dc:identifier>\n<dc:identifier>ISBN ${b.isbn13}</dc:identifier>\`)`;
      assert.deepEqual(validFound(go), [b.isbn13], go);
      assert.deepEqual(validFound(`Dune (Ace)${b.isbn10}`), [b.isbn13]);
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

test('a labelled number of zeros alone that is no ISBN (a template\'s `\\isbn{000-0-0000000-0-0}`) is not flagged; a valid one stays found', () => {
  assert.deepEqual(findIsbns("latex_elements = {'preamble': r'\\newcommand\\isbn{000-0-0000000-0-0}'}"), []);
  assert.deepEqual(findIsbns('ISBN 000000000'), []);
  assert.deepEqual(findIsbns('ISBN 0000000000').map((m) => m.info?.isbn13), ['9780000000002']);
  assert.deepEqual(findIsbns('ISBN 0000000001').map((m) => m.problem), ['checksum']);
});

test('property: a foreign label ends at its line: a header ending in `…_id` (`org_id remap_id freebase_id`) does not rule out the number that opens the next line', () => {
  fc.assert(
    fc.property(fc.array(book, { minLength: 2, maxLength: 6 }), (books) => {
      const list = ['org_id remap_id freebase_id', ...books.map((b, k) => `${b.isbn10} ${k} m.0k3p${k}s`), ''].join('\n');
      assert.deepEqual(validFound(list), [...new Set(books.map((b) => b.isbn13))].sort(), list);
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

test('property: an ISSN in an isbn field is reported as information: wrong length, looks like an ISSN', () => {
  fc.assert(
    fc.property(issn, fc.constantFrom('isbn = {%}', 'ISBN = "%"', '  isbn={%},'), (n, field) => {
      const text = `@article{k,\n  issn = {${n}},\n${field.replace('%', n)}\n}`;
      const matches = findIsbns(text);
      assert.equal(matches.length, 1, text);
      const [m] = matches;
      assert.deepEqual([m.raw, m.labelled, m.valid, m.problem], [n, true, false, 'length']);
      const item = { line: 0, start: m.start, end: m.end, raw: m.raw, labelled: true, valid: false, problem: m.problem };
      assert.match(problemMessage(isbnProblems([item], () => false)[0]!), /wrong length: this looks like an ISSN/);
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

test('property: ISBN&nbsp; (or &#160;, &#xA0;) before a bare ISBN-10 labels it in data too; Tel.&nbsp; before a chance number does not', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('&nbsp;', '&#160;', '&#xA0;', '&#xa0;'), fc.constantFrom('ISBN', 'ISBN:', 'ISBN-10:'), (b, n, entity, label) => {
      const json = `{"id": ${n}, "html": "<li>A book. ${label}${entity}${b.isbn10}</li>", "more": "<li>Tel.${entity}${n}</li>"}`;
      assert.deepEqual(validFound(json), [b.isbn13], json);
    }),
    { numRuns: 80 },
  );
});
