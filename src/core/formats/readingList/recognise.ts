/** Reading lists: Markdown (and Quarto, R Markdown, Pandoc) and plain prose, with ISBNs in lines, list items or table rows. */
import type { FormatRecognition } from '../recognition';

export const readingListRecognition: FormatRecognition = { id: 'markdown', namedKinds: ['markdown'], extensions: [], prose: true };
