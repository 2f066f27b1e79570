/**
 * Citation keys in a document: LaTeX `\cite…{a,b}` commands (natbib and
 * BibLaTeX forms, starred, with optional arguments) and Pandoc citations
 * (`[@key]`, `[see @key, p. 3; @other]`, `@key`, `[-@key]`, `@{key}`), as
 * Pandoc, Quarto and R Markdown write them. Pure: no `vscode` import.
 */
import { lazy } from '../lazy';

/** Which documents use which is decided in documentKind/documentKind.ts (citationSyntaxOf). */
export type CitationSyntax = 'latex' | 'pandoc';

export interface Citation {
  key: string;
  /** UTF-16 offsets of the key itself: text.slice(start, end) === key. */
  start: number;
  end: number;
}

// \cite, \citep, \citet, \citeauthor…, \parencite, \textcite, \autocite, \footcite, \fullcite, \nocite,
// \smartcite, \supercite and their capitalised and starred forms; then up to two [optional] arguments.
const LATEX_CITE = /\\(?:[Cc]ite(?!style)[a-z]*|[Pp]arencite|[Tt]extcite|[Aa]utocite|[Ff]ootcite(?:text)?|[Ff]ullcite|[Ss]martcite|[Ss]upercite|nocite)\*?(?:\s*\[[^\]\n]*\]){0,2}\s*\{([^}]*)\}/g;

// A Pandoc key starts with a letter, digit or `_` and may hold internal punctuation (:.#$%&-+?<>~/)
// followed by a letter or digit; `@{…}` braces any key. Not after a word character (e-mail addresses).
// Made on first use from a string, see lazy(): V8 checks a regex literal when it compiles the file,
// which for `\p{…}` costs as much as making it.
const pandocCite = lazy(() => new RegExp(String.raw`(?<![\p{L}\p{N}_.+\-@])-?@(?:\{([^{}\s]+)\}|([\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*))`, 'gu'));

/** Every citation key in the text, in order. */
export function citationsIn(text: string, syntax: CitationSyntax): Citation[] {
  return syntax === 'latex' ? latexCitations(text) : pandocCitations(text);
}

/** The citation key at `offset` (inside it or right after it), or undefined. */
export function citationAt(text: string, offset: number, syntax: CitationSyntax): Citation | undefined {
  // Only the text around the offset is scanned, so that a hover never reads a whole long document:
  // Pandoc citations sit on one line; a LaTeX command may run over a few.
  let from: number;
  let to: number;
  if (syntax === 'pandoc') {
    from = text.lastIndexOf('\n', offset - 1) + 1;
    to = text.indexOf('\n', offset);
    if (to < 0) to = text.length;
  } else {
    from = Math.max(0, offset - LATEX_REACH);
    to = Math.min(text.length, offset + LATEX_REACH);
  }
  for (const citation of citationsIn(text.slice(from, to), syntax)) {
    const start = citation.start + from;
    const end = citation.end + from;
    if (start <= offset && offset <= end) return { key: citation.key, start, end };
  }
  return undefined;
}

/** How far around an offset a LaTeX citation command is looked for. */
const LATEX_REACH = 600;

function latexCitations(text: string): Citation[] {
  const out: Citation[] = [];
  LATEX_CITE.lastIndex = 0;
  for (let m; (m = LATEX_CITE.exec(text)) !== null; ) {
    const argStart = m.index + m[0].length - 1 - m[1].length;
    // Keys are comma-separated and may be padded with spaces or line breaks.
    const re = /[^,\s%]+/g;
    for (let k; (k = re.exec(m[1])) !== null; ) {
      if (k[0] === '*') continue; // \nocite{*}: every entry, no key
      out.push({ key: k[0], start: argStart + k.index, end: argStart + k.index + k[0].length });
    }
  }
  return out;
}

function pandocCitations(text: string): Citation[] {
  const out: Citation[] = [];
  const pattern = pandocCite();
  pattern.lastIndex = 0;
  for (let m; (m = pattern.exec(text)) !== null; ) {
    const key = m[1] ?? m[2];
    const end = m.index + m[0].length - (m[1] !== undefined ? 1 : 0);
    out.push({ key, start: end - key.length, end });
  }
  return out;
}
