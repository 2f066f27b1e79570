/** CSL-JSON: a `.json` file whose text is a list of items with `id` and `type`, so that package.json is never taken for one. */
import type { FormatRecognition } from '../recognition';

export const cslJsonRecognition: FormatRecognition = {
  id: 'csl-json',
  namedKinds: ['json'],
  extensions: ['json'],
  confirms: (head) => /^\s*\[/.test(head) && /"id"\s*:/.test(head) && /"type"\s*:/.test(head),
};
