/** What the user reads for each source (`BookSource.name`), in hovers, the log and messages. */
export const SOURCE_TITLES: Readonly<Record<string, string>> = {
  isbndb: 'ISBNdb',
  openLibrary: 'Open Library',
  googleBooks: 'Google Books',
  dnb: 'Deutsche Nationalbibliothek',
  k10plus: 'K10plus',
  lobid: 'lobid',
  bnf: 'BnF',
  loc: 'Library of Congress',
};

/** The short name the log's routing line uses ("978-3…: asking DNB, then K10plus"). */
export const SOURCE_SHORT_TITLES: Readonly<Record<string, string>> = { dnb: 'DNB', loc: 'LoC' };

export function sourceShortTitle(name: string): string {
  return SOURCE_SHORT_TITLES[name] ?? sourceTitle(name);
}

export function sourceTitle(name: string): string {
  return SOURCE_TITLES[name] ?? name;
}
