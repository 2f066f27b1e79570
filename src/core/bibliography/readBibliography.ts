/** Any bibliography file's entries, by its format. */
import type { BibliographyEntry } from './entry';
import type { BibliographyFormat } from './format';
import { readBibtex } from './readBibtex';
import { readCslJson } from './readCslJson';
import { readCslYaml } from './readCslYaml';
import { readRis } from './readRis';

export function readBibliography(text: string, format: BibliographyFormat): BibliographyEntry[] {
  switch (format) {
    case 'bibtex':
      return readBibtex(text);
    case 'csl-json':
      return readCslJson(text);
    case 'csl-yaml':
      return readCslYaml(text);
    case 'ris':
      return readRis(text);
  }
}
