/**
 * "Copy Reference" (`isbnLens.copyReference`): the ISBN or citation key at the cursor, or every
 * one in the selection, and "Copy Bibliography of File" (`isbnLens.copyBibliography`): every ISBN
 * and citation key of the file (every entry of a bibliography file), as a bibliography in the
 * user's citation style and the style's order. On the clipboard as plain text, or with Markdown
 * emphasis when the active document is Markdown. ISBNs are looked up through the same queue as
 * Look Up All (with its progress and cancel); the hover's Copy link hands the reference ready.
 */
import * as vscode from 'vscode';
import { citationAt, citationsIn } from '../../../core/bibliography/citations';
import { citationSyntaxOf, formatOf } from '../../../core/documentKind/documentKind';
import { findIsbns } from '../../../core/isbn/find';
import type { BibliographyStore } from '../../infrastructure/bibliographyStore';
import type { DocumentIsbns } from '../../infrastructure/documentIsbns';
import { type DocumentReadings } from '../../infrastructure/documentReadings';
import type { LookupService } from '../../infrastructure/lookupService';
import { lookupWithinQuota } from '../../infrastructure/lookupWithinQuota';
import type { Citable } from '../../infrastructure/references';
import type { ReferenceSlot } from '../referenceSlot';
import type { CopyArgs } from '../referenceLine';
import * as words from '../../words/citation';
import { hasEntries } from '../../../core/formats/formatId';

export interface CopyServices {
  isbns: DocumentIsbns;
  service: LookupService;
  readings: DocumentReadings;
  bibliographies: BibliographyStore;
  references: ReferenceSlot;
}

/** What is cited, in the order written: an ISBN (its ISBN-13) or a citation key, with its place. */
type Cited = { isbn13: string; at: number } | { key: string; at: number };

export async function copyReference(services: CopyServices, args?: CopyArgs): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (args && Array.isArray(args.references)) {
    await copy(args.references, editor?.document);
    return;
  }
  if (!editor) {
    void vscode.window.showInformationMessage(words.noEditor());
    return;
  }
  const document = editor.document;
  const cited = editor.selections.some((s) => !s.isEmpty)
    ? editor.selections.flatMap((s) => citedIn(document, document.offsetAt(s.start), document.offsetAt(s.end)))
    : citedAt(services, document, editor.selection.active);
  await copyCited(services, document, cited);
}

export async function copyBibliography(services: CopyServices): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(words.noEditor());
    return;
  }
  const document = editor.document;
  const format = formatOf(document, document.getText());
  if (format && hasEntries(format)) {
    // A bibliography file: its entries, each from its own fields.
    const entries = (await services.readings.of(document, format)).entries();
    if (entries.length === 0) {
      void vscode.window.showInformationMessage(words.nothingInFile());
      return;
    }
    await render(services, entries.map((entry) => ({ entry })), 0, document);
    return;
  }
  await copyCited(services, document, citedIn(document, 0, document.getText().length));
}

function citedAt(services: CopyServices, document: vscode.TextDocument, position: vscode.Position): Cited[] {
  const isbn = services.isbns.at(document, position);
  if (isbn?.valid && isbn.info) return [{ isbn13: isbn.info.isbn13, at: document.offsetAt(position) }];
  const syntax = citationSyntaxOf(document);
  const citation = syntax ? citationAt(document.getText(), document.offsetAt(position), syntax) : undefined;
  return citation ? [{ key: citation.key, at: citation.start }] : [];
}

/** The valid ISBNs and citation keys between two offsets, in the order written. */
function citedIn(document: vscode.TextDocument, start: number, end: number): Cited[] {
  const text = document.getText().slice(start, end);
  const out: Cited[] = [];
  for (const match of findIsbns(text, { repeats: true })) if (match.valid && match.info) out.push({ isbn13: match.info.isbn13, at: start + match.start });
  const syntax = citationSyntaxOf(document);
  if (syntax) for (const c of citationsIn(text, syntax)) out.push({ key: c.key, at: start + c.start });
  return out.sort((a, b) => a.at - b.at);
}

async function copyCited(services: CopyServices, document: vscode.TextDocument, cited: readonly Cited[]): Promise<void> {
  // Each once, in the order first written.
  const seen = new Set<string>();
  const unique = cited.filter((c) => {
    const id = 'isbn13' in c ? `isbn:${c.isbn13}` : `key:${c.key}`;
    return seen.has(id) ? false : (seen.add(id), true);
  });
  if (unique.length === 0) {
    void vscode.window.showInformationMessage(words.nothingAtCursor());
    return;
  }
  const syntax = citationSyntaxOf(document);
  const keyed = await Promise.all(unique.map(async (c) => ('key' in c && syntax ? await services.bibliographies.find(document, c.key, syntax) : undefined)));
  const isbns = unique.flatMap((c) => ('isbn13' in c ? [c.isbn13] : []));
  const results = isbns.length > 0 ? await lookupWithinQuota(services.service, isbns, words.progressTitle(isbns.length)) : new Map();
  if (!results) {
    void vscode.window.showInformationMessage(words.cancelled());
    return;
  }
  const citables: Citable[] = [];
  let missing = 0;
  unique.forEach((c, i) => {
    if ('isbn13' in c) {
      const result = results.get(c.isbn13);
      if (result?.status === 'found') citables.push({ book: result.book });
      else missing++;
      return;
    }
    const found = keyed[i];
    if (found) citables.push({ entry: found.entry });
    else missing++;
  });
  await render(services, citables, missing, document);
}

async function render(services: CopyServices, citables: readonly Citable[], missing: number, document: vscode.TextDocument): Promise<void> {
  if (citables.length === 0) {
    void vscode.window.showInformationMessage(missing > 0 ? words.someNotFound(missing) : words.nothingAtCursor());
    return;
  }
  const rendered = await (await services.references.get()).render(citables);
  if (!rendered) return;
  await copy(rendered.references, document, missing);
}

async function copy(references: ReadonlyArray<{ text: string; markdown: string }>, document: vscode.TextDocument | undefined, missing = 0): Promise<void> {
  const markdown = ['markdown', 'quarto', 'rmd'].includes(document?.languageId ?? '');
  const lines = references.map((r) => (markdown ? r.markdown : r.text));
  // A Markdown bibliography: one paragraph per reference.
  await vscode.env.clipboard.writeText(lines.join(markdown ? '\n\n' : '\n') + '\n');
  const said = words.referenceCopied(lines.length);
  void vscode.window.showInformationMessage(missing > 0 ? `${said} ${words.someNotFound(missing)}` : said);
}
