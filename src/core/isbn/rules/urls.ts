// URLs and links: what a link's path or host says of the number in it. A DOI's suffix is no
// ISBN; a shop's or a catalogue's book path is; a record's id in a path is not.
import { ALL_KINDS, defineRule, PROSE_KINDS } from './rule';

export const bookPath = defineRule({
  id: 'url.bookPath',
  family: 'urls',
  says: 'isbn',
  reason: 'A URL path segment that names a book by its ISBN before the number: `/isbn/`, Amazon\'s `/dp/`, `/ASIN/`, `/product/`, `/gp/aw/d/`, `/images/P/` (a cover filed under its ISBN-10), `amzn.com/`, `amazon.co.uk/`.',
  short: 'book link',
  kinds: ALL_KINDS,
  reach: { chars: 40 },
  yes: [
    { text: 'https://www.amazon.com/dp/9999678270', finds: ['9789999678278'] },
    { text: 'http://amzn.com/9999678270', finds: ['9789999678278'] },
  ],
  no: [{ text: 'https://example.org/books/9999678270', finds: [] }],
});

export const pathId = defineRule({
  id: 'url.recordId',
  family: 'urls',
  says: 'notIsbn',
  reason: 'A bare 10 that is a whole segment of a URL\'s path, on a host that is no shop or book site, is a record\'s id (`https://d-nb.info/1022135384`) or names a document (`…/1749375400.pdf`); an image named by it is still a cover.',
  kinds: ALL_KINDS,
  reach: { chars: 200 },
  yes: [
    { text: 'https://d-nb.info/0306406152', finds: [] },
    { text: 'https://example.org/files/0306406152.pdf', finds: [] },
  ],
  no: [{ text: 'https://example.org/covers/0306406152.jpg', finds: ['9780306406157'] }],
});

export const authorityLink = defineRule({
  id: 'url.authorityLink',
  family: 'urls',
  says: 'notIsbn',
  reason: 'A bare 10 that is the whole text of a Markdown link to an authority file\'s record of it (`[1105592812](https://d-nb.info/gnd/1105592812)`, VIAF, LoC, ISNI, Wikidata…) is that record\'s id.',
  kinds: PROSE_KINDS,
  reach: { chars: 200 },
  yes: [{ text: 'See [0306406152](https://d-nb.info/gnd/0306406152)', finds: [] }],
  no: [{ text: '[0306406152](https://www.amazon.com/dp/0306406152)', finds: ['9780306406157'] }],
});

export const keyedToOther = defineRule({
  id: 'url.keyedToOther',
  family: 'urls',
  says: 'notIsbn',
  reason: 'In prose, a number given to a key that names something else (`?oldid=…`, `"wgRevisionId":…`, `data-timestamp="…"`, BibTeX\'s `lccn = {…}`, an encoded `idn%3D…`, a list under `"wdt:P227":`) is that thing.',
  kinds: PROSE_KINDS,
  reach: { chars: 400 },
  yes: [{ text: 'index.php?oldid=0306406152', finds: [] }],
  no: [{ text: 'search?q=0306406152', finds: ['9780306406157'] }],
});

export const doiSuffix = defineRule({
  id: 'url.doiSuffix',
  family: 'urls',
  says: 'notIsbn',
  reason: 'A number inside a DOI (after `10.` and 4-9 digits and a slash, plain or escaped, with no white space between; a URL wrapped right after the slash too) is the DOI\'s suffix, not an ISBN.',
  kinds: ALL_KINDS,
  reach: { chars: 300, lines: 1 },
  yes: [{ text: 'doi 10.1007/abc/9780306406157', finds: [] }],
  no: [{ text: 'doi 10.1007/abc 9780306406157', finds: ['9780306406157'] }],
});

export const hostNamesOther = defineRule({
  id: 'url.hostNamesOther',
  family: 'urls',
  says: 'notIsbn',
  reason: 'A URL whose host names another kind of number right before it (`https://lccn.loc.gov/2008054742`: LCCNs have 10 digits too).',
  kinds: ALL_KINDS,
  reach: { chars: 64 },
  yes: [{ text: 'https://lccn.loc.gov/0306406152', finds: [] }],
  no: [{ text: 'https://www.amazon.com/0306406152', finds: ['9780306406157'] }],
});

export const bareQuery = defineRule({
  id: 'url.bareQuery',
  family: 'urls',
  says: 'notIsbn',
  reason: 'A URL\'s query that is a bare number (`cover.png?1700000004`: a cache-buster or a timestamp), not `?isbn=…`.',
  kinds: PROSE_KINDS,
  reach: { chars: 2 },
  yes: [{ text: 'cover.png?0306406152', finds: [] }],
  no: [{ text: 'see (?0306406152)', finds: ['9780306406157'] }],
});
