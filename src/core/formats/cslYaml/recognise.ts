/** CSL-YAML: a `.yaml`/`.yml` file with Pandoc's `references:` or a list of items with `id` and `type`, never a CI file. */
import type { FormatRecognition } from '../recognition';

export const cslYamlRecognition: FormatRecognition = {
  id: 'csl-yaml',
  namedKinds: ['yaml'],
  extensions: ['yaml', 'yml'],
  confirms: (head) => /^(?:references\s*:|-\s+id\s*:|\s+-?\s*id\s*:)/m.test(head) && /^\s*-?\s*type\s*:/m.test(head),
};
