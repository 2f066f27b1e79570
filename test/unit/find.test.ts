import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as ISBN from 'isbn3';
import { findIsbns, type IsbnMatch, scanIsbns } from '../../src/core/isbn/find';
import { disagreements, plantedDocument } from '../helpers/plantedDocuments';
import { isbn13CheckDigit } from '../../src/core/isbn/parse';

/** Compact view of the matches: raw, then L (labelled) or U, then ok or the problem. */
function found(text: string): string[] {
  return findIsbns(text).map((m) => `${m.raw} ${m.labelled ? 'L' : 'U'} ${m.valid ? 'ok' : m.problem}`);
}

/** Every match's range must be exactly its raw text. */
function checkRanges(text: string, matches: IsbnMatch[]): void {
  for (const m of matches) assert.equal(text.slice(m.start, m.end), m.raw, `range of ${m.raw}`);
}

function only(text: string): IsbnMatch {
  const matches = findIsbns(text);
  assert.equal(matches.length, 1, `one match in ${JSON.stringify(text)}: ${JSON.stringify(found(text))}`);
  checkRanges(text, matches);
  return matches[0];
}

test('ISBN-13 and ISBN-10 in every notation, unlabelled', () => {
  const cases: Array<[string, string]> = [
    ['9780306406157', '9780306406157'],
    ['978-0-306-40615-7', '9780306406157'],
    ['978 0 306 40615 7', '9780306406157'],
    ['978-0306406157', '9780306406157'],
    ['978 0306406157', '9780306406157'],
    ['0306406152', '9780306406157'],
    ['0-306-40615-2', '9780306406157'],
    ['0 306 40615 2', '9780306406157'],
    ['316148410X', '9783161484100'],
    ['3-16-148410-x', '9783161484100'],
    ['3 16 148410 X', '9783161484100'],
    ['979-10-90636-07-1', '9791090636071'],
    ['9791090636071', '9791090636071'],
    ['978\u20110\u2011306\u201140615\u20117', '9780306406157'], // non-breaking hyphens
  ];
  for (const [written, isbn13] of cases) {
    const text = `See ${written} for details.`;
    const m = only(text);
    assert.equal(m.raw, written);
    assert.equal(m.start, 4);
    assert.equal(m.labelled, false, written);
    assert.equal(m.valid, true, written);
    assert.equal(m.info?.isbn13, isbn13, written);
  }
});

test('labels: ISBN, ISBN:, ISBN-10:, ISBN-13:, isbn13, eISBN, Markdown bold, LaTeX', () => {
  const cases: Array<[string, string]> = [
    ['ISBN 978-0-306-40615-7', '978-0-306-40615-7'],
    ['ISBN: 9780306406157', '9780306406157'],
    ['ISBN:9780306406157', '9780306406157'],
    ['ISBN-10: 0-306-40615-2', '0-306-40615-2'],
    ['ISBN-13: 978-0-306-40615-7', '978-0-306-40615-7'],
    ['ISBN 13: 978-0-306-40615-7', '978-0-306-40615-7'],
    ['isbn13 9780306406157', '9780306406157'],
    ['ISBN13 978 0 306 40615 7', '978 0 306 40615 7'],
    ['ISBN 10 0306406152', '0306406152'],
    ['ISBN10:0306406152', '0306406152'],
    ['isbn 0306406152', '0306406152'],
    ['Isbn 978-0-306-40615-7', '978-0-306-40615-7'],
    ['ISBN9780306406157', '9780306406157'],
    ['ISBNs: 9780306406157', '9780306406157'],
    ['eISBN 978-0-306-40615-7', '978-0-306-40615-7'],
    ['e-ISBN: 978-0-306-40615-7', '978-0-306-40615-7'],
    ['**ISBN:** 978-0-306-40615-7', '978-0-306-40615-7'],
    ['**ISBN**: 978-0-306-40615-7', '978-0-306-40615-7'],
    ['ISBN~978-0-306-40615-7', '978-0-306-40615-7'],
    ['\\isbn{978-0-306-40615-7}', '978-0-306-40615-7'],
    ['ISBN\u00a0978-0-306-40615-7', '978-0-306-40615-7'],
    ['(ISBN 0-306-40615-2)', '0-306-40615-2'],
  ];
  for (const [text, raw] of cases) {
    const m = only(text);
    assert.equal(m.raw, raw, text);
    assert.equal(m.labelled, true, text);
    assert.equal(m.valid, true, text);
    assert.equal(m.info?.isbn13, '9780306406157', text);
  }
});

test('a word that merely ends in "isbn" is no label', () => {
  assert.deepEqual(found('xisbn 9780306406158'), [], 'invalid and unlabelled: ignored');
  assert.deepEqual(found('ISBN\n9780306406158'), [], 'label on another line');
});

test('exact ranges: label, spaces, brackets, punctuation and trailing hyphen excluded', () => {
  const text = 'Refs: (ISBN: 978-0-306-40615-7-), [0-306-40615-2]; "3-16-148410-X". End 9791090636071.';
  const matches = findIsbns(text);
  checkRanges(text, matches);
  const at = (raw: string) => [text.indexOf(raw), text.indexOf(raw) + raw.length, raw];
  assert.deepEqual(
    matches.map((m) => [m.start, m.end, m.raw]),
    [at('978-0-306-40615-7'), at('0-306-40615-2'), at('3-16-148410-X'), at('9791090636071')],
  );
  assert.equal(matches[0].start, 'Refs: (ISBN: '.length);
});

test('UTF-16 offsets past astral characters', () => {
  const text = '📚📚 ISBN 978-0-306-40615-7 — 𝔅𝔬𝔬𝔨 0-306-40615-2';
  const matches = findIsbns(text);
  checkRanges(text, matches);
  assert.deepEqual(
    matches.map((m) => m.start),
    [text.indexOf('978'), text.lastIndexOf('0-306')],
  );
});

test('CRLF text', () => {
  const text = 'Books\r\nISBN 978-0-306-40615-7\r\n0-306-40615-2\r\nISBN: 978-0-306-40615-8\r\n';
  const matches = findIsbns(text);
  checkRanges(text, matches);
  assert.deepEqual(found(text), ['978-0-306-40615-7 L ok', '0-306-40615-2 U ok', '978-0-306-40615-8 L checksum']);
  assert.equal(matches[0].start, 12);
});

test('BibTeX / BibLaTeX isbn fields with one or several ISBNs', () => {
  const bib = [
    '@book{knuth,',
    '  author = {Donald Knuth},',
    '  isbn   = {978-0-306-40615-7, 0-8044-2957-X},',
    '  year   = {1997},',
    '}',
    '@book{other, ISBN = "9780306406158; 0306406152"}',
    '@book{third, isbn = {{978-3-16-148410-0}}, pages = {1234567890}}',
    '@book{fourth, isbn = {979-10-90636-07-1 and 978-0-306-40615-7}}',
    '@book{fifth, isbn = {978-0-306-40615-7,',
    '                     978-0-306-40615}}',
    '@book{sixth, isbn = 9780306406157}',
  ].join('\n');
  const matches = findIsbns(bib);
  checkRanges(bib, matches);
  assert.deepEqual(found(bib), [
    '978-0-306-40615-7 L ok',
    '0-8044-2957-X L ok',
    '9780306406158 L checksum',
    '0306406152 L ok',
    '978-3-16-148410-0 L ok',
    '979-10-90636-07-1 L ok',
    '978-0-306-40615-7 L ok',
    '978-0-306-40615-7 L ok',
    '978-0-306-40615 L length',
    '9780306406157 L ok',
  ]);
});

test('isbn field edge cases: no space after comma, unclosed field, spaced X, nested braces', () => {
  assert.deepEqual(found('isbn = {9780306406157,0306406152}'), ['9780306406157 L ok', '0306406152 L ok']);
  assert.deepEqual(found('isbn={0 19 139100 X}'), ['0 19 139100 X L ok'], 'lone X token');
  assert.deepEqual(found('isbn = {978-0-306-40615-7\nnote = {9780306406158}'), ['978-0-306-40615-7 L ok'], 'unclosed field ends at the line end');
  assert.deepEqual(found('isbn = {{978-0-306-40615-7} (pbk.), {0-306-40615-3}}'), ['978-0-306-40615-7 L ok', '0-306-40615-3 L checksum']);
  assert.deepEqual(found('isbn = {N/A}, note = {0-306-40615-3}'), [], 'outside the field nothing is labelled');
  assert.deepEqual(found('isbn = {978-0-306-40615-7 (vol. 2)}'), ['978-0-306-40615-7 L ok'], 'short numbers in a field are not ISBNs');
});

test('labelled or in-field candidates that fail are reported with the reason', () => {
  assert.deepEqual(found('ISBN 978-0-306-40615-8'), ['978-0-306-40615-8 L checksum']);
  assert.deepEqual(found('ISBN 0-306-40615-3'), ['0-306-40615-3 L checksum']);
  assert.deepEqual(found('ISBN 3-16-148410-0'), ['3-16-148410-0 L checksum']);
  assert.deepEqual(found('ISBN: 978-0-306-40615'), ['978-0-306-40615 L length']);
  assert.deepEqual(found('ISBN: 97803064061577'), ['97803064061577 L length']);
  assert.deepEqual(found('ISBN 030640615'), ['030640615 L length']);
  assert.deepEqual(found('ISBN 4006381333931'), ['4006381333931 L range'], 'an EAN labelled as ISBN');
  assert.deepEqual(found('isbn = {979-0-2600-0043-8}'), ['979-0-2600-0043-8 L range'], 'an ISMN in an isbn field');
  // Too short to be meant as an ISBN.
  assert.deepEqual(found('the ISBN 13 format, ISBN-10 2021, ISBN 12345'), []);
});

test('a checksum-valid ISBN in no range isbn3 knows: a 978/979 13 anywhere, a 10 only where it is meant as an ISBN', () => {
  assert.deepEqual(found('ISBN 9786999999990'), ['9786999999990 L ok'], 'no 978-69 group in isbn3\'s data');
  assert.deepEqual(found('see 9799012345674 and 978-6-999999-99-0.'), ['9799012345674 U ok', '978-6-999999-99-0 U ok'], 'unlabelled 13s: 978/979 and the check digit say ISBN');
  assert.deepEqual(found('ISBN 9999999999'), ['9999999999 L ok']);
  assert.deepEqual(found('isbn = {9999678270}'), ['9999678270 L ok']);
  assert.deepEqual(found('{"isbn10": "9999678270"}'), ['9999678270 L ok']);
  assert.deepEqual(found('<book><isbn>9999678270</isbn></book>'), ['9999678270 U ok'], 'a tag that says ISBN');
  const csv = 'id,isbn,title,year\n1,9999678270,Foo,2001\n2,0306406152,Bar,2002\n3,0441013597,Dune,1990\n4,0140449132,Baz,2003\n';
  assert.deepEqual(found(csv), ['9999678270 U ok', '0306406152 U ok', '0441013597 U ok', '0140449132 U ok'], 'a column that says ISBN');
  assert.deepEqual(findIsbns('ISBN 9999678270')[0]?.info?.isbn13, '9789999678278');
});

test('unlabelled numbers that fail checksum or range are ignored', () => {
  assert.deepEqual(found('call 0306406153 or 9780306406158'), []);
  assert.deepEqual(found('order 9999999999 shipped'), [], 'checksum fine, no isbn3 range');
  assert.deepEqual(found('ISMN 979-0-2600-0043-8 and 9790260000438'), []);
});

test('no false positives: look-alikes', () => {
  const lookAlikes = [
    '+1 555-123-4567-89',
    '+1 555 123 4567',
    '+44 20 7946 0958',
    '+0306406152',
    '(030) 640-6152',
    '030 640 6152', // the digits of ISBN 0306406152, grouped like a phone number
    '030-640-6152',
    '555-123-4567',
    '10.1000/xyz123',
    'doi:10.1000/9780306406157',
    'https://doi.org/10.1007/978-3-16-148410-0',
    'doi = {10.1007/978-3-16-148410-0_5}',
    '10.1000/books/9780306406157',
    'arXiv:2101.01234',
    '2101.01234v2',
    'arXiv:0306.4061520',
    '1612345678901',
    '1612345678',
    '2021-01-01',
    '2021-01-01T12:00:00Z',
    '4006381333931',
    '5012345678900',
    '9790260000438',
    '979-0-2600-0043-8',
    '19780306406157',
    '97803064061571',
    'abc9780306406157',
    '9780306406157abc',
    'x0306406152',
    '0306406152x1',
    'é9780306406157',
    '9780306406157é',
    '3.1415926535',
    '0306406152.5',
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
    '0 3 0 6 4 0 6 1 5 2',
    '12 978 0 306 40615 7',
  ];
  for (const text of lookAlikes) {
    assert.deepEqual(found(`before ${text} after`), [], text);
  }
});

test('HTML pages: a number after an OCLC link, or assigned to another key, is no ISBN-10', () => {
  // 1731308841, 1187654302 and 1731348436 pass the ISBN-10 check by chance.
  const oclc = 'OCLC</a>&#160;<a rel="nofollow" class="external text" href="https://search.worldcat.org/oclc/1731308841">1731308841</a>';
  assert.deepEqual(found(`<a href="/wiki/OCLC_(identifier)">${oclc}.`), []);
  assert.deepEqual(found('<script>mw.config.set({"wgCurRevisionId":1187654302,"wgRevisionId": 1187654302});</script>'), []);
  assert.deepEqual(found('<a href="/w/index.php?title=Typesetting&amp;oldid=1187654302">Permanent link</a>'), []);
  assert.deepEqual(found('<span data-timestamp="1731348436">edited</span> {"id": "1731348436"}'), []);
  // Wikitext: `{{OCLC|…}}` and a citation's `|oclc=…`; `{{ISBN|…}}` labels its number.
  assert.deepEqual(found('{{ISBN|0306406152}}. {{OCLC|1731348436}}. {{cite book |isbn=0-306-40615-2 |lccn=1731348436}}'), ['0306406152 L ok', '0-306-40615-2 L ok']);
  // A shop's search link: the product is an ISBN-10, the query id (`qid=`) a timestamp.
  assert.deepEqual(found('[Dune](https://www.amazon.com/dp/0306406152/ref=sr_1_3?keywords=dune&qid=1731348436&sr=8-3)'), ['0306406152 U ok']);
  assert.deepEqual(found('@book{x, lccn = {1731348436}, oclc = "1731348436", pages = 1731348436}'), [], 'BibTeX fields');
  // Pages exported to Markdown: the label is a link, and so is the number.
  assert.deepEqual(found('[OCLC](https://en.wikipedia.org/wiki/OCLC_(identifier) "OCLC (identifier)") [1731308841](https://search.worldcat.org/oclc/1731308841).'), []);
  assert.deepEqual(found('[LCCN](./LCCN_(identifier)) [1731308841](https://lccn.loc.gov/1731308841). PMID [1731308841]'), []);
  assert.deepEqual(found('<a href="https://lccn.loc.gov/1731308841">LCCN record</a>'), []);
  // An ISBN or search key, a form value, a URL path, and prose keep them (`?isbn=` is a label).
  for (const text of [
    '<a href="https://example.org/search?q=0306406152">x</a>',
    '<a href="https://shop.example.com/s?k=0306406152">x</a>',
    '<a href="https://example.org/dp/B?creativeASIN=0306406152">x</a>',
    '<input name="isbn" value="0306406152">',
    '<a href="https://shop.example.com/dp/0306406152/ref=x">x</a>',
    'Paperback: 0306406152',
    '| The Order | 0306406152 |',
    '- [The Order](https://example.org/the-order) 0306406152',
    '<li><a href="/b/1">The Call</a> 0306406152</li><td>Law &amp; Order</td><td>0306406152</td>',
    '```json\n{"industryIdentifiers": [{"type": "ISBN_10", "identifier": "0306406152"}]}\n```',
    '@book{x, asin = {0306406152}, url = {https://shop.example.com/dp/0306406152}}',
    '[ISBN](./ISBN_(identifier)) [0306406152](./Special:BookSources/0306406152)',
    '(see the list) [0306406152](https://example.org/b)',
    'https://www.amazon.com/0306406152',
  ]) {
    assert.deepEqual([...new Set(found(text))], ['0306406152 U ok'], text);
  }
});

test('digits glued by hyphens to a longer run belong to that run', () => {
  assert.deepEqual(found('part 12-978-0-306-40615-7'), []);
  assert.deepEqual(found('978-0-306-40615-7-12'), []);
});

test('Markdown links and tables', () => {
  const md = [
    '| Title | ISBN | Year |',
    '|---|---|---|',
    '| Numbers | 978-0-306-40615-7 | 2021 |',
    '| Zahlen | 3-16-148410-X | 1999 |',
    '',
    '- [A book](https://openlibrary.org/isbn/9780306406157)',
    '- [9783161484100](https://example.com/books/9783161484100)',
    '- <https://www.worldcat.org/isbn/0306406152>',
    '- [search](https://example.com/?isbn=978-0-306-40615-8&q=1)',
  ].join('\n');
  const matches = findIsbns(md);
  checkRanges(md, matches);
  assert.deepEqual(found(md), [
    '978-0-306-40615-7 U ok',
    '3-16-148410-X U ok',
    '9780306406157 L ok',
    '9783161484100 U ok',
    '9783161484100 U ok',
    '0306406152 L ok',
    '978-0-306-40615-8 L checksum',
  ]);
});

test('several ISBNs on a line, lists after one label', () => {
  assert.deepEqual(found('ISBN 978-0-306-40615-7, 0-306-40615-2; 9783161484100'), [
    '978-0-306-40615-7 L ok',
    '0-306-40615-2 U ok',
    '9783161484100 U ok',
  ]);
  assert.deepEqual(found('9780306406157 9783161484100'), ['9780306406157 U ok', '9783161484100 U ok']);
  assert.deepEqual(found('ISBN 978-0-306-40615-7 2021 edition'), ['978-0-306-40615-7 L ok']);
  assert.deepEqual(found('ISBN 978 0 306 40615 7 2021'), ['978 0 306 40615 7 L ok']);
  assert.deepEqual(found('0306406152 7 copies'), ['0306406152 U ok'], 'a whole token of 10 stands alone');
  assert.deepEqual(found('p. 12 978 0306406157'), ['978 0306406157 U ok'], 'prefix split off by a space, after a number');
  // A Nigerian ISBN-10 starts with 978 too: take the reading that is valid.
  assert.deepEqual(found('ISBN 978 2133 43 4 123'), ['978 2133 43 4 L ok']);
  assert.deepEqual(found('978 0 306 40615 7 12 copies'), [], 'spaced groups running into a number are ambiguous');
});

test('long numeric lines: data is not ISBNs, a pasted list of ISBNs is', () => {
  assert.deepEqual(findIsbns('1 '.repeat(5000)), []);
  assert.deepEqual(findIsbns('7'.repeat(5000)), []);
  const list = Array.from({ length: 300 }, () => '9780306406157 0306406152').join(' ');
  const matches = findIsbns(list);
  checkRanges(list, matches);
  assert.equal(matches.length, 600);
  assert.ok(matches.every((m) => m.valid && !m.labelled));
});

test('maxMatches caps the result', () => {
  const text = Array.from({ length: 10 }, () => 'ISBN 9780306406157').join('\n');
  assert.equal(findIsbns(text).length, 10);
  assert.equal(findIsbns(text, { maxMatches: 3 }).length, 3);
  assert.equal(findIsbns(text, { maxMatches: 0 }).length, 0);
});

test('valid matches carry isbn3 data', () => {
  const m = only('ISBN 0-8044-2957-x');
  assert.deepEqual(
    { ...m.info },
    {
      isbn13: '9780804429573',
      isbn10: '080442957X',
      hyphenated13: '978-0-8044-2957-3',
      hyphenated10: '0-8044-2957-X',
      groupName: 'English language',
    },
  );
  assert.equal(m.problem, undefined);
  const bad = only('ISBN 0-8044-2957-1');
  assert.equal(bad.info, undefined);
  assert.equal(bad.problem, 'checksum');
});

test('empty and digit-free text', () => {
  assert.deepEqual(findIsbns(''), []);
  assert.deepEqual(findIsbns('ISBN'), []);
  assert.deepEqual(findIsbns('isbn = {}'), []);
  assert.deepEqual(findIsbns('isbn = {'), []);
});

// --- property tests ------------------------------------------------------

test('property: planted ISBNs are all found with exact ranges, nothing else is, and isbn3 agrees', () => {
  fc.assert(
    fc.property(plantedDocument, ({ text, expected }) => {
      assert.deepEqual(disagreements(text, expected), []);
    }),
    { numRuns: 400 },
  );
});

test('property: arbitrary text never throws and ranges always match raw', () => {
  const alphabet = fc.constantFrom(...'0123456789 -xX.,/:=+{}"()[]|ISBNisbn\n\r\t\u2011é📚'.split(''));
  fc.assert(
    fc.property(fc.array(alphabet, { maxLength: 200 }), (chars) => {
      const text = chars.join('');
      const matches = findIsbns(text);
      checkRanges(text, matches);
      let last = -1;
      for (const m of matches) {
        assert.ok(m.start >= last, 'in order, not overlapping');
        last = m.end;
        assert.ok(/^[0-9]/.test(m.raw) && /[0-9Xx]$/.test(m.raw), m.raw);
        if (!m.labelled) assert.equal(m.valid, true, 'unlabelled matches are valid');
        assert.equal(m.valid, ISBN.parse(m.raw) !== null, m.raw);
      }
    }),
    { numRuns: 1000 },
  );
});

test('two check characters in one run never borrow the cached verdict of an ISBN with the same digits', () => {
  // 010000007X and "1000X 0007X" share their digits but for X: once the ISBN is cached, the run must not match it.
  assert.equal(findIsbns('isbn = {010000007X}')[0]?.valid, true);
  const twoXs = findIsbns('isbn = {1000X 0007X}');
  assert.ok(twoXs.every((m) => !m.valid), JSON.stringify(twoXs.map((m) => [m.raw, m.valid])));
});

test('scanIsbns (column-wise) and findIsbns (objects) agree on every field', () => {
  fc.assert(
    fc.property(plantedDocument, ({ text }) => {
      const columns = scanIsbns(text);
      const objects = findIsbns(text);
      assert.equal(columns.length, objects.length);
      for (let i = 0; i < columns.length; i++) {
        const m = objects[i]!;
        assert.deepEqual(
          [columns.start(i), columns.end(i), columns.raw(i), columns.labelled(i), columns.valid(i), columns.info(i), columns.problem(i)],
          [m.start, m.end, m.raw, m.labelled, m.valid, m.info, m.problem],
        );
        assert.deepEqual(columns.at(i), m);
      }
      assert.deepEqual([...columns], objects);
    }),
    { numRuns: 300 },
  );
});

test('IsbnMatches keeps every match past its first growth and its first info chunk', () => {
  const isbns = ['978-0-306-40615-7', 'ISBN 0-306-40615-X', '9780306406157', 'isbn: 12345678901'];
  const text = Array.from({ length: 3000 }, (_, i) => `line ${i}: ${isbns[i % 4]}`).join('\n');
  const columns = scanIsbns(text);
  assert.equal(columns.length, 3000);
  assert.equal(columns.problem(1), 'checksum');
  assert.equal(columns.problem(3), 'length');
  assert.equal(columns.info(2998)?.isbn13, '9780306406157');
  assert.equal(columns.problem(2999), 'length');
  assert.equal(columns.valid(2999), false);
});

test('a scan that outlasts the parse cache (it starts over midway) keeps every match and its info', () => {
  // 40,000 distinct ISBNs: more than the cache holds (32,768), so it starts
  // over during the scan and the later infos are numbered in a new list.
  const isbns: string[] = [];
  for (let i = 0; i < 40_000; i++) {
    const first12 = `9780306${String(i).padStart(5, '0')}`;
    isbns.push(first12 + isbn13CheckDigit(first12));
  }
  const text = isbns.map((isbn, i) => `${i}. ${isbn}`).join('\n');
  const columns = scanIsbns(text);
  assert.equal(columns.length, isbns.length);
  for (let i = 0; i < isbns.length; i++) {
    if (columns.info(i)?.isbn13 !== isbns[i]) assert.fail(`match ${i}: ${columns.info(i)?.isbn13} for ${isbns[i]}`);
  }
  assert.equal(findIsbns(`ISBN ${isbns[0]}`)[0]?.info?.isbn13, isbns[0]);
});
