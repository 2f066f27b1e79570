/**
 * Property: an entry compared with its own record, re-spelled in every allowed way (case,
 * diacritics as LaTeX or HTML or dropped, articles, a subtitle dropped or joined by "." or
 * ":", "&" for "and", numerals, a series statement, names turned round or cut to initials,
 * "and others") and written as BibTeX, CSL-JSON or a reading list, is never another book;
 * two different records' fields always are.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { checkEntry } from '../../src/core/check/checkEntries';
import { formatPart } from '../../src/core/formats/registry';
import type { FormatId } from '../../src/core/formats/formatId';
import type { LookupResult } from '../../src/core/model/lookup';
import { book } from '../helpers/books';

const ISBN = '9780131103627';
const OTHER = '9780306406157';

// Two pools with no word in common: titles from one can never be another's re-spelling.
const POOL_A = ['Garden', 'Émile', 'River', 'Crossing', 'Señor', 'Winter', 'Müller', 'Lighthouse', 'Glass', 'Orchard', 'Forêt', 'Harbour'];
const POOL_B = ['Engine', 'Theory', 'Numbers', 'Çelik', 'Dynamics', 'Signal', 'Øresund', 'Vector', 'Algebra', 'Circuit', 'Quantum', 'Ledger'];
const GIVEN = ['Émilie', 'Jürgen', 'Ana', 'Søren', 'François', 'Li', 'Zoë', 'Brian'];
const FAMILY_A = ['Dvořák', 'Müller', 'García Márquez', 'Ólafsdóttir', 'Kernighan', 'Brontë'];
const FAMILY_B = ['Nakamura', 'Okonkwo', 'Ferreira', 'Lindqvist', 'Zhou', 'Abebe'];

interface BookRecord {
  main: string[];
  subtitle?: string[];
  people: Array<{ given: string; family: string }>;
  year: number;
  publisher: string;
}

const recordArb = (pool: string[], families: string[]) =>
  fc.record({
    main: fc.shuffledSubarray(pool, { minLength: 2, maxLength: 4 }),
    subtitle: fc.option(fc.shuffledSubarray(pool, { minLength: 1, maxLength: 3 }), { nil: undefined }),
    people: fc.array(fc.record({ given: fc.constantFrom(...GIVEN), family: fc.constantFrom(...families) }), { minLength: 1, maxLength: 3 }),
    year: fc.integer({ min: 1900, max: 2024 }),
    publisher: fc.constantFrom('Penguin Books', 'Gallimard', 'Suhrkamp Verlag'),
  });

const titleOf = (r: BookRecord) => `${r.main.join(' and ')}${r.subtitle ? `: ${r.subtitle.join(' ')}` : ''}`;
const bookOf = (r: BookRecord, isbn: string) => book(isbn, titleOf(r), r.people.map((p) => `${p.given} ${p.family}`), { year: r.year, publisher: r.publisher });

/** How a title may be re-spelled. */
interface Spelling {
  format: FormatId;
  upper: boolean;
  stripMarks: boolean;
  article: string;
  subtitle: 'keep' | 'drop' | 'dot';
  ampersand: boolean;
  series: boolean;
  names: 'inverted' | 'initials' | 'as-is';
  etAl: boolean;
  latexAccents: boolean;
}

const spellingArb = fc.record<Spelling>({
  format: fc.constantFrom<FormatId>('bibtex', 'csl-json', 'markdown'),
  upper: fc.boolean(),
  stripMarks: fc.boolean(),
  article: fc.constantFrom('', 'The ', 'Die ', 'La ', 'El '),
  subtitle: fc.constantFrom('keep', 'drop', 'dot'),
  ampersand: fc.boolean(),
  series: fc.boolean(),
  names: fc.constantFrom('inverted', 'initials', 'as-is'),
  etAl: fc.boolean(),
  latexAccents: fc.boolean(),
});

const LATEX: Readonly<Record<string, string>> = { é: "{\\'e}", É: "{\\'E}", ü: '{\\"u}', ñ: '{\\~n}', ê: '{\\^e}', ř: '{\\v{r}}', ø: '{\\o}', Ø: '{\\O}', ç: '{\\c{c}}', Ç: '{\\c{C}}', á: "{\\'a}", ó: "{\\'o}", Ó: "{\\'O}", ë: '{\\"e}', ö: '{\\"o}' };

function respell(r: BookRecord, s: Spelling): { title: string; people: string[] } {
  const main = r.main.join(s.ampersand ? ' & ' : ' and ');
  let title = s.article + main;
  if (r.subtitle && s.subtitle !== 'drop') title += `${s.subtitle === 'dot' ? '. ' : ': '}${r.subtitle.join(' ')}`;
  if (s.series) title += ' (Collected Works, Vol. 2)';
  if (s.upper) title = title.toUpperCase();
  let people = r.people.map((p) => (s.names === 'inverted' ? `${p.family}, ${p.given}` : s.names === 'initials' ? `${p.given[0]}. ${p.family}` : `${p.given} ${p.family}`));
  if (s.stripMarks) {
    title = title.normalize('NFKD').replace(/\p{M}/gu, '');
    people = people.map((p) => p.normalize('NFKD').replace(/\p{M}/gu, ''));
  }
  return { title, people };
}

function entryText(title: string, people: string[], s: Spelling, isbn: string): string {
  switch (s.format) {
    case 'bibtex': {
      const tex = (t: string) => (s.latexAccents ? [...t].map((c) => LATEX[c] ?? c).join('') : t).replace(/&/g, '\\&');
      const names = people.map((p) => (p.includes(',') ? p : p)).map(tex).join(' and ') + (s.etAl ? ' and others' : '');
      return `@book{key,\n  title = {${tex(title)}},\n  author = {${names}},\n  isbn = {${isbn}}\n}\n`;
    }
    case 'csl-json': {
      const html = (t: string) => (s.latexAccents ? t.replace(/&/g, '&amp;') : t);
      return JSON.stringify([{ id: 'k', type: 'book', title: html(title), author: people.map((p) => ({ literal: p })), ISBN: isbn }], null, 2);
    }
    default:
      return `- *${title.replace(/\*/g, '')}* by ${people.slice(0, 1).join('')}${s.etAl ? ' et al.' : ''}, ISBN ${isbn}\n`;
  }
}

function verdictOf(text: string, format: FormatId, results: Map<string, LookupResult>) {
  const part = formatPart(format);
  const [entry] = part.reading(text).entries();
  assert.ok(entry, text);
  const checked = checkEntry(entry, part.isPart(entry.type), (isbn) => results.get(isbn));
  assert.ok(checked && checked.length === 1, text);
  return checked[0]!.verdict;
}

test('an entry re-spelled from its own record in every allowed way is never another book', () => {
  fc.assert(
    fc.property(recordArb(POOL_A, FAMILY_A), spellingArb, (record, spelling) => {
      const { title, people } = respell(record, spelling);
      const text = entryText(title, people, spelling, ISBN);
      const verdict = verdictOf(text, spelling.format, new Map([[ISBN, { status: 'found', book: bookOf(record, ISBN) }]]));
      assert.notEqual(verdict.kind, 'other-book', `${text}\n→ ${JSON.stringify(verdict).slice(0, 300)}`);
    }),
    { numRuns: 200 },
  );
});

test("two different records' fields are another book", () => {
  fc.assert(
    fc.property(recordArb(POOL_A, FAMILY_A), recordArb(POOL_B, FAMILY_B), spellingArb, (written, other, spelling) => {
      const { title, people } = respell(written, spelling);
      const text = entryText(title, people, spelling, OTHER);
      const verdict = verdictOf(text, spelling.format, new Map([[OTHER, { status: 'found', book: bookOf(other, OTHER) }]]));
      assert.equal(verdict.kind, 'other-book', text);
    }),
    { numRuns: 150 },
  );
});
