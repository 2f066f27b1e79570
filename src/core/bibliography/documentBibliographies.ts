/**
 * Which bibliographies a document names: `\bibliography{a,b}` and
 * `\addbibresource{x.bib}` in LaTeX; `bibliography:` (one file or a list)
 * and inline `references:` in the YAML front matter of Markdown, Quarto and
 * R Markdown. Pure: paths are returned as written, the editor resolves them.
 */
import { parseDocument, isSeq, isScalar } from 'yaml';
import { frontMatter } from '../formats/readingList/frontMatter';
import { bibliographyFormatOf, type BibliographyFormat } from '../documentKind/documentKind';

export interface NamedBibliography {
  /** As written; `\bibliography{refs}` names `refs.bib`, as BibTeX reads it. */
  path: string;
  /** Undefined for a name without a bibliography extension (`\addbibresource{/etc/passwd}`): never read. */
  format: BibliographyFormat | undefined;
  /** Offsets of the name in the document, for links and messages. */
  start: number;
  end: number;
}

export interface DocumentBibliographies {
  files: NamedBibliography[];
  /** The front matter holds its own `references:` (parse them with parseFrontMatterReferences). */
  inlineReferences: boolean;
}

const LATEX_BIBLIOGRAPHY = /\\(bibliography|addbibresource|addglobalbib|addsectionbib)\s*(?:\[[^\]\n]*\])?\s*\{([^}]*)\}/g;

export function namedBibliographies(text: string, syntax: 'latex' | 'pandoc'): DocumentBibliographies {
  return syntax === 'latex' ? latexBibliographies(text) : frontMatterBibliographies(text);
}

function latexBibliographies(text: string): DocumentBibliographies {
  const files: NamedBibliography[] = [];
  LATEX_BIBLIOGRAPHY.lastIndex = 0;
  for (let m; (m = LATEX_BIBLIOGRAPHY.exec(text)) !== null; ) {
    if (isCommentedOut(text, m.index)) continue;
    const argStart = m.index + m[0].length - 1 - m[2].length;
    // \bibliography takes a list without extensions; \addbibresource one file with its extension.
    const list = m[1] === 'bibliography' ? m[2] : m[2].replace(/,/g, '\u0000');
    const re = m[1] === 'bibliography' ? /[^,\s]+/g : /[^\u0000]+/g;
    for (let k; (k = re.exec(list)) !== null; ) {
      const written = k[0].trim();
      if (!written) continue;
      const path = m[1] === 'bibliography' && !/\.bib$/i.test(written) ? `${written}.bib` : written;
      const start = argStart + k.index + (k[0].length - k[0].trimStart().length);
      files.push({ path, format: bibliographyFormatOf(path), start, end: start + written.length });
    }
  }
  return { files, inlineReferences: false };
}

function isCommentedOut(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /(?:^|[^\\])%/.test(text.slice(lineStart, offset));
}

/** The YAML front matter block: its text and where it starts, or undefined. */
function frontMatterBibliographies(text: string): DocumentBibliographies {
  const front = frontMatter(text);
  if (!front) return { files: [], inlineReferences: false };
  const doc = parseDocument(front.yaml);
  const files: NamedBibliography[] = [];
  const value = doc.get('bibliography', true);
  for (const node of isSeq(value) ? value.items : [value]) {
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) continue;
    const format = bibliographyFormatOf(node.value);
    // The name's own offsets: inside quotes when it is quoted.
    const written = front.yaml.slice(node.range[0], node.range[1]);
    const inner = written.indexOf(node.value);
    const start = front.start + node.range[0] + Math.max(0, inner);
    files.push({ path: node.value, format, start, end: start + node.value.length });
  }
  return { files, inlineReferences: isSeq(doc.get('references', true)) };
}

/**
 * Whether a document's keys are looked for in every bibliography file of the workspace: only
 * when it names none and has no inline references, and only when it cites. LaTeX, Quarto and
 * R Markdown documents cite; a Markdown document cites when it shows itself a Pandoc document,
 * with a YAML front matter or a bracketed citation (`[@key]`, `[see @key, p. 3]`, `[-@key]`),
 * so that a mention such as `@octocat` in a README reads no file.
 */
export function searchesTheWorkspace(named: DocumentBibliographies, text: string, syntax: 'latex' | 'pandoc', languageId: string, fileName: string): boolean {
  if (named.files.length > 0 || named.inlineReferences) return false;
  if (syntax === 'latex' || ['quarto', 'rmd', 'rmarkdown'].includes(languageId) || /\.(?:qmd|rmd)$/i.test(fileName)) return true;
  return frontMatter(text) !== undefined || hasBracketedCitation(text);
}

/** `[…@key…]` not followed by `(`, `[` or `:` (a link `[@name](url)` is not a citation). Linear: brackets do not nest here. */
function hasBracketedCitation(text: string): boolean {
  const bracket = /\[([^[\]\n]*)\]/g;
  for (let m; (m = bracket.exec(text)) !== null; ) {
    const next = text[bracket.lastIndex];
    if (next === '(' || next === '[' || next === ':') continue;
    if (/(?:^|[\s;])-?@[\p{L}\p{N}_{]/u.test(m[1])) return true;
  }
  return false;
}
