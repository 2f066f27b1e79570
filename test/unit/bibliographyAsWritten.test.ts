/** Bibliographies as tools write them (issue 24): RIS and CSL layouts the fills and Insert Entry must keep valid. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillRis } from '../../src/core/bibliography/fillRis';
import { newEntryEdit } from '../../src/core/bibliography/newEntry';
import { readBibliography } from '../../src/core/bibliography/readBibliography';
import { applyEdits } from '../../src/core/edit/textEdit';
import { BOOKS, book, results } from '../helpers/books';

const nordic = book('9780306406157', 'Nordic Essays', ['Karen Hansen'], { publisher: 'Sonnenuhr', year: 2004 });

test('RIS: an ISSN and an ISBN in one SN line give the ISBN, and the record is filled', () => {
  const text = 'TY  - BOOK\nSN  - 0028-0836 9780306406157\nER  - \n';
  const [record] = readBibliography(text, 'ris');
  assert.deepEqual(record.isbns.map((i) => text.slice(i.start, i.end)), ['9780306406157']);
  const out = applyEdits(text, fillRis(text, results([nordic])).edits);
  assert.equal(out, 'TY  - BOOK\nSN  - 0028-0836 9780306406157\nAU  - Hansen, Karen\nTI  - Nordic Essays\nPY  - 2004\nPB  - Sonnenuhr\nER  - \n');
  const listed = 'TY  - BOOK\nSN  - 9780306406157; 1234-567X\nER  - \n';
  assert.deepEqual(readBibliography(listed, 'ris')[0].isbns.map((i) => i.raw), ['9780306406157']);
});

test('RIS: CR-only line ends give every record with its lines; fills and new records write CR', () => {
  const text = 'TY  - BOOK\rTI  - Nordic Essays\rSN  - 9780306406157\rER  - \r\rTY  - BOOK\rSN  - 9780131103627\rER  - \r';
  const records = readBibliography(text, 'ris');
  assert.deepEqual(records.map((r) => [r.title, r.line, r.isbns.map((i) => i.raw)]), [
    ['Nordic Essays', 0, ['9780306406157']],
    [undefined, 5, ['9780131103627']],
  ]);
  const out = applyEdits(text, fillRis(text, results([nordic, BOOKS.kr])).edits);
  assert.ok(!out.includes('\n'), 'no LF in a CR file');
  assert.deepEqual(readBibliography(out, 'ris').map((r) => r.title), ['Nordic Essays', 'The C Programming Language']);
  const result = newEntryEdit(text, text.indexOf('Nordic'), BOOKS.camus, 'ris');
  assert.ok('edit' in result);
  const inserted = applyEdits(text, [result.edit]);
  assert.ok(!inserted.includes('\n'));
  assert.deepEqual(readBibliography(inserted, 'ris').map((r) => r.title), ['Nordic Essays', "L'Étranger", undefined]);
});
