/**
 * Writes the finder's binary MARC fixtures (test/fixtures/finder/*.mrc), made up
 * in the shapes of real ISO 2709 files: Library of Congress and DNB records
 * (020 $a with a qualifier, a `$9` hyphenated copy, a DOI in 024, a linking
 * 776 $z, LCCNs, OCLC numbers, a VIAF URI), a national library's item
 * records full of serial numbers, a file cut mid-record, and UNIMARC (ISBN in
 * 010). The other 10-digit numbers pass the ISBN-10 check by chance, as real
 * ids do one time in eleven. Run: `npx tsx test/helpers/writeIso2709Fixtures.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hyphenateIsbn, isbn10CheckDigit, isbn13CheckDigit, parseIsbn } from '../../src/core/isbn/parse';
import { iso2709Record } from './iso2709';
import { FIXTURE_DIR } from './finderFixtures';

const ten = (first9: string) => first9 + isbn10CheckDigit(first9);
const thirteen = (first12: string) => first12 + isbn13CheckDigit(first12);
const hyphenated = (isbn: string) => hyphenateIsbn(isbn)!;

/** The first number from `seed` on that passes the ISBN-10 check and has a range: an id that looks like an ISBN-10. */
function chance(seed: number): string {
  for (let n = seed; ; n++) if (parseIsbn(String(n)) !== undefined) return String(n);
}

const A = ten('074327356');
const B = thirteen('978140289462');
const C = thirteen('978354031224');
const D = ten('364201234');
const E = thirteen('978364210101'); // only inside DOIs
const F = ten('354012345');
const G = ten('019852663');
const H = ten('880440123');
const I = thirteen('978880731234');
const J = ten('884501234');

const marc21 = [
  iso2709Record([
    ['001', '4401273'],
    ['005', '20040512093015.0'],
    ['008', '030912s2004    nyua          001 0 eng  '],
    ['010', '  ', [['a', `  ${chance(2003114300)}`]]],
    ['020', '  ', [['a', `${A} (pbk.)`]]],
    ['020', '  ', [['a', B], ['q', '(hardcover)']]],
    ['035', '  ', [['a', `(OCoLC)${chance(1401234500)}`]]],
    ['040', '  ', [['a', 'DLC'], ['c', 'DLC'], ['d', 'DLC']]],
    ['050', '00', [['a', 'GA105.3'], ['b', '.M37 2004']]],
    ['100', '1 ', [['a', 'Martín, Ana.']]],
    ['245', '13', [['a', 'Les cartes du monde /'], ['c', 'Ana Martín ; préface de José Núñez.']]],
    ['260', '  ', [['a', 'New York :'], ['b', 'Example Press,'], ['c', '2004.']]],
    ['300', '  ', [['a', 'xii, 310 p. :'], ['b', 'ill. ;'], ['c', '24 cm.']]],
    ['700', '1 ', [['a', 'Núñez, José.'], ['0', `http://viaf.org/viaf/sourceID/LC|n${chance(2003041300)}`]]],
    ['991', '  ', [['b', 'c-GenColl'], ['h', 'GA105.3'], ['t', 'Copy 1'], ['w', 'BOOKS']]],
  ]),
  iso2709Record(
    [
      ['001', chance(1012345600)],
      ['003', 'DE-101'],
      ['005', '20100118120000.0'],
      ['020', '  ', [['a', C], ['9', hyphenated(C)]]],
      ['020', '  ', [['a', D], ['9', hyphenated(D)]]],
      ['024', '7 ', [['a', `10.1007/${hyphenated(E)}`], ['2', 'doi']]],
      ['035', '  ', [['a', `(DE-599)DNB${chance(9975351200)}`]]],
      ['245', '10', [['a', 'Grundlagen der Kartographie'], ['h', '[Elektronische Ressource] /'], ['c', 'von Jörg Müller']]],
      ['776', '08', [['i', 'Druckausg.:'], ['z', F], ['w', `(DE-101)${chance(9930000000)}`]]],
      ['856', '40', [['u', `http://dx.doi.org/10.1007/${hyphenated(E)}`]]],
      ['912', '  ', [['a', 'ZDB-2-SEB']]],
      ['950', '  ', [['a', chance(1234567000)]]],
    ],
    'cmm a',
    ' c 4500',
  ),
  iso2709Record([
    ['001', 'bimo0001234567'],
    ['008', '161010s1899    sp            000 0 spa d'],
    ['245', '10', [['a', 'Tratado de aritmética']]],
    ['991', '  ', [['x', `SERIE ${chance(2141001400)}`], ['y', 'CALCU']]],
    ['991', '  ', [['x', `SERIE ${chance(2141005000)}`], ['y', 'CALCU']]],
    ['992', '  ', [['a', chance(3100456000)], ['b', chance(5005001000)]]],
  ]),
];
// The last record cut short, as a download that stopped: its 020 is read before the cut.
const cut = iso2709Record([
  ['001', '4401300'],
  ['010', '  ', [['a', `  ${chance(2005012000)}`]]],
  ['020', '  ', [['a', G]]],
  ['245', '10', [['a', 'Principles of bibliographic description /'], ['c', 'R. Smith.']]],
  ['300', '  ', [['a', '200 p.']]],
]);
writeFileSync(join(FIXTURE_DIR, 'catalogue_records.mrc'), marc21.join('') + cut.slice(0, cut.indexOf('Principles') + 12));

const unimarc = [
  iso2709Record(
    [
      ['001', 'IT\\ICCU\\XYZ\\0012345'],
      ['005', '20091021165606.1'],
      ['010', '  ', [['a', H], ['b', 'br.'], ['d', 'L. 25000']]],
      ['100', '  ', [['a', '19961119d1996    ||||0itac50      ba']]],
      ['101', '1 ', [['a', 'ita']]],
      ['200', '1 ', [['a', "L'altra città"], ['f', 'Mario Rossi']]],
      ['210', '  ', [['a', 'Milano'], ['c', 'Esempio'], ['d', '1996']]],
      ['700', ' 1', [['a', 'Rossi'], ['b', 'Mario'], ['3', chance(1004561200)]]],
      ['801', ' 3', [['a', 'IT'], ['b', 'ICCU'], ['c', '19961119']]],
      ['899', '  ', [['1', 'Biblioteca nazionale'], ['2', 'BN'], ['e', chance(3012345600)]]],
    ],
    'nam0 ',
    '3i 4500',
  ),
  iso2709Record(
    [
      ['001', 'IT\\ICCU\\XYZ\\0012346'],
      ['010', '  ', [['a', I]]],
      ['010', '  ', [['z', J]]],
      ['200', '1 ', [['a', 'Un secondo libro']]],
      ['801', ' 3', [['a', 'IT'], ['b', 'ICCU'], ['c', '20010203']]],
      ['899', '  ', [['e', chance(4100200300)]]],
    ],
    'nam0 ',
    '3i 4500',
  ),
];
writeFileSync(join(FIXTURE_DIR, 'unimarc_records.mrc'), unimarc.join(''));

const isbn13 = (isbn: string) => parseIsbn(isbn)!.isbn13;
console.log(JSON.stringify({ 'catalogue_records.mrc': [A, B, C, D, F, G].map(isbn13), 'unimarc_records.mrc': [H, I, J].map(isbn13) }));
