/**
 * The citation key hover's Markdown (citationHover.ts finds the key and its entry): the book of the
 * entry as an ISBN hover shows it, or the entry's own author, title and year with why it shows no
 * book; the key and a link to the entry; the reference line. Loads on first use with the
 * references (referenceLine.ts): the key's store has loaded the lazy bundle by the time it draws.
 */
import * as vscode from 'vscode';
import type { BibliographyEntry } from '../../core/formats/shared/entry';
import { escapeMarkdown } from '../../core/format/markdown';
import { parseIsbn } from '../../core/isbn/parse';
import type { LookupResult } from '../../core/model/lookup';
import type { FoundEntry } from '../infrastructure/bibliographyStore';
import type { LookupService } from '../infrastructure/lookupService';
import * as words from '../words/index';
import * as commandWords from '../words/commands';
import * as citationWords from '../words/citation';

/** The hover's body and the key's place, before the reference line. */
export function citationHoverMarkdown(found: FoundEntry, result: LookupResult | undefined, service: LookupService): vscode.MarkdownString {
  const sources = result?.status === 'found' ? words.sourcesLine(result) : undefined;
  const body = result?.status === 'found' ? words.bookHover(result.book) + words.sourcesMarkdown(sources) : entryMarkdown(found.entry, noBookNote(found.isbn13, result, service));
  const markdown = new vscode.MarkdownString(`${body}\n\n---\n\n${whereMarkdown(found)}`);
  markdown.supportHtml = false;
  return markdown;
}

/** Why an entry with an ISBN shows its own fields instead of the book. */
function noBookNote(isbn13: string | undefined, result: LookupResult | undefined, service: LookupService): string | undefined {
  if (!isbn13) return undefined;
  if (!result) return words.lookingUp(parseIsbn(isbn13)?.hyphenated13 ?? isbn13);
  if (result.status === 'notFound') return words.sentence(commandWords.noBook(result, isbn13));
  if (result.status === 'failed') return citationWords.citationLookupFailed(service.describeFrom(result.source, result.error));
  return undefined;
}

function entryMarkdown(entry: BibliographyEntry, note?: string): string {
  const parts = [`**${escapeMarkdown(entry.title ?? citationWords.noTitle())}**`];
  const people = entry.authors.length > 0 ? entry.authors : entry.editors.map(citationWords.editorName);
  if (people.length > 0) parts.push(escapeMarkdown(people.join('; ')));
  if (entry.year) parts.push(escapeMarkdown(entry.year));
  if (note) parts.push(`*${escapeMarkdown(note)}*`);
  return parts.join('  \n');
}

function whereMarkdown(found: FoundEntry): string {
  const line = found.entry.line + 1;
  const link = found.uri.with({ fragment: `L${line}` }).toString();
  const name = vscode.workspace.asRelativePath(found.uri, false);
  return citationWords.citeKeyAt(found.entry.key, name, line, link);
}
