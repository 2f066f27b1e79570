/**
 * What counts as the same: a title written in a bibliography against a record's, people
 * against a record's authors, and the edition's details (year, publisher, edition, binding).
 * Each rule is a named function with its own tests (test/unit/checkCompare.test.ts).
 */
import { splitName } from '../formats/bibtex/names';
import { type FoldedTitle, foldText, foldTitle, foldWords } from './fold';

/** `same`: the same title in an allowed spelling; `close`: a subtitle on one side only, or nearly (a word more or less); `different`. */
export type TitleMatch = 'same' | 'close' | 'different';

/** The record's titles (its title and its long title) against the written one. */
export function compareTitles(written: string, record: readonly string[]): TitleMatch {
  return compareFoldedTitles(foldTitle(written), record.map(foldTitle));
}

/** The same, on titles folded once (a record's are folded once for every entry that names it). */
export function compareFoldedTitles(w: FoldedTitle, record: readonly FoldedTitle[]): TitleMatch {
  let best: TitleMatch = 'different';
  for (const title of record) {
    const match = compareFolded(w, title);
    if (match === 'same') return 'same';
    if (match === 'close') best = 'close';
  }
  return best;
}

function compareFolded(w: FoldedTitle, r: FoldedTitle): TitleMatch {
  // A volume stated on both sides must be the same; on one side only, it is a series statement.
  if (w.volume !== undefined && r.volume !== undefined && w.volume !== r.volume) return 'different';
  if (w.full.length > 0 && w.full.join(' ') === r.full.join(' ')) return 'same';
  // A subtitle on one side only (or joined without a mark), a title the record runs on: close.
  if (w.main.length > 0 && (w.main.join(' ') === r.main.join(' ') || w.main.join(' ') === r.full.join(' ') || w.full.join(' ') === r.main.join(' '))) return 'close';
  const [shorter, longer] = w.full.length <= r.full.length ? [w.full, r.full] : [r.full, w.full];
  // Run on without a mark, a title of one or two words is another ("Dune" and "Dune Messiah").
  if (shorter.length >= 3 && shorter.every((word, k) => longer[k] === word)) return 'close';
  // A short title: the words of one run on inside the other's ("The Wealth of Nations" in "An Inquiry into … the Wealth of Nations").
  if (shorter.length >= 2 && containsRun(longer, shorter)) return 'close';
  return similarity(w.full, r.full) >= 0.75 || similarity(w.main, r.main) >= 0.8 ? 'close' : 'different';
}

function containsRun(longer: readonly string[], run: readonly string[]): boolean {
  for (let k = 0; k + run.length <= longer.length; k++) if (run.every((word, j) => longer[k + j] === word)) return true;
  return false;
}

/** Dice's coefficient of two word lists (each word counted once). */
function similarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const left = new Set(a);
  const right = new Set(b);
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return (2 * shared) / (left.size + right.size);
}

/** Whether the written title is in another script than every record title: no fair comparison. */
export function otherScript(written: string, record: readonly string[]): boolean {
  return otherScriptFolded(foldTitle(written), record.map(foldTitle));
}

export function otherScriptFolded(w: FoldedTitle, record: readonly FoldedTitle[]): boolean {
  const scripts = record.map((title) => title.script).filter((s) => s !== undefined);
  return w.script !== undefined && scripts.length > 0 && !scripts.includes(w.script);
}

/** Whether so little is written that a title cannot be told from another (no word of two letters or a number). */
export function tooLittle(title: string | undefined): boolean {
  return !title || tooLittleFolded(foldTitle(title));
}

export function tooLittleFolded(title: FoldedTitle): boolean {
  return !title.full.some((word) => word.length >= 2 || /^[0-9]+$/.test(word));
}

/** `agree`: someone written is among the record's people; `disagree`: none is; `unknown`: one side names nobody. */
export type PeopleMatch = 'agree' | 'disagree' | 'unknown';

export function comparePeople(written: readonly string[], record: readonly string[]): PeopleMatch {
  return compareFoldedPeople(foldPeople(written), foldPeople(record));
}

/** People as the comparison sees them (`et al.` and empty names gone). */
export function foldPeople(names: readonly string[]): Person[] {
  return names.map(personOf).filter((p) => p !== undefined);
}

export function compareFoldedPeople(w: readonly Person[], r: readonly Person[]): PeopleMatch {
  if (w.length === 0 || r.length === 0) return 'unknown';
  return w.some((a) => r.some((b) => samePerson(a, b))) ? 'agree' : 'disagree';
}

export interface Person {
  /** The family name's words (particles dropped), or an organisation's words. */
  family: string[];
  /** Every word of the name. */
  words: Set<string>;
  /** The first given name's initial, when one is written. */
  initial?: string;
  /** The given names' words (of two letters or more). */
  given: string[];
  organisation: boolean;
}

const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'des', 'la', 'le', 'ten', 'ter', 'zu', 'dos', 'das', 'y', 'mac', 'st', 'jr', 'sr', 'ii', 'iii']);
const ORGANISATION_NOISE = new Set(['the', 'of', 'and', 'inc', 'ltd', 'llc', 'co', 'for', 'a']);

function personOf(name: string): Person | undefined {
  const flat = name.replace(/\s+/g, ' ').trim();
  if (!flat || /^(?:et al\.?|others)$/i.test(flat)) return undefined;
  const split = splitName(flat);
  const words = new Set(foldText(flat).split(' ').filter((w) => w.length > 1 && !PARTICLES.has(w)));
  if ('literal' in split) {
    // A single word is a family name; several that read as an organisation are one.
    const organisation = flat.includes(' ');
    const family = organisation ? [...words].filter((w) => !ORGANISATION_NOISE.has(w)) : foldText(flat).split(' ');
    return family.length > 0 ? { family, words, given: [], organisation } : undefined;
  }
  const family = foldText(split.family).split(' ').filter((w) => w && !PARTICLES.has(w));
  const given = split.given ? foldText(split.given) : '';
  const givenWords = given.split(' ').filter((w) => w.length > 1 && !PARTICLES.has(w));
  return family.length > 0 ? { family, words, initial: given[0], given: givenWords, organisation: false } : undefined;
}

/**
 * The same person: the family name's last word among the other's words (either way round, so
 * "Last, First", "First Last" and a name written family first all meet), and the first initials
 * alike where both give one; organisations by most of their words.
 */
function samePerson(a: Person, b: Person): boolean {
  if (a.organisation || b.organisation) {
    if (a.organisation && b.organisation) return similarity(a.family, b.family) >= 0.6;
    const person = a.organisation ? b : a;
    const organisation = a.organisation ? a : b;
    return person.family.every((w) => organisation.words.has(w));
  }
  const aLast = a.family[a.family.length - 1]!;
  const bLast = b.family[b.family.length - 1]!;
  if (aLast === bLast) {
    // Initials alike, or what one takes for a given name is a family name of the other ("García Márquez").
    const inOther = (x: Person, y: Person) => x.given.length > 0 && x.given.every((w) => y.words.has(w));
    return a.initial === undefined || b.initial === undefined || a.initial === b.initial || inOther(a, b) || inOther(b, a);
  }
  // A name written family first ("Murakami Haruki") against the same turned round.
  return b.words.has(aLast) && a.words.has(bLast);
}

/** An edition detail that differs: the field, as written, and what the record says. */
export interface Difference {
  field: 'year' | 'publisher' | 'edition' | 'binding';
  written: string;
  record: string;
}

export interface EditionRecord {
  year?: number;
  publisher?: string;
  edition?: string;
  binding?: string;
}

/** Words that tell nothing of which publisher: "Press", "Inc.", "Verlag". */
const PUBLISHER_NOISE = new Set(['press', 'publishing', 'publishers', 'publisher', 'pub', 'publ', 'inc', 'ltd', 'llc', 'co', 'company', 'corp', 'group', 'books', 'verlag', 'editions', 'editorial', 'editore', 'editori', 'edizioni', 'gmbh', 'ag', 'sa', 'the', 'of', 'and', 'sons', 'ptr', 'u', 'uitgeverij', 'editora', 'limited', 'house', 'media', 'international', 'intl', 'classics']);

/** The same publisher: after the words that name no one, one's words are among the other's, or they start alike. */
export function samePublisher(written: string, record: string): boolean {
  const words = (text: string) => foldWords(text).filter((w) => !PUBLISHER_NOISE.has(w));
  const w = words(written);
  const r = words(record);
  if (w.length === 0 || r.length === 0) return true;
  if (w[0] === r[0] || w.join('') === r.join('')) return true;
  // An acronym of the other's words: "ACM", "Association for Computing Machinery".
  const initials = (text: string) => {
    const words = foldWords(text);
    return [words.map((x) => x[0]).join(''), words.filter((x) => !['for', 'of', 'the', 'and'].includes(x)).map((x) => x[0]).join('')];
  };
  if (w.length === 1 && initials(record).includes(w[0]!)) return true;
  if (r.length === 1 && initials(written).includes(r[0]!)) return true;
  const rSet = new Set(r);
  const wSet = new Set(w);
  return w.every((x) => rSet.has(x)) || r.every((x) => wSet.has(x));
}

/** An edition's number as written ("2nd ed.", "Second", "2", "2. Auflage"), or undefined for "Reprint", "Revised". */
export function editionNumber(text: string): string | undefined {
  return foldWords(text).find((w) => /^[0-9]{1,3}$/.test(w));
}

const BINDINGS: ReadonlyArray<[string, RegExp]> = [
  ['paperback', /\b(?:paperback|paper|softcover|soft cover|pbk|broschiert|taschenbuch|tascabile|broche|rustica)\b/],
  ['hardcover', /\b(?:hardcover|hardback|hard cover|hbk|cloth|gebunden|relie|cartonato)\b/],
  ['ebook', /\b(?:ebook|e book|kindle|epub|electronic|digital)\b/],
  ['audio', /\b(?:audio|audiobook|audio cd|mp3)\b/],
];

function bindingKind(text: string): string | undefined {
  const folded = foldText(text);
  return BINDINGS.find(([, re]) => re.test(folded))?.[0];
}

/** Which of the written edition's details differ from the record's; only where both give one. */
export function editionDifferences(written: { year?: string; publisher?: string; edition?: string; binding?: string }, record: EditionRecord): Difference[] {
  const out: Difference[] = [];
  if (written.year && record.year !== undefined && Number(written.year) !== record.year) out.push({ field: 'year', written: written.year, record: String(record.year) });
  if (written.publisher && record.publisher && !samePublisher(written.publisher, record.publisher)) out.push({ field: 'publisher', written: written.publisher, record: record.publisher });
  if (written.edition && record.edition) {
    const w = editionNumber(written.edition);
    const r = editionNumber(record.edition);
    if (w !== undefined && r !== undefined && w !== r) out.push({ field: 'edition', written: written.edition, record: record.edition });
  }
  if (written.binding && record.binding) {
    const w = bindingKind(written.binding);
    const r = bindingKind(record.binding);
    if (w !== undefined && r !== undefined && w !== r) out.push({ field: 'binding', written: written.binding, record: record.binding });
  }
  return out;
}
