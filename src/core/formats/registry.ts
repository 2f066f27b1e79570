/**
 * The formats ISBN Lens reads and writes, each a part with one shape (formats/part.ts): the one
 * place that maps a format to what it does. Loaded on first use with the formats' parsers; how a
 * file is recognised as one of them is formats/recognition.ts.
 */
import { bibtexFormat } from './bibtex/part';
import { cslJsonFormat } from './cslJson/part';
import { cslYamlFormat } from './cslYaml/part';
import type { FormatId } from './formatId';
import type { FormatPart } from './part';
import { readingListFormat } from './readingList/part';
import { risFormat } from './ris/part';

const PARTS: Readonly<Record<FormatId, FormatPart>> = {
  bibtex: bibtexFormat,
  'csl-json': cslJsonFormat,
  'csl-yaml': cslYamlFormat,
  ris: risFormat,
  markdown: readingListFormat,
};

export function formatPart(id: FormatId): FormatPart {
  return PARTS[id];
}
