/** BibTeX and BibLaTeX as a format part (see formats/part.ts). */
import { entryRepeats } from '../shared/duplicates';
import type { FormatPart } from '../part';
import { isBibtexPart } from './entryTypes';
import { bibtexIsbns, fillEntries } from './fillEntries';
import { bibtexEntry } from './newEntry';
import { readingInSteps } from './parse';
import { readBibtex } from './readEntries';

export const bibtexFormat: FormatPart = {
  id: 'bibtex',
  entryKind: 'entry',
  read: readBibtex,
  // A 50 MB library takes ~0.3 s to read: in slices, the reading kept for the synchronous readers that follow.
  readAhead: async (text, pause) => void (await readingInSteps(text, pause)),
  // BibTeX compares keys without case.
  normalKey: (key) => key.toLowerCase(),
  isPart: isBibtexPart,
  refusal: () => undefined,
  isbnsToAnnotate: bibtexIsbns,
  fill: fillEntries,
  newEntry: bibtexEntry,
  repeats(text, pause) {
    return entryRepeats(this, text, pause);
  },
};
