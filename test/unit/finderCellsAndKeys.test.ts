// The finder on data whose column or key says ISBN in a way it did not read
// (issue 25, surveys of real exports): a headerless CSV of ISBN-13s with a
// few ISBN-10s, JSON inside a TSV cell (Open Library dumps), a column headed
// by MARC field 020, identifiers that say ISBN by attribute or parent
// (MODS, XMetaDiss, Wikidata, BIBFRAME), and `ISBN&nbsp;`. One property per
// cause; chance-valid ids beside them stay out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findIsbns } from '../../src/core/isbn/find';
import { type Book, book, chanceTen } from '../helpers/isbnArbitraries';

function validFound(text: string): string[] {
  return [...new Set(findIsbns(text).flatMap((m) => (m.valid && m.info ? [m.info.isbn13] : [])))].sort();
}

function thirteens(books: readonly Book[]): string[] {
  return [...new Set(books.map((b) => b.isbn13))].sort();
}

/** Any 10-digit number: an id or a timestamp, which passes the ISBN-10 check one time in eleven. */
const anyTen = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }).map(String);

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

/** An ISBN-13 with hyphens where no ISBN puts them: three to five groups, the last of two digits or more. */
const misplaced = fc
  .tuple(book, fc.uniqueArray(fc.integer({ min: 1, max: 10 }), { minLength: 2, maxLength: 4 }))
  .map(([b, cuts]) => {
    const at = new Set(cuts);
    return { book: b, written: [...b.isbn13].map((c, k) => (at.has(k + 1) ? `${c}-` : c)).join('') };
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

test('property: ISBN&nbsp; (or &#160;, &#xA0;) before a bare ISBN-10 labels it in data too; Tel.&nbsp; before a chance number does not', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('&nbsp;', '&#160;', '&#xA0;', '&#xa0;'), fc.constantFrom('ISBN', 'ISBN:', 'ISBN-10:'), (b, n, entity, label) => {
      const json = `{"id": ${n}, "html": "<li>A book. ${label}${entity}${b.isbn10}</li>", "more": "<li>Tel.${entity}${n}</li>"}`;
      assert.deepEqual(validFound(json), [b.isbn13], json);
    }),
    { numRuns: 80 },
  );
});
