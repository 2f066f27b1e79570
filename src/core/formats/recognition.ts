/**
 * How each format's files are recognised, one row per format (each its folder's `recognise.ts`):
 * cheap, with no parser, so the activation bundle holds it; `documentKind.ts` asks it which
 * format a document is. What each format does is in `registry.ts`, loaded on first use.
 */
import type { FormatId } from './formatId';
import { bibtexRecognition } from './bibtex/recognise';
import { cslJsonRecognition } from './cslJson/recognise';
import { cslYamlRecognition } from './cslYaml/recognise';
import { risRecognition } from './ris/recognise';
import { readingListRecognition } from './readingList/recognise';

/** The kinds a file's name or language id can say (see documentKind.ts's KIND_BY_NAME). */
export type NamedKind = 'bibtex' | 'ris' | 'json' | 'yaml' | 'markdown' | 'latex' | 'prose' | 'markup' | 'csv' | 'xml' | 'sql' | 'marc';

export interface FormatRecognition {
  readonly id: FormatId;
  /** The kinds of name or language id whose files are of this format. */
  readonly namedKinds: readonly NamedKind[];
  /** The extensions of a bibliography file of this format found in a workspace; none for reading lists. */
  readonly extensions: readonly string[];
  /** The text must confirm what the name says (a .json is CSL only when it looks like CSL data); `head`: its first characters. */
  confirms?(head: string): boolean;
  /** The text alone shows the format whatever the name says (a RIS record's first line). */
  shows?(text: string): boolean;
  /** Plain prose counts too (a .txt, or a file with no extension). */
  readonly prose?: boolean;
}

/** Bibliographies first: a file whose name says nothing is a reading list only when no bibliography shows in its text. */
export const FORMAT_RECOGNITIONS: readonly FormatRecognition[] = [bibtexRecognition, cslJsonRecognition, cslYamlRecognition, risRecognition, readingListRecognition];

export function recognitionOf(id: FormatId): FormatRecognition {
  return FORMAT_RECOGNITIONS.find((r) => r.id === id)!;
}

/** The names a bibliography may have; nothing else is read as one (see readPolicy). */
export const BIBLIOGRAPHY_EXTENSIONS: readonly string[] = FORMAT_RECOGNITIONS.flatMap((r) => r.extensions);

/** Every bibliography file of a workspace, for VS Code's search and file watcher. */
export const BIBLIOGRAPHY_GLOB = `**/*.{${BIBLIOGRAPHY_EXTENSIONS.join(',')}}`;
