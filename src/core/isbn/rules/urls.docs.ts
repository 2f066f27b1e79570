// Why each urls rule holds and its examples both ways (rule.ts): read by the tests and the rules page, not at activation.
import { describeRules } from './rule';

describeRules({
  'url.bookPath': {
    reason: 'A URL path segment that names a book by its ISBN before the number: `/isbn/`, Amazon\'s `/dp/`, `/ASIN/`, `/product/`, `/gp/aw/d/`, `/images/P/` (a cover filed under its ISBN-10), `amzn.com/`, `amazon.co.uk/`.',
    yes: [
    { text: 'https://www.amazon.com/dp/9999678270', finds: ['9789999678278'] },
    { text: 'http://amzn.com/9999678270', finds: ['9789999678278'] },
  ],
    no: [{ text: 'https://example.org/books/9999678270', finds: [] }],
  },
  'url.recordId': {
    reason: 'A bare 10 that is a whole segment of a URL\'s path, on a host that is no shop or book site, is a record\'s id (`https://d-nb.info/1022135384`) or names a document (`…/1749375400.pdf`); an image named by it is still a cover.',
    yes: [
    { text: 'https://d-nb.info/0306406152', finds: [] },
    { text: 'https://example.org/files/0306406152.pdf', finds: [] },
  ],
    no: [{ text: 'https://example.org/covers/0306406152.jpg', finds: ['9780306406157'] }],
  },
  'url.authorityLink': {
    reason: 'A bare 10 that is the whole text of a Markdown link to an authority file\'s record of it (`[1105592812](https://d-nb.info/gnd/1105592812)`, VIAF, LoC, ISNI, Wikidata…) is that record\'s id.',
    yes: [{ text: 'See [0306406152](https://d-nb.info/gnd/0306406152)', finds: [] }],
    no: [{ text: '[0306406152](https://www.amazon.com/dp/0306406152)', finds: ['9780306406157'] }],
  },
  'url.keyedToOther': {
    reason: 'In prose, a number given to a key that names something else (`?oldid=…`, `"wgRevisionId":…`, `data-timestamp="…"`, BibTeX\'s `lccn = {…}`, an encoded `idn%3D…`, a list under `"wdt:P227":`) is that thing.',
    yes: [{ text: 'index.php?oldid=0306406152', finds: [] }],
    no: [{ text: 'search?q=0306406152', finds: ['9780306406157'] }],
  },
  'url.doiSuffix': {
    reason: 'A number inside a DOI (after `10.` and 4-9 digits and a slash, plain or escaped, with no white space between; a URL wrapped right after the slash too) is the DOI\'s suffix, not an ISBN.',
    yes: [{ text: 'doi 10.1007/abc/9780306406157', finds: [] }],
    no: [{ text: 'doi 10.1007/abc 9780306406157', finds: ['9780306406157'] }],
  },
  'url.hostNamesOther': {
    reason: 'A URL whose host names another kind of number right before it (`https://lccn.loc.gov/2008054742`: LCCNs have 10 digits too).',
    yes: [{ text: 'https://lccn.loc.gov/0306406152', finds: [] }],
    no: [{ text: 'https://www.amazon.com/0306406152', finds: ['9780306406157'] }],
  },
  'url.bareQuery': {
    reason: 'A URL\'s query that is a bare number (`cover.png?1700000004`: a cache-buster or a timestamp), not `?isbn=…`.',
    yes: [{ text: 'cover.png?0306406152', finds: [] }],
    no: [{ text: 'see (?0306406152)', finds: ['9780306406157'] }],
  },
});
