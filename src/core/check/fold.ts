/**
 * Titles and names folded to what a comparison should see: the same book written as one
 * bibliography writes it and as a catalogue does. Case, punctuation, diacritics (NFKD, marks
 * stripped), HTML entities, Markdown emphasis, `&` for "and", numerals and ordinals as digits;
 * a title's leading article (English, German, French, Spanish, Italian, Dutch, Portuguese), its
 * subtitle, a series statement in brackets and a volume or edition statement set apart.
 * Pure functions, linear in the text.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  szlig: 'ß',
  aelig: 'æ',
  AElig: 'Æ',
  oelig: 'œ',
  OElig: 'Œ',
  eth: 'ð',
  thorn: 'þ',
};

const ENTITY_MARKS: Readonly<Record<string, string>> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  uml: '\u0308',
  tilde: '\u0303',
  cedil: '\u0327',
  ring: '\u030A',
  caron: '\u030C',
};

/** `&amp;`, `&eacute;`, `&#233;`, `&#xE9;` as the characters they name; an unknown name stays. */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text
    .replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const named = NAMED_ENTITIES[name];
    if (named !== undefined) return named;
    const accent = /^([a-zA-Z])(acute|grave|circ|uml|tilde|cedil|ring|caron)$/.exec(name);
    if (accent) return accent[1]! + ENTITY_MARKS[accent[2]!]!;
    if (name === 'oslash') return 'ø';
    if (name === 'Oslash') return 'Ø';
    return whole;
  })
    .normalize('NFC');
}

/** Letters NFKD does not take apart. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ĸ: 'k' };

const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(Object.entries({
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16', seventeen: '17', eighteen: '18', nineteen: '19', twenty: '20',
  first: '1', second: '2', third: '3', fourth: '4', fifth: '5', sixth: '6', seventh: '7', eighth: '8', ninth: '9', tenth: '10',
  thirty: '30', forty: '40', fifty: '50', sixty: '60', seventy: '70', eighty: '80', ninety: '90',
  eleventh: '11', twelfth: '12', thirteenth: '13', fourteenth: '14', fifteenth: '15', twentieth: '20',
  erste: '1', ersten: '1', zweite: '2', zweiten: '2', dritte: '3', dritten: '3', vierte: '4', funfte: '5',
  premier: '1', premiere: '1', deuxieme: '2', troisieme: '3', quatrieme: '4',
  primera: '1', primero: '1', segunda: '2', segundo: '2', tercera: '3', tercero: '3',
  prima: '1', primo: '1', seconda: '2', secondo: '2', terza: '3', terzo: '3',
}));

const ROMAN = /^(?=[ivxlc]{2,})c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/;

function romanValue(token: string): number {
  const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  for (let k = 0; k < token.length; k++) {
    const here = values[token[k]!]!;
    const next = values[token[k + 1] ?? ''] ?? 0;
    total += here < next ? -here : here;
  }
  return total;
}

/** Words after which a lone `i`, `v` or `x` is a numeral. */
const NUMBERED = new Set(['vol', 'volume', 'volumes', 'band', 'bd', 'tome', 'tomo', 'teil', 'part', 'pt', 'book', 'bk', 'no', 'number', 'nr', 'livre', 'libro', 'deel', 'chapter']);

/** Conjunctions and `&`: "War and Peace" is "War & Peace"; dropped in every language the articles cover. */
const CONJUNCTIONS = new Set(['and', 'und', 'et', 'y', 'e', 'en', 'og', 'och']);

/** Leading articles: English, German, French, Spanish, Italian, Dutch, Portuguese. */
const ARTICLES = new Set(['the', 'a', 'an', 'der', 'die', 'das', 'ein', 'eine', 'le', 'la', 'les', 'l', 'un', 'une', 'el', 'los', 'las', 'una', 'il', 'lo', 'i', 'gli', 'uno', 'de', 'het', 'een', 't', 'o', 'os', 'as', 'um', 'uma']);

/** Text as plain lower-case letters and digits: entities decoded, marks stripped, everything else a space. */
export function foldText(text: string): string {
  // Plain ASCII has no marks to strip nor entities to decode.
  if (/^[\x20-\x25\x27-\x7e]*$/.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return decodeHtmlEntities(text)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıĸ]/g, (c) => FOLDED_LETTERS[c] ?? c)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a folded text, numerals as digits (`2nd`, `second`, `II` → `2`), conjunctions dropped. */
export function foldWords(text: string): string[] {
  const raw = foldText(text).split(' ').filter(Boolean);
  const words: Array<{ word: string; spelled: boolean }> = [];
  for (let k = 0; k < raw.length; k++) {
    let word = raw[k]!;
    if (CONJUNCTIONS.has(word)) continue;
    const spelled = NUMBER_WORDS.has(word);
    const code = word.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      const ordinal = /^([0-9]+)(?:st|nd|rd|th|e|er|eme|re|o|a|te|ten)$/.exec(word);
      if (ordinal) word = ordinal[1]!;
      if (code === 48) word = word.replace(/^0+(?=[0-9])/, '');
    } else if (spelled) word = NUMBER_WORDS.get(word)!;
    else if (word.length <= 8 && /^[ivxlc]+$/.test(word) && (ROMAN.test(word) || (word.length === 1 && k > 0 && NUMBERED.has(raw[k - 1]!)))) word = String(romanValue(word));
    words.push({ word, spelled });
  }
  // Number words run together: "eighty four" is 84, then "nineteen 84" is 1984.
  const tens: typeof words = [];
  for (const w of words) {
    const previous = tens[tens.length - 1];
    if (w.spelled && previous?.spelled && /^[2-9]0$/.test(previous.word) && /^[1-9]$/.test(w.word)) previous.word = String(Number(previous.word) + Number(w.word));
    else tens.push({ ...w });
  }
  const out: string[] = [];
  for (let k = 0; k < tens.length; k++) {
    const w = tens[k]!;
    const next = tens[k + 1];
    if (w.spelled && next?.spelled && /^1[0-9]$|^[2-9][0-9]$/.test(w.word) && /^[1-9][0-9]$/.test(next.word)) {
      out.push(w.word + next.word);
      k++;
    } else out.push(w.word);
  }
  return out;
}

/** A title's words, set apart as the comparison needs them. */
export interface FoldedTitle {
  /** Every word but the leading article, the series statement and the volume and edition statements. */
  full: string[];
  /** The words before the subtitle. */
  main: string[];
  /** A volume (or part) number the title states. */
  volume?: string;
  /** The script most of its letters are in. */
  script?: string;
}

/** Where a subtitle starts: `:`, `.` then a space, a dash between spaces, `;`, `, or,`, and `/` (a catalogue's statement of responsibility, dropped). */
const SUBTITLE = /\s*(?::|\.\s|\s[-–—]\s|;|,\s*or,?\s)\s*/i;

/** An edition statement's words: "2nd edition", "revised ed.", "3. Auflage". */
const EDITION_WORDS = new Set(['edition', 'ed', 'edn', 'auflage', 'aufl', 'edicion', 'edizione', 'editie', 'edicao']);
const EDITION_KINDS = new Set(['revised', 'updated', 'expanded', 'new', 'rev', 'international', 'student', 'anniversary']);

export function foldTitle(title: string): FoldedTitle {
  let text = decodeHtmlEntities(title).replace(/[*_`]+/g, ' ');
  // A catalogue's statement of responsibility: "Title / by Author".
  text = text.replace(/\s\/\s.*$/, '');
  // Series statements in brackets at the end: "(Penguin Classics)", "[Lord of the Rings, 1]".
  for (let k = 0; k < 3; k++) text = text.replace(/\s*[([][^()[\]]*[)\]]\s*\.?$/, '');
  const script = scriptOf(text);
  const split = SUBTITLE.exec(text);
  const cut = split && split.index > 0 ? split.index : text.length;
  const mainWords = foldWords(text.slice(0, cut));
  const main = statements(mainWords);
  const full = cut < text.length ? statements([...mainWords, ...foldWords(text.slice(cut))]) : main;
  return { full: dropArticle(full.words), main: dropArticle(main.words), volume: full.volume, script };
}

/** The words without the volume and edition statements, and the volume's number. */
function statements(words: readonly string[]): { words: string[]; volume?: string } {
  const out: string[] = [];
  let volume: string | undefined;
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    const next = words[k + 1];
    if (word !== 'chapter' && NUMBERED.has(word) && next !== undefined && /^[0-9]+$/.test(next)) {
      volume ??= next;
      k++;
    } else if ((/^[0-9]+$/.test(word) || EDITION_KINDS.has(word)) && next !== undefined && EDITION_WORDS.has(next)) {
      k++;
    } else if (!EDITION_WORDS.has(word)) {
      out.push(word);
    }
  }
  return { words: out, volume };
}

function dropArticle(words: string[]): string[] {
  return words.length > 1 && ARTICLES.has(words[0]!) ? words.slice(1) : words;
}

const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
];

/** The script most of a text's letters are in; undefined without letters. */
export function scriptOf(text: string): string | undefined {
  if (/^[\x00-\x7f]*$/.test(text)) return /[a-zA-Z]/.test(text) ? 'Latin' : undefined;
  const counts = new Map<string, number>();
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    const script = SCRIPTS.find(([, re]) => re.test(char))?.[0] ?? 'Other';
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  let best: string | undefined;
  let most = 0;
  for (const [script, count] of counts) {
    if (count > most) {
      best = script;
      most = count;
    }
  }
  return best;
}
