// Why each labels rule holds and its examples both ways (rule.ts): read by the tests and the rules page, not at activation.
import { describeRules } from './rule';

describeRules({
  'label.isbnWord': {
    reason: 'The word ISBN (ISBNs, ISBN-10, ISBN 13, isbn13, eISBN, p-ISBN) stands right before the number, past a short gap (`: `, `**: `, `~`, `/isbn/`, `?isbn=`, `{{ISBN|`, a table\'s `| ISBN |`).',
    yes: [
    { text: 'ISBN: 978-0-306-40615-7', finds: ['9780306406157'] },
    { text: 'ISBN 9999678270', finds: ['9789999678278'] },
    { text: 'ISBN-13 978 0 306 40615 7', finds: ['9780306406157'] },
  ],
    no: [
    { text: 'See 9999678270', finds: [] },
    { text: 'ISBN 13 format', finds: [] },
  ],
  },
  'label.isbnField': {
    reason: 'The number stands in a BibTeX or BibLaTeX isbn field (`isbn = {…}`, `ISBN = "…"`): every number in its body is meant as an ISBN.',
    yes: [
    { text: '@book{a, isbn = {0-306-40615-2, 3-16-148410-X}}', finds: ['9780306406157', '9783161484100'] },
    { text: 'isbn =\n {9999678270}', finds: ['9789999678278'] },
  ],
    no: [{ text: '@book{a, note = {9999678270}}', finds: [] }],
  },
  'label.encodedGap': {
    reason: 'A gap written as an HTML entity (`ISBN&nbsp;`, `&#160;`) or percent-encoded (`isbn%3A`, `%20`) is one gap character between the label and its number.',
    yes: [
    { text: 'ISBN&nbsp;9999678270', finds: ['9789999678278'] },
    { text: 'search?isbn%3A9999678270', finds: ['9789999678278'] },
  ],
    no: [{ text: 'Price&nbsp;9999678270', finds: [] }],
  },
  'label.wrappedLine': {
    reason: 'A label that ends its line in wrapped prose labels the number that opens the next line (`1996.  ISBN⏎  0306406152`); a header\'s last cell (`id,isbn⏎…`) labels nothing.',
    yes: [{ text: 'Press, 1996.  ISBN\n  9999678270', finds: ['9789999678278'] }],
    no: [{ text: 'id,isbn\n9999678270,x', finds: [] }],
  },
  'label.letterForDigit': {
    reason: 'A scan\'s or a transcription\'s O for 0 or I/l for 1, as the first digit right after an ISBN label (`ISBN O-387-90652-5`), is read as the digit.',
    yes: [{ text: 'ISBN O-306-40615-2', finds: ['9780306406157'] }],
    no: [{ text: 'Volume O-306-40615-2', finds: [] }],
  },
  'label.otherNumber': {
    reason: 'The word right before it names another kind of number (OCLC, LCCN, order, phone, tel., GND, Kundennummer…), past tags, a link\'s text and a short gap: that number, not an ISBN.',
    yes: [
    { text: 'OCLC 0306406152', finds: [] },
    { text: 'Tel. 0306406152', finds: [] },
  ],
    no: [{ text: 'see 0306406152', finds: ['9780306406157'] }],
  },
  'label.isbnOnLine': {
    reason: 'A checksum-valid bare 10 in no range of isbn3\'s is an ISBN where the word ISBN stands on its line (`isbn.split(\'9999678270\')  # ISBN10`); in prose the range is what keeps a chance number out.',
    yes: [{ text: 'isbn.split("9999678270")  # ISBN10', finds: ['9789999678278'] }],
    no: [{ text: 'x.split("9999678270")', finds: [] }],
  },
  'label.controlNumberSource': {
    reason: 'A system control number\'s source in brackets right before it (an ISIL `(DE-603)1048555313`, an agency `(OCoLC)…`, `(DLC)…`, as MARC 035 and Dublin Core write them) makes it that record\'s number.',
    yes: [{ text: '(DE-603)0306406152', finds: [] }],
    no: [{ text: '(Ace)0306406152', finds: ['9780306406157'] }],
  },
  'label.numero': {
    reason: 'The numero sign before it (`Заказ № 1749375028`, `№1234567890`) says "number", as `No.` does; `ISBN №` keeps its label\'s word.',
    yes: [{ text: 'Заказ № 0306406152', finds: [] }],
    no: [{ text: 'ISBN № 0306406152', finds: ['9780306406157'] }],
  },
  'label.otherPhrase': {
    reason: 'A label phrase at its line\'s start naming another number, ended by a colon (`Order number for the set: …`), or a Chinese or Japanese word for a number or a phone right before it (`電話`, `番号`).',
    yes: [
    { text: 'Order number for the set: 0306406152', finds: [] },
    { text: '電話 0306406152', finds: [] },
  ],
    no: [{ text: 'The set: 0306406152', finds: ['9780306406157'] }],
  },
  'label.brokenIsbn': {
    reason: 'A labelled candidate (or one in an isbn field) that is no ISBN as written is reported with its problem: a wrong check digit, a wrong length (9 to 13 digits read), no range; an unlabelled one is simply no ISBN.',
    yes: [
    { text: 'ISBN 978-0-306-40615-8', finds: [], reports: ['978-0-306-40615-8'] },
    { text: 'ISBN 12345678901', finds: [], reports: ['12345678901'] },
  ],
    no: [{ text: 'see 978-0-306-40615-8', finds: [], reports: [] }],
  },
  'label.issnInField': {
    reason: 'An ISSN (8 characters, its own check) opening an isbn field body (`isbn = {0022-0000}`) is reported: a wrong length, and it looks like an ISSN.',
    yes: [{ text: 'isbn = {0022-0000}', finds: [], reports: ['0022-0000'] }],
    no: [{ text: 'isbn = {0022-0001}', finds: [], reports: [] }],
  },
  'label.zerosPlaceholder': {
    reason: 'A labelled number of zeros alone that is no ISBN (a template\'s `\\newcommand\\isbn{000-0-0000000-0-0}`) is a placeholder: nothing to flag.',
    yes: [{ text: '\\isbn{000-0-0000000-0-0}', finds: [], reports: [] }],
    no: [{ text: '\\isbn{000-0-0000000-0-1}', finds: [], reports: ['000-0-0000000-0-1'] }],
  },
});
