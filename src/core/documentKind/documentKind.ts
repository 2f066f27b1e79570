/**
 * What kind of document a file is, from its name, its language id and its
 * text: the one place that decides, for the finder (prose or which kind of
 * data, see textShape.ts), Annotate, the duplicate check, citation keys and
 * Insert Entry (which bibliography format, if any). A language id that an
 * extension or the user set wins; plain text says nothing, and then the name
 * tells (VS Code has no language for .csv, .tsv, .ris or .mrk); the text tells
 * last. Pure: no `vscode` import, and none of the parsers: deciding is cheap.
 */
import { BIBLIOGRAPHY_EXTENSIONS, type BibliographyFormat } from '../bibliography/format';
import { RIS_START, sniffShape, type TextShape } from './textShape';

import type { CitationSyntax } from '../bibliography/citations';

export type { BibliographyFormat } from '../bibliography/format';

/** A document as the editor knows it (a `vscode.TextDocument` is one). */
export interface DocumentName {
  readonly fileName?: string;
  readonly languageId?: string;
}

/** How Annotate writes into a file: Markdown-style notes in prose, a bibliography's own fields. */
export type AnnotationFormat = 'markdown' | BibliographyFormat;

/** What a name or a language id says. `prose`: plain text (.txt); `markup`: other prose formats (HTML, reStructuredText…). */
type NamedKind = 'bibtex' | 'ris' | 'json' | 'yaml' | 'markdown' | 'latex' | 'prose' | 'markup' | 'csv' | 'xml' | 'sql' | 'marc';

// Language ids (VS Code's and common extensions') and file extensions, one table.
const KIND_BY_NAME: Record<string, NamedKind> = {
  bibtex: 'bibtex', biblatex: 'bibtex', bib: 'bibtex',
  ris: 'ris',
  json: 'json', jsonc: 'json', jsonl: 'json', ndjson: 'json', json5: 'json',
  yaml: 'yaml', yml: 'yaml',
  markdown: 'markdown', md: 'markdown', mdown: 'markdown', mkd: 'markdown', quarto: 'markdown', qmd: 'markdown',
  rmd: 'markdown', rmarkdown: 'markdown', pandoc: 'markdown',
  latex: 'latex', tex: 'latex', ltx: 'latex',
  txt: 'prose', text: 'prose',
  restructuredtext: 'markup', rst: 'markup', asciidoc: 'markup', adoc: 'markup', org: 'markup', html: 'markup', htm: 'markup', xhtml: 'markup',
  xml: 'xml', xsl: 'xml', rdf: 'xml', marcxml: 'xml', onix: 'xml', opf: 'xml',
  csv: 'csv', tsv: 'csv', tab: 'csv', 'csv (semicolon)': 'csv', 'csv (pipe)': 'csv', psv: 'csv',
  sql: 'sql', mysql: 'sql', pgsql: 'sql', postgres: 'sql', sqlite: 'sql',
  mrk: 'marc', marc: 'marc', mrc: 'marc', marc21: 'marc',
};

/** `.bibtex` as well as `.bib`: both name BibTeX files. */
const EXTENSION_ALIASES: Record<string, string> = { bibtex: 'bib' };

/** The kind a language id says (not plain text, which says nothing), else the file's extension. */
function namedKind(doc: DocumentName): NamedKind | undefined {
  const language = doc.languageId?.toLowerCase();
  const byLanguage = language && language !== 'plaintext' ? KIND_BY_NAME[language] : undefined;
  return byLanguage ?? kindOfFileName(doc.fileName ?? '');
}

function kindOfFileName(fileName: string): NamedKind | undefined {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1).toLowerCase();
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const extension = base.slice(dot + 1);
  return KIND_BY_NAME[EXTENSION_ALIASES[extension] ?? extension];
}

/** Plain text named .txt or .text, or with no dot in its name (an untitled file, README), counts as prose. */
function plainProse(doc: DocumentName): boolean {
  if ((doc.languageId ?? 'plaintext') !== 'plaintext') return false;
  const base = (doc.fileName ?? '').replace(/^.*[\\/]/, '');
  return !base.includes('.') || kindOfFileName(base) === 'prose';
}

// ---- the finder ---------------------------------------------------------------------

/** The finder's kind for a named kind; plain text (.txt) says nothing: a catalogue display or a CSV may be saved so. */
const SHAPE_OF: Record<NamedKind, TextShape['kind'] | undefined> = {
  bibtex: 'text', markdown: 'text', latex: 'text', prose: undefined, markup: 'text',
  ris: 'ris', json: 'json', yaml: 'yaml', csv: 'csv', xml: 'xml', sql: 'sql', marc: 'marc',
};

/**
 * The finder's shape of a document whose text starts with `head`: the kind its
 * language id or name says (a CSV's header still read, and prose that turns
 * out to be delimited data is data), else what the text itself shows.
 */
export function documentShape(doc: DocumentName, head: string, wider?: () => string): TextShape {
  const named = namedKind(doc);
  return sniffShape(head, named && SHAPE_OF[named], wider);
}

// ---- bibliographies, Annotate, citation keys ---------------------------------------------------

/** The bibliography format a file's name says, or undefined for names no bibliography has (only BIBLIOGRAPHY_EXTENSIONS). */
export function bibliographyFormatOf(fileName: string): BibliographyFormat | undefined {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1].toLowerCase();
  if (!(BIBLIOGRAPHY_EXTENSIONS as readonly string[]).includes(extension ?? '')) return undefined;
  return bibliographyFormatOfKind(kindOfFileName(fileName));
}

function bibliographyFormatOfKind(kind: NamedKind | undefined): BibliographyFormat | undefined {
  switch (kind) {
    case 'bibtex':
    case 'ris':
      return kind;
    case 'json':
      return 'csl-json';
    case 'yaml':
      return 'csl-yaml';
    default:
      return undefined;
  }
}

/**
 * Whether a .json or .yaml text looks like CSL data (an array of items, or
 * Pandoc's `references:`, with `id` and `type`), so that package.json or a
 * CI file is never taken for a bibliography.
 */
export function looksLikeCsl(text: string, format: 'csl-json' | 'csl-yaml'): boolean {
  const head = text.slice(0, 4000);
  if (format === 'csl-json') return /^\s*\[/.test(head) && /"id"\s*:/.test(head) && /"type"\s*:/.test(head);
  return /^(?:references\s*:|-\s+id\s*:|\s+-?\s*id\s*:)/m.test(head) && /^\s*-?\s*type\s*:/m.test(head);
}

/**
 * The bibliography format of a document by its language, name and text: BibTeX
 * and RIS by name (RIS by its first line too), CSL JSON and YAML when the
 * text is CSL data. Undefined for anything else.
 */
export function bibliographyFormat(doc: DocumentName, text = ''): BibliographyFormat | undefined {
  const format = bibliographyFormatOfKind(namedKind(doc));
  if (format === 'csl-json' || format === 'csl-yaml') return looksLikeCsl(text, format) ? format : undefined;
  return format ?? (RIS_START.test(text) ? 'ris' : undefined);
}

/**
 * Which annotation style a file gets: a bibliography its own fields; Markdown
 * and plain prose a note after each ISBN; any other file nothing (undefined).
 */
export function annotationFormat(doc: DocumentName, text = ''): AnnotationFormat | undefined {
  const named = namedKind(doc);
  if (named === 'json' || named === 'yaml') return bibliographyFormat(doc, text);
  const bibliography = bibliographyFormat(doc, text);
  if (bibliography) return bibliography;
  return named === 'markdown' || plainProse(doc) ? 'markdown' : undefined;
}

/** The citation syntax of a document by its language or name; undefined where citations are not looked for. */
export function citationSyntaxOf(doc: DocumentName): CitationSyntax | undefined {
  const named = namedKind(doc);
  return named === 'latex' ? 'latex' : named === 'markdown' ? 'pandoc' : undefined;
}
