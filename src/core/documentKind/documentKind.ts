/**
 * What kind of document a file is, from its name, its language id and its
 * text: the one place that decides, for the finder (prose or which kind of
 * data, see textShape.ts), Annotate, the duplicate check, citation keys and
 * Insert Entry (which bibliography format, if any). A language id that an
 * extension or the user set wins; plain text says nothing, and then the name
 * tells (VS Code has no language for .csv, .tsv, .ris or .mrk); the text tells
 * last. Pure: no `vscode` import, and none of the parsers: deciding is cheap.
 */
import type { BibliographyFormatId as BibliographyFormat, FormatId } from '../formats/formatId';
import { FORMAT_RECOGNITIONS, type FormatRecognition, type NamedKind, recognitionOf } from '../formats/recognition';
import { sniffShape, type TextShape } from '../isbn/textShape';

import type { CitationSyntax } from '../bibliography/citations';

export type { BibliographyFormatId as BibliographyFormat, FormatId } from '../formats/formatId';

/** A document as the editor knows it (a `vscode.TextDocument` is one). */
export interface DocumentName {
  readonly fileName?: string;
  readonly languageId?: string;
}

/** How Annotate writes into a file: Markdown-style notes in prose, a bibliography's own fields. */
export type AnnotationFormat = FormatId;

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

// ---- bibliographies and reading lists: each format's recognition (formats/recognition.ts) ----

/** The bibliography format a file's name says, or undefined for names no bibliography has (BIBLIOGRAPHY_EXTENSIONS only). */
export function bibliographyFormatOf(fileName: string): BibliographyFormat | undefined {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]!.toLowerCase() ?? '';
  const named = kindOfFileName(fileName);
  return FORMAT_RECOGNITIONS.find((r): r is FormatRecognition & { id: BibliographyFormat } => r.extensions.includes(extension) && named !== undefined && r.namedKinds.includes(named))?.id;
}

/**
 * The bibliography format of a document by its language, name and text: the format its name
 * says where the text confirms it (CSL data in a .json or .yaml), else one its text shows (a
 * RIS record's first line). Undefined for anything else.
 */
export function bibliographyFormat(doc: DocumentName, text = ''): BibliographyFormat | undefined {
  const format = formatOf(doc, text);
  return format === 'markdown' ? undefined : format;
}

/** How much of a text is enough to tell CSL data from package.json or a CI file. */
const HEAD_CHARS = 4000;

/** Whether a bibliography file's text (its first characters are enough) confirms what its name says (CSL data in a .json or .yaml). */
export function textConfirms(format: BibliographyFormat, text: string): boolean {
  return recognitionOf(format).confirms?.(text.slice(0, HEAD_CHARS)) ?? true;
}

/**
 * The format of a document: a bibliography's (its name says it and its text confirms it, or
 * its text shows it), else a reading list for Markdown and plain prose; undefined for any other
 * file (a JSON or YAML file that is not CSL is none).
 */
export function formatOf(doc: DocumentName, text = ''): FormatId | undefined {
  const named = namedKind(doc);
  const byName = named && FORMAT_RECOGNITIONS.find((r) => r.namedKinds.includes(named));
  if (byName && byName.id !== 'markdown') return (byName.confirms?.(text.slice(0, HEAD_CHARS)) ?? true) ? byName.id : undefined;
  const shown = FORMAT_RECOGNITIONS.find((r) => r.shows?.(text));
  if (shown) return shown.id;
  if (byName) return byName.id;
  return FORMAT_RECOGNITIONS.find((r) => r.prose && plainProse(doc))?.id;
}

/** The citation syntax of a document by its language or name; undefined where citations are not looked for. */
export function citationSyntaxOf(doc: DocumentName): CitationSyntax | undefined {
  const named = namedKind(doc);
  return named === 'latex' ? 'latex' : named === 'markdown' ? 'pandoc' : undefined;
}
