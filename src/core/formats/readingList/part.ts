/** Markdown and plain-text reading lists as a format part (see formats/part.ts): a note after each ISBN; a new item written as the list's others. */
import { repeatedIsbns } from '../shared/duplicates';
import type { FormatPart } from '../part';
import { WholeTextReading } from '../shared/documentReading';
import { annotateMarkdown, markdownIsbns } from './annotate';
import { readingListItem } from './newItem';
import { readReadingList } from './read';
import { withCommon } from '../shared/csl';

export const readingListFormat: FormatPart = {
  id: 'markdown',
  entryKind: 'isbn',
  reading: (text) => new WholeTextReading(text, readReadingList),
  normalKey: (key) => key,
  isPart: () => false,
  refusal: () => undefined,
  cslItem: (entry, id) => withCommon({ id, type: 'book' }, entry),
  isbnsToAnnotate: (reading) => markdownIsbns(reading.text),
  fill: (reading, results, _mode, options) => annotateMarkdown(reading.text, results, options.references),
  newEntry: (reading, offset, book) => readingListItem(reading, offset, book),
  repeats: async (reading) => repeatedIsbns(reading.text).map((r) => ({ at: r.at, firstAt: r.firstAt, firstLine: r.firstLine, entry: false })),
};
