/**
 * What is said of a file the read policy does not read (a bibliography a document names, a
 * citation style): loaded with the reading, never at activation (src/lazyModules.ts).
 */
import * as vscode from 'vscode';
import type { Refusal } from '../../core/bibliography/readPolicy';
import { count } from './index';

/** Why the read policy does not read a file (a bibliography, a citation style), as a clause: "it is a folder". */
export function readRefusal(refusal: Refusal): string {
  switch (refusal.refused) {
    case 'notABibliographyName':
      return refusal.style
        ? vscode.l10n.t('a citation style file is named .csl')
        : vscode.l10n.t('its name has no bibliography extension (.bib, .bibtex, .json, .yaml, .yml, .ris)');
    case 'outsideTheWorkspace':
      return refusal.throughLink
        ? vscode.l10n.t('it leads out of the workspace folder, which Restricted Mode does not read')
        : vscode.l10n.t('Restricted Mode reads nothing outside the workspace folder');
    case 'missing':
      return vscode.l10n.t('there is no such file');
    case 'notARegularFile':
      return refusal.folder ? vscode.l10n.t('it is a folder') : vscode.l10n.t('it is not a regular file (a pipe or a device)');
    case 'tooLarge':
      return vscode.l10n.t('it is larger than {0} MB', count(refusal.megabytes));
    case 'notCsl':
      return vscode.l10n.t('it does not look like CSL data');
    case 'unreadable':
      return refusal.cause;
  }
}

/** The log's line for a bibliography that is not read, and why. */
export function bibliographyNotRead(path: string, refusal: Refusal): string {
  return vscode.l10n.t('Bibliography {0} is not read: {1}.', path, readRefusal(refusal));
}
