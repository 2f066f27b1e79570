/** BibTeX and BibLaTeX as a format part (see formats/part.ts). */
import { entryRepeats } from '../shared/duplicates';
import type { FormatPart } from '../part';
import { isBibtexPart } from './entryTypes';
import { bibtexIsbns, fillEntries } from './fillEntries';
import { bibtexEntry } from './newEntry';
import { BibtexReading } from './reading';
import { bibtexCsl } from './csl';

export const bibtexFormat: FormatPart = {
  id: 'bibtex',
  entryKind: 'entry',
  reading: (text) => BibtexReading.of(text),
  // A 50 MB library takes ~0.3 s to read: in slices, the host let go between them.
  readingInSteps: (text, pause, sliceMs) => BibtexReading.inSteps(text, pause, sliceMs),
  // BibTeX compares keys without case.
  normalKey: (key) => key.toLowerCase(),
  isPart: isBibtexPart,
  refusal: () => undefined,
  cslItem: bibtexCsl,
  isbnsToAnnotate: bibtexIsbns,
  fill: fillEntries,
  newEntry: bibtexEntry,
  repeats(reading, pause) {
    return entryRepeats(this, reading, pause);
  },
};
