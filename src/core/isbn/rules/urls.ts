// URLs and links: what a link's path or host says of the number in it. A DOI's suffix is no
// ISBN; a shop's or a catalogue's book path is; a record's id in a path is not.
import { ALL_KINDS, defineRule, PROSE_KINDS } from './rule';

export const bookPath = defineRule({
  id: 'url.bookPath',
  family: 'urls',
  says: 'isbn',
  short: 'book link',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 40 },
});

export const pathId = defineRule({
  id: 'url.recordId',
  family: 'urls',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 200 },
});

export const authorityLink = defineRule({
  id: 'url.authorityLink',
  family: 'urls',
  says: 'notIsbn',
  kinds: PROSE_KINDS,
  reach: { lines: 0, across: 200 },
});

export const keyedToOther = defineRule({
  id: 'url.keyedToOther',
  family: 'urls',
  says: 'notIsbn',
  kinds: PROSE_KINDS,
  reach: { lines: 0, across: 400 },
});

export const doiSuffix = defineRule({
  id: 'url.doiSuffix',
  family: 'urls',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 1, chars: 300 },
});

export const hostNamesOther = defineRule({
  id: 'url.hostNamesOther',
  family: 'urls',
  says: 'notIsbn',
  kinds: ALL_KINDS,
  reach: { lines: 0, chars: 64 },
});

export const bareQuery = defineRule({
  id: 'url.bareQuery',
  family: 'urls',
  says: 'notIsbn',
  kinds: PROSE_KINDS,
  reach: { lines: 0, chars: 2 },
});
