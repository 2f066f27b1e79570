/**
 * Books and bibliography entries as CSL-JSON items, the data a CSL processor formats: a book from
 * the sources as a `book` (author, editor, translator, issued, publisher, edition, number of pages,
 * series, ISBN); an entry of a file from its own fields, as its format's part maps it (formats/<name>/csl.ts).
 */
import { formatPart } from '../formats/registry';
import { type CslItem, cslDate, cslEdition, cslName, put } from '../formats/shared/csl';
import type { BibliographyEntry } from '../formats/shared/entry';
import { hyphenateIsbn } from '../isbn/parse';
import type { Book } from '../model/book';

export { type CslDate, type CslItem, type CslName, cslDate, cslEdition, cslName } from '../formats/shared/csl';

/** A book from the sources as a CSL `book`; `id` defaults to its ISBN-13. */
export function bookCsl(book: Book, id = book.isbn13): CslItem {
  const item: CslItem = { id, type: 'book', title: book.title };
  if (book.authors.length > 0) item.author = book.authors.map(cslName);
  const editors = (book.contributors ?? []).filter((c) => c.role === 'editor').map((c) => cslName(c.name));
  const translators = (book.contributors ?? []).filter((c) => c.role === 'translator').map((c) => cslName(c.name));
  if (editors.length > 0) item.editor = editors;
  if (translators.length > 0) item.translator = translators;
  put(item, 'issued', cslDate(book.datePublished, book.year));
  put(item, 'publisher', book.publisher);
  put(item, 'edition', cslEdition(book.edition));
  if (book.pages) item['number-of-pages'] = String(book.pages);
  if (book.series) {
    // "Edition Suhrkamp ; 2456": the series and the book's number in it.
    const [title, number] = book.series.split(/\s*;\s*/);
    put(item, 'collection-title', title);
    put(item, 'collection-number', number);
  }
  put(item, 'language', book.language);
  item.ISBN = hyphenateIsbn(book.isbn13) ?? book.isbn13;
  return item;
}

/** An entry of a bibliography file as a CSL item, as its format maps it; `id` defaults to its key. */
export function entryCsl(entry: BibliographyEntry, id = entry.key || `entry-${entry.line + 1}`): CslItem {
  return formatPart(entry.format).cslItem(entry, id);
}
