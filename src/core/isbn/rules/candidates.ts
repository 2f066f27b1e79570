// Candidates: how the finder reads a number (find.ts: RUN_START, Digits, Scan.run) and what its
// shape alone says. An unlabelled number is an ISBN by its shape only when it is written as
// one: a 978/979 ISBN-13 with its check digit, or an ISBN-10 in ISBN groups or, bare, where
// nothing around it says otherwise (the other families).
import { ALL_KINDS, defineRule, PROSE_KINDS } from './rule';

export const isbn13Shape = defineRule({
  id: 'candidate.isbn13',
  family: 'candidates',
  says: 'isbn',
  reason: 'Thirteen digits opening with 978 or 979 (not an ISMN\'s 9790) whose check digit holds: no other number is written so by chance.',
  short: 'ISBN-13',
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'See 9780306406157.', finds: ['9780306406157'] }],
  no: [{ text: 'EAN 4006381333931', finds: [] }],
});

export const groupedTen = defineRule({
  id: 'candidate.isbn10Groups',
  family: 'candidates',
  says: 'isbn',
  reason: 'Ten digits in ISBN groups (at most four, the check character alone, or 1 + 9 and 4 + 6 with spaces) whose ISBN-10 check holds: a phone number is grouped otherwise.',
  short: 'ISBN-10 groups',
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'page 0-306-40615-2', finds: ['9780306406157'] }],
  no: [{ text: 'call 030-640-6152', finds: [] }],
});

export const checksumTen = defineRule({
  id: 'candidate.isbn10Checksum',
  family: 'candidates',
  says: 'isbn',
  reason: 'A bare ten-digit number in prose whose ISBN-10 check holds and that isbn3\'s ranges know, where nothing around it says otherwise (one number in eleven passes by chance: see repeats.chanceStretch).',
  short: 'ISBN-10 check digit',
  kinds: PROSE_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'See 0306406152 for more.', finds: ['9780306406157'] }],
  no: [{ text: 'See 0306406153 for more.', finds: [] }],
});

export const checkDigit = defineRule({
  id: 'candidate.checkDigitWrong',
  family: 'candidates',
  says: 'notIsbn',
  reason: 'An unlabelled number whose check digit does not hold is no ISBN (a labelled one is reported with its problem).',
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'See 0306406153 for more.', finds: [] }],
  no: [{ text: 'See 0306406152 for more.', finds: ['9780306406157'] }],
});

export const gluedToWord = defineRule({
  id: 'candidate.gluedToWord',
  family: 'candidates',
  says: 'notIsbn',
  reason: 'An unlabelled number glued to a letter, an identifier\'s `_` part, a decimal fraction, a mail address or a host name (`x9780306406157`, `Session_4275933214`, `0306406152.5`, `<1459168607@host>`) is part of something else.',
  kinds: ALL_KINDS,
  reach: { chars: 128 },
  yes: [
    { text: 'x9780306406157', finds: [] },
    { text: 'see 0306406152.5', finds: [] },
  ],
  no: [{ text: 'see 9780306406157.', finds: ['9780306406157'] }],
});

export const phoneGroups = defineRule({
  id: 'candidate.otherGroups',
  family: 'candidates',
  says: 'notIsbn',
  reason: 'Separated unlabelled numbers grouped as no ISBN is (more than four groups, a check group longer than one; `555-123-4567`, `030 6406152`) are phone numbers or codes, unless a key says ISBN.',
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [
    { text: 'call 030-640-6152', finds: [] },
    { text: 'Tel 030 6406152', finds: [] },
  ],
  no: [{ text: 'page 0-306-40615-2', finds: ['9780306406157'] }],
});

export const texRange = defineRule({
  id: 'candidate.texRange',
  family: 'candidates',
  says: 'notIsbn',
  reason: 'TeX\'s tie `~` and en dash `--` join an ISBN\'s groups only where a label or an isbn field says ISBN (`ISBN~0~07~115983~5`); between numbers in prose they make a range.',
  kinds: ALL_KINDS,
  reach: { chars: 40 },
  yes: [{ text: 'pages 978--0--306--40615--7', finds: [] }],
  no: [{ text: 'ISBN~0~306~40615~2', finds: ['9780306406157'] }],
});

export const fullWidthDigits = defineRule({
  id: 'candidate.fullWidthDigits',
  family: 'candidates',
  says: 'reads',
  reason: 'Full-width digits and punctuation (Japanese and Chinese text: `９７８－４－０６`) are read as ASCII, at the same offsets.',
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'ISBN: ９７８４０６１５９１１１０', finds: ['9784061591110'] }],
  no: [{ text: 'ISBN: ９７８４０６１５９１１１', finds: [] }],
});

export const otherScriptDigits = defineRule({
  id: 'candidate.otherScriptDigits',
  family: 'candidates',
  says: 'reads',
  reason: "In text written in Arabic, Persian or Devanagari (known by its start), the script's own digits are read as ASCII ones (`شابک: ۹۷۸-۰-۳۰۶-۴۰۶۱۵-۷`).",
  kinds: ALL_KINDS,
  reach: { chars: 16384, document: true },
  yes: [{ text: 'شابک: ۹۷۸-۰-۳۰۶-۴۰۶۱۵-۷', finds: ['9780306406157'] }],
  no: [{ text: 'شابک: ۹۷۸-۰-۳۰۶-۴۰۶۱۵-۸', finds: [] }],
});

export const cyrillicX = defineRule({
  id: 'candidate.cyrillicX',
  family: 'candidates',
  says: 'reads',
  reason: "In text written in Cyrillic, a Russian keyboard's Х closing a number is an ISBN-10's check character X (`isbn = {5-201-02033-Х}`).",
  kinds: ALL_KINDS,
  reach: { chars: 16384, document: true },
  yes: [{ text: 'Книга: isbn = {5-201-02033-Х}', finds: ['9785201020330'] }],
  no: [{ text: 'Книга: isbn = {5-201-02033-Я}', finds: [] }],
});

export const escapedHyphen = defineRule({
  id: 'candidate.escapedHyphen',
  family: 'candidates',
  says: 'reads',
  reason: "Markdown's escaped hyphen `\\\\-` separates groups as a hyphen does (`978\\\\-0\\\\-306\\\\-40615\\\\-7`).",
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'see 978\\-0\\-306\\-40615\\-7', finds: ['9780306406157'] }],
  no: [{ text: 'see 978\\-0\\-306\\-40615\\-8', finds: [] }],
});

export const lineBreakHyphen = defineRule({
  id: 'candidate.lineBreakHyphen',
  family: 'candidates',
  says: 'reads',
  reason: "An ISBN broken at a hyphen by a line's end (hard-wrapped, or taken from a PDF; the next line indented a little) is read whole; a blank line ends it.",
  kinds: ALL_KINDS,
  reach: { chars: 24, lines: 1 },
  yes: [{ text: 'ISBN 978-3-540-44598-\n  2. Next', finds: ['9783540445982'] }],
  no: [{ text: 'ISBN 978-3-540-44598-\n\n2. Next', finds: [] }],
});

export const dottedGroups = defineRule({
  id: 'candidate.dottedGroups',
  family: 'candidates',
  says: 'reads',
  reason: "An ISBN-13 in three to five groups joined by dots (`978.0.262.51111.7`, a label printer's), taken only whole and valid: a decimal has two groups.",
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: '978.0.306.40615.7', finds: ['9780306406157'] }],
  no: [{ text: '978.0306406157', finds: [] }],
});

export const spacedGroups = defineRule({
  id: 'candidate.spacedGroups',
  family: 'candidates',
  says: 'reads',
  reason: "Space-separated groups are joined into one ISBN when they make one (`978 0 306 40615 7`, `9780 8872 76743`, a barcode's `9 780306 406157` and its add-on `51999` left out).",
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'see 978 0 306 40615 7', finds: ['9780306406157'] }, { text: '9 780306 406157 51999', finds: ['9780306406157'] }],
  no: [{ text: 'see 978 0 306 40615 7 12 more', finds: [] }],
});

export const gluedTogether = defineRule({
  id: 'candidate.gluedTogether',
  family: 'candidates',
  says: 'reads',
  reason: 'A labelled run of several whole ISBNs with nothing between them (an export that lost the spaces: `isbn = {87-16-11206-787-16-11419-1}`) is read as each, when each is valid.',
  kinds: ALL_KINDS,
  reach: { chars: 160 },
  yes: [{ text: 'isbn = {0-306-40615-23-16-148410-X}', finds: ['9780306406157', '9783161484100'] }],
  no: [{ text: 'isbn = {0-306-40615-23-16-148410-9}', finds: [] }],
});

export const slashJoined = defineRule({
  id: 'candidate.slashJoined',
  family: 'candidates',
  says: 'reads',
  reason: "Two ISBNs joined by a slash (`0199535566/0140449132`) are both read; a URL's path of ids (`/286811443/…`) is not.",
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: '0199535566/0140449132', finds: ['9780199535569', '9780140449136'] }],
  no: [{ text: 'x 286811443/0140449132', finds: [] }],
});

export const afterPlusOrFolder = defineRule({
  id: 'candidate.afterPlusOrFolder',
  family: 'candidates',
  says: 'reads',
  reason: "ISBN-13s right after a + (EDIFACT's `LIN+1+5+9780446360272:EN`, a search's `q=isbn+978…`) or after folders of digits (`/covers/59/90/9781593275990.jpg`), and ISBN-10s typed ISBN by EDIFACT's `:IB`, where the scan's regex does not start a run.",
  kinds: ALL_KINDS,
  reach: { chars: 16384, document: true },
  yes: [{ text: 'LIN+1+5+9780306406157:EN', finds: ['9780306406157'] }, { text: "PIA+5+0306406152:IB'", finds: ['9780306406157'] }],
  no: [{ text: 'call +9780306406158', finds: [] }],
});

export const idPrefix = defineRule({
  id: 'candidate.idPrefix',
  family: 'candidates',
  says: 'reads',
  reason: "A 978/979 ISBN-13 glued after a short id prefix in capitals (Cambridge's `CBO9780748632411`), `EAN`, SirsiDynix's `i`, or a shop's code and a hyphen (`dsg-01-9784822292270`) is read alone.",
  kinds: ALL_KINDS,
  reach: { chars: 8 },
  yes: [{ text: 'CBO9780306406157', finds: ['9780306406157'] }, { text: 'dsg-01-9780306406157', finds: ['9780306406157'] }],
  no: [{ text: 'abc9780306406157', finds: [] }],
});

export const subfieldCode = defineRule({
  id: 'candidate.subfieldCode',
  family: 'candidates',
  says: 'reads',
  reason: "A MARC subfield's mark and code (`$a`, `|a`, `‡a`, binary MARC's U+001F, a digit code after `$`: `$9978-…`) are read apart from the number that follows.",
  kinds: ALL_KINDS,
  reach: { chars: 2 },
  yes: [{ text: '$9978-0-306-40615-7', finds: ['9780306406157'] }],
  no: [{ text: 'x9978-0-306-40615-7', finds: [] }],
});

export const bindingGlued = defineRule({
  id: 'candidate.bindingGlued',
  family: 'candidates',
  says: 'reads',
  reason: 'A binding typed right after an ISBN (`0440487331pbk.`, `(0373197527pbk.)`), or one letter typed onto a labelled hyphenated ISBN-13 (`978-83-7797-142-0I</p>`), ends it.',
  kinds: ALL_KINDS,
  reach: { chars: 12 },
  yes: [{ text: 'ISBN 0306406152pbk.', finds: ['9780306406157'] }],
  no: [{ text: 'ISBN 0306406152abc.', finds: [] }],
});

export const percentEncoded = defineRule({
  id: 'candidate.percentEncoded',
  family: 'candidates',
  says: 'reads',
  reason: "A run that opens with a percent-encoded character's hex digits (an OpenURL's `isbn=a%209780306406157`) starts after them.",
  kinds: ALL_KINDS,
  reach: { chars: 3 },
  yes: [{ text: 'isbn=a%209780306406157', finds: ['9780306406157'] }],
  no: [{ text: 'isbn=a%2G9780306406157', finds: [] }],
});

export const tenWith978 = defineRule({
  id: 'candidate.tenWith978',
  family: 'candidates',
  says: 'flags',
  reason: 'An unlabelled 13 written as an ISBN (in groups, or ending in X) that is 978 before a valid ISBN-10 whose check digit was kept (`978-0-8053-7146-X`) is reported, so that the editor says what it most likely is.',
  kinds: ALL_KINDS,
  reach: { chars: 1 },
  yes: [{ text: 'see 978-0-8053-7146-X', finds: [], reports: ['978-0-8053-7146-X'] }],
  no: [{ text: 'see 978-0-8053-7146-1', finds: [], reports: [] }],
});
