/**
 * The hovers' reference line: the book or entry in the user's citation style, with a "Copy" link
 * (`isbnLens.copyReference` with the reference as its argument), rendered when the book is known.
 * The hover never waits for the processor: the first one says the reference is on its way and the
 * processor is made once the hover has gone out (references.ts); the next hover has it. The
 * processor runs in a worker (core/host/citeprocWorker.ts): a hover waits for it at
 * most REFERENCE_WAIT_MS (then it says the reference is on its way), a failed worker gives no line,
 * and the copy commands say the references could not be formatted. Loads on first use
 * (referenceSlot.ts), with the processor's owner.
 */
import * as vscode from 'vscode';
import type { BibliographyEntry } from '../../core/formats/shared/entry';
import type { LookupResult } from '../../core/model/lookup';
import type { FoundEntry } from '../infrastructure/bibliographyStore';
import type { LookupService } from '../infrastructure/lookupService';
import { citationHoverMarkdown } from './citationHoverBody';
import type { Config } from '../infrastructure/config';
import { type Citable, References } from '../infrastructure/references';
import * as words from '../words/citation';
import { type CopyServices, copyBibliography, copyReference } from './commands/copyReference';

export const COPY_REFERENCE_COMMAND = 'isbnLens.copyReference';

/** How long a hover waits for a ready processor's reference (milliseconds in a worker that answers; longer only when it is started again). */
export const REFERENCE_WAIT_MS = 500;

/** What the Copy link hands the command: the reference, ready. */
export interface CopyArgs {
  references: Array<{ text: string; markdown: string }>;
}

/** A citation key's entry as the user's bibliography writes it; the book from the sources where the entry has no title. */
function entryCitable(entry: BibliographyEntry, result: LookupResult | undefined): Citable {
  return !entry.title && result?.status === 'found' ? { book: result.book, id: entry.key } : { entry };
}

/** The window's references, the hovers' line of them (and the citation key hover's body), and the copy commands. */
export class ReferenceLines extends References {
  constructor(config: Config) {
    super(config);
  }

  copyReference(services: CopyServices, args?: CopyArgs): Promise<void> {
    return saidIfFailed(copyReference(services, args));
  }

  copyBibliography(services: CopyServices): Promise<void> {
    return saidIfFailed(copyBibliography(services));
  }

  /** An ISBN's book: its reference after the hover's Markdown. */
  appendBook(markdown: vscode.MarkdownString, result: LookupResult, token: vscode.CancellationToken): Promise<void> {
    return result.status === 'found' ? this.append(markdown, { book: result.book }, token) : Promise.resolve();
  }

  /** A citation key's hover (citationHoverBody.ts) and its reference line. */
  async citationHover(found: FoundEntry, result: LookupResult | undefined, service: LookupService, token: vscode.CancellationToken): Promise<vscode.MarkdownString> {
    const markdown = citationHoverMarkdown(found, result, service);
    await this.append(markdown, entryCitable(found.entry, result), token);
    return markdown;
  }

  /** Appends the line (after a rule) and lets the Markdown run the Copy command; nothing when there is no reference. */
  private async append(markdown: vscode.MarkdownString, citable: Citable, token: vscode.CancellationToken): Promise<void> {
    const line = await this.line(citable, token);
    if (!line || token.isCancellationRequested) return;
    markdown.appendMarkdown(`\n\n---\n\n${line}`);
    const trusted = markdown.isTrusted;
    const commands = typeof trusted === 'object' ? trusted.enabledCommands : [];
    markdown.isTrusted = { enabledCommands: [...commands, COPY_REFERENCE_COMMAND] };
  }

  private async line(citable: Citable, token: vscode.CancellationToken): Promise<string | undefined> {
    // A failed processor gives no line; one that does not answer in time, the line that says it is on its way.
    const rendered = await withinWait(this.render([citable], true), token);
    if (token.isCancellationRequested || rendered === 'failed') return undefined;
    if (!rendered || rendered === 'late') return words.referenceLoading(this.styleName());
    const reference = rendered.references[0];
    if (!reference) return undefined;
    const args: CopyArgs = { references: [{ text: reference.text, markdown: reference.markdown }] };
    const link = `command:${COPY_REFERENCE_COMMAND}?${encodeURIComponent(JSON.stringify([args]))}`;
    return words.referenceLine(rendered.style, reference.markdown, link);
  }
}

/** The command, and a warning in place of an error when the processor failed (its worker crashed or hung). */
async function saidIfFailed(command: Promise<void>): Promise<void> {
  try {
    await command;
  } catch {
    void vscode.window.showWarningMessage(words.referenceFailed());
  }
}

/** `rendering`'s answer, 'failed' if it failed, 'late' if it did not come in REFERENCE_WAIT_MS or the hover closed first. */
function withinWait<T>(rendering: Promise<T>, token: vscode.CancellationToken): Promise<T | 'failed' | 'late'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done('late'), REFERENCE_WAIT_MS);
    const cancelled = token.onCancellationRequested(() => done('late'));
    function done(answer: T | 'failed' | 'late'): void {
      clearTimeout(timer);
      cancelled.dispose();
      resolve(answer);
    }
    rendering.then(done, () => done('failed'));
  });
}
