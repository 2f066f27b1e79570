/** CSL-JSON as a format part (see formats/part.ts). */
import { isCslPart } from '../csl/fields';
import { entryRepeats } from '../shared/duplicates';
import { jsonTooDeep, TOO_DEEP_TO_ANNOTATE } from '../shared/nesting';
import { lineBreakOf } from '../../edit/textEdit';
import { uniqueCiteKey } from '../bibtex/citeKey';
import type { FormatPart } from '../part';
import { cslJsonIsbns, fillCslJson } from './fill';
import { cslJsonEntry } from './newEntry';
import { readCslJson } from './read';

export const cslJsonFormat: FormatPart = {
  id: 'csl-json',
  entryKind: 'item',
  read: readCslJson,
  normalKey: (key) => key,
  isPart: isCslPart,
  refusal: (text) => (jsonTooDeep(text) ? TOO_DEEP_TO_ANNOTATE : undefined),
  isbnsToAnnotate: cslJsonIsbns,
  fill: (text, results, mode) => fillCslJson(text, results, mode),
  newEntry(text, offset, book, options) {
    const key = uniqueCiteKey(book, new Set(this.read(text).map((e) => e.key.toLowerCase())), options.keyPattern);
    return cslJsonEntry(text, offset, book, key, lineBreakOf(text));
  },
  repeats(text, pause) {
    return entryRepeats(this, text, pause);
  },
};
