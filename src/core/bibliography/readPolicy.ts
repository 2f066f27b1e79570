/**
 * What ISBN Lens reads as a bibliography, decided here and nowhere else:
 * - only names with a bibliography extension (.bib, .bibtex, .json, .yaml, .yml, .ris);
 * - in Restricted Mode only files inside a workspace folder, symbolic links resolved where the
 *   file system can say where they lead (a trusted workspace may name a central library anywhere);
 * - only regular files (never a FIFO, a device or a directory), asked before anything is read,
 *   and at most MAX_BIBLIOGRAPHY_BYTES;
 * - a .json or .yaml file only when its first bytes look like CSL data;
 * - a citation style (`isbnLens.citation.style`) only by a `.csl` name, by the same rules of
 *   place and kind, and at most MAX_STYLE_FILE_BYTES (readStyleFile).
 * The sequence runs over injected file access: the editor gives it VS Code's file system, the
 * tests a real folder with FIFOs and symbolic links. No `vscode` import.
 */
import { type BibliographyFormat, bibliographyFormatOf, textConfirms } from '../documentKind/documentKind';
import { recognitionOf } from '../formats/recognition';

/**
 * 128 MiB: more than twice the largest real libraries (a 50,000-entry Zotero export is ~50 MB),
 * and low enough that the file's text and its index (several times the text) fit in the
 * extension host's memory; a file larger than this is not a library someone edits by hand.
 */
export const MAX_BIBLIOGRAPHY_BYTES = 128 * 1024 * 1024;

/** How much of a .json or .yaml file is read to tell CSL data from package.json or a CI file. */
export const CSL_HEAD_BYTES = 16 * 1024;

export interface FileFacts {
  kind: 'file' | 'directory' | 'other';
  size: number;
}

/** How the policy reaches files; `F` is the caller's name for a file (a URI in the editor). */
export interface BibliographyFileAccess<F> {
  /** Where the file is, comparable with the scope's folders (`scheme://authority/path`). */
  location(file: F): string;
  /** The text of the file open in the editor, if it is open. */
  openText(file: F): string | undefined;
  /** Kind and size, following symbolic links; undefined when the file does not exist. */
  stat(file: F): Promise<FileFacts | undefined>;
  /** The location with every symbolic link resolved, or undefined where the file system cannot say. */
  realLocation(file: F): Promise<string | undefined>;
  /** The first bytes of the file, as text. */
  readHead(file: F, bytes: number): Promise<string>;
  readText(file: F): Promise<string>;
}

export interface ReadScope {
  /** A trusted workspace: named files may lie anywhere. */
  trusted: boolean;
  /** The workspace folders' locations, as written and with symbolic links resolved. */
  folders: readonly string[];
  realFolders: readonly string[];
}

/**
 * Why the policy does not read a file, as a value: the editor's words say it (words/index.ts,
 * `readRefusal`). `unreadable`'s `cause` is the file system's own message, passed on as it came.
 */
export type Refusal =
  /** The name says no bibliography (`.bib`, `.json`…), or, for a citation style (`style`), no `.csl`. */
  | { refused: 'notABibliographyName'; style: boolean }
  | { refused: 'outsideTheWorkspace'; throughLink: boolean }
  | { refused: 'missing' }
  | { refused: 'notARegularFile'; folder: boolean }
  | { refused: 'tooLarge'; megabytes: number }
  | { refused: 'notCsl' }
  | { refused: 'unreadable'; cause: string };

export type Reading = { text: string; format: BibliographyFormat } | Refusal;

export function isInside(location: string, folders: readonly string[]): boolean {
  return folders.some((folder) => location === folder || location.startsWith(folder.endsWith('/') ? folder : `${folder}/`));
}

/** The text of a bibliography file and its format (by its name), or why the policy does not read it. Never throws. */
export async function readBibliographyFile<F>(file: F, scope: ReadScope, access: BibliographyFileAccess<F>): Promise<Reading> {
  const location = access.location(file);
  const format = bibliographyFormatOf(location);
  if (!format) return { refused: 'notABibliographyName', style: false };
  try {
    const outside = await outsideScope(file, location, scope, access);
    if (outside) return outside;
    const open = access.openText(file);
    if (open !== undefined) return !textConfirms(format, open) ? { refused: 'notCsl' } : { text: open, format };
    const unfit = await unfitFile(file, access, MAX_BIBLIOGRAPHY_BYTES);
    if (unfit) return unfit;
    if (recognitionOf(format).confirms && !textConfirms(format, await access.readHead(file, CSL_HEAD_BYTES))) return { refused: 'notCsl' };
    return { text: await access.readText(file), format };
  } catch (e) {
    return { refused: 'unreadable', cause: e instanceof Error ? e.message : String(e) };
  }
}

/** A CSL style is a few hundred KB; a file of many MB named .csl is none. */
export const MAX_STYLE_FILE_BYTES = 4 * 1024 * 1024;

/**
 * The text of a citation style file (`.csl`), or why it is not read: the same rules of place
 * (Restricted Mode: inside the workspace folders) and kind (a regular file, asked first) as a
 * bibliography, at most MAX_STYLE_FILE_BYTES. The text is data for the CSL processor's XML parser
 * (core/citation/styleText.ts says what it must be). Never throws.
 */
export async function readStyleFile<F>(file: F, scope: ReadScope, access: BibliographyFileAccess<F>): Promise<{ text: string } | Refusal> {
  const location = access.location(file);
  if (!/\.csl$/i.test(location)) return { refused: 'notABibliographyName', style: true };
  try {
    const outside = await outsideScope(file, location, scope, access);
    if (outside) return outside;
    const open = access.openText(file);
    if (open !== undefined) return open.length > MAX_STYLE_FILE_BYTES ? tooLarge(MAX_STYLE_FILE_BYTES) : { text: open };
    const unfit = await unfitFile(file, access, MAX_STYLE_FILE_BYTES);
    if (unfit) return unfit;
    return { text: await access.readText(file) };
  } catch (e) {
    return { refused: 'unreadable', cause: e instanceof Error ? e.message : String(e) };
  }
}

async function outsideScope<F>(file: F, location: string, scope: ReadScope, access: BibliographyFileAccess<F>): Promise<Refusal | undefined> {
  if (scope.trusted) return undefined;
  if (!isInside(location, scope.folders)) return { refused: 'outsideTheWorkspace', throughLink: false };
  const real = await access.realLocation(file);
  if (real !== undefined && !isInside(real, scope.realFolders)) return { refused: 'outsideTheWorkspace', throughLink: true };
  return undefined;
}

/** Missing, not a regular file, or larger than `maxBytes`: asked of the file system before anything is read. */
async function unfitFile<F>(file: F, access: BibliographyFileAccess<F>, maxBytes: number): Promise<Refusal | undefined> {
  const facts = await access.stat(file);
  if (!facts) return { refused: 'missing' };
  if (facts.kind !== 'file') return { refused: 'notARegularFile', folder: facts.kind === 'directory' };
  if (facts.size > maxBytes) return tooLarge(maxBytes);
  return undefined;
}

function tooLarge(maxBytes: number): Refusal {
  return { refused: 'tooLarge', megabytes: maxBytes / 1024 / 1024 };
}
