/** CSL-JSON as a format part (see formats/part.ts). */
import { isCslPart } from '../csl/fields';
import { entryRepeats } from '../shared/duplicates';
import { jsonTooDeep } from '../shared/nesting';
import { lineBreakOf } from '../../edit/textEdit';
import { uniqueCiteKey } from '../bibtex/citeKey';
import type { FormatPart } from '../part';
import { WholeTextReading } from '../shared/documentReading';
import { cslJsonIsbns, fillCslJson } from './fill';
import { cslJsonEntry } from './newEntry';
import { readCslJson } from './read';
import { cslEntryCsl } from '../shared/csl';

export const cslJsonFormat: FormatPart = {
  id: 'csl-json',
  entryKind: 'item',
  reading: (text) => new WholeTextReading(text, readCslJson),
  normalKey: (key) => key,
  isPart: isCslPart,
  refusal: (text) => (jsonTooDeep(text) ? 'tooDeep' : undefined),
  cslItem: cslEntryCsl,
  isbnsToAnnotate: (reading) => cslJsonIsbns(reading.text),
  fill: (reading, results, mode) => fillCslJson(reading.text, results, mode),
  newEntry(reading, offset, book, options) {
    const key = uniqueCiteKey(book, new Set(reading.entries().map((e) => e.key.toLowerCase())), options.keyPattern);
    return cslJsonEntry(reading.text, offset, book, key, lineBreakOf(reading.text));
  },
  repeats(reading, pause) {
    return entryRepeats(this, reading, pause);
  },
};
