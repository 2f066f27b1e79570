/** Hostile book text from the service: cleaned where it enters, bounded, and never a link or a broken hover. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { bookHover } from '../../src/editor/words/index';
import { bookDetails } from '../../src/editor/words/commands';
import { annotationText } from '../../src/core/formats/readingList/annotation';
import { bookEntry } from '../../src/core/formats/bibtex/bookEntry';
import { parseBibtex } from '../../src/core/formats/bibtex/reading';
import { MAX_HOVER_COVER_CHARS } from '../../src/core/model/book';
import { escapeMarkdown } from '../../src/core/format/markdown';
import { formatTime } from '../../src/core/messages';
import { MAX_AUTHORS } from '../../src/core/model/book';
import { normalizeBook } from '../../src/core/sources/isbndb/bookRecord';
import { pathSegment } from '../../src/core/sources/isbndb/client';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../src/core/sources/retryAfter';
import { book } from '../helpers/books';

/** markdown-it (here through @vscode/vsce; it ships no types): the engine of VS Code's Markdown preview. */
const MarkdownIt = require('markdown-it') as new (options: { linkify: boolean }) => { renderInline(text: string): string };

const ISBN = '9780306406157';

test('control characters, bidi overrides and line breaks are gone from every field where service text enters', () => {
  const raw = {
    isbn13: ISBN,
    title: 'Real\n\nISBN-13 978-0-00-000000-0\u202Eevil\u0000\u001B[31m',
    authors: ['Ann\u2066 Author\r\n', '\u0007'],
    publisher: 'Pub\u2028lisher\u0085',
    synopsis: 'First paragraph.\n\nSecond\tparagraph\u202E.',
    subjects: ['A\u0000B'],
  };
  const b = normalizeBook(raw)!;
  assert.equal(b.title, 'Real ISBN-13 978-0-00-000000-0evil[31m');
  assert.deepEqual(b.authors, ['Ann Author']);
  assert.equal(b.publisher, 'Pub lisher');
  assert.equal(b.synopsis, 'First paragraph. Second paragraph.');
  assert.deepEqual(b.subjects, ['AB']);
  // The hover keeps one line per fact: no blank line can forge a line of its own.
  const hover = bookHover(b);
  assert.doesNotMatch(hover, /[\u0000-\u0008\u000B-\u001F\u202A-\u202E\u2066-\u2069]/);
  assert.doesNotMatch(hover.split('\n')[0]!, /^$/);
});

test('a lone surrogate in an image URL drops the cover and keeps the rest of the hover', () => {
  assert.equal(normalizeBook({ isbn13: ISBN, title: 'T', image: 'https://covers.example/\uD800.jpg' })?.image, undefined);
  // A Book cached before cleaning still has it: the hover must not throw.
  const cached = book(ISBN, 'Cached Title', ['A. Author'], { image: 'https://covers.example/\uD800.jpg', synopsis: 'Still here.' });
  const hover = bookHover(cached);
  assert.doesNotMatch(hover, /Cover of/);
  assert.match(hover, /Cached Title/);
  assert.match(hover, /Still here\\\./);
});

test('a cover too long for a hover is left out; the synopsis and the rest stay, under VS Code\'s 100,000 characters', () => {
  const b = book(ISBN, 'Big Cover', ['A. Author'], { synopsis: 'The synopsis survives.' });
  const huge = `data:image/webp;base64,${'A'.repeat(140_000)}`;
  const hover = bookHover(b, { cover: huge });
  assert.ok(hover.length < 100_000, `${hover.length} characters`);
  assert.doesNotMatch(hover, /Cover of|AAAA/);
  assert.match(hover, /The synopsis survives\\\./);
  const fits = `data:image/jpeg;base64,${'A'.repeat(MAX_HOVER_COVER_CHARS - 30)}`;
  assert.match(bookHover(b, { cover: fits }), /!\[Cover of Big Cover\]\(data:image\/jpeg/);
});

test('bare URLs, www. names, e-mail addresses and domains in book text stay text in the hover and in annotations', () => {
  // markdown-it with linkify is the engine of VS Code's Markdown preview; its linkify is a superset
  // of GFM's autolinks (scheme URLs, www., e-mail) that marked applies in hovers.
  const md = new MarkdownIt({ linkify: true });
  const hostile = 'Visit https://evil.example/x, www.evil.example, //localhost/x, mail me@evil.example or evil.com now';
  const hover = md.renderInline(escapeMarkdown(hostile));
  assert.doesNotMatch(hover, /<a /, hover);
  assert.equal(hover.replace(/&amp;/g, '&'), hostile);
  // Without the escapes the same text is linked: the test can fail.
  assert.match(md.renderInline(hostile), /<a href="https:\/\/evil\.example\/x"/);

  const annotated = md.renderInline(annotationText(book(ISBN, hostile, ['me@evil.example'], { publisher: 'www.evil.example' })));
  assert.doesNotMatch(annotated, /<a /, annotated);
  assert.match(annotated, /https:\/\/evil\.example\/x/);
});

test('author lists are capped: the Book keeps 50 and counts the rest; details and BibTeX stay bounded', () => {
  const authors = Array.from({ length: 100_000 }, (_, i) => `Author Number${i}`);
  const b = normalizeBook({ isbn13: ISBN, title: 'Many Hands', authors })!;
  assert.equal(b.authors.length, MAX_AUTHORS);
  assert.equal(b.authorsOmitted, 100_000 - MAX_AUTHORS);
  assert.match(bookHover(b), /Author Number0, Author Number1, Author Number2 and 99,997 more/);
  const details = bookDetails(b);
  assert.ok(details.length < 2000, `${details.length} characters`);
  assert.match(details, /Author Number19 and 99,980 more/);
  const { text } = bookEntry(b);
  assert.ok(text.length < 5000, `${text.length} characters`);
  assert.match(text, /\{Author Number49\} and others\}/);
  assert.equal(parseBibtex(text).entries.length, 1);
});

test('an absurd Retry-After is capped at an hour; a date in the past is now', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  assert.equal(parseRetryAfter('999999999999', now), now + MAX_RETRY_AFTER_MS);
  assert.equal(parseRetryAfter('Fri, 01 Jan 33715 00:00:00 GMT', now), now + MAX_RETRY_AFTER_MS);
  assert.equal(parseRetryAfter('Thu, 01 Jan 1970 00:00:00 GMT', now), now);
  assert.equal(parseRetryAfter('30', now), now + 30_000);
  assert.equal(MAX_RETRY_AFTER_MS, 3_600_000);
});

test('a time shows its date when it is not today', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  assert.equal(formatTime(now + 60_000, now, 'en-GB', 'UTC'), '12:01:00');
  assert.equal(formatTime(Date.UTC(2026, 10, 24, 0, 30), now, 'en-GB', 'UTC'), '24 Nov 2026 00:30:00');
});

test('an author named . or .. stays one path segment', () => {
  assert.equal(pathSegment('.'), '%2E');
  assert.equal(pathSegment('..'), '%2E%2E');
  assert.equal(pathSegment('J. R. R.'), 'J.%20R.%20R.');
});
