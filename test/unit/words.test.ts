/** The words a user reads (src/editor/words/): each state said one way, placeholders filled as VS Code fills them. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { t } from '../helpers/fakeVscode';
import * as words from '../../src/editor/words/index';
import * as commandWords from '../../src/editor/words/commands';
import { emptyReport } from '../../src/core/model/fillReport';

test('the fake l10n.t fills {0} and {name} as VS Code does, and leaves a brace that is no placeholder', () => {
  assert.equal(t('ISBN {0}: {1}', '978', 'x'), 'ISBN 978: x');
  assert.equal(t('{who} and {who}', { who: 'A' }), 'A and A');
  assert.equal(t('no placeholder {0}'), 'no placeholder {0}');
  assert.equal(t('@book{{0}}', 'k'), '@book{{0}}', 'format2 does not see {0} inside {{0}}: words.ts never writes one');
});

test('one phrasing for a book on its way, in the ISBN hover and the citation hover alike', () => {
  assert.equal(words.lookingUp('978-0-13-110362-7'), 'ISBN 978-0-13-110362-7: looking up… Hover again in a moment to see the book.');
});

test('the status bar and the notifications keep their English', () => {
  assert.equal(words.status.offline(), '$(debug-disconnect) ISBN: offline');
  assert.equal(words.status.oneUnreachable('openLibrary'), '$(debug-disconnect) ISBN: Open Library unreachable');
  assert.equal(words.status.inOrder(['openLibrary', 'googleBooks']), 'Open Library, then Google Books');
  assert.equal(words.status.notAskedTooltip(['openLibrary', 'googleBooks']), 'Open Library and Google Books not asked for now; the other sources answer.');
  assert.equal(commandWords.isbnCommands.copiedBibtex('knuth1968', 'The Art'), 'ISBN Lens: copied the BibTeX entry @book{knuth1968} for “The Art” to the clipboard. Paste it into your .bib file.');
  assert.equal(commandWords.isbnCommands.inserted('bibtex', 'k', 'T'), 'ISBN Lens: inserted @book{k} for “T”.');
  assert.equal(commandWords.isbnCommands.inserted('ris', 'k', 'T'), 'ISBN Lens: inserted the RIS record k for “T”.');
  assert.equal(commandWords.annotate.nothingToAnnotate('entry', 2, 1), 'ISBN Lens: no entry with a valid ISBN in this file (2 invalid, 1 not readable).');
  assert.equal(commandWords.annotate.nothingToAnnotate('isbn', 0, 0), 'ISBN Lens: no valid ISBN to annotate in this file.');
  assert.equal(commandWords.progress.lookingUpMany(1), 'ISBN Lens: looking up 1 ISBN');
  assert.equal(commandWords.quotaShortfall.detail(1200), '1,200 ISBNs would be left unlooked-up. The quota resets at 00:00 UTC.');
  assert.equal(commandWords.planSwitch.offer('pro', 'default', true), "ISBN Lens: API key saved. The key belongs to the pro plan, but “isbnLens.isbndb.plan” is default: look-ups at the default plan's address may be refused.");
  assert.equal(commandWords.isbnCommands.notValid('the check digit does not match', '978-0-13-110362-7'), 'The check digit does not match. Did you mean 978-0-13-110362-7?');
});

test('the hover says which of the finder\'s rules took an ISBN written without a label', async () => {
  // The rules register as the finder loads them, as in the extension.
  await import('../../src/core/isbn/find');
  const { ruleById } = await import('../../src/core/isbn/rules/rule');
  const { foundByMarkdown } = await import('../../src/editor/words/index');
  assert.equal(foundByMarkdown(ruleById('data.tableColumnIsbn')!.short!), '\n\n*found: isbn column*');
});

test('the read policy\'s refusals are said by the words, as the log and the style warning say them', async () => {
  const { readRefusal, bibliographyNotRead } = await import('../../src/editor/words/files');
  const { styleUnusable } = await import('../../src/editor/words/citation');
  assert.equal(readRefusal({ refused: 'notARegularFile', folder: false }), 'it is not a regular file (a pipe or a device)');
  assert.equal(readRefusal({ refused: 'notARegularFile', folder: true }), 'it is a folder');
  assert.equal(readRefusal({ refused: 'notCsl' }), 'it does not look like CSL data');
  assert.equal(readRefusal({ refused: 'tooLarge', megabytes: 4 }), 'it is larger than 4 MB');
  assert.equal(readRefusal({ refused: 'outsideTheWorkspace', throughLink: true }), 'it leads out of the workspace folder, which Restricted Mode does not read');
  assert.equal(readRefusal({ refused: 'unreadable', cause: "EACCES: permission denied, open '/x.bib'" }), "EACCES: permission denied, open '/x.bib'");
  assert.equal(bibliographyNotRead('/w/refs.bib', { refused: 'missing' }), 'Bibliography /w/refs.bib is not read: there is no such file.');
  assert.equal(styleUnusable('/w/s.csl', { refused: 'notABibliographyName', style: true }), 'The citation style /w/s.csl cannot be used: a citation style file is named .csl. ISBN Lens uses APA meanwhile.');
});

test('a format\'s refusal is said by what was being done: Annotate changes nothing, Insert Entry adds nothing', () => {
  assert.equal(commandWords.formatRefusal('tooDeep', 'annotate'), 'This file is too deeply nested to edit safely, so nothing was changed.');
  assert.equal(commandWords.formatRefusal('tooDeep', 'insert'), 'This file is too deeply nested to edit safely, so no entry was added.');
  assert.equal(commandWords.formatRefusal('notCslYamlList', 'insert'), 'This YAML file holds no CSL-YAML list of references to add to, so no entry was added.');
  assert.equal(commandWords.annotationSummary({ ...emptyReport(), refused: 'tooDeep' }, 'csl-json'), 'This file is too deeply nested to edit safely, so nothing was changed.');
});
