/**
 * The words of finding a book (issue 36): Find Book's quick picks, a work's editions, Show Other
 * Editions, Find Missing ISBNs, the quick fix and the hover's editions line. Loaded on first use
 * with those commands; every sentence through `vscode.l10n.t`, as in index.ts.
 */
import * as vscode from 'vscode';
import type { Edition, WorkHit } from '../../core/model/works';
import { hyphenateIsbn } from '../../core/isbn/parse';

/** A language's name in the display language (`fr` → "French", "Französisch"), else its code. */
export function languageName(code: string | undefined): string | undefined {
  if (!code) return undefined;
  try {
    return new Intl.DisplayNames([vscode.env.language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function isbnText(edition: Edition): string | undefined {
  return edition.isbn13 && (hyphenateIsbn(edition.isbn13) ?? edition.isbn13);
}

export const find = {
  title: () => vscode.l10n.t('ISBN Lens: Find Book'),
  placeholder: () => vscode.l10n.t('Type a title, an author or both, e.g. “little prince saint-exupéry”'),
  searching: () => vscode.l10n.t('Searching…'),
  nothingFound: (text: string) => vscode.l10n.t('Nothing found for “{0}”. Try other words.', text),
  noSource: () => vscode.l10n.t('Neither Open Library nor Google Books is among the sources chosen in “isbnLens.sources”: nothing can be searched.'),
  googleSkipped: (text: string) => vscode.l10n.t('Open Library found nothing for “{0}”, and Google Books cannot be asked now.', text),
  found: (count: number, total: number | undefined) =>
    total !== undefined && total > count ? vscode.l10n.t('{0} of {1} works: Enter to see the editions', count, total) : vscode.l10n.t('{0} works: Enter to see the editions', count),
  workLabel: (work: WorkHit) => (work.subtitle ? vscode.l10n.t('{0}: {1}', work.title, work.subtitle) : work.title),
  workDescription: (work: WorkHit) => {
    const authors = work.authors.length > 3 ? vscode.l10n.t('{0} and others', work.authors.slice(0, 3).join(', ')) : work.authors.join(', ');
    return work.firstYear ? vscode.l10n.t('{0} · first published {1}', authors, String(work.firstYear)) : authors;
  },
  workDetail: (work: WorkHit) => {
    const count = work.editionCount === undefined ? '' : work.editionCount === 1 ? vscode.l10n.t('1 edition') : vscode.l10n.t('{0} editions', work.editionCount);
    return work.source === 'googleBooks' ? vscode.l10n.t('{0} (Google Books)', count || vscode.l10n.t('1 edition')) : count;
  },
  failed: (message: string) => vscode.l10n.t('ISBN Lens: the search failed: {0}', message),
};

export const editions = {
  title: (work: WorkHit) => vscode.l10n.t('Editions of “{0}”', work.title),
  loading: () => vscode.l10n.t('Loading the editions…'),
  shown: (count: number, total: number | undefined) =>
    total !== undefined && total > count
      ? vscode.l10n.t('{0} of {1} editions, your language first: type to filter, Enter to choose', count, total)
      : vscode.l10n.t('{0} editions, your language first: type to filter, Enter to choose', count),
  label: (edition: Edition) => (edition.year ? vscode.l10n.t('{0} ({1})', edition.title, String(edition.year)) : edition.title),
  description: (edition: Edition) =>
    [edition.publisher, languageName(edition.language), edition.binding, edition.pages ? vscode.l10n.t('{0} pages', edition.pages) : undefined].filter(Boolean).join(' · '),
  detail: (edition: Edition) => (isbnText(edition) ? vscode.l10n.t('ISBN {0}', isbnText(edition)!) : vscode.l10n.t('$(circle-slash) No ISBN')),
  current: () => vscode.l10n.t('$(check) the edition written here'),
  loadMore: () => vscode.l10n.t('$(ellipsis) More editions…'),
  none: () => vscode.l10n.t('Open Library lists no editions of this work.'),
  noIsbn: () => vscode.l10n.t('ISBN Lens: this edition has no ISBN; choose another.'),
  failed: (message: string) => vscode.l10n.t('ISBN Lens: the editions could not be loaded: {0}', message),
};

export const write = {
  whatToDo: (title: string) => vscode.l10n.t('What to do with “{0}”', title),
  insertEntry: () => vscode.l10n.t('$(insert) Insert an entry for it here'),
  insertItem: () => vscode.l10n.t('$(insert) Add it to this list'),
  insertIsbn: () => vscode.l10n.t('$(insert) Insert its ISBN at the cursor'),
  copyIsbn: () => vscode.l10n.t('$(copy) Copy ISBN'),
  added: (title: string) => vscode.l10n.t('ISBN Lens: added “{0}” to the list.', title),
  fileChanged: () => vscode.l10n.t('ISBN Lens: the file changed meanwhile; nothing was written. Run the command again.'),
};

export const showEditions = {
  noIsbn: () => vscode.l10n.t('ISBN Lens: there is no ISBN there any more.'),
  noWork: (isbn: string) => vscode.l10n.t('ISBN Lens: Open Library knows no work for {0}.', isbn),
  useThis: () => vscode.l10n.t('$(replace) Use this edition'),
  copyIsbn: () => vscode.l10n.t('$(copy) Copy ISBN'),
  same: () => vscode.l10n.t('ISBN Lens: that is the edition already written here.'),
  replaced: (old: string, replacement: string) => vscode.l10n.t('ISBN Lens: {0} replaced by {1}.', old, replacement),
  refreshQuestion: (fields: string) => vscode.l10n.t('The old edition’s record filled {0} in this entry. Refresh them from the new edition?', fields),
  refresh: () => vscode.l10n.t('Refresh'),
  keep: () => vscode.l10n.t('Keep as written'),
  field: (name: 'year' | 'publisher' | 'edition' | 'binding') => {
    switch (name) {
      case 'year':
        return vscode.l10n.t('the year');
      case 'publisher':
        return vscode.l10n.t('the publisher');
      case 'edition':
        return vscode.l10n.t('the edition');
      case 'binding':
        return vscode.l10n.t('the binding');
    }
  },
};

export const missing = {
  title: () => vscode.l10n.t('ISBN Lens: Find Missing ISBNs'),
  notBibliography: () => vscode.l10n.t('ISBN Lens: Find Missing ISBNs works in BibTeX, CSL-JSON, CSL-YAML and RIS files.'),
  none: () => vscode.l10n.t('ISBN Lens: every book entry of this file has an ISBN.'),
  progress: (count: number) => vscode.l10n.t('ISBN Lens: looking for the ISBNs of {0} entries', count),
  placeholder: () => vscode.l10n.t('Tick the ISBNs to write into their entries; nothing else is written'),
  entryLabel: (key: string, title: string) => (key ? vscode.l10n.t('{0}: {1}', key, title) : title),
  proposal: (edition: Edition) =>
    [isbnText(edition), edition.publisher, edition.year ? String(edition.year) : undefined, languageName(edition.language), edition.binding].filter(Boolean).join(' · '),
  noProposals: (count: number) => vscode.l10n.t('ISBN Lens: no edition agrees with the {0} entries that lack an ISBN (title, authors and year).', count),
  wrote: (count: number) => (count === 1 ? vscode.l10n.t('ISBN Lens: wrote 1 ISBN.') : vscode.l10n.t('ISBN Lens: wrote {0} ISBNs.', count)),
  notAsked: (count: number) => vscode.l10n.t('{0} entries could not be searched (the sources could not be asked).', count),
  quickFix: () => vscode.l10n.t('Find this book’s ISBN…'),
  noEntry: () => vscode.l10n.t('ISBN Lens: the entry is no longer there.'),
  wroteOne: (isbn: string) => vscode.l10n.t('ISBN Lens: wrote {0} into the entry.', isbn),
};

/** The hover's line: "14 editions of this work" (its link opens them). */
export const hoverLine = {
  editions: (count: number) => vscode.l10n.t('{0} editions of this work', count),
  tooltip: () => vscode.l10n.t('Show the other editions of this work'),
};
