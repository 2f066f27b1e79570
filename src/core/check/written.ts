/**
 * What an entry writes about its book, whatever its format: the title (a part's book title,
 * for a chapter), the people, the year, publisher, edition and binding. BibTeX values come
 * decoded from LaTeX by the reading; CSL, RIS and reading lists as written (HTML entities and
 * Markdown emphasis are folded by the comparison).
 */
import type { BibliographyEntry } from '../formats/shared/entry';

export interface Written {
  title?: string;
  /** People as written, `et al.` left out: authors, else (an edited volume, a part's book) editors. */
  people: string[];
  year?: string;
  publisher?: string;
  edition?: string;
  binding?: string;
}

/** The first of several field names that has a value. */
function first(entry: BibliographyEntry, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = (entry.field ? entry.field(name) : entry.fields.get(name))?.trim();
    if (value) return value;
  }
  return undefined;
}

/** `part`: the entry is part of a book (a chapter) and carries the book's ISBN: its book's title and editors are compared. */
export function writtenOf(entry: BibliographyEntry, part = false): Written {
  const f = entry;
  let title: string | undefined;
  let people: string[];
  if (part) {
    title = first(f, 'booktitle', 'container-title', 't2', 'bt');
    people = entry.editors;
  } else {
    title = entry.title?.trim();
    const subtitle = first(f, 'subtitle');
    if (title && subtitle && entry.format === 'bibtex') title = `${title}: ${subtitle}`;
    people = entry.authors.length > 0 ? [...entry.authors, ...entry.editors] : entry.editors;
  }
  if (entry.format === 'markdown') people = people.flatMap(splitWrittenNames);
  return {
    title: title || undefined,
    people: people.filter((name) => !/^(?:et al\.?|others|and others|u\.\s?a\.)$/i.test(name.trim())),
    year: entry.year,
    publisher: first(f, 'publisher', 'pb'),
    edition: first(f, 'edition', 'et'),
    binding: first(f, 'binding', 'medium'),
  };
}

/** A reading list's one author string as names: "Kernighan and Ritchie", "A & B", "A; B", "A, B, and C". */
export function splitWrittenNames(text: string): string[] {
  return text
    .replace(/,?\s+(?:et al\.?|and others)\s*$/i, '')
    .split(/\s*;\s*|\s+(?:and|&|und|et|y)\s+|,\s*(?:and|&)\s+/i)
    .map((name) => name.trim())
    .filter(Boolean);
}
