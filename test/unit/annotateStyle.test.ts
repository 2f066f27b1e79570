import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { annotate, annotationSummary } from '../../src/editor/words/commands';
import { computeAnnotation, isbnsToAnnotate } from '../helpers/formats';
import { formatOf } from '../../src/core/documentKind/documentKind';
import { annotateMarkdown } from '../../src/core/formats/readingList/annotate';
import { applyEdits } from '../../src/core/edit/textEdit';
import { BOOKS, book, results } from '../helpers/books';

const salt = book('9781398394520', 'Salt Cartographer: Second Thoughts', ['Vikram Nakamura'], { publisher: 'Verlag Sonnenuhr', year: 1982 });
const RIS = 'TY  - BOOK\nTI  - Salt Cartographer\nSN  - 9781398394520\nER  - \n';

test('a RIS record never gets Markdown: by name, by language, or by its content under another name', () => {
  for (const [language, name] of [['plaintext', 'refs.ris'], ['ris', 'refs'], ['plaintext', 'export.txt'], ['plaintext', 'Untitled-1']]) {
    const format = formatOf({ languageId: language, fileName: name }, RIS);
    assert.equal(format, 'ris', `${language} ${name}`);
    const { edits } = computeAnnotation(RIS, format!, results([salt]));
    const out = applyEdits(RIS, edits);
    assert.doesNotMatch(out, / — \*/);
    assert.match(out, /^SN {2}- 9781398394520$/m, 'the SN line is exactly as it was');
    assert.match(out, /^AU {2}- Nakamura, Vikram\nPY {2}- 1982\nPB {2}- Verlag Sonnenuhr\nER {2}- $/m);
  }
});

test('Markdown and plain prose get notes; bibliographies their fields; anything else nothing', () => {
  assert.equal(formatOf({ languageId: 'markdown', fileName: 'list.md' }), 'markdown');
  assert.equal(formatOf({ languageId: 'quarto', fileName: 'paper.qmd' }), 'markdown');
  assert.equal(formatOf({ languageId: 'plaintext', fileName: 'notes.txt' }), 'markdown');
  assert.equal(formatOf({ languageId: 'bibtex', fileName: 'refs.bib' }), 'bibtex');
  assert.equal(formatOf({ languageId: 'json', fileName: 'refs.json' }, '[{"id": "a", "type": "book"}]'), 'csl-json');
  assert.equal(formatOf({ languageId: 'yaml', fileName: 'refs.yaml' }, 'references:\n- id: a\n  type: book\n'), 'csl-yaml');
  for (const [language, name, text] of [
    ['json', 'package.json', '{"name": "x"}'],
    ['yaml', 'ci.yml', 'on: push\n'],
    ['plaintext', 'data.csv', 'isbn,title\n9780131103627,C\n'],
    ['latex', 'paper.tex', 'ISBN 9780131103627'],
    ['python', 'books.py', 'ISBN = "9780131103627"'],
  ]) {
    assert.equal(formatOf({ languageId: language, fileName: name }, text), undefined, name);
  }
  const message = annotate.unsupported('latex');
  for (const known of ['Markdown', 'plain text', 'BibTeX', 'CSL-JSON', 'CSL-YAML', 'RIS', 'latex']) assert.ok(message.includes(known), known);
});

test('the look-ups and summary of each bibliography format', () => {
  const json = '[\n  {"id": "s", "type": "book", "ISBN": "9781398394520"}\n]\n';
  assert.deepEqual(isbnsToAnnotate(json, 'csl-json'), ['9781398394520']);
  assert.deepEqual(isbnsToAnnotate(RIS, 'ris'), ['9781398394520']);
  const { report } = computeAnnotation(json, 'csl-json', results([salt]));
  assert.equal(annotationSummary(report, 'csl-json'), 'Filled 4 fields in 1 entry.');
  assert.equal(annotationSummary({ ...report, fields: 0, changed: 0, leftAlone: 2 }, 'ris'), 'Filled no fields, 2 records skipped: no ER line.');
});

test('a linked ISBN is annotated after the whole link; a rerun changes nothing', () => {
  const text = [
    '- [ISBN 0-13-110362-8](https://example.org/book?id=1) on C',
    '- [978-2-07-036002-4][camus], a novel',
    '- **[ISBN 9780201134476](https://example.org/(texbook))**',
    '- [The TeXbook, ISBN 978-0-201-13447-6, Knuth](https://example.org/t).',
    '- ![cover ISBN 9780131103627](cover.png)',
    '- see https://example.org/isbn/9780131103627 and [ISBN 9780131103627] in brackets',
    '',
    '[camus]: https://example.org/camus',
  ].join('\n');
  const lookups = results([BOOKS.kr, BOOKS.camus, BOOKS.knuth]);
  const { edits, report } = annotateMarkdown(text, lookups);
  const out = applyEdits(text, edits);
  const lines = out.split('\n');
  assert.equal(lines[0], '- [ISBN 0-13-110362-8](https://example.org/book?id=1) — *The C Programming Language* (Brian W. Kernighan, Dennis M. Ritchie; Prentice Hall, 1988) on C');
  assert.equal(lines[1], "- [978-2-07-036002-4][camus] — *L'Étranger* (Albert Camus; Gallimard, 1971), a novel");
  assert.equal(lines[2], '- **[ISBN 9780201134476](https://example.org/(texbook))** — *The TeXbook* (Donald E. Knuth; Addison-Wesley, 1984)');
  assert.equal(lines[3], '- [The TeXbook, ISBN 978-0-201-13447-6, Knuth](https://example.org/t) — *The TeXbook* (Donald E. Knuth; Addison-Wesley, 1984).');
  assert.equal(lines.slice(4).join('\n'), text.split('\n').slice(4).join('\n'), 'image text, URLs and plain brackets are left alone');
  assert.equal(report.changed, 4);
  assert.deepEqual(annotateMarkdown(out, lookups).edits, []);
});
