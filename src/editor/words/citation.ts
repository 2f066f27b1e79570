/**
 * The words of references in a citation style: the hover's line, Copy Reference and Copy
 * Bibliography of File, and what is said of a style that cannot be used. Every sentence through
 * `vscode.l10n.t`, as in index.ts.
 */
import * as vscode from 'vscode';
import type { Refusal } from '../../core/bibliography/readPolicy';
import type { StyleProblem } from '../../core/citation/styleText';
import type { BundledStyle } from '../../core/citation/styles';
import { readRefusal } from './files';
import { escapeMarkdown } from '../../core/format/markdown';

/** A bundled style's name as its users know it. */
export function styleName(style: BundledStyle): string {
  switch (style) {
    case 'apa':
      return 'APA';
    case 'chicago-author-date':
      return vscode.l10n.t('Chicago (author-date)');
    case 'chicago-notes-bibliography':
      return vscode.l10n.t('Chicago (notes and bibliography)');
    case 'modern-language-association':
      return 'MLA';
    case 'ieee':
      return 'IEEE';
    case 'harvard-cite-them-right':
      return vscode.l10n.t('Harvard (Cite Them Right)');
    case 'vancouver':
      return 'Vancouver';
  }
}

/** The hover's line: "APA: Kernighan, B. W., … [Copy](…)"; `reference` is Markdown already. */
export function referenceLine(style: string, reference: string, copyLink: string): string {
  return vscode.l10n.t('{0}: {1} [Copy]({2})', `*${style}*`, reference, copyLink);
}

/** The Copy link's tooltip-free label, for a hover still waiting on the processor. */
export function referenceLoading(style: string): string {
  return vscode.l10n.t('{0}: the reference is being formatted; hover again in a moment.', `*${style}*`);
}

/** Copy Reference or Copy Bibliography, when the CSL processor failed (its worker crashed or hung): the next try starts it again. */
export function referenceFailed(): string {
  return vscode.l10n.t('The references could not be formatted. Try again.');
}

export function referenceCopied(count: number): string {
  return count === 1 ? vscode.l10n.t('Reference copied.') : vscode.l10n.t('{0} references copied.', count);
}

export function nothingAtCursor(): string {
  return vscode.l10n.t('No ISBN or citation key at the cursor or in the selection.');
}

export function nothingInFile(): string {
  return vscode.l10n.t('No ISBN or citation key in this file.');
}

export function noEditor(): string {
  return vscode.l10n.t('Open a file to copy references from.');
}

/** Some ISBNs had no book: the references of the others were copied. */
export function someNotFound(count: number): string {
  return count === 1 ? vscode.l10n.t('1 ISBN or key has no book or entry and was left out.') : vscode.l10n.t('{0} ISBNs or keys have no book or entry and were left out.', count);
}

/** The progress of Copy Reference's look-ups. */
export function progressTitle(count: number): string {
  return vscode.l10n.t('Looking up {0} ISBNs for their references…', count);
}

export function cancelled(): string {
  return vscode.l10n.t('Copying the references was cancelled.');
}

/** `isbnLens.citation.style` names a file that cannot be used: what is wrong, and that APA is used meanwhile. */
export function styleUnusable(path: string, problem: StyleProblem | 'unreadable' | 'noPath' | Refusal): string {
  const reason = (() => {
    if (typeof problem === 'object') return readRefusal(problem);
    switch (problem) {
      case 'tooLarge':
        return vscode.l10n.t('it is too large for a citation style');
      case 'notXml':
        return vscode.l10n.t('it is not XML');
      case 'notCsl':
        return vscode.l10n.t('it is not a CSL style');
      case 'doctype':
        return vscode.l10n.t('it declares a document type, which a CSL style never needs');
      case 'unreadable':
        return vscode.l10n.t('the CSL processor could not read it');
      case 'noPath':
        return vscode.l10n.t('it cannot be read');
    }
  })();
  return vscode.l10n.t('The citation style {0} cannot be used: {1}. ISBN Lens uses APA meanwhile.', path, reason);
}

// ─── The citation-key hover ─────────────────────────────────────────────────────────────────

/** The citation hover's note when the entry's ISBN has no book: the failure, said. */
export function citationLookupFailed(failure: string): string {
  return vscode.l10n.t('The book could not be looked up: {0}', failure);
}

/** The citation hover's last line: where the entry is (Markdown; the link is built by the caller). */
export function citeKeyAt(key: string, file: string, line: number, link: string): string {
  return vscode.l10n.t('Cite key {0} in [{1}:{2}]({3})', escapeMarkdown(key), escapeMarkdown(file), line, link);
}

/** An editor among an entry's people: "Name (ed.)". */
export function editorName(name: string): string {
  return vscode.l10n.t('{0} (ed.)', name);
}

/** The title of an entry without one. */
export function noTitle(): string {
  return vscode.l10n.t('(no title)');
}
