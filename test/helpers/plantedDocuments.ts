/**
 * Generated documents with ISBNs planted in every notation and setting, among prose and
 * look-alikes; shared by the property tests of the finder and the fuzz script.
 */
import fc from 'fast-check';
import * as ISBN from 'isbn3';
import { findIsbns } from '../../src/core/isbn/find';
import { isbn10CheckDigit, isbn13CheckDigit, normalizeIsbn } from '../../src/core/isbn/parse';

/** Registrants isbn3 has ranges for, with the article length that fills 12 digits. */
export const REGISTRANTS: Array<[string, number]> = [
  ['978-0-306', 5],
  ['978-3-16', 6],
  ['978-0-8044', 4],
  ['978-1-4028', 4],
  ['978-2-07', 6],
  ['979-10-90636', 2],
  ['979-8-3000', 4],
];

interface Planted {
  hyphen13: string; // 978-0-306-40615-7
  hyphen10?: string; // 0-306-40615-2
}

const plantedIsbn: fc.Arbitrary<Planted> = fc
  .constantFrom(...REGISTRANTS)
  .chain(([prefix, articleLength]) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: articleLength, maxLength: articleLength }).map((digits) => {
      const body = `${prefix}-${digits.join('')}`;
      const first12 = body.replace(/-/g, '');
      const hyphen13 = `${body}-${isbn13CheckDigit(first12)}`;
      const hyphen10 = prefix.startsWith('978') ? `${body.slice(4)}-${isbn10CheckDigit(first12.slice(3))}` : undefined;
      return { hyphen13, hyphen10 };
    }),
  );

type Notation = (p: Planted) => string | undefined;
const NOTATIONS: Notation[] = [
  (p) => p.hyphen13,
  (p) => p.hyphen13.replace(/-/g, ''),
  (p) => p.hyphen13.replace(/-/g, ' '),
  (p) => `${p.hyphen13.slice(0, 3)}-${p.hyphen13.slice(4).replace(/-/g, '')}`,
  (p) => p.hyphen10,
  (p) => p.hyphen10?.replace(/-/g, ''),
  (p) => p.hyphen10?.replace(/-/g, ' '),
  (p) => p.hyphen10?.toLowerCase(), // x check digit
];

// How a planted ISBN sits in the text: text before, text after, labelled?
// `after` never leaves a lone space before the next prose, which may start
// with a number: "978 0 306 40615 7 12" is ambiguous and not an ISBN.
type Setting = { before: string; after: string; labelled: boolean };
const SETTINGS: Setting[] = [
  { before: ' ', after: ', ', labelled: false },
  { before: '\n', after: '\r\n', labelled: false },
  { before: ' (', after: '), ', labelled: false },
  { before: '| ', after: ' |\n', labelled: false },
  { before: ' ISBN ', after: '. ', labelled: true },
  { before: ' ISBN-13: ', after: '; ', labelled: true },
  { before: ' isbn10 ', after: ' — ', labelled: true },
  { before: '\n**ISBN:** ', after: '\n', labelled: true },
  { before: '\n  isbn = {', after: '},\n', labelled: true },
  { before: ' [link](https://openlibrary.org/isbn/', after: ')\n', labelled: true },
];

// Prose between ISBNs, including look-alikes that must never be reported.
const PROSE = [
  'the', 'book', 'was', 'printed', 'in', 'Paris', 'édition', '📚', 'p.', '12', '2021-01-01', 'tel.',
  '+1 555-123-4567', '(030) 640-6152', 'doi:10.1000/182', 'arXiv:2101.01234v2', 'EAN 4006381333931',
  '1612345678901', '3.14159', 'chapter', '7', 'and', 'vol.', 'ISMN 979-0-2600-0043-8', 'x',
];

export interface PlantedDocument {
  text: string;
  expected: Array<{ start: number; end: number; labelled: boolean; valid: boolean }>;
}

export const plantedDocument: fc.Arbitrary<PlantedDocument> = fc
  .array(
    fc.record({
      prose: fc.array(fc.constantFrom(...PROSE), { maxLength: 8 }),
      isbn: plantedIsbn,
      notation: fc.nat({ max: NOTATIONS.length - 1 }),
      setting: fc.constantFrom(...SETTINGS),
      // Sometimes spoil the check digit of a labelled one: it must come back invalid.
      spoil: fc.boolean(),
    }),
    { minLength: 1, maxLength: 10 },
  )
  .map((parts) => {
    let text = '';
    const expected: PlantedDocument['expected'] = [];
    for (const part of parts) {
      text += part.prose.join(' ') + '.';
      let written = NOTATIONS[part.notation]!(part.isbn) ?? part.isbn.hyphen13;
      const spoil = part.spoil && part.setting.labelled && /[0-8]$/.test(written);
      if (spoil) written = written.slice(0, -1) + String(Number(written.slice(-1)) + 1);
      text += part.setting.before;
      expected.push({ start: text.length, end: text.length + written.length, labelled: part.setting.labelled, valid: !spoil });
      text += written + part.setting.after;
    }
    return { text, expected };
  });

/** Text of any characters the finder must survive, weighted towards ISBN-like ones. */
export const oddText: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...'0123456789 -xX.,/:=+{}"()[]|ISBNisbn\n\r\t\u2011\u2010\uFF10\u0660é📚\u202E\u0000'.split('')), { maxLength: 200 })
  .map((chars) => chars.join(''));

/**
 * Where the finder disagrees with the plan or with isbn3: a missed or extra ISBN, a
 * wrong range, a validity or ISBN-13 that isbn3 does not confirm. Empty when all agree.
 */
export function disagreements(text: string, expected?: PlantedDocument['expected']): string[] {
  const problems: string[] = [];
  const matches = findIsbns(text);
  if (expected) {
    const got = JSON.stringify(matches.map(({ start, end, labelled, valid }) => ({ start, end, labelled, valid })));
    if (got !== JSON.stringify(expected)) problems.push(`planted ${JSON.stringify(expected)} but found ${got} in ${JSON.stringify(text)}`);
  }
  for (const m of matches) {
    if (text.slice(m.start, m.end) !== m.raw) problems.push(`range of ${JSON.stringify(m.raw)} does not match the text`);
    const normalized = normalizeIsbn(m.raw);
    const parsed = ISBN.parse(normalized);
    const rangeless = parsed ? undefined : rangelessThirteen(normalized, m.labelled);
    if (m.valid !== (parsed !== null || rangeless !== undefined)) problems.push(`validity of ${JSON.stringify(m.raw)}: finder ${m.valid}, isbn3 ${parsed !== null}, in no range ${rangeless !== undefined}`);
    if (parsed && (m.info?.isbn13 !== parsed.isbn13 || m.info?.hyphenated13 !== parsed.isbn13h)) problems.push(`ISBN-13 of ${m.raw}: finder ${m.info?.hyphenated13}, isbn3 ${parsed.isbn13h}`);
    if (rangeless && (m.info?.isbn13 !== rangeless || m.info.hyphenated13 !== rangeless || !m.info.rangeless)) problems.push(`ISBN-13 of ${m.raw} in no range: finder ${m.info?.hyphenated13}, expected ${rangeless}`);
  }
  return problems;
}

/**
 * The ISBN-13 of a checksum-valid number isbn3 has no range for, where it is still an ISBN: a
 * 978/979 13 that is no ISMN, or a 10 meant as an ISBN (labelled; an unlabelled one the finder
 * reports only where a key or column says ISBN). Computed here by hand, not by the finder's code.
 */
function rangelessThirteen(normalized: string, labelled: boolean): string | undefined {
  const ean = (first12: string) => first12 + String((10 - ([...first12].reduce((sum, c, i) => sum + Number(c) * (i % 2 ? 3 : 1), 0) % 10)) % 10);
  if (/^97[89][0-9]{10}$/.test(normalized) && !normalized.startsWith('9790')) return ean(normalized.slice(0, 12)) === normalized ? normalized : undefined;
  if (!/^[0-9]{9}[0-9X]$/.test(normalized)) return undefined;
  const sum = [...normalized].reduce((total, c, i) => total + (10 - i) * (c === 'X' ? 10 : Number(c)), 0);
  return sum % 11 === 0 && labelled ? ean(`978${normalized.slice(0, 9)}`) : undefined;
}
