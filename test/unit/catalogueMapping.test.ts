// The library catalogues' records mapped to the model, on records of our own making in the
// shapes the services send (library-catalogues-facts.md; the recorded DNB and GVK answers of
// public clients were read for their shape): the XML reader, the SRU envelope and its
// diagnostics, every MARC 21 and UNIMARC field rule, lobid's JSON-LD, and the edition rule.
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { parseXml, XmlError } from '../../src/core/sources/catalogue/xml';
import { readSruAnswer } from '../../src/core/sources/catalogue/sru';
import { readMarcRecord } from '../../src/core/sources/catalogue/marc';
import { catalogueRecordFromMarc21 } from '../../src/core/sources/catalogue/marc21';
import { catalogueRecordFromUnimarc } from '../../src/core/sources/catalogue/unimarc';
import { catalogueRecordFromLobid } from '../../src/core/sources/lobid/mapping';
import { bookFromRecords } from '../../src/core/sources/catalogue/catalogueBook';
import { cleanCatalogueText, pagesOfExtent } from '../../src/core/sources/catalogue/clean';
import { relatorRole, type CatalogueRecord } from '../../src/core/sources/catalogue/record';
import { isServiceError } from '../../src/core/model/errors';
import { otherEditionNote } from '../../src/editor/words/index';
import { meansOutage } from '../../src/core/lookups/sourceHealth';
import { isbn13CheckDigit, isbn10CheckDigit } from '../../src/core/isbn/parse';
import { marcRecordXml, sruAnswerXml, sruDiagnosticXml, type DataField } from '../sandbox/catalogues/marcXml';

/** A checksum-valid ISBN-13 from its first 12 digits. */
const i13 = (first12: string) => first12 + isbn13CheckDigit(first12);
const i10 = (first9: string) => first9 + isbn10CheckDigit(first9);

function marc21(fields: DataField[], controls: Array<[string, string]> = []): CatalogueRecord {
  const xml = marcRecordXml({ controls, fields }, 'marc21');
  return catalogueRecordFromMarc21(readMarcRecord(parseXml(xml)))!;
}

function unimarc(fields: DataField[]): CatalogueRecord {
  const xml = marcRecordXml({ fields }, 'unimarc');
  return catalogueRecordFromUnimarc(readMarcRecord(parseXml(xml)))!;
}

test('XML: prefixes resolved to namespaces, entities and CDATA read, a broken document refused', () => {
  const root = parseXml('<?xml version="1.0"?><!-- c --><a:x xmlns:a="urn:a" xmlns="urn:d"><y k="1 &amp; 2">A &lt;b&gt; &#233;&#x20AC;<![CDATA[<i>&</i>]]></y><z/></a:x>');
  assert.equal(root.ns, 'urn:a');
  assert.equal(root.local, 'x');
  assert.equal(root.children[0]!.ns, 'urn:d');
  assert.equal(root.children[0]!.attrs.k, '1 & 2');
  assert.equal(root.children[0]!.text, 'A <b> é€<i>&</i>');
  assert.equal(root.children[1]!.local, 'z');
  for (const bad of ['<a><b></a>', '<a>', '<a>&nope;</a>', '<p:a/>', '', '<a/><b/>', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', '<a><b x="1></a>']) {
    assert.throws(() => parseXml(bad), XmlError, bad);
  }
  // Nesting is bounded: a hostile answer cannot make the reader recurse without end.
  assert.throws(() => parseXml('<a>'.repeat(100) + '</a>'.repeat(100)), /nested too deeply/);
});

test('SRU: records matched by namespace whatever the prefix; 0 records is no error; 2.0 answers read', () => {
  const isbn = i13('978316148410');
  const record = marcRecordXml({ fields: [['020', '  ', [['a', isbn]]], ['245', '10', [['a', 'Ein Titel']]]] }, 'marc21');
  for (const prefix of ['zs', '', 'srw']) {
    const answer = readSruAnswer(sruAnswerXml([record], { prefix, version: '1.1', schema: 'marcxml' }), 'k10plus');
    assert.equal(answer.total, 1);
    assert.equal(answer.sent, 1);
    assert.equal(answer.records[0]!.title, 'Ein Titel');
  }
  const empty = readSruAnswer(sruAnswerXml([], { prefix: 'zs', version: '1.1', schema: 'marcxml', query: 'pica.isb=1' }), 'k10plus');
  assert.deepEqual(empty, { total: 0, sent: 0, records: [] });
  const sru2 = `<sruResponse:searchRetrieveResponse xmlns:sruResponse="http://docs.oasis-open.org/ns/search-ws/sruResponse"><sruResponse:version>2.0</sruResponse:version><sruResponse:numberOfRecords>0</sruResponse:numberOfRecords></sruResponse:searchRetrieveResponse>`;
  assert.equal(readSruAnswer(sru2, 'k10plus').total, 0);
});

test('SRU: a diagnostic is a failure that rests the source, with its number and both texts (the DNB swaps them)', () => {
  const dnb = sruDiagnosticXml(8, { prefix: '', version: '1.1', swapped: true, message: 'Unsupported parameter', details: '[quer]' });
  assert.throws(
    () => readSruAnswer(dnb, 'dnb'),
    (e) =>
      isServiceError(e, 'server') &&
      e.details.diagnostic === 'info:srw/diagnostic/1/8' &&
      isDeepStrictEqual(e.reason, { why: 'sruDiagnostic', source: 'dnb', number: '8', said: '[quer]: Unsupported parameter' }) &&
      meansOutage(e, true) &&
      !meansOutage(e, false),
  );
  assert.throws(() => readSruAnswer('<html><body>502</body></html>', 'bnf'), (e) => isServiceError(e, 'badResponse') && isDeepStrictEqual(e.reason, { why: 'notSru', source: 'bnf', root: 'html' }));
  assert.throws(() => readSruAnswer('<zs:searchRetrieveResponse xmlns:zs="http://www.loc.gov/zing/srw/"><zs:records>', 'k10plus'), (e) => isServiceError(e, 'badResponse') && e.reason.why === 'notXml' && e.reason.source === 'k10plus');
});

test('MARC 21 as the DNB sends it: NFD composed, sorting markers gone, 264 _1, $4 roles, 700 $t no person, 041, 490, 650', () => {
  const isbn = i13('978355155167');
  const record = marc21(
    [
      ['020', '  ', [['a', isbn], ['c', 'Pp. : EUR 12.00'], ['9', '978-3-551-55167-2']]],
      ['020', '  ', [['a', i10('355155167')], ['c', 'Pp.']]],
      ['041', '  ', [['a', 'ger'], ['h', 'eng']]],
      ['100', '1 ', [['0', '(DE-588)1'], ['a', 'Mu\u0308ller, Jo\u0308rg'], ['d', '1965-'], ['e', 'VerfasserIn'], ['4', 'aut']]],
      ['245', '14', [['a', '\u0098Die\u009c Stra\u00dfe der Ba\u0308ume'], ['b', 'ein Roman'], ['c', 'Jörg Müller ; aus dem Englischen von Ilse Weber']]],
      ['250', '  ', [['a', '2., überarbeitete Auflage']]],
      ['260', '  ', [['a', 'Berlin'], ['b', 'Altverlag'], ['c', '1990']]],
      ['264', ' 1', [['a', 'München'], ['b', 'Hanser'], ['c', '[2019]']]],
      ['264', ' 4', [['c', '© 2018']]],
      ['300', '  ', [['a', 'XXV, 834 Seiten'], ['b', 'Illustrationen'], ['c', '22 cm']]],
      ['490', '1 ', [['a', 'Edition Beispiel'], ['v', '12']]],
      ['650', ' 7', [['a', 'Baum'], ['2', 'gnd']]],
      ['650', ' 7', [['a', 'Stadt'], ['2', 'gnd']]],
      ['700', '1 ', [['a', 'Weber, Ilse'], ['e', 'Übersetzer'], ['4', 'trl']]],
      ['700', '1 ', [['a', 'Roth, Paul'], ['e', 'Herausgeber'], ['4', 'edt']]],
      ['700', '12', [['a', 'Müller, Jörg'], ['t', 'The street of trees'], ['l', 'Deutsch']]],
      ['830', ' 0', [['a', 'Edition Beispiel'], ['v', '12']]],
    ],
    [['008', '190101s2019    gw ||||| |||| 00||||ger  ']],
  );
  assert.equal(record.title, 'Die Straße der Bäume');
  assert.equal(record.title, record.title.normalize('NFC'));
  assert.equal(record.subtitle, 'ein Roman');
  assert.equal(record.responsibility, 'Jörg Müller ; aus dem Englischen von Ilse Weber');
  assert.deepEqual(record.persons, [
    { name: 'Müller, Jörg', role: 'author' },
    { name: 'Weber, Ilse', role: 'translator' },
    { name: 'Roth, Paul', role: 'editor' },
  ]);
  assert.equal(record.edition, '2., überarbeitete Auflage');
  assert.deepEqual([record.place, record.publisher, record.date], ['München', 'Hanser', '2019'], '264 _1 before 260, brackets gone');
  assert.equal(record.extent, 'XXV, 834 Seiten');
  assert.equal(record.language, 'ger');
  assert.deepEqual(record.series, ['Edition Beispiel ; 12'], '490 and 830 saying the same are one series');
  assert.deepEqual(record.subjects, ['Baum', 'Stadt']);
  assert.deepEqual(record.isbns.map((i) => [i.digits, i.valid]), [[isbn, true], [i10('355155167'), true]]);

  const book = bookFromRecords([record], isbn)!;
  assert.equal(book.isbn13, isbn);
  assert.equal(book.isbn10, i10('355155167'));
  assert.equal(book.title, 'Die Straße der Bäume');
  assert.equal(book.titleLong, 'Die Straße der Bäume: ein Roman');
  assert.deepEqual(book.authors, ['Müller, Jörg']);
  assert.deepEqual(book.contributors, [{ name: 'Weber, Ilse', role: 'translator' }, { name: 'Roth, Paul', role: 'editor' }]);
  assert.equal(book.publisher, 'Hanser');
  assert.equal(book.datePublished, '2019');
  assert.equal(book.year, 2019);
  assert.equal(book.pages, 834);
  assert.equal(book.language, 'de');
  assert.equal(book.edition, '2., überarbeitete Auflage');
  assert.equal(book.series, 'Edition Beispiel ; 12');
  assert.deepEqual(book.subjects, ['Baum', 'Stadt']);
  assert.equal(bookFromRecords([record], i10('355155167'))?.isbn13, isbn, 'the ISBN-10 finds the same record');
});

test('MARC 21 as the Library of Congress sends it: ISBD punctuation stripped, qualifier inside $a, $e roles, 260, 008 language, copyright date last', () => {
  const print = i10('039450000');
  const record = marc21(
    [
      ['020', '  ', [['a', `${print} (pbk.)`]]],
      ['020', '  ', [['a', i13('978039450001')], ['q', '(hardcover)']]],
      ['020', '  ', [['z', i13('978039450099')], ['q', '(ebook)']]],
      ['100', '1 ', [['a', 'Whitlock, Ada,'], ['e', 'author.']]],
      ['245', '14', [['a', 'The quiet harbour :'], ['b', 'a history of lighthouses /'], ['c', 'by Ada Whitlock ; edited by Tom Reyes.']]],
      ['250', '  ', [['a', 'First edition.']]],
      ['264', ' 4', [['c', '©1989']]],
      ['260', '  ', [['a', 'London :'], ['b', 'Harbour Press,'], ['c', 'c1989.']]],
      ['300', '  ', [['a', 'xvi, 312 pages :'], ['b', 'illustrations ;'], ['c', '24 cm.']]],
      ['490', '0 ', [['a', 'Maritime studies ;'], ['v', 'v. 3']]],
      ['650', ' 0', [['a', 'Lighthouses'], ['z', 'England'], ['x', 'History.']]],
      ['700', '1 ', [['a', 'Reyes, Tom,'], ['e', 'editor.']]],
      ['700', '1 ', [['a', 'Kahn, Lee.']]],
    ],
    [['008', '890101s1989    enk           000 0 eng  ']],
  );
  assert.equal(record.title, 'The quiet harbour', 'non-filing "The " kept for display; " :" gone');
  assert.equal(record.subtitle, 'a history of lighthouses');
  assert.equal(record.responsibility, 'by Ada Whitlock ; edited by Tom Reyes');
  assert.deepEqual(record.persons, [
    { name: 'Whitlock, Ada', role: 'author' },
    { name: 'Reyes, Tom', role: 'editor' },
    { name: 'Kahn, Lee', role: 'author' },
  ]);
  assert.deepEqual([record.place, record.publisher, record.date], ['London', 'Harbour Press', 'c1989'], 'the 260 before a copyright-only 264');
  assert.equal(record.edition, 'First edition');
  assert.equal(record.language, 'eng', 'from 008/35-37 without a 041');
  assert.deepEqual(record.series, ['Maritime studies ; v. 3']);
  assert.deepEqual(record.subjects, ['Lighthouses -- History -- England']);
  assert.deepEqual(record.isbns, [
    { digits: print, qualifier: 'pbk', valid: true },
    { digits: i13('978039450001'), qualifier: 'hardcover', valid: true },
    { digits: i13('978039450099'), qualifier: 'ebook', valid: false },
  ]);
  const book = bookFromRecords([record], print)!;
  assert.equal(book.title, 'The quiet harbour');
  assert.deepEqual(book.authors, ['Whitlock, Ada', 'Kahn, Lee']);
  assert.equal(book.datePublished, '1989');
  assert.equal(book.pages, 312);
  assert.equal(book.language, 'en');
});

test('the edition rule: an ISBN only in $z is another edition, said to be one, with its own ISBN; a record not naming it is no answer', () => {
  const ebook = i13('978039450099');
  const print = i13('978039450001');
  const record = marc21([
    ['020', '  ', [['a', print]]],
    ['020', '  ', [['z', ebook], ['q', '(ebook)']]],
    ['245', '10', [['a', 'Print book']]],
  ]);
  const book = bookFromRecords([record], ebook)!;
  assert.equal(book.isbn13, print);
  assert.match(otherEditionNote(book, ebook)!, /another edition: ISBN 978-?0-?394/);
  assert.equal(bookFromRecords([record], i13('978000000001')), undefined);
  const onlyZ = marc21([['020', '  ', [['z', ebook]]], ['245', '10', [['a', 'Nothing valid']]]]);
  assert.equal(bookFromRecords([onlyZ], ebook), undefined, 'nothing ties a record of cancelled ISBNs only to a book');
});

test('the edition rule: a set and its volume both answer a volume\'s ISBN: the volume is shown; the set alone is said to be a set', () => {
  const setIsbn = i13('978311000000');
  const volume2 = i13('978311000002');
  const set = marc21([
    ['020', '  ', [['a', setIsbn], ['q', 'Gesamtwerk']]],
    ['020', '  ', [['a', volume2], ['q', 'Bd. 2']]],
    ['245', '10', [['a', 'Handbuch der Dinge']]],
  ]);
  const volume = marc21([
    ['020', '  ', [['a', volume2]]],
    ['245', '10', [['a', 'Handbuch der Dinge'], ['n', 'Band 2'], ['p', 'Steine']]],
  ]);
  const shown = bookFromRecords([set, volume], volume2)!;
  assert.equal(shown.isbn13, volume2);
  assert.equal(shown.title, 'Handbuch der Dinge, Band 2: Steine');
  const alone = bookFromRecords([set], volume2)!;
  assert.equal(alone.isbn13, setIsbn, 'the set is not shown as the volume');
  assert.equal(otherEditionNote(alone, volume2), `This record describes another edition: ISBN 978-3-11-000000-${setIsbn.at(-1)} (multi-volume set).`);
  assert.equal(bookFromRecords([set], setIsbn)!.isbn13, setIsbn, 'the set\'s own ISBN is the set');
  // A set record that lists only the asked volume's ISBN: shown under it, its binding saying it is the set.
  const lone = marc21([['020', '  ', [['a', volume2], ['q', '(v. 2)']]], ['245', '10', [['a', 'Handbuch der Dinge']]]]);
  const shownAsSet = bookFromRecords([lone], volume2)!;
  assert.equal(shownAsSet.isbn13, volume2);
  assert.equal(shownAsSet.binding, 'multi-volume set');
});

test('UNIMARC as the BnF sends it: 010, 200 without its material designation, 205, 214 before 210, 215, 101, 225, 606, 700/701/702 roles', () => {
  const isbn = i13('978207036822');
  const record = unimarc([
    ['010', '  ', [['a', '978-2-07-036822-8'.replace(/8$/, isbn.at(-1)!)], ['b', 'br.'], ['d', '8,50 EUR']]],
    ['010', '  ', [['z', '2-07-036822-0']]],
    ['101', '1 ', [['a', 'fre'], ['c', 'ita']]],
    ['200', '1 ', [['a', 'La maison des e\u0301toiles'], ['b', 'Texte imprimé'], ['e', 'roman'], ['f', 'Lucie Marchand'], ['g', 'traduit de l\'italien par Marc Blanc'], ['g', 'préface de Anne Roy']]],
    ['205', '  ', [['a', '2e édition']]],
    ['210', '  ', [['a', 'Lyon'], ['c', 'Vieil éditeur'], ['d', '1999']]],
    ['214', ' 0', [['a', 'Paris'], ['c', 'Gallimard'], ['d', 'DL 2015']]],
    ['215', '  ', [['a', '1 vol. (302 p.)'], ['c', 'ill.'], ['d', '18 cm']]],
    ['225', '2 ', [['a', 'Folio'], ['v', '5123']]],
    ['606', '  ', [['a', 'Astronomie'], ['2', 'rameau']]],
    ['700', ' 1', [['a', 'Marchand'], ['b', 'Lucie'], ['f', '1961-....'], ['4', '070']]],
    ['701', ' 1', [['a', 'Fabbri'], ['b', 'Gianni'], ['4', '070']]],
    ['702', ' 1', [['a', 'Blanc'], ['b', 'Marc'], ['4', '730']]],
    ['702', ' 1', [['a', 'Roy'], ['b', 'Anne'], ['4', '080']]],
    ['702', ' 1', [['a', 'Petit'], ['b', 'Jean'], ['4', '340']]],
  ]);
  assert.equal(record.title, 'La maison des étoiles');
  assert.equal(record.subtitle, 'roman');
  assert.equal(record.responsibility, "Lucie Marchand ; traduit de l'italien par Marc Blanc ; préface de Anne Roy");
  assert.deepEqual(record.persons, [
    { name: 'Marchand, Lucie', role: 'author' },
    { name: 'Fabbri, Gianni', role: 'author' },
    { name: 'Blanc, Marc', role: 'translator' },
    { name: 'Roy, Anne', role: 'other' },
    { name: 'Petit, Jean', role: 'editor' },
  ]);
  assert.equal(record.edition, '2e édition');
  assert.deepEqual([record.place, record.publisher, record.date], ['Paris', 'Gallimard', 'DL 2015'], '214 before 210');
  assert.equal(record.extent, '1 vol. (302 p.)');
  assert.equal(record.language, 'fre');
  assert.deepEqual(record.series, ['Folio ; 5123']);
  assert.deepEqual(record.subjects, ['Astronomie']);
  assert.deepEqual(record.isbns.map((i) => [i.digits, i.qualifier, i.valid]), [[isbn, 'br', true], ['207036822' + '0', undefined, false]]);
  const book = bookFromRecords([record], isbn)!;
  assert.equal(book.datePublished, '2015');
  assert.equal(book.pages, 302);
  assert.equal(book.language, 'fr');
  assert.deepEqual(book.authors, ['Marchand, Lucie', 'Fabbri, Gianni']);
  assert.deepEqual(book.contributors, [{ name: 'Blanc, Marc', role: 'translator' }, { name: 'Petit, Jean', role: 'editor' }]);
  // The older 210 alone still gives the publication.
  const older = unimarc([['010', '  ', [['a', isbn]]], ['200', '1 ', [['a', 'Vieux']]], ['210', '  ', [['a', '[Paris]'], ['c', 'Seuil'], ['d', '1987']]]]);
  assert.deepEqual([older.place, older.publisher, older.date], ['Paris', 'Seuil', '1987']);
});

test('lobid JSON-LD: contributions by relator URI or German label, publication, series from isPartOf, language by ISO 639-2 URI', () => {
  const isbn = i13('978311065984');
  const record = catalogueRecordFromLobid({
    id: 'http://lobid.org/resources/990000000000000000#!',
    type: ['BibliographicResource', 'Book'],
    title: 'Grundlagen der Mechanik',
    otherTitleInformation: ['eine Einführung'],
    isbn: [isbn, isbn.slice(3, 12) + 'X'],
    edition: ['3. Auflage'],
    publication: [{ startDate: '2020', location: ['Berlin', 'Boston'], publishedBy: ['De Gruyter'] }],
    extent: 'XII, 458 Seiten',
    language: [{ id: 'http://id.loc.gov/vocabulary/iso639-2/ger', label: 'Deutsch' }],
    contribution: [
      { agent: { label: 'Krüger, Hanna', id: 'https://d-nb.info/gnd/1' }, role: { id: 'http://id.loc.gov/vocabulary/relators/aut', label: 'Autor/in' } },
      { agent: { label: 'Otto, Ben' }, role: { label: 'Herausgeber/in' } },
      { agent: { label: 'Verlag X', type: ['CorporateBody'] }, role: { id: 'http://id.loc.gov/vocabulary/relators/isb' } },
    ],
    responsibilityStatement: ['Hanna Krüger'],
    isPartOf: [{ hasSuperordinate: [{ label: 'De-Gruyter-Studium' }], numbering: '7' }],
    subjectslabels: ['Mechanik'],
  })!;
  assert.equal(record.title, 'Grundlagen der Mechanik');
  assert.equal(record.subtitle, 'eine Einführung');
  assert.deepEqual(record.persons, [{ name: 'Krüger, Hanna', role: 'author' }, { name: 'Otto, Ben', role: 'editor' }]);
  assert.deepEqual([record.place, record.publisher, record.date, record.extent, record.language], ['Berlin', 'De Gruyter', '2020', 'XII, 458 Seiten', 'ger']);
  assert.deepEqual(record.series, ['De-Gruyter-Studium ; 7']);
  const book = bookFromRecords([record], isbn)!;
  assert.equal(book.pages, 458);
  assert.equal(book.titleLong, 'Grundlagen der Mechanik: eine Einführung');
  assert.equal(catalogueRecordFromLobid({ isbn: [isbn] }), undefined, 'no title, no record');
  assert.equal(catalogueRecordFromLobid('nonsense'), undefined);
});

test('cleaning: ISBD ends, sorting markers, NFC; extents; relator codes, terms and UNIMARC numbers', () => {
  assert.equal(cleanCatalogueText('London :'), 'London');
  assert.equal(cleanCatalogueText('by A. Author.'), 'by A. Author');
  assert.equal(cleanCatalogueText('Title. /'), 'Title');
  assert.equal(cleanCatalogueText('<<Der>> Prozess'), 'Der Prozess');
  assert.equal(cleanCatalogueText(' ; '), undefined);
  assert.equal(cleanCatalogueText('Cafe\u0301'), 'Café');
  assert.equal(pagesOfExtent('335 S.'), 335);
  assert.equal(pagesOfExtent('1 vol. (302 p.)'), 302);
  assert.equal(pagesOfExtent('2 Bände'), undefined);
  assert.equal(relatorRole('aut'), 'author');
  assert.equal(relatorRole('Verfasserin'), 'author');
  assert.equal(relatorRole('editor.'), 'editor');
  assert.equal(relatorRole('Hrsg.'), 'editor');
  assert.equal(relatorRole('trl'), 'translator');
  assert.equal(relatorRole('730'), 'translator');
  assert.equal(relatorRole('340'), 'editor');
  assert.equal(relatorRole('070'), 'author');
  assert.equal(relatorRole('ive'), 'other');
  assert.equal(relatorRole(''), undefined);
});
