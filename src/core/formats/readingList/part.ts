/** Markdown and plain-text reading lists as a format part (see formats/part.ts): a note after each ISBN, no entries to add. */
import { repeatedIsbns } from '../shared/duplicates';
import type { FormatPart } from '../part';
import { annotateMarkdown, markdownIsbns } from './annotate';
import { readReadingList } from './read';

export const readingListFormat: FormatPart = {
  id: 'markdown',
  entryKind: 'isbn',
  read: readReadingList,
  normalKey: (key) => key,
  isPart: () => false,
  refusal: () => undefined,
  isbnsToAnnotate: markdownIsbns,
  fill: (text, results) => annotateMarkdown(text, results),
  repeats: async (text) => repeatedIsbns(text).map((r) => ({ at: r.at, firstAt: r.firstAt, message: r.message, entry: false })),
};
