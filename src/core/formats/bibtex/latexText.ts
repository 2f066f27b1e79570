/**
 * A BibTeX value as the text it prints: LaTeX's accents (`{\"u}`, `\'e`, `\c{c}`), special
 * letters (`\ss`, `\o`, `\ae`), escapes (`\&`, `\%`), dashes (`--`, `---`), quotes (``` `` ```,
 * `''`), ties (`~`), formatting commands (`\emph{…}`, `\textbf{…}`, `{\em …}`) and protective
 * braces, decoded. Linear in the value; an unknown command keeps its argument and loses its
 * name. Only what a bibliography's titles and names use: no macros, no math beyond its `$`.
 */

/** Accents written with a symbol (`\"u`) or a letter (`\c{c}`), as combining marks. */
const ACCENT_MARKS: Readonly<Record<string, string>> = {
  '"': '\u0308',
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  u: '\u0306',
  v: '\u030C',
  H: '\u030B',
  c: '\u0327',
  k: '\u0328',
  r: '\u030A',
  d: '\u0323',
  b: '\u0331',
};

/** Commands that stand for a letter or a sign. */
const LETTERS: Readonly<Record<string, string>> = {
  ss: 'ß',
  o: 'ø',
  O: 'Ø',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  aa: 'å',
  AA: 'Å',
  l: 'ł',
  L: 'Ł',
  i: 'i',
  j: 'j',
  dh: 'ð',
  DH: 'Ð',
  th: 'þ',
  TH: 'Þ',
  textendash: '–',
  textemdash: '—',
  textquoteright: '’',
  textquoteleft: '‘',
  textquotedblleft: '“',
  textquotedblright: '”',
  ldots: '…',
  dots: '…',
  textellipsis: '…',
  TeX: 'TeX',
  LaTeX: 'LaTeX',
  BibTeX: 'BibTeX',
  textregistered: '®',
  texttrademark: '™',
  copyright: '©',
  S: '§',
  P: '¶',
};

/** Commands whose argument is no printed text (`\noopsort{a}`: a sort key). */
const DROPS_ARGUMENT = new Set(['noopsort', 'nocite']);

export function latexToText(value: string): string {
  // Most values (years, publishers, plain titles) have nothing to decode.
  if (!/[\\{}~$`'-]/.test(value)) return value.replace(/\s+/g, ' ').trim();
  return decode(value).normalize('NFC').replace(/\s+/g, ' ').trim();
}

function decode(value: string): string {
  let out = '';
  let i = 0;
  while (i < value.length) {
    const c = value[i]!;
    if (c === '\\') {
      const next = value[i + 1];
      if (next === undefined) break;
      if (/[a-zA-Z]/.test(next)) {
        const name = /^[a-zA-Z]+/.exec(value.slice(i + 1, i + 40))![0];
        let at = i + 1 + name.length;
        // A command word eats the spaces after it.
        while (value[at] === ' ') at++;
        if (name.length === 1 && ACCENT_MARKS[name] && (value[at] === '{' || /[a-zA-Z\\]/.test(value[at] ?? ''))) {
          const { text, end } = argument(value, at);
          out += accented(text, ACCENT_MARKS[name]!);
          i = end;
        } else if (LETTERS[name] !== undefined) {
          out += LETTERS[name];
          i = at;
          if (value[i] === '{' && value[i + 1] === '}') i += 2; // `\ss{}`
        } else if (DROPS_ARGUMENT.has(name) && value[at] === '{') {
          i = argument(value, at).end;
        } else {
          // `\emph{x}`, `\textbf{x}`, `\relax`, an unknown command: its name goes, its argument stays (braces go below).
          i = at;
        }
      } else if (ACCENT_MARKS[next] !== undefined && /[\p{L}{\\ ]/u.test(value[i + 2] ?? '')) {
        const { text, end } = argument(value, i + 2);
        out += accented(text, ACCENT_MARKS[next]!);
        i = end;
      } else {
        // `\&`, `\%`, `\{`, `\ `: the character itself.
        out += next === ',' || next === ';' || next === ' ' || next === '\n' ? ' ' : next === '-' || next === '/' ? '' : next;
        i += 2;
      }
    } else if (c === '{' || c === '}' || c === '$') {
      i++;
    } else if (c === '~') {
      out += ' ';
      i++;
    } else if (c === '-' && value[i + 1] === '-') {
      const em = value[i + 2] === '-';
      out += em ? '—' : '–';
      i += em ? 3 : 2;
    } else if (c === '`' && value[i + 1] === '`') {
      out += '“';
      i += 2;
    } else if (c === "'" && value[i + 1] === "'") {
      out += '”';
      i += 2;
    } else {
      // A run of characters with nothing to decode, taken whole.
      let j = i + 1;
      while (j < value.length && !SPECIAL.has(value[j]!)) j++;
      out += value.slice(i, j);
      i = j;
    }
  }
  return out;
}

/** Where a run of plain characters ends. */
const SPECIAL = new Set(['\\', '{', '}', '$', '~', '-', '`', "'"]);

/** The argument of an accent at `at`: a brace group (decoded), a command letter (`\i`), or one character. */
function argument(value: string, at: number): { text: string; end: number } {
  let k = at;
  while (value[k] === ' ') k++;
  if (value[k] === '{') {
    let depth = 0;
    for (let j = k; j < value.length; j++) {
      if (value[j] === '\\') j++;
      else if (value[j] === '{') depth++;
      else if (value[j] === '}' && --depth === 0) return { text: decode(value.slice(k + 1, j)), end: j + 1 };
    }
    return { text: decode(value.slice(k + 1)), end: value.length };
  }
  if (value[k] === '\\') {
    const name = /^[a-zA-Z]+/.exec(value.slice(k + 1, k + 40))?.[0];
    if (name) return { text: LETTERS[name] ?? name, end: k + 1 + name.length };
  }
  return { text: value[k] ?? '', end: Math.min(k + 1, value.length) };
}

/** The mark after the first letter of `text`. */
function accented(text: string, mark: string): string {
  if (text === '') return '';
  const first = Array.from(text)[0]!;
  return first + mark + text.slice(first.length);
}
