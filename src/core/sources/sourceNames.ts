/** What the user reads for each source (`BookSource.name`), in hovers, the log and messages. */
export const SOURCE_TITLES: Readonly<Record<string, string>> = {
  isbndb: 'ISBNdb',
  openLibrary: 'Open Library',
  googleBooks: 'Google Books',
};

export function sourceTitle(name: string): string {
  return SOURCE_TITLES[name] ?? name;
}
