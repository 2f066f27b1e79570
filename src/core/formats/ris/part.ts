/** RIS as a format part (see formats/part.ts). */
import { entryRepeats } from '../shared/duplicates';
import type { FormatPart } from '../part';
import { WholeTextReading } from '../shared/documentReading';
import { isRisPart } from './fields';
import { fillRis, risIsbns } from './fill';
import { risEntry } from './newEntry';
import { readRis } from './read';
import { risCsl } from './csl';

export const risFormat: FormatPart = {
  id: 'ris',
  entryKind: 'record',
  reading: (text) => new WholeTextReading(text, readRis),
  normalKey: (key) => key,
  isPart: isRisPart,
  refusal: () => undefined,
  cslItem: risCsl,
  isbnsToAnnotate: (reading) => risIsbns(reading.text),
  fill: (reading, results, mode) => fillRis(reading.text, results, mode),
  newEntry: (reading, offset, book) => risEntry(reading.text, offset, book),
  repeats(reading, pause) {
    return entryRepeats(this, reading, pause);
  },
};
