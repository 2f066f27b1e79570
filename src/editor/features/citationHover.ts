/**
 * A citation key under the mouse (`\cite{key}`, `[@key]`…): the book of its
 * entry as an ISBN hover shows it, from the cache or one look-up through the
 * same queue, with the key and a link to the entry; without an ISBN, the
 * entry's own author, title and year. An unknown key gets no hover.
 */
import * as vscode from 'vscode';
import { citationAt } from '../../core/bibliography/citations';
import { citationSyntaxOf } from '../../core/documentKind/documentKind';
import type { LookupResult } from '../../core/model/lookup';
import type { BibliographyStore, FoundEntry } from '../infrastructure/bibliographyStore';
import type { LookupService } from '../infrastructure/lookupService';
import { HOVER_WAIT_MS, answerBy } from './hoverProvider';
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
    private readonly references: ReferenceSlot,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const cited = await citedEntry(this.store, document, position);
    if (!cited || token.isCancellationRequested) return undefined;
    const { found, range } = cited;
    const result = found.isbn13 ? await this.bookOf(found.isbn13, Date.now() + HOVER_WAIT_MS, token) : undefined;
    if (token.isCancellationRequested) return undefined;
    // Drawn by the lazily loaded part (citationHoverBody.ts, with the reference line): the store has loaded it by now.
    return new vscode.Hover(await (await this.references.get()).citationHover(found, result, this.service, token), range);
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
