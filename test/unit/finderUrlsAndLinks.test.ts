// The finder on URLs and links: book paths (`/dp/`, `/isbn/`, covers), record ids in paths, authority links, mail addresses, and DOIs, whose suffixes are no ISBNs however they are escaped or wrapped.
// One test per cause, most of them properties on documents generated in the shapes of real ones;
// the rules they exercise are in src/core/isbn/rules/ (docs/finder-rules.md).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { test } from 'node:test';
import { findIsbns } from '../../src/core/isbn/find';
import { parseIsbn } from '../../src/core/isbn/parse';
import { type Book, book, chanceTen } from '../helpers/isbnArbitraries';
import { validFound, thirteens } from '../helpers/finderFixtures';

/** 978-0-306-40615-7 style groups (3-1-3-5-1), joined by `sep`. */
function grouped(isbn13: string, sep: string): string {
  return [isbn13.slice(0, 3), isbn13.slice(3, 4), isbn13.slice(4, 7), isbn13.slice(7, 12), isbn13.slice(12)].join(sep);
}

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

test('property: an ISBN-10 filed in a URL path (Amazon covers `/images/P/0441013597.01.LZZZZZZZ.jpg`, `/dp/`, `/isbn/`) is found, in prose and in a CSV column that does not say ISBN', () => {
  const url = fc.constantFrom(
    (ten: string) => `http://images.amazon.com/images/P/${ten}.01.LZZZZZZZ.jpg`,
    (ten: string) => `https://m.media-amazon.com/images/P/${ten}.01._SX500_.jpg`,
    (ten: string) => `https://www.amazon.com/dp/${ten}`,
    (ten: string) => `https://openlibrary.org/isbn/${ten}`,
  );
  fc.assert(
    fc.property(fc.array(fc.tuple(book, chanceTen), { minLength: 3, maxLength: 20 }), url, (rows, link) => {
      const csv =
        'Book-Title;Year;Publisher;Image-URL-M;Votes\n' +
        rows.map(([b, votes]) => `"A book";"2002";"A publisher";"${link(b.isbn10)}";"${votes}"`).join('\n') +
        '\n';
      assert.deepEqual(validFound(csv), thirteens(rows.map(([b]) => b)), csv);
      const [[first]] = rows;
      assert.deepEqual(validFound(`The cover: ${link(first.isbn10)} (large).`), [first.isbn13]);
    }),
  );
  // A version number or a decimal after the number is still no file name.
  assert.deepEqual(validFound('v0441013597.01.02 and 0441013597.5'), []);
});

test('property: a DOI URL wrapped right after its slash keeps its ISBN-shaped suffix out', () => {
  fc.assert(
    fc.property(book, fc.constantFrom('\n', '\r\n', '\n   '), (b, wrap) => {
      const doi = `https://doi.org/10.1007/${wrap}${b.isbn13.slice(0, 3)}-${b.isbn13.slice(3, 12)}-${b.isbn13.slice(12)}_3`;
      assert.deepEqual(validFound(`Chapter in: ${doi}.`), []);
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

test('property: an ISBN-13 named as an image file in a URL path (`/img/9780441013593.d.jpg`) is found; a number opening a host name is not', () => {
  fc.assert(
    fc.property(book, chanceTen, fc.constantFrom('.d.jpg', '.cover.png', '.1.webp'), (b, n, rest) => {
      assert.deepEqual(validFound(`https://cdn.example.com/img/${b.isbn13}${rest}/600x600.png`), [b.isbn13], rest);
      assert.deepEqual(validFound(`connect from ${n}.dyn.example.net port 22`), []);
    }),
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

test('property: an ISBN-10 as a whole segment of an O\'Reilly or Safari link (`oreilly.com/library/view/<title>/0321125215/`, `/catalog/0596001088/`) is found; a record id in another site\'s path still is not', () => {
  fc.assert(
    fc.property(book, chanceTen, (b, id) => {
      assert.deepEqual(validFound(`- [A Book](https://www.oreilly.com/library/view/a-book/${b.isbn10}/)`), [b.isbn13]);
      assert.deepEqual(validFound(`see http://www.oreilly.com/catalog/${b.isbn10}/index.html`), [b.isbn13]);
      assert.deepEqual(validFound(`http://my.safaribooksonline.com/book/programming/${b.isbn10}`), [b.isbn13]);
      assert.deepEqual(validFound(`https://d-nb.info/${id}`), []);
    }),
  );
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
