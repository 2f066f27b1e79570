/** CSL-YAML (a list of items, or Pandoc's `references:`) as a format part (see formats/part.ts). */
import { isCslPart } from '../csl/fields';
import { entryRepeats } from '../shared/duplicates';
import { lineBreakOf } from '../../edit/textEdit';
import { uniqueCiteKey } from '../bibtex/citeKey';
import type { FormatPart } from '../part';
import { WholeTextReading } from '../shared/documentReading';
import { cslYamlIsbns, fillCslYaml } from './fill';
import { cslYamlEntry } from './newEntry';
import { cslYamlTooDeep, readCslYaml } from './read';
import { cslEntryCsl } from '../shared/csl';

export const cslYamlFormat: FormatPart = {
  id: 'csl-yaml',
  entryKind: 'item',
  reading: (text) => new WholeTextReading(text, readCslYaml),
  normalKey: (key) => key,
  isPart: isCslPart,
  refusal: (text) => (cslYamlTooDeep(text) ? 'tooDeep' : undefined),
  cslItem: cslEntryCsl,
  isbnsToAnnotate: (reading) => cslYamlIsbns(reading.text),
  fill: (reading, results, mode) => fillCslYaml(reading.text, results, mode),
  newEntry(reading, offset, book, options) {
    const key = uniqueCiteKey(book, new Set(reading.entries().map((e) => e.key.toLowerCase())), options.keyPattern);
    return cslYamlEntry(reading.text, offset, book, key, lineBreakOf(reading.text));
  },
  repeats(reading, pause) {
    return entryRepeats(this, reading, pause);
  },
};
