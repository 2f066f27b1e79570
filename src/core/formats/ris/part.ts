/** RIS as a format part (see formats/part.ts). */
import { entryRepeats } from '../shared/duplicates';
import type { FormatPart } from '../part';
import { isRisPart } from './fields';
import { fillRis, risIsbns } from './fill';
import { risEntry } from './newEntry';
import { readRis } from './read';

export const risFormat: FormatPart = {
  id: 'ris',
  entryKind: 'record',
  read: readRis,
  normalKey: (key) => key,
  isPart: isRisPart,
  refusal: () => undefined,
  isbnsToAnnotate: risIsbns,
  fill: (text, results, mode) => fillRis(text, results, mode),
  newEntry: (text, offset, book) => risEntry(text, offset, book),
  repeats(text, pause) {
    return entryRepeats(this, text, pause);
  },
};
