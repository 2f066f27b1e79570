import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { annotationSummary } from '../../src/editor/words/commands';
import { computeAnnotation, isbnsToAnnotate } from '../helpers/formats';
import { annotateMarkdown, markdownIsbns } from '../../src/core/formats/readingList/annotate';
import { annotationText, escapeInline, existingAnnotationLength, unescapeInline } from '../../src/core/formats/readingList/annotation';
import { applyEdits } from '../../src/core/edit/textEdit';
import { BOOKS, book, NETWORK, NOT_FOUND, QUOTA, results } from '../helpers/books';

const FIXTURES = join(__dirname, '..', 'fixtures', 'annotate');
const before = readFileSync(join(FIXTURES, 'reading-list.before.md'), 'utf8');
const after = readFileSync(join(FIXTURES, 'reading-list.after.md'), 'utf8');
const lookups = results(Object.values(BOOKS), { '9781402894626': NOT_FOUND, '9780262033848': QUOTA });

test('fixture: annotates, refreshes and leaves alone as the after file shows', () => {
  const { edits, report } = annotateMarkdown(before, lookups);
  assert.equal(applyEdits(before, edits), after);
  assert.equal(report.changed, 6);
  assert.equal(report.notFound, 1);
  assert.equal(report.skippedForQuota, 1);
  assert.equal(report.invalid, 1);
  assert.equal(report.leftAlone, 5, 'front matter, link, inline code, code block, comment');
  assert.equal(report.firstError?.kind, 'quota');
});

test('a rerun on the annotated file changes nothing', () => {
  const { edits, report } = annotateMarkdown(after, lookups);
  assert.deepEqual(edits, []);
  assert.equal(report.changed, 0);
  assert.equal(report.unchanged, 6);
});

test('a stale annotation is refreshed in place with a minimal edit', () => {
  const text = '- ISBN 978-0-201-13447-6 — *The TeXbook* (Knuth; Old Publisher, 1983) and more.\n';
  const { edits } = annotateMarkdown(text, results([BOOKS.knuth]));
  assert.equal(edits.length, 1);
  assert.equal(text.slice(edits[0].start, edits[0].end), 'Knuth; Old Publisher, 1983', 'only the changed part is replaced');
  assert.equal(applyEdits(text, edits), '- ISBN 978-0-201-13447-6 — *The TeXbook* (Donald E. Knuth; Addison-Wesley, 1984) and more.\n');
});

test("the user's own ` — *emphasis*` after an ISBN is not taken for an annotation", () => {
  const text = 'ISBN 978-0-201-13447-6 — *a must read* (really)\n';
  const out = applyEdits(text, annotateMarkdown(text, results([BOOKS.knuth])).edits);
  assert.equal(out, 'ISBN 978-0-201-13447-6 — *The TeXbook* (Donald E. Knuth; Addison-Wesley, 1984) — *a must read* (really)\n');
});

test('book text is escaped so that Markdown shows it as written and the annotation stays delimited', () => {
  const text = annotationText(BOOKS.bevington);
  assert.equal(text, ' — *Data Reduction & Error\\_Analysis: {100%} \\*true\\* \\[sic\\] \\(2nd\\) \\$5 #1 \\~x^2 a\\\\b \\| c* (Philip R. Bevington, AC/DC Historians; McGraw-Hill, 1992)');
  assert.equal(existingAnnotationLength(`x${text} tail`, 1, BOOKS.bevington), text.length, 'recognised up to its closing parenthesis');
  for (const s of ['a*b_c', '[x](y)', 'pipe | and \\ slash', '`code`', '<tag>', '~~s~~', '$x$']) assert.equal(unescapeInline(escapeInline(s)), s);
});

test('a book with only a title gets a title-only annotation; line breaks in titles are flattened', () => {
  const bare = book('9780306406157', 'Multi\nline  title', []);
  assert.equal(annotationText(bare), ' — *Multi line title*');
  const text = 'ISBN 0306406152\n';
  const once = applyEdits(text, annotateMarkdown(text, results([bare])).edits);
  assert.equal(once, 'ISBN 0306406152 — *Multi line title*\n');
  assert.deepEqual(annotateMarkdown(once, results([bare])).edits, []);
});

test('every occurrence is annotated, each once; ISBNs inside an annotation are not annotated again', () => {
  const tricky = book('9780131103627', 'Errata for ISBN 978-0-13-110362-7', ['A. Author']);
  const text = 'ISBN 978-0-13-110362-7 and ISBN 0-13-110362-8\n';
  const once = applyEdits(text, annotateMarkdown(text, results([tricky])).edits);
  assert.equal(once.split('— *Errata').length - 1, 2);
  const again = annotateMarkdown(once, results([tricky]));
  assert.deepEqual(again.edits, [], 'the ISBN in the title is part of the annotation');
  assert.equal(again.report.unchanged, 2);
});

test('not found, failed and invalid ISBNs are left untouched and counted', () => {
  const text = 'ISBN 978-0-13-110362-7\nISBN 978-0-306-40615-7\nISBN 978-2-07-036002-4\nISBN 978-0-13-110362-8\nISBN 978-3-16-148410-0\n';
  const { edits, report } = annotateMarkdown(
    text,
    results([], { '9780131103627': NOT_FOUND, '9780306406157': QUOTA, '9782070360024': NETWORK }),
  );
  assert.deepEqual(edits, []);
  assert.deepEqual(
    { notFound: report.notFound, skippedForQuota: report.skippedForQuota, failed: report.failed, invalid: report.invalid, notLookedUp: report.notLookedUp },
    { notFound: 1, skippedForQuota: 1, failed: 1, invalid: 1, notLookedUp: 1 },
  );
  assert.equal(report.firstError?.kind, 'network', 'a real failure is reported before a spent quota');
  assert.equal(
    annotationSummary(report, 'markdown'),
    'Annotated 0 ISBNs, 1 not found, 1 invalid, 1 skipped for quota, 1 failed, 1 added during the look-up (run again to include them).',
  );
});

test('only ISBNs where an annotation may go are looked up', () => {
  assert.deepEqual(markdownIsbns(before).sort(), ['9780131103627', '9780201134476', '9780262033848', '9780306406157', '9781402894626', '9782070360024', '9783161484100']);
  assert.deepEqual(isbnsToAnnotate('`ISBN 9780306406157`\n[x](https://e.org/isbn/9780131103627)\n', 'markdown'), []);
});

test('CRLF files: annotations stay on their line and the line breaks are kept', () => {
  const crlf = before.replace(/\n/g, '\r\n');
  const out = applyEdits(crlf, annotateMarkdown(crlf, lookups).edits);
  assert.equal(out, after.replace(/\n/g, '\r\n'));
});

test('concurrent edits: computing again on the text typed meanwhile keeps what was typed', () => {
  const text = 'ISBN 978-0-13-110362-7\n';
  const lookedUp = results([BOOKS.kr, BOOKS.knuth]);
  // While looking up, the user typed a line above and a word right after the ISBN.
  const typed = 'New line.\nISBN 978-0-13-110362-7 typed\nISBN 978-0-201-13447-6\n';
  const { edits, report } = computeAnnotation(typed, 'markdown', lookedUp);
  assert.equal(
    applyEdits(typed, edits),
    'New line.\nISBN 978-0-13-110362-7 — *The C Programming Language* (Brian W. Kernighan, Dennis M. Ritchie; Prentice Hall, 1988) typed\nISBN 978-0-201-13447-6 — *The TeXbook* (Donald E. Knuth; Addison-Wesley, 1984)\n',
  );
  assert.equal(report.changed, 2);
  assert.notEqual(text, typed);
});

test('a cover file name or a keyed link that repeats an ISBN of the file is neither annotated nor counted as left alone', () => {
  const text = [
    '![cover](covers/0131103628_k.jpg) ISBN 0-13-110362-8',
    '<img src="x9780131103627.jpg"> and [read](reader.jsp?x=0131103628).',
    '',
  ].join('\n');
  const { edits, report } = annotateMarkdown(text, results([BOOKS.kr]));
  assert.equal(edits.length, 1);
  assert.equal(report.leftAlone, 0);
  const out = applyEdits(text, edits);
  assert.ok(out.includes('covers/0131103628_k.jpg') && out.includes('x9780131103627.jpg') && out.includes('reader.jsp?x=0131103628)'), out);
});
