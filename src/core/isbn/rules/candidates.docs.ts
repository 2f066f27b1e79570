// Why each candidates rule holds and its examples both ways (rule.ts): read by the tests and the rules page, not at activation.
import { describeRules } from './rule';

describeRules({
  'candidate.isbn13': {
    reason: 'Thirteen digits opening with 978 or 979 (not an ISMN\'s 9790) whose check digit holds: no other number is written so by chance.',
    yes: [{ text: 'See 9780306406157.', finds: ['9780306406157'] }],
    no: [{ text: 'EAN 4006381333931', finds: [] }],
  },
  'candidate.isbn10Groups': {
    reason: 'Ten digits in ISBN groups (at most four, the check character alone, or 1 + 9 and 4 + 6 with spaces) whose ISBN-10 check holds: a phone number is grouped otherwise.',
    yes: [{ text: 'page 0-306-40615-2', finds: ['9780306406157'] }],
    no: [{ text: 'call 030-640-6152', finds: [] }],
  },
  'candidate.isbn10Checksum': {
    reason: 'A bare ten-digit number in prose whose ISBN-10 check holds and that isbn3\'s ranges know, where nothing around it says otherwise (one number in eleven passes by chance: see repeats.chanceStretch).',
    yes: [{ text: 'See 0306406152 for more.', finds: ['9780306406157'] }],
    no: [{ text: 'See 0306406153 for more.', finds: [] }],
  },
  'candidate.checkDigitWrong': {
    reason: 'An unlabelled number whose check digit does not hold is no ISBN (a labelled one is reported with its problem).',
    yes: [{ text: 'See 0306406153 for more.', finds: [] }],
    no: [{ text: 'See 0306406152 for more.', finds: ['9780306406157'] }],
  },
  'candidate.gluedToWord': {
    reason: 'An unlabelled number glued to a letter, an identifier\'s `_` part, a decimal fraction, a mail address or a host name (`x9780306406157`, `Session_4275933214`, `0306406152.5`, `<1459168607@host>`) is part of something else.',
    yes: [
    { text: 'x9780306406157', finds: [] },
    { text: 'see 0306406152.5', finds: [] },
  ],
    no: [{ text: 'see 9780306406157.', finds: ['9780306406157'] }],
  },
  'candidate.otherGroups': {
    reason: 'Separated unlabelled numbers grouped as no ISBN is (more than four groups, a check group longer than one; `555-123-4567`, `030 6406152`) are phone numbers or codes, unless a key says ISBN.',
    yes: [
    { text: 'call 030-640-6152', finds: [] },
    { text: 'Tel 030 6406152', finds: [] },
  ],
    no: [{ text: 'page 0-306-40615-2', finds: ['9780306406157'] }],
  },
  'candidate.texRange': {
    reason: 'TeX\'s tie `~` and en dash `--` join an ISBN\'s groups only where a label or an isbn field says ISBN (`ISBN~0~07~115983~5`); between numbers in prose they make a range.',
    yes: [{ text: 'pages 978--0--306--40615--7', finds: [] }],
    no: [{ text: 'ISBN~0~306~40615~2', finds: ['9780306406157'] }],
  },
  'candidate.fullWidthDigits': {
    reason: 'Full-width digits and punctuation (Japanese and Chinese text: `９７８－４－０６`) are read as ASCII, at the same offsets.',
    yes: [{ text: 'ISBN: ９７８４０６１５９１１１０', finds: ['9784061591110'] }],
    no: [{ text: 'ISBN: ９７８４０６１５９１１１', finds: [] }],
  },
  'candidate.otherScriptDigits': {
    reason: "In text written in Arabic, Persian or Devanagari (known by its start), the script's own digits are read as ASCII ones (`شابک: ۹۷۸-۰-۳۰۶-۴۰۶۱۵-۷`).",
    yes: [{ text: 'شابک: ۹۷۸-۰-۳۰۶-۴۰۶۱۵-۷', finds: ['9780306406157'] }],
    no: [{ text: 'شابک: ۹۷۸-۰-۳۰۶-۴۰۶۱۵-۸', finds: [] }],
  },
  'candidate.cyrillicX': {
    reason: "In text written in Cyrillic, a Russian keyboard's Х closing a number is an ISBN-10's check character X (`isbn = {5-201-02033-Х}`).",
    yes: [{ text: 'Книга: isbn = {5-201-02033-Х}', finds: ['9785201020330'] }],
    no: [{ text: 'Книга: isbn = {5-201-02033-Я}', finds: [] }],
  },
  'candidate.escapedHyphen': {
    reason: "Markdown's escaped hyphen `\\\\-` separates groups as a hyphen does (`978\\\\-0\\\\-306\\\\-40615\\\\-7`).",
    yes: [{ text: 'see 978\\-0\\-306\\-40615\\-7', finds: ['9780306406157'] }],
    no: [{ text: 'see 978\\-0\\-306\\-40615\\-8', finds: [] }],
  },
  'candidate.lineBreakHyphen': {
    reason: "An ISBN broken at a hyphen by a line's end (hard-wrapped, or taken from a PDF; the next line indented a little) is read whole; a blank line ends it.",
    yes: [{ text: 'ISBN 978-3-540-44598-\n  2. Next', finds: ['9783540445982'] }],
    no: [{ text: 'ISBN 978-3-540-44598-\n\n2. Next', finds: [] }],
  },
  'candidate.dottedGroups': {
    reason: "An ISBN-13 in three to five groups joined by dots (`978.0.262.51111.7`, a label printer's), taken only whole and valid: a decimal has two groups.",
    yes: [{ text: '978.0.306.40615.7', finds: ['9780306406157'] }],
    no: [{ text: '978.0306406157', finds: [] }],
  },
  'candidate.spacedGroups': {
    reason: "Space-separated groups are joined into one ISBN when they make one (`978 0 306 40615 7`, `9780 8872 76743`, a barcode's `9 780306 406157` and its add-on `51999` left out).",
    yes: [{ text: 'see 978 0 306 40615 7', finds: ['9780306406157'] }, { text: '9 780306 406157 51999', finds: ['9780306406157'] }],
    no: [{ text: 'see 978 0 306 40615 7 12 more', finds: [] }],
  },
  'candidate.gluedTogether': {
    reason: 'A labelled run of several whole ISBNs with nothing between them (an export that lost the spaces: `isbn = {87-16-11206-787-16-11419-1}`) is read as each, when each is valid.',
    yes: [{ text: 'isbn = {0-306-40615-23-16-148410-X}', finds: ['9780306406157', '9783161484100'] }],
    no: [{ text: 'isbn = {0-306-40615-23-16-148410-9}', finds: [] }],
  },
  'candidate.slashJoined': {
    reason: "Two ISBNs joined by a slash (`0199535566/0140449132`) are both read; a URL's path of ids (`/286811443/…`) is not.",
    yes: [{ text: '0199535566/0140449132', finds: ['9780199535569', '9780140449136'] }],
    no: [{ text: 'x 286811443/0140449132', finds: [] }],
  },
  'candidate.afterPlusOrFolder': {
    reason: "ISBN-13s right after a + (EDIFACT's `LIN+1+5+9780446360272:EN`, a search's `q=isbn+978…`) or after folders of digits (`/covers/59/90/9781593275990.jpg`), and ISBN-10s typed ISBN by EDIFACT's `:IB`, where the scan's regex does not start a run.",
    yes: [{ text: 'LIN+1+5+9780306406157:EN', finds: ['9780306406157'] }, { text: "PIA+5+0306406152:IB'", finds: ['9780306406157'] }],
    no: [{ text: 'call +9780306406158', finds: [] }],
  },
  'candidate.idPrefix': {
    reason: "A 978/979 ISBN-13 glued after a short id prefix in capitals (Cambridge's `CBO9780748632411`), `EAN`, SirsiDynix's `i`, or a shop's code and a hyphen (`dsg-01-9784822292270`) is read alone.",
    yes: [{ text: 'CBO9780306406157', finds: ['9780306406157'] }, { text: 'dsg-01-9780306406157', finds: ['9780306406157'] }],
    no: [{ text: 'abc9780306406157', finds: [] }],
  },
  'candidate.subfieldCode': {
    reason: "A MARC subfield's mark and code (`$a`, `|a`, `‡a`, binary MARC's U+001F, a digit code after `$`: `$9978-…`) are read apart from the number that follows.",
    yes: [{ text: '$9978-0-306-40615-7', finds: ['9780306406157'] }],
    no: [{ text: 'x9978-0-306-40615-7', finds: [] }],
  },
  'candidate.bindingGlued': {
    reason: 'A binding typed right after an ISBN (`0440487331pbk.`, `(0373197527pbk.)`), or one letter typed onto a labelled hyphenated ISBN-13 (`978-83-7797-142-0I</p>`), ends it.',
    yes: [{ text: 'ISBN 0306406152pbk.', finds: ['9780306406157'] }],
    no: [{ text: 'ISBN 0306406152abc.', finds: [] }],
  },
  'candidate.percentEncoded': {
    reason: "A run that opens with a percent-encoded character's hex digits (an OpenURL's `isbn=a%209780306406157`) starts after them.",
    yes: [{ text: 'isbn=a%209780306406157', finds: ['9780306406157'] }],
    no: [{ text: 'isbn=a%2G9780306406157', finds: [] }],
  },
  'candidate.tenWith978': {
    reason: 'An unlabelled 13 written as an ISBN (in groups, or ending in X) that is 978 before a valid ISBN-10 whose check digit was kept (`978-0-8053-7146-X`) is reported, so that the editor says what it most likely is.',
    yes: [{ text: 'see 978-0-8053-7146-X', finds: [], reports: ['978-0-8053-7146-X'] }],
    no: [{ text: 'see 978-0-8053-7146-1', finds: [], reports: [] }],
  },
});
