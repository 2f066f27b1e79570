/**
 * A citation key under the mouse (`\cite{key}`, `[@key]`…): the book of its
 * entry as an ISBN hover shows it, from the cache or one look-up through the
 * same queue, with the key and a link to the entry; without an ISBN, the
 * entry's own author, title and year. An unknown key gets no hover.
 */
import * as vscode from 'vscode';
import { citationAt } from '../../core/bibliography/citations';
import { citationSyntaxOf } from '../../core/documentKind/documentKind';
import type { BibliographyEntry } from '../../core/formats/shared/entry';
import { escapeMarkdown } from '../../core/format/markdown';
import type { LookupResult } from '../../core/model/lookup';
import type { BibliographyStore, FoundEntry } from '../infrastructure/bibliographyStore';
import type { LookupService } from '../infrastructure/lookupService';
import { HOVER_WAIT_MS, answerBy } from './hoverProvider';
import * as words from '../words/index';
import { parseIsbn } from '../../core/isbn/parse';
import type { ReferenceSlot } from './referenceSlot';

/** Documents whose citations are looked for (see citationSyntaxOf): by language, and by name where no extension gives the language. */
export const CITING_DOCUMENTS: vscode.DocumentFilter[] = [
  ...['latex', 'tex', 'markdown', 'quarto', 'rmd', 'rmarkdown', 'pandoc'].map((language) => ({ language })),
  { pattern: '**/*.{tex,ltx,qmd,rmd,Rmd}' },
];

export class CitationHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly store: BibliographyStore,
    private readonly service: LookupService,
    private readonly references?: ReferenceSlot,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const cited = await citedEntry(this.store, document, position);
    if (!cited || token.isCancellationRequested) return undefined;
    const { found, range } = cited;
    const deadline = Date.now() + HOVER_WAIT_MS;
    const result = found.isbn13 ? await this.bookOf(found.isbn13, deadline, token) : undefined;
    if (token.isCancellationRequested) return undefined;
    const sources = result?.status === 'found' ? words.sourcesLine(result) : undefined;
    const body =
      result?.status === 'found' ? words.bookHover(result.book) + words.sourcesMarkdown(sources) : entryMarkdown(found.entry, this.noBookNote(found.isbn13, result));
    const markdown = new vscode.MarkdownString(`${body}\n\n---\n\n${whereMarkdown(found)}`);
    markdown.supportHtml = false;
    await (await this.references?.get())?.appendEntry(markdown, found.entry, result, token);
    return new vscode.Hover(markdown, range);
  }

  /** Why an entry with an ISBN shows its own fields instead of the book. */
  private noBookNote(isbn13: string | undefined, result: LookupResult | undefined): string | undefined {
    if (!isbn13) return undefined;
    if (!result) return words.lookingUp(parseIsbn(isbn13)?.hyphenated13 ?? isbn13);
    if (result.status === 'notFound') return words.sentence(words.noBook(result, isbn13));
    if (result.status === 'failed') return words.citationLookupFailed(this.service.describeFrom(result.source, result.error));
    return undefined;
  }

  /** The book from the cache, else one urgent look-up, waited on up to the hover's budget. */
  private bookOf(isbn13: string, deadline: number, token: vscode.CancellationToken): Promise<LookupResult | undefined> {
    return answerBy(this.service, isbn13, 'bulk', deadline, token);
  }
}

/** Go to Definition on a citation key: its entry. */
export class CitationDefinitionProvider implements vscode.DefinitionProvider {
  constructor(private readonly store: BibliographyStore) {}

  async provideDefinition(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Location | undefined> {
    const found = (await citedEntry(this.store, document, position))?.found;
    if (!found) return undefined;
    const target = await vscode.workspace.openTextDocument(found.uri);
    const { keyStart, keyEnd, start } = found.entry;
    const range = keyEnd > keyStart ? new vscode.Range(target.positionAt(keyStart), target.positionAt(keyEnd)) : new vscode.Range(target.positionAt(start), target.positionAt(start));
    return new vscode.Location(found.uri, range);
  }
}

async function citedEntry(store: BibliographyStore, document: vscode.TextDocument, position: vscode.Position): Promise<{ found: FoundEntry; range: vscode.Range } | undefined> {
  const syntax = citationSyntaxOf(document);
  if (!syntax) return undefined;
  const citation = citationAt(document.getText(), document.offsetAt(position), syntax);
  if (!citation) return undefined;
  const found = await store.find(document, citation.key, syntax);
  if (!found) return undefined;
  return { found, range: new vscode.Range(document.positionAt(citation.start), document.positionAt(citation.end)) };
}

function entryMarkdown(entry: BibliographyEntry, note?: string): string {
  const parts = [`**${escapeMarkdown(entry.title ?? words.noTitle())}**`];
  const people = entry.authors.length > 0 ? entry.authors : entry.editors.map(words.editorName);
  if (people.length > 0) parts.push(escapeMarkdown(people.join('; ')));
  if (entry.year) parts.push(escapeMarkdown(entry.year));
  if (note) parts.push(`*${escapeMarkdown(note)}*`);
  return parts.join('  \n');
}

function whereMarkdown(found: FoundEntry): string {
  const line = found.entry.line + 1;
  const link = found.uri.with({ fragment: `L${line}` }).toString();
  const name = vscode.workspace.asRelativePath(found.uri, false);
  return words.citeKeyAt(found.entry.key, name, line, link);
}
