/** CSL-YAML (a list of items, or Pandoc's `references:`) as a format part (see formats/part.ts). */
import { isCslPart } from '../csl/fields';
import { entryRepeats } from '../shared/duplicates';
import { TOO_DEEP_TO_ANNOTATE } from '../shared/nesting';
import { lineBreakOf } from '../../edit/textEdit';
import { uniqueCiteKey } from '../bibtex/citeKey';
import type { FormatPart } from '../part';
import { cslYamlIsbns, fillCslYaml } from './fill';
import { cslYamlEntry } from './newEntry';
import { cslYamlTooDeep, readCslYaml } from './read';

export const cslYamlFormat: FormatPart = {
  id: 'csl-yaml',
  entryKind: 'item',
  read: readCslYaml,
  normalKey: (key) => key,
  isPart: isCslPart,
  refusal: (text) => (cslYamlTooDeep(text) ? TOO_DEEP_TO_ANNOTATE : undefined),
  isbnsToAnnotate: cslYamlIsbns,
  fill: (text, results, mode) => fillCslYaml(text, results, mode),
  newEntry(text, offset, book, options) {
    const key = uniqueCiteKey(book, new Set(this.read(text).map((e) => e.key.toLowerCase())), options.keyPattern);
    return cslYamlEntry(text, offset, book, key, lineBreakOf(text));
  },
  repeats(text, pause) {
    return entryRepeats(this, text, pause);
  },
};
