/**
 * The hover's reference line when the processor runs in a worker (features/referenceLine.ts): a
 * worker that failed gives no line, and one that does not answer within REFERENCE_WAIT_MS gives the
 * line that says the reference is on its way, so a hover never waits on the worker. The worker
 * itself: citationWorker.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MarkdownString } from '../helpers/fakeVscode';
import { CitationWorkerError } from '../../src/core/citation/engine';
import { Config } from '../../src/editor/infrastructure/config';
import { REFERENCE_WAIT_MS, ReferenceLines } from '../../src/editor/features/referenceLine';
import { BOOKS } from '../helpers/books';

const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
const found = { status: 'found', book: BOOKS.knuth } as never;

function lines(render: ReferenceLines['render']): ReferenceLines {
  const made = new ReferenceLines(new Config());
  made.render = render;
  return made;
}

test('a failed worker: the hover shows no reference line', async () => {
  const markdown = new MarkdownString('**The TeXbook**');
  await lines(() => Promise.reject(new CitationWorkerError('crashed'))).appendBook(markdown as never, found, token as never);
  assert.equal(markdown.value, '**The TeXbook**');
});

test('a worker that does not answer in REFERENCE_WAIT_MS: the hover says the reference is on its way, and waited no longer', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const markdown = new MarkdownString('**The TeXbook**');
  let done = false;
  const appending = lines(() => new Promise(() => undefined)).appendBook(markdown as never, found, token as never).then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  t.mock.timers.tick(REFERENCE_WAIT_MS - 1);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(done, false);
  t.mock.timers.tick(1);
  await appending;
  assert.match(markdown.value, /APA\*: the reference is being formatted; hover again in a moment\./);
});

test('a worker that answers: the line with its Copy link', async () => {
  const markdown = new MarkdownString('**The TeXbook**');
  await lines(async () => ({ references: [{ id: 'r0', index: 0, text: 'Knuth, D. E. (1984). The TeXbook.', markdown: 'Knuth, D. E. (1984). *The TeXbook*.' }], style: 'APA' })).appendBook(markdown as never, found, token as never);
  assert.match(markdown.value, /\*APA\*: Knuth, D\. E\. \(1984\)\. \*The TeXbook\*\. \[Copy\]\(command:isbnLens\.copyReference\?/);
});
